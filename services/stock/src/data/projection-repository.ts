import type { Actor, CommittedLocation, ItemSnapshot, LocationSnapshot, LocationType, RecordOpening } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import type { ItemCopyPart } from '@inv/shared/core';
import { type Fenced, holdsFencedVersion, type ItemNeeds, servesItemUse } from '../domain/projected-facts';
import type { ItemFacts, PlaceFacts } from '../domain/stock-policy';

type Db = Pool | PoolClient;

/**
 * The stock service's copy of a catalog item. The copied fields are null only on a row a fence
 * created before anything else was heard of the item; such a row is unconfirmed.
 */
export interface ItemRow extends Fenced {
  id: string;
  sku: string | null;
  description: string | null;
  track_stock: boolean | null;
  /** The item's own low-stock threshold (numeric as text); null: the workspace default applies. */
  low_stock_threshold: string | null;
  /** The catalog's cost and sell price (numeric as text); null on a copy that never learned them (made before they were copied). */
  cost: string | null;
  sell_price: string | null;
  /** The catalog vouched for the item (an event or its answer); an opening's row is unconfirmed until then, since the catalog may yet roll it back. */
  confirmed: boolean;
  /** The parts the changes fenced past `version` touch; null: every part (or none fenced). */
  fenced_parts: ItemCopyPart[] | null;
}

export interface LocationRow extends PlaceFacts, Fenced {
  type: LocationType | null;
  /** The location it is normally refilled from (a copied, fenced field); null: none. */
  replenish_from: string | null;
}

/**
 * Known, and holding every version the catalog fenced of what the use needs (every part unless
 * said): the copy may decide rules and be shown for that use.
 */
export const isKnownItem = (row: ItemRow, needs: ItemNeeds = 'every part'): boolean => row.confirmed && servesItemUse({ version: row.version, fence: row.fence, fencedParts: row.fenced_parts }, needs);

/** What the policy decides from of a copied item: copies known for the use (every part unless said) only; the rest are unknown to it. */
export function itemFacts(row: ItemRow | undefined, needs: ItemNeeds = 'every part'): ItemFacts | undefined {
  return row && isKnownItem(row, needs) ? { id: row.id, sku: row.sku, trackStock: row.track_stock === true } : undefined;
}

/**
 * Known: what the locations service said of it (a name), or its deletion (sticky, and refused by
 * rule whatever else is fenced); a nameless row only records that it was closed. And holding
 * every version the locations service fenced.
 */
export const isKnownLocation = (row: LocationRow): boolean => row.deleted || (row.name !== null && holdsFencedVersion(row));

/** What the policy decides from of a copied location: known copies only. */
export function placeFacts(row: LocationRow | undefined): PlaceFacts | undefined {
  return row && isKnownLocation(row) ? row : undefined;
}

/** bigint columns as JavaScript numbers: versions come from a sequence, far below 2^53. */
export const ITEM_COLUMNS = 'id, sku, description, track_stock, low_stock_threshold::text, cost::text, sell_price::text, confirmed, version::float8 AS version, fence::float8 AS fence, fenced_parts';

/** A known copy that holds the catalog's prices: what a job's completion freezes them from. */
export const isPricedItem = (row: ItemRow): boolean => isKnownItem(row) && row.cost !== null && row.sell_price !== null;
export const LOCATION_COLUMNS = 'id, name, type, active, deleted, closed, replenish_from, version::float8 AS version, fence::float8 AS fence';

/** What an item's health is judged by, as a copy held it before and after a change of the copy. */
export interface JudgedFields {
  trackStock: boolean;
  /** numeric as text; null: the workspace default. */
  lowStockThreshold: string | null;
}

/** A copy that took a newer version of the catalog's item: what it held before (undefined: no real copy yet) and what it holds now. */
export interface CopyChange {
  workspaceId: string;
  item: Pick<ItemSnapshot, 'id' | 'sku' | 'description'>;
  before: JudgedFields | undefined;
  after: JudgedFields;
  /** Who made the change as the fence announced it (fenceItemCopy), null when unknown. */
  fenceActor: Actor | null;
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
  fence_actor: Actor | null;
}

