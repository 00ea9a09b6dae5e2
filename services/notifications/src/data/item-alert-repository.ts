import type { PoolClient } from '@inv/shared/db';

/** The notifications service's copy of an item: what its alerts need. */
export interface ItemCopy {
  id: string;
  sku: string;
  description: string;
  trackStock: boolean;
  lowStockThreshold: number | null;
  version: number;
}

/** The state an item's last alert decision saw. */
export interface ItemHealthState {
  onHand: number;
  threshold: number;
  defaultThreshold: number;
  trackStock: boolean;
  version: number;
}

/** Keeps the newest copy of each item (by the catalog's version); answers the copies it replaced, keyed by id. */
export async function saveItemCopies(tx: PoolClient, workspaceId: string, items: ItemCopy[]): Promise<Map<string, ItemCopy>> {
  if (items.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; sku: string; description: string; track_stock: boolean; low_stock_threshold: string | null; version: string }>(
    `WITH given AS (
       SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::bigint[]) AS g(id, sku, description, track_stock, low_stock_threshold, version)
     ), previous AS (
       SELECT i.* FROM items i JOIN given g ON i.workspace_id = $1 AND i.id = g.id FOR UPDATE OF i
     ), saved AS (
       INSERT INTO items AS i (workspace_id, id, sku, description, track_stock, low_stock_threshold, version)
       SELECT $1, id, sku, description, track_stock, low_stock_threshold, version FROM given
       ON CONFLICT (workspace_id, id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock,
         low_stock_threshold = EXCLUDED.low_stock_threshold, version = EXCLUDED.version
       WHERE i.version < EXCLUDED.version
       RETURNING i.id
     )
     SELECT p.id, p.sku, p.description, p.track_stock, p.low_stock_threshold::text, p.version::text FROM previous p JOIN saved s ON s.id = p.id`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.sku), items.map((i) => i.description), items.map((i) => i.trackStock), items.map((i) => i.lowStockThreshold), items.map((i) => i.version)],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, sku: r.sku, description: r.description, trackStock: r.track_stock, lowStockThreshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold), version: Number(r.version) }]));
}

/** An item of a workspace: how the copies and states of several workspaces are keyed. */
export interface ItemKey {
  workspaceId: string;
  itemId: string;
}

export const itemKey = (k: ItemKey): string => `${k.workspaceId}/${k.itemId}`;

const KEYS_IN = (columns: string) => `(${columns}) IN (SELECT * FROM unnest($1::text[], $2::uuid[]))`;
const keyParams = (keys: readonly ItemKey[]) => [keys.map((k) => k.workspaceId), keys.map((k) => k.itemId)];

export async function itemCopies(tx: PoolClient, keys: readonly ItemKey[]): Promise<Map<string, ItemCopy>> {
  const { rows } = await tx.query<{ workspace_id: string; id: string; sku: string; description: string; track_stock: boolean; low_stock_threshold: string | null; version: string }>(
    `SELECT workspace_id, id, sku, description, track_stock, low_stock_threshold::text, version::text FROM items WHERE ${KEYS_IN('workspace_id, id')}`,
    keyParams(keys),
  );
  return new Map(
    rows.map((r) => [
      itemKey({ workspaceId: r.workspace_id, itemId: r.id }),
      { id: r.id, sku: r.sku, description: r.description, trackStock: r.track_stock, lowStockThreshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold), version: Number(r.version) },
    ]),
  );
}

/** On hand per location of the items given: item key → location id → on hand. */
export async function balancesOf(tx: PoolClient, keys: readonly ItemKey[]): Promise<Map<string, Map<string, number>>> {
  const { rows } = await tx.query<{ workspace_id: string; item_id: string; location_id: string; on_hand: string }>(
    `SELECT workspace_id, item_id, location_id, on_hand::text FROM balances WHERE ${KEYS_IN('workspace_id, item_id')}`,
    keyParams(keys),
  );
  const byItem = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const key = itemKey({ workspaceId: r.workspace_id, itemId: r.item_id });
    const locations = byItem.get(key) ?? new Map<string, number>();
    locations.set(r.location_id, Number(r.on_hand));
    byItem.set(key, locations);
  }
  return byItem;
}

export async function saveBalances(tx: PoolClient, balances: ReadonlyArray<ItemKey & { locationId: string; onHand: number }>): Promise<void> {
  if (balances.length === 0) return;
  await tx.query(
    `INSERT INTO balances (workspace_id, item_id, location_id, on_hand)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::numeric[])
     ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET on_hand = EXCLUDED.on_hand`,
    [balances.map((b) => b.workspaceId), balances.map((b) => b.itemId), balances.map((b) => b.locationId), balances.map((b) => b.onHand)],
  );
}

