import type { Pool, PoolClient } from '@inv/shared/db';

/** How many rows an import applied, if it was applied. */
export async function appliedImport(db: Pool | PoolClient, workspaceId: string, importId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ applied: number }>('SELECT applied FROM imports_applied WHERE workspace_id = $1 AND import_id = $2', [workspaceId, importId]);
  return rows[0]?.applied;
}

/** Records the import as applied in the transaction that applies it; false when it was already (a repeat racing this one). */
export async function claimImport(tx: PoolClient, workspaceId: string, importId: string, applied: number): Promise<boolean> {
  const { rowCount } = await tx.query('INSERT INTO imports_applied (workspace_id, import_id, applied) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [workspaceId, importId, applied]);
  return rowCount === 1;
}
