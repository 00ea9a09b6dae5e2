import { Overloaded } from '../errors';
import { isConnectionError } from './pool';

/** pg's own message when no pooled connection freed up within connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * The retryable refusal a PostgreSQL failure stands for, when it says nothing about the request
 * itself and will pass (docs/overload.md): the service's connections all busy past their wait
 * (overload), the database unreachable, restarting or failing over (a session on a demoted
 * primary included), a statement cancelled by its timeout, a lock not granted in time, or a
 * deadlock or serialisation failure that outlived the transaction's own retries (contention).
 * Undefined for anything else, which stays a 500: a bug until shown otherwise.
 */
export function databaseRefusal(err: unknown, service: string): Overloaded | undefined {
  const message = (err as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.includes(POOL_WAIT_TIMEOUT)) {
    return new Overloaded(`The ${service} service is past its capacity (every database connection stayed busy); nothing was changed.`, 1, { cause: err });
  }
  if (isConnectionError(err)) {
    return new Overloaded(`The ${service} service could not reach PostgreSQL (restarting, failing over or unreachable); nothing was changed.`, 2, { cause: err });
  }
  const code = (err as { code?: unknown } | null)?.code;
  if (code === '57014') return new Overloaded(`The ${service} service's database work took too long under load and was cancelled; nothing was changed.`, 1, { cause: err });
  if (code === '55P03' || code === '40001' || code === '40P01') {
    return new Overloaded(`Another request was changing the same stock, item or location at the same moment (contention); nothing was changed.`, 1, { cause: err });
  }
  return undefined;
}
