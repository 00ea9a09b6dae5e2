import type { Pool, PoolClient } from '@inv/shared/db';

type Db = Pool | PoolClient;

/** A location deletion under way (see the location_deletions migration). */
export interface DeletionRow {
  location_id: string;
  workspace_id: string;
  state: 'closing' | 'reverting';
  attempt_id: string;
  updated_at: Date;
}

/**
 * Starts the deletion of a location, or joins the one under way, as `attemptId`, restarting its
 * idle clock. Returns false when the deletion is being rolled back: the caller must not ask the
 * stock service to close the location until that is done.
 */
export async function joinDeletion(db: Db, workspaceId: string, locationId: string, attemptId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO location_deletions (location_id, workspace_id, state, attempt_id) VALUES ($2, $1, 'closing', $3)
     ON CONFLICT (workspace_id, location_id) DO UPDATE SET attempt_id = EXCLUDED.attempt_id, updated_at = now()
     WHERE location_deletions.state = 'closing'`,
    [workspaceId, locationId, attemptId],
  );
  return rowCount === 1;
}

/** The deletion of the location, locked until the transaction ends. */
export async function lockDeletion(tx: PoolClient, workspaceId: string, locationId: string): Promise<DeletionRow | undefined> {
  const { rows } = await tx.query<DeletionRow>('SELECT * FROM location_deletions WHERE workspace_id = $1 AND location_id = $2 FOR UPDATE', [workspaceId, locationId]);
  return rows[0];
}

/**
 * Takes the deletion over for rolling it back, as `attemptId`; creates the row when there is none.
 * Waits for a transaction completing the deletion to end; from then on nothing completes it.
 */
export async function markReverting(tx: PoolClient, workspaceId: string, locationId: string, attemptId: string): Promise<void> {
  await tx.query(
    `INSERT INTO location_deletions (location_id, workspace_id, state, attempt_id) VALUES ($2, $1, 'reverting', $3)
     ON CONFLICT (workspace_id, location_id) DO UPDATE SET state = 'reverting', attempt_id = EXCLUDED.attempt_id, updated_at = now()`,
    [workspaceId, locationId, attemptId],
  );
}

/**
 * Takes over, for rolling back, up to `limit` deletions idle for longer than `idleMs`. Rows other
 * transactions hold are skipped, and the new attempt restarts the idle clock, so sweepers of
 * several instances never work on the same deletion at once.
 */
export async function claimIdleDeletions(db: Db, idleMs: number, limit: number): Promise<DeletionRow[]> {
  const { rows } = await db.query<DeletionRow>(
    `UPDATE location_deletions SET state = 'reverting', attempt_id = gen_random_uuid(), updated_at = now()
      WHERE (workspace_id, location_id) IN (
        SELECT workspace_id, location_id FROM location_deletions WHERE updated_at < now() - make_interval(secs => $1::double precision / 1000)
         ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [idleMs, limit],
  );
  return rows;
}

/** Ends the deletion record, unless another attempt has taken it over since `attemptId` did. */
export async function forgetDeletion(db: Db, workspaceId: string, locationId: string, attemptId: string): Promise<void> {
  await db.query('DELETE FROM location_deletions WHERE workspace_id = $1 AND location_id = $2 AND attempt_id = $3', [workspaceId, locationId, attemptId]);
}

/** Ends the deletion record whoever holds it: the location has just been deleted. */
export async function endDeletion(tx: PoolClient, workspaceId: string, locationId: string): Promise<void> {
  await tx.query('DELETE FROM location_deletions WHERE workspace_id = $1 AND location_id = $2', [workspaceId, locationId]);
}