function copyChanges(rows: CopyChangeRow[]): CopyChange[] {
  return rows.map((r) => ({
    workspaceId: r.workspace_id,
    item: { id: r.id, sku: r.sku, description: r.description },
    // A copy at version 0 held nothing the catalog vouched for (a fence's or an opening's row, or a copy from before thresholds were copied).
    before: r.old_version === null || Number(r.old_version) === 0 ? undefined : { trackStock: r.old_track_stock === true, lowStockThreshold: r.old_low_stock_threshold },
    after: { trackStock: r.track_stock, lowStockThreshold: r.low_stock_threshold },
    fenceActor: r.fence_actor,
  }));
}

/**
 * The copies as they are before a change, locked (in key order, as every writer of copies locks
 * them) so that the change compares with what it replaces; the statement that follows in the
 * same round trip joins them through the temporary result of this one.
 */
const OLD_COPIES = `old AS (
       SELECT i.workspace_id, i.id, i.version AS old_version, i.track_stock AS old_track_stock, i.low_stock_threshold::text AS old_low_stock_threshold
         FROM items i JOIN unnest($1::text[], $2::uuid[]) AS k(workspace_id, id) ON i.workspace_id = k.workspace_id AND i.id = k.id
        ORDER BY i.workspace_id, i.id
          FOR UPDATE OF i
     )`;

/**
 * Applies item events in one statement, each unless the copy already holds its version or a later
 * one (events may arrive out of order): the highest version of each item wins, also among the
 * events given together. Answers the copies that took a newer version, with what they held before.
 */
