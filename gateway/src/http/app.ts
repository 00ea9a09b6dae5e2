import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { BadRequest, PastCapacity, RateLimited, Unauthorized } from '@inv/shared/core';
import { type AdmissionControl, errorHandler, jsonBody, notFoundHandler, rejectUnsafeUrl, requestLogger, mountRoutes } from '@inv/shared/http';
import { type Pool } from '@inv/shared/db';
import { type CommandClient } from '@inv/shared/messaging';
import { httpMetrics, type Logger, overloadRefusals, type Readiness, readinessResponse, logContext, traceContext } from '@inv/shared/observability';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { GatewayConfig } from '../config';
import type { ApiKeyRow } from '../data/identity-repository';
import { admitAtArrival } from './admission-gate';
import { keyHolderOf, type KeyHolder, callerFor, presentedKeyHash, selectedWorkspace } from './caller';
import { discoveryRoutes, faviconRoute, isPublicPath, OPENAPI_PATH } from './discovery-routes';
import { docsRoutes, isDocsPath } from './docs-page';
import type { IdentityCache } from './identity-cache';
import { forwardedRoute, forwarder, ROUTES, type ServiceName } from './proxy';
import type { RateLimiter } from './rate-limiter';
import { workspaceRoutes } from './workspace-routes';
import { callerWrites, type KnownWrites, type WritePositions } from './write-positions';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    caller?: KeyHolder;
    /** The caller's write positions, read with its rate-limit window (read-your-writes). */
    knownWrites?: KnownWrites;
    /** When the gateway stops waiting for the answer (epoch ms; docs/overload.md). */
    deadline: number;
    /** Whether admission control gave the call a place when it arrived (admission-gate.ts). */
    admitted?: boolean;
  }
}

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  pool: Pool;
  client: CommandClient;
  limiter: RateLimiter;
  /** How many calls the gateway works on at once (docs/overload.md). */
  admission: AdmissionControl;
  writePositions: WritePositions;
  identities: IdentityCache;
  services: Record<ServiceName, string>;
  openapi: () => Promise<unknown>;
  ready: () => Promise<Readiness>;
  /** Announces a change of a workspace the gateways cache (IdentityEpoch.changed), after its commit. */
  identityChanged: () => Promise<void>;
}

/**
 * Whether a path's calls take a place in admission control: every business route but the
 * exports, which stream for as long as a file takes and are bounded by their own limit per
 * service (shared/src/http/csv-export.ts).
 */
function admitted(path: string): boolean {
  return !path.startsWith('/exports/') && !isPublicPath(path) && !isDocsPath(path);
}

