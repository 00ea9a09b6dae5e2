import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { Logger } from '../logger';

export type { Pool, PoolClient };

/**
 * A pool whose idle clients may die (database restart, network blip) without crashing the
 * process: pg emits 'error' on the pool for those, and an unhandled 'error' event is fatal.
 */
export function createPool(connectionString: string, logger: Logger, options: PoolConfig = {}): Pool {
  const pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000, ...options });
  pool.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL client failed; the pool will replace it'));
  return pool;
}