export async function applyItemEvents(tx: PoolClient, events: ReadonlyArray<{ workspaceId: string; item: ItemSnapshot }>): Promise<CopyChange[]> {
  const latest = new Map<string, { workspaceId: string; item: ItemSnapshot }>();
  for (const e of events) {
    const key = `${e.workspaceId}/${e.item.id}`;
    const known = latest.get(key);
    if (!known || known.item.version < e.item.version) latest.set(key, e);
  }
  const rows = [...latest.values()].sort((a, b) => (a.workspaceId === b.workspaceId ? (a.item.id < b.item.id ? -1 : 1) : a.workspaceId < b.workspaceId ? -1 : 1));
  if (rows.length === 0) return [];
  const { rows: changed } = await tx.query<CopyChangeRow>(
    `WITH ${OLD_COPIES}, applied AS (
       INSERT INTO items AS i (workspace_id, id, sku, description, track_stock, low_stock_threshold, cost, sell_price, confirmed, version)
       SELECT e.workspace_id, e.id, e.sku, e.description, e.track_stock, e.low_stock_threshold, e.cost, e.sell_price, true, e.version
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::bigint[], $8::numeric[], $9::numeric[])
              AS e(workspace_id, id, sku, description, track_stock, low_stock_threshold, version, cost, sell_price)
        WHERE (SELECT count(*) FROM old) >= 0
       ON CONFLICT (workspace_id, id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock,
              low_stock_threshold = EXCLUDED.low_stock_threshold, cost = EXCLUDED.cost, sell_price = EXCLUDED.sell_price, confirmed = true, version = EXCLUDED.version
       WHERE i.version < EXCLUDED.version
       RETURNING i.workspace_id, i.id, i.sku, i.description, i.track_stock, i.low_stock_threshold::text, i.fence_actor
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
      // An event recorded before prices were copied leaves the copy without them (null), to be asked for when a job needs them.
      rows.map((r) => r.item.cost ?? null),
      rows.map((r) => r.item.sellPrice ?? null),
    ],
  );
  return copyChanges(changed);
}

/**
 * Stores what the catalog answered for items the copy could not vouch for, each with the fence
 * the copy had when it was found wanting (`observedFences`, null for none). The answer was read
 * once no write to the items was in flight, so a fence it does not reach belongs to a write that
 * never committed: it is lifted, unless a newer fence arrived meanwhile. Newer copied fields win.
 * Answers the copies that took a newer version, with what they held before.
 */
export async function storeResolvedItems(tx: PoolClient, workspaceId: string, items: ItemSnapshot[], observedFences: Map<string, number | null>): Promise<CopyChange[]> {
  if (items.length === 0) return [];
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
  const { rows: changed } = await tx.query<CopyChangeRow>(
    `WITH ${OLD_COPIES}, stored AS (
       INSERT INTO items AS i (workspace_id, id, sku, description, track_stock, low_stock_threshold, cost, sell_price, confirmed, version, fence)
       SELECT u.workspace_id, u.id, u.sku, u.description, u.track_stock, u.low_stock_threshold, u.cost, u.sell_price, true, u.version, u.observed_fence
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[], $7::bigint[], $8::bigint[], $9::numeric[], $10::numeric[])
              AS u(workspace_id, id, sku, description, track_stock, low_stock_threshold, version, observed_fence, cost, sell_price)
        WHERE (SELECT count(*) FROM old) >= 0
       ON CONFLICT (workspace_id, id) DO UPDATE SET
         sku = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.sku ELSE i.sku END,
         description = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.description ELSE i.description END,
         track_stock = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.track_stock ELSE i.track_stock END,
         low_stock_threshold = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.low_stock_threshold ELSE i.low_stock_threshold END,
         -- A copy that never learned the prices takes them from an answer at its own version too.
         cost = CASE WHEN i.version < EXCLUDED.version OR (i.version = EXCLUDED.version AND i.cost IS NULL) THEN EXCLUDED.cost ELSE i.cost END,
         sell_price = CASE WHEN i.version < EXCLUDED.version OR (i.version = EXCLUDED.version AND i.sell_price IS NULL) THEN EXCLUDED.sell_price ELSE i.sell_price END,
         confirmed = true,
         version = greatest(i.version, EXCLUDED.version),
         fence = CASE WHEN i.fence = EXCLUDED.fence AND i.fence > EXCLUDED.version THEN NULL ELSE i.fence END
       RETURNING i.workspace_id, i.id, i.sku, i.description, i.track_stock, i.low_stock_threshold::text, i.fence_actor, i.version
     )
     SELECT s.workspace_id, s.id, s.sku, s.description, s.track_stock, s.low_stock_threshold, s.fence_actor, o.old_version, o.old_track_stock, o.old_low_stock_threshold
       FROM stored s LEFT JOIN old o ON o.workspace_id = s.workspace_id AND o.id = s.id
      WHERE o.old_version IS NULL OR o.old_version < s.version`,
    [
      sorted.map(() => workspaceId),
      sorted.map((i) => i.id),
      sorted.map((i) => i.sku),
      sorted.map((i) => i.description),
      sorted.map((i) => i.trackStock),
      sorted.map((i) => i.lowStockThreshold),
      sorted.map((i) => i.version),
      sorted.map((i) => observedFences.get(i.id) ?? null),
      sorted.map((i) => i.cost ?? null),
      sorted.map((i) => i.sellPrice ?? null),
    ],
  );
  return copyChanges(changed);
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
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, low_stock_threshold, confirmed)
     SELECT id, $1, sku, description, track_stock, low_stock_threshold, false
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::numeric[]) AS i(id, sku, description, track_stock, low_stock_threshold)
     ORDER BY id
     ON CONFLICT (workspace_id, id) DO NOTHING`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.sku), items.map((i) => i.description), items.map((i) => i.trackStock), items.map((i) => i.lowStockThreshold)],
  );
}

/** Forgets items that only a cancelled opening had introduced, with their totals (the opening was all they held). */
export async function deleteUnconfirmedItems(tx: PoolClient, workspaceId: string, ids: string[]): Promise<void> {
  await tx.query(
    `WITH gone AS (DELETE FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT confirmed RETURNING id)
     DELETE FROM item_totals WHERE workspace_id = $1 AND item_id IN (SELECT id FROM gone)`,
    [workspaceId, ids],
  );
}

/**
 * Fences the copy of an item at `version` (creating the row when the item was never heard of),
 * recording who makes the change and the parts it touches (undefined: every part); the caller
 * holds the item's exclusive lock. While an earlier fence is still past what the copy holds, the
 * parts add up (a fence of a lower version too: its change is still in flight). With
 * `requireNoStock`, answers the item's on-hand over every location, read under that lock.
 */
