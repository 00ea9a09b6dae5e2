import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { BaseConfig } from '../config';
import type { Logger } from '../logger';
import { checkPgSocket } from './pg-socket';

export type { Pool, PoolClient };

/**
 * Pool settings that bound every PostgreSQL call: connecting, each statement (server side), a
 * transaction left idle, and the wait for any answer at all (client side, for a database that
 * accepts connections but has gone silent, where the server-side timeout never fires).
 */
export function poolSettings(config: Pick<BaseConfig, 'DB_POOL_SIZE' | 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'>): PoolConfig {
  return {
    max: config.DB_POOL_SIZE,
    connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
    statement_timeout: config.DB_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // A little longer than the server's own limit, so a live server reports its timeout first.
    query_timeout: config.DB_STATEMENT_TIMEOUT_MS + 1000,
    keepAlive: true,
  };
}

/**
 * A pool whose clients may die (database restart, network cut, pg_terminate_backend) without
 * crashing the process. pg emits 'error' on a client whose connection fails; the pool listens
 * only while the client is idle, and an unhandled 'error' event is fatal. So every client gets
 * its own listener for its whole life: a checked-out client's failure then surfaces only as
 * the rejection of the query in flight, which its caller answers.
 */
export function createPool(connectionString: string, logger: Logger, options: PoolConfig = {}): Pool {
  // Pipeline mode: statements issued together on one client go out without waiting for each
  // other's answers (see inOneRoundTrip); a client used one await at a time behaves as before.
  const pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000, keepAlive: true, pipeline: true, ...options });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle PostgreSQL client failed; the pool will replace it'));
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.debug({ err: err.message }, 'PostgreSQL connection failed'));
    checkPgSocket(client, logger);
  });
  return pool;
}

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'terminating connection',
];
const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when the connection itself failed (not the statement): the client must be discarded,
 * not asked to ROLLBACK, since a broken or silent connection would fail or hang again.
 * SQLSTATE class 08 is connection exception; 57P01–57P03 are shutdown / cannot connect now;
 * 25006 (read-only transaction) is a session left on a primary that a failover demoted to a
 * standby (docs/high-availability.md): the next connection reaches the new primary.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '25006'].includes(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return CONNECTION_MESSAGES.some((m) => message.includes(m));
}

/**
 * True for failures that say nothing about the work itself and are expected to pass: the
 * database unreachable or silent, a statement cancelled by a timeout, a lock not granted in
 * time, a serialisation failure or deadlock. Consumers retry these without spending attempts.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return isConnectionError(err) || (typeof code === 'string' && ['57014', '55P03', '40001', '40P01'].includes(code));
}
