import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { pinoHttp } from 'pino-http';
import { canAccessLocation, type AccessLevel, type Scope } from '../access';
import { BadRequest, Forbidden, Unauthorized } from '../errors';
import { logContext, type Logger } from '../logger';
import { type Readiness, readinessResponse } from '../readiness';
import { httpMetrics } from '../telemetry/http-metrics';
import { errorHandler, notFoundHandler } from './errors-middleware';
import { CONTEXT_HEADER, type InternalContext, SIGNATURE_HEADER, verifyContext } from './internal-context';

declare module 'express-serve-static-core' {
  interface Request {
    ctx?: InternalContext;
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

/** Requests without a JSON body are fine; a body of any other type is refused with the envelope. */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && !req.is('application/json')) {
    return next(new BadRequest('Content-Type must be application/json.'));
  }
  next();
};

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
  app.use((req: Request, res: Response, next: NextFunction) => {
    const context = verifyContext(req.header(CONTEXT_HEADER), req.header(SIGNATURE_HEADER), options.internalSecret);
    if (!context) {
      res.status(401).json(new Unauthorized('Internal calls must carry a valid gateway signature.').toEnvelope());
      return;
    }
    req.ctx = context;
    res.setHeader('X-Request-Id', context.requestId);
    logContext.run({ requestId: context.requestId, workspaceId: context.workspace.id }, next);
  });
  app.use(requestLogger(options.logger));
  app.use(requireJsonBody);
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  options.routes(app);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
