import { DEFAULT_LOW_STOCK_THRESHOLD } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import type { ItemTotal } from '../domain/item-health';
import { toUnits, unitsToDecimal, type Units } from '../domain/quantity';

type Db = Pool | PoolClient;

/**
 * The workspace's stock settings and the items' totals, as a change of a threshold reads them
 * (use-cases/item-health-changes.ts). A change of the workspace default takes the settings' lock
 * exclusively; a change of one item's threshold or tracking takes it shared, so that an item
 * switching to the default and the default changing are judged one after the other, never both
 * from what the other replaces. Movements read the settings without it: they hold the totals they
 * judge, which a change of the default locks too.
 */
const SETTINGS_LOCKS = "hashtext('stock.settings')";

/** The workspace's default low-stock threshold as text (the default when it never set one). */
async function readDefault(db: Db, workspaceId: string): Promise<string> {
  const { rows } = await db.query<{ threshold: string }>('SELECT default_low_stock_threshold::text AS threshold FROM workspace_settings WHERE workspace_id = $1', [workspaceId]);
  return rows[0]?.threshold ?? String(DEFAULT_LOW_STOCK_THRESHOLD);
}

/** The default threshold, held against a change of it until the transaction ends. */
export async function lockDefaultThresholdShared(tx: PoolClient, workspaceId: string): Promise<Units> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${SETTINGS_LOCKS}, hashtext($1))`, [workspaceId]);
  return toUnits(await readDefault(tx, workspaceId));
}

/** The default threshold, locked for a change of it until the transaction ends (it waits for every change of an item's threshold in flight). */
export async function lockDefaultThreshold(tx: PoolClient, workspaceId: string): Promise<Units> {
  await tx.query(`SELECT pg_advisory_xact_lock(${SETTINGS_LOCKS}, hashtext($1))`, [workspaceId]);
  return toUnits(await readDefault(tx, workspaceId));
}

/** The workspace's default low-stock threshold as the API shows it. */
export async function defaultThreshold(db: Db, workspaceId: string): Promise<number> {
  return Number(await readDefault(db, workspaceId));
}

export async function saveDefaultThreshold(tx: PoolClient, workspaceId: string, threshold: Units, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO workspace_settings (workspace_id, default_low_stock_threshold, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id) DO UPDATE SET default_low_stock_threshold = EXCLUDED.default_low_stock_threshold, updated_at = EXCLUDED.updated_at`,
    [workspaceId, unitsToDecimal(threshold), now],
  );
}

/** The totals of these items that exist, locked until the transaction ends (an item without one never held stock). */
export async function lockTotals(tx: PoolClient, workspaceId: string, itemIds: readonly string[]): Promise<Map<string, ItemTotal>> {
  const { rows } = await tx.query<{ item_id: string; on_hand: string; changes: string }>(
    `SELECT item_id, on_hand::text, changes FROM item_totals WHERE workspace_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id FOR UPDATE`,
    [workspaceId, [...new Set(itemIds)]],
  );
  return new Map(rows.map((r) => [r.item_id, { onHand: toUnits(r.on_hand), changes: Number(r.changes) }]));
}

/** An item judged by the workspace default, with its total. */
export interface DefaultJudgedItem extends ItemTotal {
  item: { id: string; sku: string; description: string };
}

/**
 * The stock-tracked items judged by the workspace default (no threshold of their own) whose total
 * ever changed, with their totals locked until the transaction ends, in item order. Copies the
 * catalog has not confirmed yet (an opening's) or from before thresholds were copied are left
 * out: they are judged when they learn the catalog's state.
 */
export async function lockTotalsJudgedByDefault(tx: PoolClient, workspaceId: string): Promise<DefaultJudgedItem[]> {
  const { rows } = await tx.query<{ item_id: string; sku: string; description: string; on_hand: string; changes: string }>(
    `SELECT t.item_id, i.sku, i.description, t.on_hand::text, t.changes
       FROM item_totals t JOIN items i ON i.workspace_id = t.workspace_id AND i.id = t.item_id
      WHERE t.workspace_id = $1 AND t.changes > 0 AND i.track_stock AND i.low_stock_threshold IS NULL
        AND i.confirmed AND i.version > 0
      ORDER BY t.item_id
        FOR UPDATE OF t`,
    [workspaceId],
  );
  return rows.map((r) => ({ item: { id: r.item_id, sku: r.sku, description: r.description }, onHand: toUnits(r.on_hand), changes: Number(r.changes) }));
}