/** The gateway's request listener: admission control at the door (admission-gate.ts), then the Express app. */
export function createGatewayApp(deps: GatewayDeps): http.RequestListener {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  if (config.TRUST_PROXY) app.set('trust proxy', true);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.header('x-request-id');
    req.requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    req.deadline = Date.now() + config.REQUEST_DEADLINE_MS;
    res.setHeader('X-Request-Id', req.requestId);
    logContext.run({ requestId: req.requestId, deadline: req.deadline }, next);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const { status, body } = readinessResponse(await deps.ready());
    res.status(status).json(body);
  });

  app.use(traceContext);
  app.use(httpMetrics(forwardedRoute));
  app.use(requestLogger(logger));

  if (config.TRUST_PROXY) {
    // TLS ends upstream; refuse anything the proxy did not receive over HTTPS.
    app.use((req, _res, next) => {
      next(req.protocol === 'https' ? undefined : new BadRequest('HTTPS is required; plain HTTP is not supported.'));
    });
  }

  // Identify the caller, then count the call against its key (or its address when it has no
  // valid key), so every response, 401 and 429 included, carries the rate-limit headers. The
  // rate-limit round trip also reads the identity epoch: a key taken from the cache is used only
  // if the epoch has not moved since it was read (else it is read again, and the call counted
  // again if that changed whose call it is). A call the gateway has no room for (admission
  // control, docs/overload.md) is refused here, before its body is read or any work is queued,
  // and only reads the key's window: the refusal does not use one of the key's calls.
  const { identities, limiter, admission } = deps;
  const pastCapacity = () => {
    overloadRefusals.add(1, { reason: 'capacity' });
    return new PastCapacity('The API', admission.retryAfterSeconds());
  };
  // The workspace whose owner positions the rate limit's round trip reads: the one the call names by
  // id, or the restricted key's own (a call naming it by slug has the owners asked instead: callerWrites).
  const namedWorkspace = (req: Request, caller: KeyHolder | undefined) => (typeof req.query.workspaceId === 'string' ? req.query.workspaceId : (caller?.boundWorkspaceId ?? undefined));
  const take = (req: Request, caller: KeyHolder | undefined, record: boolean) =>
    limiter.take(caller ? `key:${caller.keyId}` : `ip:${req.ip}`, caller?.rateLimit ?? config.RATE_LIMIT_PER_MINUTE, `${req.requestId}:${randomUUID()}`, caller?.keyId, record, namedWorkspace(req, caller));
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    let authError: unknown;
    let keyHash: string | undefined;
    let cachedKey: ApiKeyRow | undefined;
    if (!isPublicPath(req.path) && !isDocsPath(req.path)) {
      try {
        keyHash = presentedKeyHash(req.rawHeaders);
        cachedKey = identities.cachedKey(keyHash);
        req.caller = keyHolderOf(cachedKey ?? (await identities.loadKey(keyHash)));
      } catch (err) {
        authError = err;
      }
    }
    // A call of a path admission control covers found no place when it arrived (admitAtArrival,
    // which counted it) and could not be refused there: refused here, after the key's check.
    const admits = req.caller !== undefined && authError === undefined && admitted(req.path);
    const hasRoom = !admits || req.admitted === true;
    if (!hasRoom) {
      // The key's window this process last counted serves its headers (the refusal does not count).
      const window = limiter.lastWindow(`key:${req.caller!.keyId}`);
      if (window && window.remaining > 0) {
        res.setHeader('X-RateLimit-Limit', String(window.limit));
        res.setHeader('X-RateLimit-Remaining', String(window.remaining));
        res.setHeader('X-RateLimit-Reset', String(window.resetAt));
        return next(pastCapacity());
      }
    }
    try {
      const counted = req.caller;
      let decision = await take(req, counted, hasRoom);
      identities.observe(decision.identityEpoch);
      if (cachedKey && keyHash !== undefined && identities.cachedKey(keyHash) !== cachedKey) {
        try {
          req.caller = keyHolderOf(await identities.loadKey(keyHash));
        } catch (err) {
          req.caller = undefined;
          authError = err;
        }
        if (req.caller?.keyId !== counted?.keyId || req.caller?.rateLimit !== counted?.rateLimit) decision = await take(req, req.caller, hasRoom);
      }
      req.knownWrites = decision.writes;
      res.setHeader('X-RateLimit-Limit', String(decision.limit));
      res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
      res.setHeader('X-RateLimit-Reset', String(decision.resetAt));
      if (!decision.admitted) return next(new RateLimited(decision.retryAfter));
      if (authError === undefined && !hasRoom) return next(pastCapacity());
    } catch (err) {
      return next(err);
    }
    next(authError);
  });

  app.use(rejectUnsafeUrl);

  app.get(OPENAPI_PATH, async (_req, res) => {
    res.json(await deps.openapi());
  });
  docsRoutes(app);
  faviconRoute(app);
  mountRoutes(app, discoveryRoutes, { pool: deps.pool }, { scopeGuard: null });

  // Read and checked once here; forwarded calls carry these exact bytes on. The deadline does not
  // count the upload: it bounds the work, not a slow client's sending.
  const readBody = jsonBody(config.JSON_BODY_LIMIT);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = Date.now();
    const context = logContext.getStore();
    readBody(req, res, (err?: unknown) => {
      req.deadline += Date.now() - started;
      if (context) context.deadline = req.deadline;
      next(err);
    });
  });

  // A caller gone while its call was authenticated, counted and read waits for nothing: it is not
  // forwarded (its place, taken at arrival, was given back when it went).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (res.closed) return;
    next();
  });

  const caller = (req: Request): KeyHolder => {
    if (!req.caller) throw new Unauthorized();
    return req.caller;
  };
  mountRoutes(app, workspaceRoutes, { pool: deps.pool, identities, client: deps.client, caller, identityChanged: deps.identityChanged }, { scopeGuard: null });

  for (const service of Object.keys(ROUTES) as ServiceName[]) {
    const forward = forwarder(service, deps.services[service], { secret: config.INTERNAL_SECRET, logger, writePositions: deps.writePositions });
    app.use(ROUTES[service], async (req: Request, res: Response) => {
      const access = await selectedWorkspace(identities, caller(req), req);
      forward(req, res, callerFor(caller(req), access, req.requestId, callerWrites(req.knownWrites, { id: access.workspace.id, createdAt: new Date(access.workspace.created_at).getTime() })));
    });
  }

  app.use(notFoundHandler);
  app.use(errorHandler(logger, 'gateway'));
  return admitAtArrival(app, { admission: deps.admission, identities: deps.identities, limiter: deps.limiter, admits: admitted });
}