/** The items' last health states by item key, locked until the transaction ends. */
export async function healthStates(tx: PoolClient, keys: readonly ItemKey[]): Promise<Map<string, ItemHealthState>> {
  const { rows } = await tx.query<{ workspace_id: string; item_id: string; on_hand: string; threshold: string; default_threshold: string; track_stock: boolean; position: string }>(
    `SELECT workspace_id, item_id, on_hand::text, threshold::text, default_threshold::text, track_stock, position::text FROM item_health
      WHERE ${KEYS_IN('workspace_id, item_id')} ORDER BY workspace_id, item_id FOR UPDATE`,
    keyParams(keys),
  );
  return new Map(
    rows.map((r) => [
      itemKey({ workspaceId: r.workspace_id, itemId: r.item_id }),
      { onHand: Number(r.on_hand), threshold: Number(r.threshold), defaultThreshold: Number(r.default_threshold), trackStock: r.track_stock, version: Number(r.position) },
    ]),
  );
}

export async function saveHealthStates(tx: PoolClient, states: ReadonlyArray<ItemHealthState & ItemKey>): Promise<void> {
  if (states.length === 0) return;
  await tx.query(
    `INSERT INTO item_health (workspace_id, item_id, on_hand, threshold, default_threshold, track_stock, position)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::numeric[], $4::numeric[], $5::numeric[], $6::boolean[], $7::bigint[])
     ON CONFLICT (workspace_id, item_id) DO UPDATE SET on_hand = EXCLUDED.on_hand, threshold = EXCLUDED.threshold, default_threshold = EXCLUDED.default_threshold,
       track_stock = EXCLUDED.track_stock, position = EXCLUDED.position`,
    [states.map((s) => s.workspaceId), states.map((s) => s.itemId), states.map((s) => s.onHand), states.map((s) => s.threshold), states.map((s) => s.defaultThreshold), states.map((s) => s.trackStock), states.map((s) => s.version)],
  );
}

/** A change of an item's threshold or tracking placed after a stock position the feed has not applied yet. */
export interface WaitingItemChange<M> extends ItemKey {
  version: number;
  afterPosition: number;
  message: M;
}

export async function parkItemChanges<M>(tx: PoolClient, changes: ReadonlyArray<WaitingItemChange<M>>): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `INSERT INTO item_changes_waiting (workspace_id, item_id, version, after_position, message)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::bigint[], $5::jsonb[]) ON CONFLICT DO NOTHING`,
    [changes.map((c) => c.workspaceId), changes.map((c) => c.itemId), changes.map((c) => c.version), changes.map((c) => c.afterPosition), changes.map((c) => JSON.stringify(c.message))],
  );
}

/** The changes waiting in the workspaces given, each workspace's in the order they take effect. */
export async function waitingItemChanges<M>(tx: PoolClient, workspaceIds: readonly string[]): Promise<Array<WaitingItemChange<M>>> {
  if (workspaceIds.length === 0) return [];
  const { rows } = await tx.query<{ workspace_id: string; item_id: string; version: string; after_position: string; message: M }>(
    `SELECT workspace_id, item_id, version::text, after_position::text, message FROM item_changes_waiting
      WHERE workspace_id = ANY($1::text[]) ORDER BY workspace_id, after_position, version`,
    [workspaceIds],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, itemId: r.item_id, version: Number(r.version), afterPosition: Number(r.after_position), message: r.message }));
}

/** Puts the changes that took effect into the item copies and drops them from the waiting room. */
export async function takeEffect(tx: PoolClient, changes: ReadonlyArray<WaitingItemChange<unknown> & Pick<ItemCopy, 'trackStock' | 'lowStockThreshold'>>): Promise<void> {
  if (changes.length === 0) return;
  await tx.query(
    `WITH taken AS (
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::boolean[], $5::numeric[]) AS t(workspace_id, item_id, version, track_stock, low_stock_threshold)
     ), dropped AS (
       DELETE FROM item_changes_waiting w USING taken t WHERE (w.workspace_id, w.item_id, w.version) = (t.workspace_id, t.item_id, t.version)
     ), latest AS (
       SELECT DISTINCT ON (workspace_id, item_id) * FROM taken ORDER BY workspace_id, item_id, version DESC
     )
     UPDATE items i SET track_stock = l.track_stock, low_stock_threshold = l.low_stock_threshold FROM latest l WHERE (i.workspace_id, i.id) = (l.workspace_id, l.item_id)`,
    [changes.map((c) => c.workspaceId), changes.map((c) => c.itemId), changes.map((c) => c.version), changes.map((c) => c.trackStock), changes.map((c) => c.lowStockThreshold)],
  );
}
