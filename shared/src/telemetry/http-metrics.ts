import { performance } from 'node:perf_hooks';
import { context } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import type { Request, RequestHandler } from 'express';
import { httpRequestDuration } from './metrics';

/** The route label of requests that matched no route (404s, refusals before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template a request matched (`/inventory/transfers/:id`), never its concrete path:
 * label values must stay few.
 */
export function routeTemplate(req: Pick<Request, 'route' | 'baseUrl'>): string | undefined {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? req.baseUrl + path : undefined;
}

/**
 * Records each response in http_server_request_duration_seconds{route, method, status} and names
 * the request's server span after the route (`POST /inventory/transfers`). Mount it before the
 * routes; `fallbackRoute` labels requests that no Express route matched (the gateway's forwarded
 * prefixes) and must return few distinct values.
 */
export function httpMetrics(fallbackRoute: (path: string) => string | undefined = () => undefined): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // The HTTP instrumentation reads the route from here when the response closes, after 'finish'.
    const serverSpan = getRPCMetadata(context.active());
    res.once('finish', () => {
      const route = routeTemplate(req) ?? fallbackRoute(pathOf(req.originalUrl)) ?? UNMATCHED_ROUTE;
      if (serverSpan?.type === RPCType.HTTP && route !== UNMATCHED_ROUTE) serverSpan.route = route;
      httpRequestDuration.record((performance.now() - started) / 1000, { route, method: req.method, status: res.statusCode });
    });
    next();
  };
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
