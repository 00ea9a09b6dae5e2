import type { Pool, PoolClient } from 'pg';
import type { BaseConfig } from '../config';
import { type Housekeeping, purgeInBatches, type PurgeLimits } from '../housekeeping';

/**
 * Where a key belongs: the same key from another member or on another endpoint is another key.
 * The table is the one in the service's own schema (its pool's search_path), as for the outbox.
 */
export interface IdempotencyScope {
  workspaceId: string;
  userId: string;
  endpoint: string;
  key: string;
}

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

const KEY = 'workspace_id = $1 AND user_id = $2 AND endpoint = $3 AND key = $4';
const params = (s: IdempotencyScope) => [s.workspaceId, s.userId, s.endpoint, s.key];

/** The completed response stored under the key, unless the key is unknown or older than 24 hours. */
export async function findStoredResponse(db: Pool | PoolClient, scope: IdempotencyScope): Promise<StoredResponse | undefined> {
  const { rows } = await db.query<StoredResponse>(
    `SELECT fingerprint, status, body FROM idempotency_keys WHERE ${KEY} AND status IS NOT NULL AND created_at >= now() - interval '24 hours'`,
    params(scope),
  );
  return rows[0];
}

/**
 * Claims the key in the caller's transaction (an expired row counts as free). A second
 * transaction claiming the same key waits here until the first ends; returns false when the
 * key was already taken by a committed, unexpired request.
 */
export async function claimKey(tx: PoolClient, scope: IdempotencyScope, fingerprint: string): Promise<boolean> {
  const { rowCount } = await tx.query({
    // Named, as storeResponse: parsed and planned once per connection, not per idempotent write.
    name: 'idempotency_claim_key',
    text: `INSERT INTO idempotency_keys (workspace_id, user_id, endpoint, key, fingerprint) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, user_id, endpoint, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = now()
     WHERE idempotency_keys.created_at < now() - interval '24 hours'`,
    values: [...params(scope), fingerprint],
  });
  return rowCount === 1;
}

/**
 * How long a key claimed ahead of its effect (claimKeyAhead) stays another request's while no
 * answer is stored: past it, the request that claimed it is taken to have died, and the key is
 * free again. Far longer than a request's deadline.
 */
export const CLAIM_AHEAD_LEASE_MS = 60_000;

/**
 * Claims the key in a transaction of its own, ahead of an effect that reaches outside the
 * service's transaction (a command to another service): committed at once with no answer, so a
 * twin request with the same key sees it taken while this one works. Free: unknown, expired, or
 * claimed ahead longer than CLAIM_AHEAD_LEASE_MS ago without an answer. Answers whether it is this
 * request's now.
 */
export async function claimKeyAhead(db: Pool | PoolClient, scope: IdempotencyScope, fingerprint: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO idempotency_keys (workspace_id, user_id, endpoint, key, fingerprint) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, user_id, endpoint, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = now()
     WHERE idempotency_keys.created_at < now() - interval '24 hours'
        OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < now() - $6 * interval '1 millisecond')`,
    [...params(scope), fingerprint, CLAIM_AHEAD_LEASE_MS],
  );
  return rowCount === 1;
}

/** Gives up a key claimed ahead whose request failed before storing an answer: a retry with it runs again. */
export async function releaseKey(db: Pool | PoolClient, scope: IdempotencyScope): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE ${KEY} AND status IS NULL`, params(scope));
}

export async function storeResponse(tx: PoolClient, scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
  await tx.query({ name: 'idempotency_store_response', text: `UPDATE idempotency_keys SET status = $5, body = $6 WHERE ${KEY}`, values: [...params(scope), status, JSON.stringify(body)] });
}

/** Deletes keys past their 24 hours, in batches (see purgeInBatches). */
export function purgeExpiredKeys(pool: Pool, limits: PurgeLimits): Promise<number> {
  return purgeInBatches(
    pool,
    { table: 'idempotency_keys', key: 'workspace_id, user_id, endpoint, key', condition: "created_at < now() - interval '24 hours'" },
    limits,
  );
}

/** Schedules the purge of expired keys in the service's idempotency_keys table. */
export function scheduleIdempotencyPurge(housekeeping: Housekeeping, pool: Pool, config: Pick<BaseConfig, 'PURGE_INTERVAL_MS' | 'PURGE_BATCH_SIZE'>): void {
  housekeeping.every('purge expired idempotency keys', config.PURGE_INTERVAL_MS, async () => ({
    purged: await purgeExpiredKeys(pool, { batchSize: config.PURGE_BATCH_SIZE }),
  }));
}