export async function fenceItemCopy(
  tx: PoolClient,
  workspaceId: string,
  itemId: string,
  version: number,
  requireNoStock: boolean,
  actor: Actor | null,
  parts?: readonly ItemCopyPart[],
): Promise<{ onHand: string | undefined }> {
  await tx.query('INSERT INTO items (id, workspace_id, confirmed) VALUES ($1, $2, false) ON CONFLICT (workspace_id, id) DO NOTHING', [itemId, workspaceId]);
  // The item's total too: a change of stock that holds no advisory lock of the item (a large
  // import) holds its total's row, and a fence waits for it there.
  await tx.query('INSERT INTO item_totals AS t (workspace_id, item_id, on_hand) VALUES ($1, $2, 0) ON CONFLICT (workspace_id, item_id) DO UPDATE SET changes = t.changes', [workspaceId, itemId]);
  let onHand: string | undefined;
  if (requireNoStock) {
    const { rows } = await tx.query<{ on_hand: string }>('SELECT coalesce(sum(on_hand), 0)::text AS on_hand FROM balances WHERE workspace_id = $1 AND item_id = $2', [workspaceId, itemId]);
    onHand = rows[0]!.on_hand;
  }
  await tx.query(
    `UPDATE items SET
       fenced_parts = CASE
         WHEN fence IS NULL OR fence <= version THEN $5::text[]
         WHEN fenced_parts IS NULL OR $5::text[] IS NULL THEN NULL
         ELSE ARRAY(SELECT DISTINCT unnest(fenced_parts || $5::text[]) ORDER BY 1) END,
       fence_actor = CASE WHEN fence IS NULL OR fence <= $3 THEN $4 ELSE fence_actor END,
       fence = greatest(fence, $3)
     WHERE id = $1 AND workspace_id = $2`,
    [itemId, workspaceId, version, actor, parts ?? null],
  );
  return { onHand };
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

/**
 * Stores what the locations service answered for a location the copy could not vouch for, as
 * storeResolvedItems does for items (a fence the answer does not reach is lifted unless a newer
 * one arrived); a deletion it reports is recorded for good.
 */
export async function storeResolvedLocation(tx: PoolClient, workspaceId: string, location: CommittedLocation, observedFence: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO locations AS l (id, workspace_id, name, type, active, deleted, version, fence, replenish_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (workspace_id, id) DO UPDATE SET
       name = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.name ELSE l.name END,
       type = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.type ELSE l.type END,
       active = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.active ELSE l.active END,
       replenish_from = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.replenish_from ELSE l.replenish_from END,
       deleted = l.deleted OR EXCLUDED.deleted,
       version = greatest(l.version, EXCLUDED.version),
       fence = CASE WHEN l.fence = EXCLUDED.fence AND l.fence > EXCLUDED.version THEN NULL ELSE l.fence END`,
    [location.id, workspaceId, location.name, location.type, location.active, location.deleted, location.version, observedFence, location.replenishFrom ?? null],
  );
}

export async function markLocationDeleted(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query(
    `INSERT INTO locations (id, workspace_id, deleted) VALUES ($1, $2, true)
     ON CONFLICT (workspace_id, id) DO UPDATE SET deleted = true`,
    [id, workspaceId],
  );
}

/** Makes sure a row exists to lock, close or fence, even for a location no event has told us of yet. */
export async function ensureLocationRow(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query('INSERT INTO locations (id, workspace_id) VALUES ($1, $2) ON CONFLICT (workspace_id, id) DO NOTHING', [id, workspaceId]);
}

export async function setLocationClosed(tx: PoolClient, workspaceId: string, id: string, closed: boolean): Promise<void> {
  await tx.query('UPDATE locations SET closed = $3 WHERE workspace_id = $1 AND id = $2', [workspaceId, id, closed]);
}

/** Raises the location copy's fence to `version` (the caller holds the row's lock). */
export async function fenceLocationCopy(tx: PoolClient, workspaceId: string, id: string, version: number): Promise<void> {
  await tx.query('UPDATE locations SET fence = greatest(fence, $3) WHERE workspace_id = $1 AND id = $2', [workspaceId, id, version]);
}
