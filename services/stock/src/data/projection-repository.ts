import type { ItemChanged, LocationSnapshot, LocationType, RecordOpening, Tracking } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import type { ItemFacts, PlaceFacts } from '../domain/stock-policy';

type Db = Pool | PoolClient;

/**
 * The stock service's copies of items and locations (docs/consistency.md): kept from their owners'
 * events, each at the owner's version it last applied; how far they have applied each owner's
 * positions is in position_feeds (owner-copies.ts). A call decides from them only once they hold
 * every change its callers had acknowledged.
 */

/** The stock service's copy of a catalog item. */
export interface ItemRow {
  id: string;
  sku: string | null;
  description: string | null;
  track_stock: boolean | null;
  /** The item's own low-stock threshold (numeric as text); null: the workspace default applies. */
  low_stock_threshold: string | null;
  /** The catalog's cost and sell price (numeric as text); null on a copy that never learned them (made before they were copied). */
  cost: string | null;
  sell_price: string | null;
  /** The item's supplier (null: none, or not known: see supplier_known). */
  supplier_id: string | null;
  /** The copy learned the supplier from an event that carries it; false on copies made before suppliers were copied (fillCopiedFields). */
  supplier_known: boolean;
  /** The catalog vouched for the item (its event); an opening's row is unconfirmed until then, since the catalog may yet not create it. */
  confirmed: boolean;
  /** The item is being made catalog-only (CloseItems): no stock of it may be added until that is confirmed or abandoned. */
  closing: boolean;
  /** How its units are told apart: the ledger requires serials or a lot on its lines by it. */
  tracking: Tracking;
  version: number;
}

export interface LocationRow extends PlaceFacts {
  type: LocationType | null;
  /** The location it is normally refilled from; null: none. */
  replenish_from: string | null;
  version: number;
}

/** What the policy decides from of a copied item: confirmed copies only; the rest are unknown to it. */
export function itemFacts(row: ItemRow | undefined): ItemFacts | undefined {
  return row?.confirmed ? { id: row.id, sku: row.sku, trackStock: row.track_stock === true, closing: row.closing } : undefined;
}

/** Known: what the locations service said of it (a name), or its deletion (sticky); a nameless row only records that it was closed. */
const isKnownLocation = (row: LocationRow): boolean => row.deleted || row.name !== null;

/** What the policy decides from of a copied location: known copies only. */
export function placeFacts(row: LocationRow | undefined): PlaceFacts | undefined {
  return row && isKnownLocation(row) ? row : undefined;
}

/** The ids among `itemIds` and `locationIds` whose copy is missing (or, for items, not yet confirmed), by owner. */
export function missingCopies(
  wanted: { itemIds: readonly string[]; locationIds: readonly string[]; supplierIds?: readonly string[] },
  copies: { items: ReadonlyMap<string, ItemRow>; locations: ReadonlyMap<string, LocationRow>; suppliers?: ReadonlyMap<string, string> },
): { catalog: string[]; locations: string[] } {
  return {
    catalog: [
      ...wanted.itemIds.filter((id) => itemFacts(copies.items.get(id)) === undefined),
      ...(wanted.supplierIds ?? []).filter((id) => !copies.suppliers?.has(id)),
    ],
    locations: wanted.locationIds.filter((id) => placeFacts(copies.locations.get(id)) === undefined),
  };
}

/** bigint columns as JavaScript numbers: versions come from a sequence, far below 2^53. */
export const ITEM_COLUMNS =
  'id, sku, description, track_stock, low_stock_threshold::text, cost::text, sell_price::text, supplier_id, supplier_known, confirmed, closing_attempt IS NOT NULL AS closing, tracking, version::float8 AS version';
export const LOCATION_COLUMNS = 'id, name, type, active, deleted, closed, replenish_from, version::float8 AS version';

/** What an item's health is judged by, as a copy held it before and after a change of the copy. */
export interface JudgedFields {
  trackStock: boolean;
  /** numeric as text; null: the workspace default. */
  lowStockThreshold: string | null;
}

