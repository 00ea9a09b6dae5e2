import { timeLeft, TOO_LATE_TO_START_MS } from '../deadline';
import { Contention, type RetryLater } from '../errors';

/**
 * The one place a request's work is run again within a service (docs/overload.md, "One retry
 * layer"). A unit of work is what a request does in its service: read what it plans from, then one
 * transaction. It runs again, from its reads, when PostgreSQL says the transaction may simply be
 * run again (a deadlock or a serialisation failure), or when the attempt itself asks to (RunAgain:
 * what it read before its locks moved, or a copy it decides from is behind what the caller has
 * seen), at most UNIT_ATTEMPTS times in all and never once too little of the request's deadline is
 * left. Nothing below it retries: a transaction runs once (withTransaction). Above it, in the
 * service, nothing does; but the request itself may arrive again: the gateway's forwarder
 * (gateway/src/http/proxy.ts) sends it again, to another replica, when the one it went to failed
 * it (the connection refused or lost, or the balancer answering 502, 503 or 504 for it) and
 * repeating is safe (a GET, HEAD or PUT, a POST with an Idempotency-Key), at most FORWARD_ATTEMPTS
 * (3) tries within the deadline, and each try runs its units of work afresh. So a unit of work
 * runs at most FORWARD_ATTEMPTS × UNIT_ATTEMPTS (9) transactions for one request
 * (docs/overload.md, the worst case). Likewise a command whose process died before answering it is
 * delivered again by RabbitMQ, and run again if its deadline still allows: one more run per
 * process that died with it. The forwarder never re-sends a request a service answered, refusals
 * included; the typed client retries the refusal a caller gets, after its Retry-After, as a new
 * request.
 */
export const UNIT_ATTEMPTS = 3;

/** SQLSTATEs after which the whole transaction can safely run again: serialization_failure, deadlock_detected. */
const RUN_AGAIN_SQLSTATES = new Set(['40001', '40P01']);

/**
 * Thrown by an attempt that must run again from its reads: `before` runs first (waiting for a copy
 * to catch up, say); past the last attempt the caller gets `refusal` (the contention 429 by default).
 */
export class RunAgain extends Error {
  constructor(
    why: string,
    readonly before?: () => Promise<void>,
    readonly refusal: () => RetryLater = () => new Contention(why),
  ) {
    super(`run again: ${why}`);
  }
}

/**
 * Runs `attempt` (its reads and its one transaction), again while it asks to or PostgreSQL says it
 * may, at most `attempts` times (UNIT_ATTEMPTS) and while the deadline leaves room. Throws what
 * the last attempt threw: a RunAgain's refusal, a deadlock or serialisation failure as it is (the
 * error handler answers it as contention), or any other error at once.
 */
export async function inUnitOfWork<T>(attempt: (n: number) => Promise<T>, attempts = UNIT_ATTEMPTS): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (err) {
      const runAgain = err instanceof RunAgain;
      if (!runAgain && !RUN_AGAIN_SQLSTATES.has((err as { code?: string } | null)?.code ?? '')) throw err;
      const left = timeLeft();
      if (n >= attempts || (left !== undefined && left < TOO_LATE_TO_START_MS)) throw runAgain ? err.refusal() : err;
      if (runAgain && err.before) await err.before();
      else await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * n));
    }
  }
}
