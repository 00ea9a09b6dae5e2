import { InternalError, type Logger } from '@inv/shared';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { Agent, type ServerResponse } from 'node:http';

/** Path prefixes each service answers; everything else is the gateway's own or 404. */
export const ROUTES: Record<'catalog' | 'locations' | 'stock', string[]> = {
  catalog: ['/items', '/tags', '/suppliers'],
  locations: ['/locations'],
  stock: ['/inventory'],
};

/** The metrics route label of a forwarded call: its service prefix (`/items/*`); the service labels the exact route. */
export function forwardedRoute(path: string): string | undefined {
  for (const prefixes of Object.values(ROUTES)) {
    const prefix = prefixes.find((p) => path === p || path.startsWith(`${p}/`));
    if (prefix) return `${prefix}/*`;
  }
  return undefined;
}

const SELECTOR_PARAMS = ['workspaceId', 'projectSlug'];

/** The gateway consumes the workspace selector; services get the rest of the query untouched. */
export function stripSelector(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const p of SELECTOR_PARAMS) params.delete(p);
  const rest = params.toString();
  return url.slice(0, q) + (rest ? `?${rest}` : '');
}

declare module 'express-serve-static-core' {
  interface Request {
    internalHeaders?: Record<string, string>;
  }
}

/**
 * Forwards to one service with the signed context, never the caller's API key. The body was
 * already parsed (and validated as JSON) by the gateway, so it is re-sent as parsed.
 */
export function forwardTo(service: keyof typeof ROUTES, target: string, logger: Logger): RequestHandler {
  const prefixes = ROUTES[service];
  return createProxyMiddleware<Request, ServerResponse>({
    target,
    pathFilter: (path) => prefixes.some((p) => path === p || path.startsWith(`${p}/`)),
    pathRewrite: (path) => stripSelector(path),
    proxyTimeout: 30_000,
    // Reuse connections to the service: a new TCP connection per request costs more than the request.
    agent: new Agent({ keepAlive: true, maxSockets: 256 }),
    on: {
      proxyReq: (proxyReq, req) => {
        proxyReq.removeHeader('authorization');
        proxyReq.removeHeader('cookie');
        for (const [name, value] of Object.entries(req.internalHeaders ?? {})) proxyReq.setHeader(name, value);
        fixRequestBody(proxyReq, req);
      },
      error: (err, req, res) => {
        logger.error({ err: (err as Error).message, service, path: (req as Request).path }, 'service unreachable');
        const response = res as ServerResponse;
        if (response.headersSent) return void response.end();
        const body = new InternalError(`The ${service} service is unavailable; try again shortly.`).toEnvelope();
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    },
  }) as unknown as RequestHandler;
}
