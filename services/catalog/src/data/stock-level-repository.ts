import type { PoolClient, StockChanged } from '@inv/shared';

/**
 * Keeps the balance with the highest version: an older or repeated delivery finds a row at
 * least as new and changes nothing.
 */
export async function applyStockLevel(tx: PoolClient, workspaceId: string, change: StockChanged): Promise<void> {
  await tx.query({
    // Named: parsed and planned once per connection, not per event (two per transfer).
    name: 'catalog_apply_stock_level',
    text: `INSERT INTO stock_levels (item_id, location_id, workspace_id, on_hand, version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (item_id, location_id) DO UPDATE SET on_hand = EXCLUDED.on_hand, version = EXCLUDED.version
     WHERE stock_levels.version < EXCLUDED.version`,
    values: [change.itemId, change.locationId, workspaceId, change.onHand, change.version],
  });
}

/** On-hand across every location, as far as the projection knows. */
export async function totalOnHand(db: Pick<PoolClient, 'query'>, workspaceId: string, itemId: string): Promise<number> {
  const { rows } = await db.query<{ total: string }>('SELECT COALESCE(sum(on_hand), 0) AS total FROM stock_levels WHERE workspace_id = $1 AND item_id = $2', [
    workspaceId,
    itemId,
  ]);
  return Number(rows[0]?.total ?? 0);
}
