import { Contention, DependencyAway, PastCapacity, type RetryLater } from '../errors';
import { isConnectionError } from './pool';
import { CommitOutcomeUnknown } from './transaction';

/** pg's own message when no pooled connection freed up within connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * The retryable refusal a PostgreSQL failure stands for, when it says nothing about the request
 * itself and will pass (docs/overload.md): the service's connections all busy past their wait
 * (past capacity), the database unreachable, restarting or failing over (a session on a demoted
 * primary included: a dependency away; its outcome unknown when the connection failed once COMMIT
 * was on its way, CommitOutcomeUnknown), a statement cancelled by its timeout (past capacity), a
 * lock not granted in time, or a deadlock or serialisation failure that outlived the unit of
 * work's retries (contention). Undefined for anything else, which stays a 500: a bug until shown
 * otherwise.
 */
export function databaseRefusal(err: unknown, service: string): RetryLater | undefined {
  if (err instanceof CommitOutcomeUnknown) return new DependencyAway(`PostgreSQL (the ${service} service lost it while committing)`, 'unknown', { cause: err });
  const message = (err as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.includes(POOL_WAIT_TIMEOUT)) return new PastCapacity(`The ${service} service (every database connection stayed busy)`);
  if (isConnectionError(err)) return new DependencyAway(`PostgreSQL (for the ${service} service)`, 'unchanged', { cause: err });
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '57014') return new PastCapacity(`The ${service} service's database (a statement ran past its timeout and was cancelled)`);
  if (code === '55P03' || code === '40001' || code === '40P01') return new Contention('the same stock, item or location', { cause: err });
  return undefined;
}
