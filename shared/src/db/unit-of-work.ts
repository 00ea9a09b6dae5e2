import { timeLeft, TOO_LATE_TO_START_MS } from '../deadline';
import { Contention, type RetryLater } from '../errors';

/**
 * The one place a request's work is run again (docs/overload.md, "One retry layer"). A unit of
 * work is what a request does in its service: read what it plans from, then one transaction. It
 * runs again, from its reads, when PostgreSQL says the transaction may simply be run again (a
 * deadlock or a serialisation failure), or when the attempt itself asks to (RunAgain: what it read
 * before its locks moved, or a copy it decides from is behind what the caller has seen), at most
 * UNIT_ATTEMPTS times in all and never once too little of the request's deadline is left. Nothing
 * below it retries: a transaction runs once (withTransaction), and nothing above it does (the
 * typed client retries the refusal a caller gets, after its Retry-After).
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