/** A copy that took a newer version of the catalog's item: what it held before (undefined: no real copy yet) and what it holds now. */
export interface CopyChange {
  workspaceId: string;
  item: { id: string; sku: string; description: string };
  before: JudgedFields | undefined;
  after: JudgedFields;
}

interface CopyChangeRow {
  workspace_id: string;
  id: string;
  sku: string;
  description: string;
  track_stock: boolean;
  low_stock_threshold: string | null;
  old_version: string | null;
  old_track_stock: boolean | null;
  old_low_stock_threshold: string | null;
}

/**
 * Applies item events in one statement, each unless the copy already holds its version or a later
 * one (events may arrive out of order): the highest version of each item wins, also among the
 * events given together. A copy held closed stops being closed when an event makes the item
 * catalog-only (no stock can be added of it any more) or names the closing's attempt (it
 * confirms it). Answers the copies that took a newer version, with what they held before.
 */
export async function applyItemEvents(tx: PoolClient, events: ReadonlyArray<{ workspaceId: string; item: ItemChanged }>): Promise<CopyChange[]> {
  const latest = new Map<string, { workspaceId: string; item: ItemChanged }>();
  for (const e of events) {
    const key = `${e.workspaceId}/${e.item.id}`;
    const known = latest.get(key);
    if (!known || known.item.version < e.item.version) latest.set(key, e);
  }
  const rows = [...latest.values()].sort((a, b) => (a.workspaceId === b.workspaceId ? (a.item.id < b.item.id ? -1 : 1) : a.workspaceId < b.workspaceId ? -1 : 1));
  if (rows.length === 0) return [];
  // Every closing an event confirms, not only the latest event's of its item.
  const confirming = events.flatMap((e) => (e.item.closingAttempt ? [e.item.closingAttempt] : []));
  const { rows: changed } = await tx.query<CopyChangeRow>(
    `WITH old AS (
       SELECT i.workspace_id, i.id, i.version AS old_version, i.track_stock AS old_track_stock, i.low_stock_threshold::text AS old_low_stock_threshold
         FROM items i JOIN unnest($1::text[], $2::uuid[]) AS k(workspace_id, id) ON i.workspace_id = k.workspace_id AND i.id = k.id
        ORDER BY i.workspace_id, i.id
          FOR UPDATE OF i
     ), applied AS (
       INSERT INTO items AS i (workspace_id, id, sku, description, track_stock, low_stock_threshold, cost, sell_price, supplier_id, supplier_known, confirmed, version, tracking)
       SELECT e.workspace_id, e.id, e.sku, e.description, e.track_stock, e.low_stock_threshold, e.cost, e.sell_price, e.supplier_id, e.supplier_known, true, e.version, e.tracking
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::bigint[], $8::numeric[], $9::numeric[], $10::uuid[], $11::boolean[], $12::text[])
              AS e(workspace_id, id, sku, description, track_stock, low_stock_threshold, version, cost, sell_price, supplier_id, supplier_known, tracking)
        WHERE (SELECT count(*) FROM old) >= 0
       ON CONFLICT (workspace_id, id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock,
              low_stock_threshold = EXCLUDED.low_stock_threshold, cost = EXCLUDED.cost, sell_price = EXCLUDED.sell_price, supplier_id = EXCLUDED.supplier_id,
              supplier_known = EXCLUDED.supplier_known, confirmed = true, version = EXCLUDED.version, tracking = EXCLUDED.tracking,
              closing_attempt = CASE WHEN EXCLUDED.track_stock THEN i.closing_attempt END,
              closing_since = CASE WHEN EXCLUDED.track_stock THEN i.closing_since END
       WHERE i.version < EXCLUDED.version
       RETURNING i.workspace_id, i.id, i.sku, i.description, i.track_stock, i.low_stock_threshold::text, i.tracking
     ), retracked AS (
       -- The item's balances tell units apart as it now does: a change of tracking was confirmed by
       -- the stock service with nothing on hand, reserved or on order (close-items.ts).
       UPDATE balances b SET tracking = a.tracking FROM applied a WHERE b.workspace_id = a.workspace_id AND b.item_id = a.id AND b.tracking <> a.tracking
     )
     SELECT a.*, o.old_version, o.old_track_stock, o.old_low_stock_threshold
       FROM applied a LEFT JOIN old o ON o.workspace_id = a.workspace_id AND o.id = a.id`,
    [
      rows.map((r) => r.workspaceId),
      rows.map((r) => r.item.id),
      rows.map((r) => r.item.sku),
      rows.map((r) => r.item.description),
      rows.map((r) => r.item.trackStock),
      rows.map((r) => r.item.lowStockThreshold),
      rows.map((r) => r.item.version),
      // An event recorded before prices were copied leaves the copy without them (null).
      rows.map((r) => r.item.cost ?? null),
      rows.map((r) => r.item.sellPrice ?? null),
      // Events recorded before suppliers were copied leave it null: replenishment finds no supplier to order from.
      rows.map((r) => r.item.supplierId ?? null),
      rows.map((r) => r.item.supplierId !== undefined),
      // Events recorded before tracking existed were of untracked items.
      rows.map((r) => r.item.tracking ?? 'none'),
    ],
  );
  // Whether or not its event was the latest of its item (events may arrive out of order).
  if (confirming.length > 0) await endClosings(tx, confirming);
  return changed.map((r) => ({
    workspaceId: r.workspace_id,
    item: { id: r.id, sku: r.sku, description: r.description },
    // A copy at version 0 held nothing the catalog vouched for (an opening's row, or a copy from before thresholds were copied).
    before: r.old_version === null || Number(r.old_version) === 0 ? undefined : { trackStock: r.old_track_stock === true, lowStockThreshold: r.old_low_stock_threshold },
    after: { trackStock: r.track_stock, lowStockThreshold: r.low_stock_threshold },
  }));
}

