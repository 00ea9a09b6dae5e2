import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { MAX_RETRY_AFTER_S, type AdmissionControl } from '@inv/shared/http';
import { PastCapacity } from '@inv/shared/core';
import { overloadRefusals } from '@inv/shared/observability';
import { keyHolderOf, presentedKeyHash } from './caller';
import type { IdentityCache } from './identity-cache';
import type { RateLimiter } from './rate-limiter';

/** The request ids the gateway takes from a caller (as app.ts does). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The envelope of the past-capacity refusal for each Retry-After it may carry, serialised once. */
const BODIES: readonly Buffer[] = Array.from({ length: MAX_RETRY_AFTER_S + 1 }, (_, seconds) =>
  Buffer.from(JSON.stringify(new PastCapacity('The API', Math.max(1, seconds)).toEnvelope())),
);

/**
 * Past capacity, a refusal must cost far less than the work it turns away, or shedding load eats
 * the capacity it protects (docs/overload.md): measured under twice the capacity, the refusals
 * the Express app answered cost the gateway about 0.4 ms of CPU each (request id and log context,
 * tracing, HTTP metrics, the access log, an error object with its stack, the error handler), and
 * there were three for every call admitted. So a call admission control has no room for is
 * answered here, before Express: the key's hash looked up in the identity cache, the rate-limit
 * headers from the key's window as this process last counted it (the refusal does not use one of
 * the key's calls), and a body serialised at start. The refusal is counted
 * (`overload_refusals_total`); it is not traced nor logged one by one, as a storm of refusals
 * would be a storm of log lines. A client that sends again on the same connection before its
 * Retry-After is over gets its next refusal later (toldToWait).
 *
 * Anything it cannot answer so cheaply goes on to Express, which decides as before: a call with
 * room, one without a key or with a key not in the cache, one whose key's window this process has
 * not counted or has used up (the rate limit's own 429 then applies), and paths admission control
 * does not cover (`admits`).
 */
export function refuseEarlyWhenFull(
  app: http.RequestListener,
  deps: { admission: AdmissionControl; identities: IdentityCache; limiter: RateLimiter; admits: (path: string) => boolean },
): http.RequestListener {
  const { admission, identities, limiter, admits } = deps;
  return (req, res) => {
    if (admission.hasRoom() || !admits(pathOf(req.url))) return app(req, res);
    let keyId: string;
    try {
      const key = identities.cachedKey(presentedKeyHash(req.rawHeaders));
      if (!key) return app(req, res);
      keyId = keyHolderOf(key).keyId;
    } catch {
      return app(req, res);
    }
    const window = limiter.lastWindow(`key:${keyId}`);
    if (!window || window.remaining <= 0) return app(req, res);
    admission.refuse();
    const retryAfter = admission.retryAfterSeconds();
    const now = Date.now();
    const toldUntil = toldToWait.get(req.socket);
    const hold = toldUntil !== undefined && toldUntil > now ? Math.min(toldUntil - now, IGNORED_RETRY_AFTER_HOLD_MS) : 0;
    toldToWait.set(req.socket, now + hold + retryAfter * 1000);
    overloadRefusals.add(1, { reason: hold > 0 ? 'capacity_retry_after_ignored' : 'capacity' });
    const body = BODIES[retryAfter]!;
    const given = req.headers['x-request-id'];
    const answer = () =>
      res
        .writeHead(429, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': body.length,
          'Retry-After': String(retryAfter),
          'X-Request-Id': typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID(),
          'X-RateLimit-Limit': String(window.limit),
          'X-RateLimit-Remaining': String(window.remaining),
          'X-RateLimit-Reset': String(window.resetAt),
        })
        .end(body);
    if (hold === 0) return answer();
    const held = setTimeout(answer, hold);
    res.once('close', () => clearTimeout(held));
  };
}

/**
 * Connections a refusal told to wait, with when their Retry-After ends (ms). A call on one before
 * then comes from a client that did not wait: its refusal is held until then (at most
 * IGNORED_RETRY_AFTER_HOLD_MS), so a client that sends again at once makes one call a second, not
 * as many as the gateway can refuse. Refusing is cheap, not free: clients resending in a loop
 * would spend on refusals the CPU the admitted work needs. Holding costs a timer. Per process and
 * per connection, a throttle of the misbehaving, not a guarantee.
 */
const toldToWait = new WeakMap<object, number>();
const IGNORED_RETRY_AFTER_HOLD_MS = 1_000;

function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
