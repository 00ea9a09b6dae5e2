import { type Caller, DeadlinePassed, DependencyAway, type RefusalOutcome, type RetryLater } from '@inv/shared/core';
import { bodyDigest, OWNER_POSITION_HEADER, parseOwnerPosition, parseStockPosition, signContext, STOCK_POSITION_HEADER } from '@inv/shared/http';
import { injectTraceHeaders, type Logger, overloadRefusals } from '@inv/shared/observability';
import type { Request, Response } from 'express';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { WritePositions } from './write-positions';

/** Path prefixes each service answers; everything else is the gateway's own or 404. */
export const ROUTES: Record<'catalog' | 'locations' | 'stock' | 'notifications', string[]> = {
  catalog: ['/items', '/tags', '/suppliers', '/imports', '/exports/items'],
  locations: ['/locations'],
  stock: ['/inventory', '/jobs', '/purchase-orders', '/exports/balances', '/exports/movements', '/exports/valuation'],
  notifications: ['/webhooks'],
};
export type ServiceName = keyof typeof ROUTES;

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

/**
 * A service whose answer has begun but then sends nothing for this long is cut off (a stream
 * that stalled). Until its answer begins, the request's deadline bounds the wait instead.
 */
const STALLED_ANSWER_MS = 30_000;
/**
 * The service's deadline is this much earlier than the gateway's: its own refusal, which says
 * what it did and did not do, then reaches the caller before the gateway gives up on it.
 */
export const FORWARD_MARGIN_MS = 250;

/**
 * Request headers that stay at the gateway: the caller's credentials, hop-by-hop headers, and
 * the framing of a body the gateway has already read (it sends the bytes again with their own
 * Content-Length, and has answered any Expect). The signed internal headers are set over
 * any the caller sent.
 */
const GATEWAY_ONLY_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/** Hop-by-hop response headers: the gateway frames its own response. */
const HOP_BY_HOP_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'trailer', 'transfer-encoding', 'upgrade']);

/** The caller's headers a service receives. */
export function forwardedHeaders(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined && !GATEWAY_ONLY_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}

export type Forward = (req: Request, res: Response, context: Caller) => void;

/**
 * Answers that say no replica of the service took the request: the balancer's own (HAProxy
 * answers 502 when the replica it chose died with the request, 503 when none is in rotation, 504
 * past its timeout). The services never answer these statuses themselves.
 */
const BALANCER_STATUSES = new Set([502, 503, 504]);
/** Tries per request when the service's connection failed or the balancer answered for it. */
const FORWARD_ATTEMPTS = 3;

/**
 * Failures of a connection that was never made: a request that met only these never reached a
 * process that could act on it. Any other failure (a reset, a socket closed mid-answer) may have
 * come after the service read the request.
 */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

/** Whether a failed try may have reached the service: its error, or the balancer's status answered for it (503: no replica took it). */
function mayHaveReached(failure: { code?: string } | number): boolean {
  return typeof failure === 'number' ? failure !== 503 : !NEVER_CONNECTED.has(failure.code ?? '');
}

/**
 * Whether a request may be sent again after its first try may have reached a replica that died
 * with it: reads; PUTs, which replace a resource with the body (a par level), so twice is once;
 * and POSTs carrying an Idempotency-Key (every POST honours it: the service answers a repeat with
 * the first answer, or does the work once if the first try rolled back with its replica). PATCH
 * and DELETE take no key and may answer differently the second time, so they are never repeated.
 */
export function safeToRepeat(method: string, headers: IncomingHttpHeaders): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'PUT' || (method === 'POST' && typeof headers['idempotency-key'] === 'string');
}

/**
 * Forwards calls to one service: the exact body bytes the gateway read and checked (never a
 * re-serialisation, and never a body the service would wait for in vain) with their
 * Content-Length, and the context signed for this method, target, body and deadline (the
 * request's, less FORWARD_MARGIN_MS). The caller's API key never leaves the gateway. No
 * connection, or no answer begun by the request's deadline, is the retryable 429 envelope
 * naming the service (docs/overload.md). With several replicas behind a balancer, a request
 * whose replica failed (connection lost, or the balancer answering for it) is sent again, up to
 * FORWARD_ATTEMPTS tries and within the deadline, when it is safe to repeat; otherwise it gets
 * that 429. An answer reporting the owner position a change of items or locations reached has it
 * recorded for the workspace before it is passed on, without that header (docs/consistency.md).
 * The 429 says "nothing was changed" only when no try can have reached the service (each
 * connection was refused, or the balancer had no replica); when one may have, it says so, and that
 * sending it again (with the same Idempotency-Key) is safe. An answer reporting the stock position a write reached has it recorded for the
 * calling key (read-your-writes) before it is passed on, without that header.
 */