/**
 * Fills what copies made before it was copied lack (prices: null; the supplier: not
 * supplier_known) from the catalog's committed snapshots: a newer snapshot is applied whole
 * (applyItemEvents); one of the copy's own version only adds what it lacked.
 */
export async function fillCopiedFields(tx: PoolClient, workspaceId: string, items: readonly ItemChanged[]): Promise<void> {
  await applyItemEvents(tx, items.map((item) => ({ workspaceId, item })));
  await tx.query(
    `UPDATE items i SET cost = coalesce(i.cost, p.cost), sell_price = CASE WHEN i.cost IS NULL THEN p.sell_price ELSE i.sell_price END,
            supplier_id = CASE WHEN i.supplier_known THEN i.supplier_id ELSE p.supplier_id END, supplier_known = true
       FROM unnest($2::uuid[], $3::numeric[], $4::numeric[], $5::uuid[], $6::bigint[]) AS p(id, cost, sell_price, supplier_id, version)
      WHERE i.workspace_id = $1 AND i.id = p.id AND (i.cost IS NULL OR NOT i.supplier_known) AND i.version = p.version`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.cost ?? 0), items.map((i) => i.sellPrice ?? 0), items.map((i) => i.supplierId ?? null), items.map((i) => i.version)],
  );
}

/** The copies of some items, as they are now (no lock): what a change reads to choose what to lock. */
export async function readItemCopies(db: Db, workspaceId: string, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Records the items a record-opening command introduces, in one statement; the catalog confirms them later. */
export async function storeOpeningItems(tx: PoolClient, workspaceId: string, items: RecordOpening['lines'][number]['item'][]): Promise<void> {
  await tx.query(
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, low_stock_threshold, confirmed, tracking)
     SELECT id, $1, sku, description, track_stock, low_stock_threshold, false, tracking
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::text[]) AS i(id, sku, description, track_stock, low_stock_threshold, tracking)
     ORDER BY id
     ON CONFLICT (workspace_id, id) DO NOTHING`,
    [
      workspaceId,
      items.map((i) => i.id),
      items.map((i) => i.sku),
      items.map((i) => i.description),
      items.map((i) => i.trackStock),
      items.map((i) => i.lowStockThreshold),
      items.map((i) => i.tracking ?? 'none'),
    ],
  );
}

/**
 * Holds items closed under `attempt` (the caller holds their exclusive locks and found none on
 * hand), creating the copy of one never heard of (unconfirmed: the catalog has not vouched for it
 * here yet). A closing already held under another attempt is taken over: the later one decides.
 */
export async function closeItemCopies(tx: PoolClient, workspaceId: string, itemIds: readonly string[], attempt: string): Promise<void> {
  await tx.query(
    `INSERT INTO items AS i (workspace_id, id, confirmed, closing_attempt, closing_since)
     SELECT $1, id, false, $3, now() FROM unnest($2::uuid[]) AS id ORDER BY id
     ON CONFLICT (workspace_id, id) DO UPDATE SET closing_attempt = EXCLUDED.closing_attempt, closing_since = EXCLUDED.closing_since`,
    [workspaceId, itemIds, attempt],
  );
}

/** Ends the closings held under these attempts (confirmed, or abandoned): their items take stock again as their copies say. */
export async function endClosings(tx: PoolClient, attempts: readonly string[], itemIds?: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE items SET closing_attempt = NULL, closing_since = NULL
      WHERE closing_attempt = ANY($1::uuid[]) AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))`,
    [attempts, itemIds ?? null],
  );
}

