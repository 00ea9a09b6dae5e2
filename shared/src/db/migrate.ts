import path from 'node:path';
import { runner } from 'node-pg-migrate';
import { Client } from 'pg';
import type { Logger } from '../logger';

/**
 * Applies a service's migrations to its own schema. node-pg-migrate only *tries* its advisory
 * lock and fails when another process holds it, so parallel starts first queue on a blocking
 * advisory lock of ours; each migration is then applied exactly once.
 */
export async function migrate(options: { databaseUrl: string; schema: string; dir: string; logger: Logger; connectTimeoutMs?: number }): Promise<void> {
  const lock = new Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
  // A connection lost while waiting is reported by the query's rejection; the event must not crash the process.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('inventory-api:migrations'))");
    await runMigrations(options);
  } finally {
    await lock.end().catch(() => undefined);
  }
}

async function runMigrations(options: { databaseUrl: string; schema: string; dir: string; logger: Logger }): Promise<void> {
  await runner({
    databaseUrl: options.databaseUrl,
    dir: path.resolve(options.dir),
    direction: 'up',
    schema: options.schema,
    createSchema: true,
    migrationsSchema: options.schema,
    createMigrationsSchema: true,
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    noLock: false,
    log: (msg: string) => options.logger.debug({ schema: options.schema }, msg),
    logger: {
      debug: (m: string) => options.logger.debug(m),
      info: (m: string) => options.logger.debug(m),
      warn: (m: string) => options.logger.warn(m),
      error: (m: string) => options.logger.error(m),
    },
  });
}
