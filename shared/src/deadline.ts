import { DeadlinePassed } from './errors';
import { logContext } from './logger';

/**
 * Request deadlines (docs/overload.md). The gateway gives every request a deadline
 * (REQUEST_DEADLINE_MS after it has the whole request); the services receive it in the signed
 * context, commands in their envelope, and it rides the request's async context (logContext)
 * from there. Every wait on another process (a command's reply, a pooled connection) is bounded
 * by what is left of it, and work whose caller has stopped waiting is not started.
 */

/** Epoch ms when the current request's caller stops waiting; undefined outside a request (consumers, sweepers). */
export function currentDeadline(): number | undefined {
  return logContext.getStore()?.deadline;
}

/** Milliseconds left before the current request's deadline; undefined outside a request. */
export function timeLeft(now = Date.now()): number | undefined {
  const deadline = currentDeadline();
  return deadline === undefined ? undefined : deadline - now;
}

/**
 * Below this, a wait that starts now could not end in time to be of use: the work is refused at
 * once instead of started (the answer still has to travel back).
 */
export const TOO_LATE_TO_START_MS = 20;

/** The refusal of work not started because its deadline has passed or is about to: retryable, nothing done. */
export function deadlineRefusal(what: string): DeadlinePassed {
  return new DeadlinePassed(what, 'unchanged');
}

/**
 * How long a wait for `what` may last: what is left of the request's deadline, or `fallbackMs`
 * outside a request. Throws the retryable refusal (DeadlinePassed) when too little is left to start.
 */
export function budgetFor(what: string, fallbackMs: number): number {
  const left = timeLeft();
  if (left === undefined) return fallbackMs;
  if (left < TOO_LATE_TO_START_MS) throw deadlineRefusal(what);
  return left;
}