/** Closings held longer than `olderThanMs`, neither confirmed nor abandoned (their catalog process died): the sweeper's work, by workspace. */
export async function staleClosings(db: Db, olderThanMs: number, limit: number): Promise<Array<{ workspaceId: string; itemId: string; attempt: string }>> {
  const { rows } = await db.query<{ workspace_id: string; id: string; closing_attempt: string }>(
    `SELECT workspace_id, id, closing_attempt FROM items
      WHERE closing_attempt IS NOT NULL AND closing_since < now() - $1 * interval '1 millisecond'
      ORDER BY closing_since LIMIT $2`,
    [olderThanMs, limit],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, itemId: r.id, attempt: r.closing_attempt }));
}

/** Applies a location event unless the copy already holds that version or a later one; never undoes a deletion or a closure. */
export async function applyLocationEvent(tx: PoolClient, workspaceId: string, location: LocationSnapshot): Promise<void> {
  await tx.query(
    `INSERT INTO locations AS l (id, workspace_id, name, type, active, replenish_from, version) VALUES ($1, $2, $3, $4, $5, $7, $6)
     ON CONFLICT (workspace_id, id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, active = EXCLUDED.active, replenish_from = EXCLUDED.replenish_from, version = EXCLUDED.version
     WHERE l.version < EXCLUDED.version`,
    [location.id, workspaceId, location.name, location.type, location.active, location.version, location.replenishFrom ?? null],
  );
}

export async function markLocationDeleted(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query(
    `INSERT INTO locations (id, workspace_id, deleted) VALUES ($1, $2, true)
     ON CONFLICT (workspace_id, id) DO UPDATE SET deleted = true`,
    [id, workspaceId],
  );
}

/** Makes sure a row exists to lock or close, even for a location no event has told us of yet. */
export async function ensureLocationRow(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query('INSERT INTO locations (id, workspace_id) VALUES ($1, $2) ON CONFLICT (workspace_id, id) DO NOTHING', [id, workspaceId]);
}

export async function setLocationClosed(tx: PoolClient, workspaceId: string, id: string, closed: boolean): Promise<void> {
  await tx.query('UPDATE locations SET closed = $3 WHERE workspace_id = $1 AND id = $2', [workspaceId, id, closed]);
}

/** Applies supplier.created to the copies of suppliers (a supplier is never renamed nor deleted: the first copy stays). */
export async function applySupplierEvents(tx: PoolClient, events: ReadonlyArray<{ workspaceId: string; id: string; name: string }>): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO suppliers (workspace_id, id, name) SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[]) ORDER BY 1, 2 ON CONFLICT (workspace_id, id) DO NOTHING`,
    [events.map((e) => e.workspaceId), events.map((e) => e.id), events.map((e) => e.name)],
  );
}
