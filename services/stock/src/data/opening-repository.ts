import type { EntityId } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';

export interface OpeningRow {
  operation_id: string;
  movements: number;
  cancelled_at: Date | null;
}

/** Claims an operationId for an opening; false when it was already used (or cancelled). */
export async function claimOpening(tx: PoolClient, workspaceId: string, operationId: string, movements: number): Promise<boolean> {
  const { rowCount } = await tx.query('INSERT INTO openings (operation_id, workspace_id, movements) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    operationId,
    workspaceId,
    movements,
  ]);
  return rowCount === 1;
}

/**
 * Cancels an operation's opening: marks it cancelled when it was recorded and live, or inserts a
 * cancelled tombstone when it has not arrived yet, so that a late opening cannot apply. Answers
 * the number of movements of the opening it cancelled now (undefined: nothing to undo, it was
 * cancelled before or never arrived).
 */
export async function cancelOpeningRow(tx: PoolClient, workspaceId: string, operationId: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ movements: number; cancelled_now: boolean }>(
    `WITH tombstone AS (
       INSERT INTO openings (operation_id, workspace_id, movements, cancelled_at) VALUES ($2, $1, 0, now()) ON CONFLICT DO NOTHING RETURNING operation_id
     ), live AS (
       UPDATE openings SET cancelled_at = now() WHERE workspace_id = $1 AND operation_id = $2 AND cancelled_at IS NULL AND NOT EXISTS (SELECT 1 FROM tombstone)
       RETURNING movements
     )
     SELECT movements FROM live`,
    [workspaceId, operationId],
  );
  return rows[0]?.movements;
}

export async function findOpening(db: Pool | PoolClient, workspaceId: string, operationId: string): Promise<OpeningRow | undefined> {
  const { rows } = await db.query<OpeningRow>('SELECT operation_id, movements, cancelled_at FROM openings WHERE operation_id = $1 AND workspace_id = $2', [operationId, workspaceId]);
  return rows[0];
}


/** An opening neither cancelled nor settled past the lease: its items, and whether the catalog confirmed every one (their item.created arrived). */
export interface UnsettledOpening {
  workspaceId: string;
  operationId: EntityId;
  itemIds: string[];
  confirmed: boolean;
}

/** The oldest openings recorded more than `olderThanMs` ago and neither cancelled nor settled, at most `limit`. */
export async function unsettledOpenings(db: Pool | PoolClient, olderThanMs: number, limit: number): Promise<UnsettledOpening[]> {
  const { rows } = await db.query<{ workspace_id: string; operation_id: string; item_ids: string[]; confirmed: boolean }>(
    `SELECT o.workspace_id, o.operation_id, array_agg(DISTINCT m.item_id::text) AS item_ids, bool_and(i.confirmed) AS confirmed
       FROM (SELECT workspace_id, operation_id, created_at FROM openings
              WHERE cancelled_at IS NULL AND settled_at IS NULL AND created_at < now() - $1 * interval '1 millisecond'
              ORDER BY created_at LIMIT $2) o
       JOIN movements m ON m.workspace_id = o.workspace_id AND m.operation_id = o.operation_id AND m.type = 'opening' AND m.quantity > 0
       JOIN items i ON i.workspace_id = m.workspace_id AND i.id = m.item_id
      GROUP BY o.workspace_id, o.operation_id, o.created_at
      ORDER BY o.created_at`,
    [olderThanMs, limit],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, operationId: r.operation_id as EntityId, itemIds: r.item_ids, confirmed: r.confirmed }));
}

/** Marks openings settled: the catalog created their items, so they stay. */
export async function settleOpenings(db: Pool | PoolClient, workspaceId: string, operationIds: readonly string[]): Promise<void> {
  if (operationIds.length === 0) return;
  await db.query('UPDATE openings SET settled_at = now() WHERE workspace_id = $1 AND operation_id = ANY($2::uuid[]) AND settled_at IS NULL', [workspaceId, operationIds]);
}
