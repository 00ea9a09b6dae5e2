import type { Caller } from '../caller';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { canAccessLocation, type AccessLevel, type Scope } from '../access';
import { deadlineRefusal, TOO_LATE_TO_START_MS } from '../deadline';
import { Forbidden, Unauthorized } from '../errors';
import { logContext, type Logger } from '../logger';
import { type Readiness, readinessResponse } from '../readiness';
import { httpMetrics } from '../telemetry/http-metrics';
import { traceContext } from '../telemetry/tracing';
import { errorHandler, notFoundHandler } from './errors-middleware';
import { bodyDigest, CONTEXT_HEADER, SIGNATURE_HEADER, verifyContext } from './internal-context';
import { jsonBody, rejectUnsafeUrl } from './request-input';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requestLogger: the logger that writes this request's line (which then reports a 5xx's cause). */
    log?: Logger;
    ctx?: Caller;
    /** The body digest the gateway signed; the body read must match it. */
    signedBodyDigest?: string;
  }
}

export const JSON_BODY_LIMIT = '1mb';

/** The verified context of a forwarded request. */
export function ctx(req: Request): Caller {
  if (!req.ctx) throw new Unauthorized();
  return req.ctx;
}

/** Guards a route with a scope; the context already holds key scopes intersected with the role's. */
export function requireScope(scope: Scope): RequestHandler {
  return (req, _res, next) => {
    const context = ctx(req);
    if (!context.scopes.includes(scope)) {
      return next(new Forbidden(`This call requires the ${scope} scope; the key or the member's ${context.role} role does not grant it.`));
    }
    next();
  };
}

export function assertLocationAccess(context: Caller, locationId: string, level: AccessLevel): boolean {
  return canAccessLocation(context.locationAccess, locationId, level);
}

const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);
const SECRET_QUERY_PARAMS = /([?&](?:key|token)=)[^&]*/gi;

/**
 * One line per finished request: "request completed" (or "request errored" with the cause a 5xx
 * handed over as `res.err`), at error for 5xx, info for 4xx and debug below, with the method,
 * the URL (key and token parameters redacted), the status and the response time in ms. No child
 * logger per request: the request and trace ids come from the logger's mixin, and nothing is
 * built when the line's level is off.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (UNLOGGED_PATHS.has(req.url)) return next();
    const started = Date.now();
    req.log = logger;
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const err = (res as { err?: unknown }).err;
      const status = res.statusCode;
      const level = err !== undefined || status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const line = { req: { method: req.method, url: req.originalUrl.replace(SECRET_QUERY_PARAMS, '$1[redacted]') }, res: { statusCode: status }, responseTime: Date.now() - started };
      if (err !== undefined || status >= 500) logger[level]({ ...line, err: err ?? new Error(`failed with status code ${status}`) }, 'request errored');
      else logger[level](line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

export interface ServiceAppOptions {
  /** The service's name, as refusals name it. */
  service: string;
  logger: Logger;
  internalSecret: string;
  /** Whether the process can serve traffic (database and broker reachable), answered within a second. */
  ready: () => Promise<Readiness>;
  openapi: () => unknown;
  routes: (app: Express) => void;
}

/**
 * An internal service's Express app: verifies the gateway's signed context on every business
 * route, runs the request inside the log context and answers every failure with the envelope.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const { status, body } = readinessResponse(await options.ready());
    res.status(status).json(body);
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(options.openapi());
  });
  app.use(traceContext);
  app.use(httpMetrics());
  // The signature covers the method, the target and the body's digest; the body is read only
  // after the rest checked out, and must then match the digest.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const verified = verifyContext(
      { context: req.header(CONTEXT_HEADER), signature: req.header(SIGNATURE_HEADER) },
      { method: req.method, target: req.originalUrl },
      options.internalSecret,
    );
    if (!verified) {
      res.status(401).json(new Unauthorized('Internal calls must carry a valid gateway signature for this method, path and body.').toEnvelope());
      return;
    }
    req.ctx = verified.context;
    req.signedBodyDigest = verified.bodyDigest;
    res.setHeader('X-Request-Id', verified.context.requestId);
    const { requestId, workspace, user, keyId } = verified.context;
    logContext.run({ requestId, workspaceId: workspace.id, userId: user.id, keyId, deadline: verified.deadline }, () => {
      // Time spent queued on the way here (the gateway's sockets, this process's event loop)
      // counts against the deadline: work whose caller has stopped waiting is not started.
      if (verified.deadline - Date.now() < TOO_LATE_TO_START_MS) return next(deadlineRefusal(`the ${options.service} service could start it`));
      next();
    });
  });
  app.use(requestLogger(options.logger));
  app.use(rejectUnsafeUrl);
  app.use(jsonBody(JSON_BODY_LIMIT));
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(bodyDigest(req.rawBody) === req.signedBodyDigest ? undefined : new Unauthorized('The request body is not the one the gateway signed.'));
  });
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger, options.service));
  return app;
}
