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
 * Marks an operation cancelled, inserting a tombstone when its opening has not arrived yet so
 * that a late opening cannot apply. Returns the row as it was before, locked, or undefined
 * when the tombstone was new.
 */
export async function lockOpeningForCancel(tx: PoolClient, workspaceId: string, operationId: string): Promise<OpeningRow | undefined> {
  const inserted = await tx.query('INSERT INTO openings (operation_id, workspace_id, movements, cancelled_at) VALUES ($1, $2, 0, now()) ON CONFLICT DO NOTHING', [
    operationId,
    workspaceId,
  ]);
  if (inserted.rowCount === 1) return undefined;
  const { rows } = await tx.query<OpeningRow>('SELECT operation_id, movements, cancelled_at FROM openings WHERE operation_id = $1 AND workspace_id = $2 FOR UPDATE', [
    operationId,
    workspaceId,
  ]);
  return rows[0];
}

export async function findOpening(db: Pool | PoolClient, workspaceId: string, operationId: string): Promise<OpeningRow | undefined> {
  const { rows } = await db.query<OpeningRow>('SELECT operation_id, movements, cancelled_at FROM openings WHERE operation_id = $1 AND workspace_id = $2', [operationId, workspaceId]);
  return rows[0];
}

export async function markOpeningCancelled(tx: PoolClient, workspaceId: string, operationId: string): Promise<void> {
  await tx.query('UPDATE openings SET cancelled_at = now() WHERE workspace_id = $1 AND operation_id = $2', [workspaceId, operationId]);
}
