import type { Pool, PoolClient } from '@inv/shared/db';

/**
 * Marks the stock positions of the messages just applied (in their transaction) and moves each
 * workspace's applied_through over every position now contiguous (see the catalog migration
 * 1764300000000).
 */
export async function advanceStockFeeds(tx: PoolClient, applied: Array<{ workspaceId: string; position: number }>): Promise<void> {
  if (applied.length === 0) return;
  await tx.query({
    name: 'catalog_advance_stock_feeds',
    text: 'SELECT advance_stock_feeds($1::text[], $2::bigint[])',
    values: [applied.map((a) => a.workspaceId), applied.map((a) => a.position)],
  });
}

/** The highest stock position of the workspace up to which every one has been applied (0: none yet). */
export async function appliedThrough(pool: Pool, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ through: string }>({
    name: 'catalog_stock_applied_through',
    text: 'SELECT applied_through AS through FROM stock_feed WHERE workspace_id = $1',
    values: [workspaceId],
  });
  return Number(rows[0]?.through ?? 0);
}
