import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { canAccessLocation, type AccessLevel, type Scope } from '../access';
import { Forbidden, Unauthorized } from '../errors';
import { logContext, type Logger } from '../logger';
import { type Readiness, readinessResponse } from '../readiness';
import { httpMetrics } from '../telemetry/http-metrics';
import { errorHandler, notFoundHandler } from './errors-middleware';
import { bodyDigest, CONTEXT_HEADER, type InternalContext, SIGNATURE_HEADER, verifyContext } from './internal-context';
import { jsonBody, rejectUnsafeUrl } from './request-input';

declare module 'express-serve-static-core' {
  interface Request {
    ctx?: InternalContext;
    /** The body digest the gateway signed; the body read must match it. */
    signedBodyDigest?: string;
  }
}

export const JSON_BODY_LIMIT = '1mb';

/** The verified context of a forwarded request. */
export function ctx(req: Request): InternalContext {
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

export function assertLocationAccess(context: InternalContext, locationId: string, level: AccessLevel): boolean {
  return canAccessLocation(context.locationAccess, locationId, level);
}

export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? 'unknown',
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.replace(/([?&](?:key|token)=)[^&]*/gi, '$1[redacted]') }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  }) as unknown as RequestHandler;
}

export interface ServiceAppOptions {
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
    logContext.run({ requestId: verified.context.requestId, workspaceId: verified.context.workspace.id }, next);
  });
  app.use(requestLogger(options.logger));
  app.use(rejectUnsafeUrl);
  app.use(jsonBody(JSON_BODY_LIMIT));
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(bodyDigest(req.rawBody) === req.signedBodyDigest ? undefined : new Unauthorized('The request body is not the one the gateway signed.'));
  });
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
