import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
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
 * Admission control at the door (docs/overload.md): a call the gateway admits takes its place in
 * the moment it arrives, before Express sees it, and keeps it until its answer has been sent or
 * its caller is gone (`req.admitted`). Taking the place at arrival keeps the order of arrival:
 * when it was taken later (after the key's check and the body), a call with a body lost the place
 * freed meanwhile to a GET more often than not, and under twice the capacity writes were refused
 * twice as often as reads.
 *
 * A call that finds no place is refused at its cheapest: past capacity a refusal must cost far less
 * than the work it turns away, or shedding load eats the capacity it protects (measured: refusals
 * answered by the Express app cost the gateway about 0.4 ms of CPU each, and there were three for
 * every call admitted). So it is answered here: the key's hash looked up in the identity cache, the
 * rate-limit headers from the key's window as this process last counted it (the refusal does not
 * use one of the key's calls), a body serialised at start. It is counted
 * (`overload_refusals_total`), not traced nor logged one by one: a storm of refusals would be a
 * storm of log lines. A client that sends the same call again on the same connection before its
 * Retry-After is over gets its next refusal later (toldToWait).
 *
 * A call without a place that cannot be refused so cheaply (no key, a key not in the cache, one
 * whose window this process has not counted or has used up) goes on to Express, which counts it
 * and refuses it there (app.ts); paths admission control does not cover (`admits`) go on as they are.
 */
export function admitAtArrival(
  app: http.RequestListener,
  deps: { admission: AdmissionControl; identities: IdentityCache; limiter: RateLimiter; admits: (path: string) => boolean },
): http.RequestListener {
  const { admission, identities, limiter, admits } = deps;
  return (req, res) => {
    if (!admits(pathOf(req.url))) return app(req, res);
    const permit = admission.tryAcquire(performance.now());
    if (permit) {
      (req as { admitted?: boolean }).admitted = true;
      const release = () => {
        res.off('finish', release);
        res.off('close', release);
        // Refusals did no work, and a caller gone mid-call says nothing of how long it would have taken.
        admission.release(permit, res.writableFinished && res.statusCode !== 429);
      };
      res.on('finish', release);
      res.on('close', release);
      return app(req, res);
    }
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
    const retryAfter = admission.retryAfterSeconds();
    const now = Date.now();
    const call = `${req.method} ${req.url} ${req.headers['idempotency-key'] ?? ''}`;
    const told = toldToWait.get(req.socket);
    const hold = told !== undefined && told.call === call && told.until > now ? Math.min(told.until - now, IGNORED_RETRY_AFTER_HOLD_MS) : 0;
    toldToWait.set(req.socket, { call, until: now + hold + retryAfter * 1000 });
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
 * Connections a refusal told to wait: the call refused (method, target and Idempotency-Key) and
 * when its Retry-After ends (ms). The same call sent again on the connection before then comes
 * from a client that did not wait: its refusal is held until then (at most
 * IGNORED_RETRY_AFTER_HOLD_MS), so a client that sends again at once makes one call a second, not
 * as many as the gateway can refuse. Refusing is cheap, not free: clients resending in a loop
 * would spend on refusals the CPU the admitted work needs. Another call on the connection is not
 * held (a client's pool of connections carries all its calls, and holding them would queue its
 * well-behaved ones behind the refused). Holding costs a timer. Per process and per connection, a
 * throttle of the misbehaving, not a guarantee.
 */
const toldToWait = new WeakMap<object, { call: string; until: number }>();
const IGNORED_RETRY_AFTER_HOLD_MS = 1_000;

function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
