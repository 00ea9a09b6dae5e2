import type { PoolClient } from '@inv/shared/db';
import type { StockLevel } from '../domain/stock-level';

/**
 * Upserts levels (at most one per balance, see latestPerBalance) in one statement, keeping each
 * balance at its highest version: an older or repeated delivery finds a row at least as new and
 * changes nothing. Rows are written in key order, so concurrent writers lock them in one order.
 */
export async function applyStockLevels(tx: PoolClient, levels: StockLevel[]): Promise<void> {
  await tx.query({
    // Named: parsed and planned once per connection, not per batch of events.
    name: 'catalog_apply_stock_levels',
    text: `INSERT INTO stock_levels (item_id, location_id, workspace_id, on_hand, version)
     SELECT l.item_id, l.location_id, l.workspace_id, l.on_hand, l.version
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::numeric[], $5::bigint[]) AS l(item_id, location_id, workspace_id, on_hand, version)
      ORDER BY l.workspace_id, l.item_id, l.location_id
     ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET on_hand = EXCLUDED.on_hand, version = EXCLUDED.version
     WHERE stock_levels.version < EXCLUDED.version`,
    values: [levels.map((l) => l.itemId), levels.map((l) => l.locationId), levels.map((l) => l.workspaceId), levels.map((l) => l.onHand), levels.map((l) => l.version)],
  });
}
