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

