import type { CommittedLocation, ItemSnapshot, LocationSnapshot, LocationType, RecordOpening } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import { type Fenced, holdsFencedVersion } from '../domain/projected-facts';
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
  /** The catalog vouched for the item (an event or its answer); an opening's row is unconfirmed until then, since the catalog may yet roll it back. */
  confirmed: boolean;
}

export interface LocationRow extends PlaceFacts, Fenced {
  type: LocationType | null;
}

/** Known, and holding every version the catalog fenced: the copy may decide rules and be shown. */
export const isKnownItem = (row: ItemRow): boolean => row.confirmed && holdsFencedVersion(row);

/** What the policy decides from of a copied item: known copies only (the rest are unknown to it). */
export function itemFacts(row: ItemRow | undefined): ItemFacts | undefined {
  return row && isKnownItem(row) ? { id: row.id, sku: row.sku, trackStock: row.track_stock === true } : undefined;
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
export const ITEM_COLUMNS = 'id, sku, description, track_stock, confirmed, version::float8 AS version, fence::float8 AS fence';
export const LOCATION_COLUMNS = 'id, name, type, active, deleted, closed, version::float8 AS version, fence::float8 AS fence';

/**
 * Applies item events in one statement, each unless the copy already holds its version or a later
 * one (events may arrive out of order): the highest version of each item wins, also among the
 * events given together.
 */
export async function applyItemEvents(tx: PoolClient, events: ReadonlyArray<{ workspaceId: string; item: ItemSnapshot }>): Promise<void> {
  const latest = new Map<string, { workspaceId: string; item: ItemSnapshot }>();
  for (const e of events) {
    const known = latest.get(e.item.id);
    if (!known || known.item.version < e.item.version) latest.set(e.item.id, e);
  }
  const rows = [...latest.values()].sort((a, b) => (a.item.id < b.item.id ? -1 : 1));
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO items AS i (id, workspace_id, sku, description, track_stock, confirmed, version)
     SELECT id, workspace_id, sku, description, track_stock, true, version
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::bigint[]) AS e(id, workspace_id, sku, description, track_stock, version)
     ON CONFLICT (workspace_id, id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock, confirmed = true, version = EXCLUDED.version
     WHERE i.version < EXCLUDED.version`,
    [
      rows.map((r) => r.item.id),
      rows.map((r) => r.workspaceId),
      rows.map((r) => r.item.sku),
      rows.map((r) => r.item.description),
      rows.map((r) => r.item.trackStock),
      rows.map((r) => r.item.version),
    ],
  );
}

/**
 * Stores what the catalog answered for items the copy could not vouch for, each with the fence
 * the copy had when it was found wanting (`observedFences`, null for none). The answer was read
 * once no write to the items was in flight, so a fence it does not reach belongs to a write that
 * never committed: it is lifted, unless a newer fence arrived meanwhile. Newer copied fields win.
 */
export async function storeResolvedItems(tx: PoolClient, workspaceId: string, items: ItemSnapshot[], observedFences: Map<string, number | null>): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO items AS i (id, workspace_id, sku, description, track_stock, confirmed, version, fence)
     SELECT id, $1, sku, description, track_stock, true, version, observed_fence
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::bigint[], $7::bigint[]) AS u(id, sku, description, track_stock, version, observed_fence)
     ORDER BY id
     ON CONFLICT (workspace_id, id) DO UPDATE SET
       sku = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.sku ELSE i.sku END,
       description = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.description ELSE i.description END,
       track_stock = CASE WHEN i.version < EXCLUDED.version THEN EXCLUDED.track_stock ELSE i.track_stock END,
       confirmed = true,
       version = greatest(i.version, EXCLUDED.version),
       fence = CASE WHEN i.fence = EXCLUDED.fence AND i.fence > EXCLUDED.version THEN NULL ELSE i.fence END`,
    [
      workspaceId,
      items.map((i) => i.id),
      items.map((i) => i.sku),
      items.map((i) => i.description),
      items.map((i) => i.trackStock),
      items.map((i) => i.version),
      items.map((i) => observedFences.get(i.id) ?? null),
    ],
  );
}

/** Records the items a record-opening command introduces, in one statement; the catalog confirms them later. */
export async function storeOpeningItems(tx: PoolClient, workspaceId: string, items: RecordOpening['lines'][number]['item'][]): Promise<void> {
  await tx.query(
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, confirmed)
     SELECT id, $1, sku, description, track_stock, false
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[]) AS i(id, sku, description, track_stock)
     ORDER BY id
     ON CONFLICT (workspace_id, id) DO NOTHING`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.sku), items.map((i) => i.description), items.map((i) => i.trackStock)],
  );
}

/** Forgets items that only a cancelled opening had introduced. */
export async function deleteUnconfirmedItems(tx: PoolClient, workspaceId: string, ids: string[]): Promise<void> {
  await tx.query('DELETE FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT confirmed', [workspaceId, ids]);
}

/**
 * Fences the copy of an item at `version` (creating the row when the item was never heard of);
 * the caller holds the item's exclusive lock. With `requireNoStock`, answers the item's on-hand
 * over every location, read under that lock.
 */
export async function fenceItemCopy(tx: PoolClient, workspaceId: string, itemId: string, version: number, requireNoStock: boolean): Promise<{ onHand: string | undefined }> {
  await tx.query('INSERT INTO items (id, workspace_id, confirmed) VALUES ($1, $2, false) ON CONFLICT (workspace_id, id) DO NOTHING', [itemId, workspaceId]);
  let onHand: string | undefined;
  if (requireNoStock) {
    const { rows } = await tx.query<{ on_hand: string }>('SELECT coalesce(sum(on_hand), 0)::text AS on_hand FROM balances WHERE workspace_id = $1 AND item_id = $2', [workspaceId, itemId]);
    onHand = rows[0]!.on_hand;
  }
  await tx.query('UPDATE items SET fence = greatest(fence, $3) WHERE id = $1 AND workspace_id = $2', [itemId, workspaceId, version]);
  return { onHand };
}

/** Applies a location event unless the copy already holds that version or a later one; never undoes a deletion or a closure. */
export async function applyLocationEvent(tx: PoolClient, workspaceId: string, location: LocationSnapshot): Promise<void> {
  await tx.query(
    `INSERT INTO locations AS l (id, workspace_id, name, type, active, version) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (workspace_id, id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, active = EXCLUDED.active, version = EXCLUDED.version
     WHERE l.version < EXCLUDED.version`,
    [location.id, workspaceId, location.name, location.type, location.active, location.version],
  );
}

/**
 * Stores what the locations service answered for a location the copy could not vouch for, as
 * storeResolvedItems does for items (a fence the answer does not reach is lifted unless a newer
 * one arrived); a deletion it reports is recorded for good.
 */
export async function storeResolvedLocation(tx: PoolClient, workspaceId: string, location: CommittedLocation, observedFence: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO locations AS l (id, workspace_id, name, type, active, deleted, version, fence) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (workspace_id, id) DO UPDATE SET
       name = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.name ELSE l.name END,
       type = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.type ELSE l.type END,
       active = CASE WHEN l.version < EXCLUDED.version THEN EXCLUDED.active ELSE l.active END,
       deleted = l.deleted OR EXCLUDED.deleted,
       version = greatest(l.version, EXCLUDED.version),
       fence = CASE WHEN l.fence = EXCLUDED.fence AND l.fence > EXCLUDED.version THEN NULL ELSE l.fence END`,
    [location.id, workspaceId, location.name, location.type, location.active, location.deleted, location.version, observedFence],
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
