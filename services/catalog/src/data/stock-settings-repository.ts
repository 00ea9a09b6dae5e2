import { DEFAULT_LOW_STOCK_THRESHOLD, type StockSettingsChanged } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';

/**
 * The catalog's copy of each workspace's stock settings, from stock.settings_changed. The events
 * of one workspace come from its one outbox in commit order, so the last applied is the newest.
 */
export async function applyStockSettings(tx: PoolClient, messages: Envelope<StockSettingsChanged>[]): Promise<void> {
  const latest = new Map(messages.map((m) => [m.workspaceId, m.payload.defaultLowStockThreshold]));
  await tx.query(
    `INSERT INTO stock_settings (workspace_id, default_low_stock_threshold) SELECT * FROM unnest($1::text[], $2::numeric[])
     ON CONFLICT (workspace_id) DO UPDATE SET default_low_stock_threshold = EXCLUDED.default_low_stock_threshold`,
    [[...latest.keys()], [...latest.values()]],
  );
}

/** The workspace's default low-stock threshold as the copy holds it (DEFAULT_LOW_STOCK_THRESHOLD before any change). */
export async function defaultLowStockThreshold(pool: Pool, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ threshold: string }>('SELECT default_low_stock_threshold::text AS threshold FROM stock_settings WHERE workspace_id = $1', [workspaceId]);
  return rows[0] ? Number(rows[0].threshold) : DEFAULT_LOW_STOCK_THRESHOLD;
}