export function forwarder(service: ServiceName, baseUrl: string, options: { secret: string; logger: Logger; writePositions: WritePositions }): Forward {
  const origin = new URL(baseUrl);
  const transport = origin.protocol === 'https:' ? https : http;
  // Reuse connections to the service: a new TCP connection per request costs more than the request.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 });
  const { logger } = options;
  return (req, res, context) => {
    const target = stripSelector(req.originalUrl);
    const path = target.split('?', 1)[0];
    const body = req.rawBody;
    const headers = forwardedHeaders(req.headers);
    headers['content-length'] = body?.length ?? 0;
    // The service's request joins this one's trace (the HTTP instrumentation, when it runs, sets its client span's instead).
    injectTraceHeaders(headers);
    const repeatable = safeToRepeat(req.method, req.headers);
    let callerGone = false;
    let upstream: http.ClientRequest | undefined;
    res.on('close', () => {
      if (res.writableFinished) return;
      callerGone = true;
      upstream?.destroy();
    });
    /** Whether a failed try may have reached a process of the service that could act on it. */
    let reached = false;
    /** Whether the try under way has been written on an open connection (the service may be working on it). */
    let sent = false;
    const outcome = (): RefusalOutcome => (reached ? 'unknown' : 'unchanged');
    const refuse = (refusal: RetryLater, cause: string) => {
      logger.warn({ service, path, err: cause }, `${service} service: ${refusal.refusal ?? 'refused'}`);
      overloadRefusals.add(1, { reason: refusal.refusal ?? 'dependency' });
      res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
      res.status(refusal.status).json(refusal.toEnvelope());
    };
    const unavailable = (cause: string) => refuse(new DependencyAway(`The ${service} service`, outcome()), cause);
    const tooLate = () => refuse(new DeadlinePassed(`the ${service} service answered`, reached || sent ? 'unknown' : 'unchanged'), 'no answer by the deadline');

    // Until the answer begins, the deadline bounds the wait (a timeout is not repeated: the
    // service may still be doing the work); after, only a stalled stream is cut off.
    let deadlineTimer: NodeJS.Timeout | undefined = setTimeout(() => {
      deadlineTimer = undefined;
      if (callerGone || res.headersSent) return;
      upstream?.destroy();
      upstream = undefined;
      tooLate();
    }, Math.max(0, req.deadline - Date.now()));
    const answerBegun = () => {
      clearTimeout(deadlineTimer);
      deadlineTimer = undefined;
    };
    res.once('close', answerBegun);

    const send = (attempt: number) => {
      sent = false;
      const again = (reason: string) => {
        if (callerGone || deadlineTimer === undefined) return;
        if (repeatable && attempt < FORWARD_ATTEMPTS && req.deadline - Date.now() > FORWARD_MARGIN_MS) return send(attempt + 1);
        answerBegun();
        unavailable(reason);
      };
      const request = transport.request({ protocol: origin.protocol, hostname: origin.hostname, port: origin.port, method: req.method, path: target, headers, agent, timeout: STALLED_ANSWER_MS });
      upstream = request;
      request.on('timeout', () => request.destroy(new Error(`the answer stalled for ${STALLED_ANSWER_MS} ms`)));
      request.on('error', (err: Error & { code?: string }) => {
        if (callerGone || upstream !== request) return;
        if (res.headersSent) {
          logger.error({ err: err.message, service, path }, 'service connection failed mid-answer');
          return void res.destroy();
        }
        reached ||= mayHaveReached(err);
        again(err.message);
      });
      request.on('response', (answer) => {
        if (upstream !== request) return void answer.resume();
        if (BALANCER_STATUSES.has(answer.statusCode ?? 0)) {
          answer.resume();
          reached ||= mayHaveReached(answer.statusCode!);
          return again(`the balancer answered ${answer.statusCode}`);
        }
        answerBegun();
        res.status(answer.statusCode ?? 500);
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP_RESPONSE_HEADERS.has(name) && name !== STOCK_POSITION_HEADER && name !== OWNER_POSITION_HEADER) res.setHeader(name, value);
        }
        // pipe, not pipeline: pipeline's AbortController and the DOMException it raises when the
        // answer finishes cost ~3 % of the gateway's CPU per call; the failures it would handle are handled here.
        answer.on('error', (err) => {
          if (callerGone) return;
          logger.warn({ err: err.message, service, path }, 'service answer cut short');
          res.destroy();
        });
        const position = parseStockPosition(answer.headers[STOCK_POSITION_HEADER]);
        const owned = parseOwnerPosition(answer.headers[OWNER_POSITION_HEADER]);
        if (position === undefined && owned === undefined) return void answer.pipe(res);
        // Recorded before the caller can see the answer: its next read already waits for its stock
        // change, and every later call of the workspace for its change of items or locations.
        void Promise.all([
          position === undefined ? undefined : options.writePositions.record(context.keyId, context.workspace.id, position),
          owned === undefined ? undefined : options.writePositions.recordOwner(context.workspace.id, owned.owner, owned.position),
        ]).then(() => answer.pipe(res));
      });
      // Signed once a connection is assigned, not before: time spent queued for one of the
      // agent's sockets must not count against the signature's short life.
      request.once('socket', (socket) => {
        const signed = signContext(context, { method: req.method, target, bodyDigest: bodyDigest(body), deadline: req.deadline - FORWARD_MARGIN_MS }, options.secret);
        for (const [name, value] of Object.entries(signed)) request.setHeader(name, value);
        request.end(body);
        // Past its deadline, a request written on an open connection may have been read by the service.
        const connected = () => {
          if (upstream === request) sent = true;
        };
        if (socket.connecting) socket.once('connect', connected);
        else connected();
      });
    };
    send(1);
  };
}
