import type { ItemSnapshot, LocationSnapshot, LocationType, Pool, PoolClient } from '@inv/shared';
import type { LocationState } from '../domain/location-rules';

type Db = Pool | PoolClient;

export interface ItemRow {
  id: string;
  sku: string;
  description: string;
  track_stock: boolean;
  confirmed: boolean;
}

export interface LocationRow extends LocationState {
  type: LocationType | null;
}

/** The catalog vouched for the item (an event or its answer); an unconfirmed row may still be rolled back. */
export const isKnownItem = (row: ItemRow): boolean => row.confirmed;

/**
 * The projection holds what the locations service said of the location: a name, or its deletion
 * (kept so that callers refuse it by rule). A nameless row only records that it was closed.
 */
export const isKnownLocation = (row: LocationRow): boolean => row.deleted || row.name !== null;

const ITEM_COLUMNS = 'id, sku, description, track_stock, confirmed';
export const LOCATION_COLUMNS = 'id, name, type, active, deleted, closed';

/** Applies an item event unless a newer one was already applied (events may arrive out of order). */
export async function applyItemEvent(tx: PoolClient, workspaceId: string, item: ItemSnapshot, occurredAt: string): Promise<void> {
  await tx.query(
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, confirmed, source_at) VALUES ($1, $2, $3, $4, $5, true, $6)
     ON CONFLICT (id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock, confirmed = true, source_at = EXCLUDED.source_at
     WHERE items.workspace_id = EXCLUDED.workspace_id AND (items.source_at IS NULL OR items.source_at <= EXCLUDED.source_at)`,
    [item.id, workspaceId, item.sku, item.description, item.trackStock, occurredAt],
  );
}

/**
 * Stores what the catalog answered for an item the projection lacked. The answer has no event
 * time, so it yields to any event already applied, and any later event overwrites it.
 */
export async function storeFetchedItems(db: Db, workspaceId: string, items: ItemSnapshot[]): Promise<void> {
  if (items.length === 0) return;
  await db.query(
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, confirmed)
     SELECT id, $1, sku, description, track_stock, true
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[]) AS i(id, sku, description, track_stock)
     ORDER BY id
     ON CONFLICT (id) DO UPDATE SET sku = EXCLUDED.sku, description = EXCLUDED.description, track_stock = EXCLUDED.track_stock, confirmed = true
     WHERE items.workspace_id = EXCLUDED.workspace_id AND items.source_at IS NULL`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.sku), items.map((i) => i.description), items.map((i) => i.trackStock)],
  );
}

/** Records the items a record-opening command introduces, in one statement; the catalog confirms them later. */
export async function storeOpeningItems(tx: PoolClient, workspaceId: string, items: ItemSnapshot[]): Promise<void> {
  await tx.query(
    `INSERT INTO items (id, workspace_id, sku, description, track_stock, confirmed)
     SELECT id, $1, sku, description, track_stock, false
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[]) AS i(id, sku, description, track_stock)
     ORDER BY id
     ON CONFLICT (id) DO NOTHING`,
    [workspaceId, items.map((i) => i.id), items.map((i) => i.sku), items.map((i) => i.description), items.map((i) => i.trackStock)],
  );
}

/** Named (parsed and planned once per connection): every transfer and movement runs it. */
const FIND_ITEMS = { name: 'stock_find_items', text: `SELECT ${ITEM_COLUMNS} FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[])` };

export async function findItems(db: Db, workspaceId: string, ids: string[]): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>({ ...FIND_ITEMS, values: [workspaceId, ids] });
  return rows;
}

/** Forgets items that only a cancelled opening had introduced. */
export async function deleteUnconfirmedItems(tx: PoolClient, workspaceId: string, ids: string[]): Promise<void> {
  await tx.query('DELETE FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND NOT confirmed', [workspaceId, ids]);
}

/** Applies a location event unless a newer one was already applied; never undoes a deletion or a closure. */
export async function applyLocationEvent(tx: PoolClient, workspaceId: string, location: LocationSnapshot, occurredAt: string): Promise<void> {
  await tx.query(
    `INSERT INTO locations (id, workspace_id, name, type, active, is_default, source_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, active = EXCLUDED.active, is_default = EXCLUDED.is_default, source_at = EXCLUDED.source_at
     WHERE locations.workspace_id = EXCLUDED.workspace_id AND (locations.source_at IS NULL OR locations.source_at <= EXCLUDED.source_at)`,
    [location.id, workspaceId, location.name, location.type, location.active, location.isDefault, occurredAt],
  );
}

/** Stores the locations service's answer for a location the projection lacked (or knew only as closed). */
export async function storeFetchedLocation(db: Db, workspaceId: string, location: LocationSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO locations (id, workspace_id, name, type, active, is_default) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, active = EXCLUDED.active, is_default = EXCLUDED.is_default
     WHERE locations.workspace_id = EXCLUDED.workspace_id AND locations.source_at IS NULL`,
    [location.id, workspaceId, location.name, location.type, location.active, location.isDefault],
  );
}

export async function markLocationDeleted(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query(
    `INSERT INTO locations (id, workspace_id, deleted) VALUES ($1, $2, true)
     ON CONFLICT (id) DO UPDATE SET deleted = true WHERE locations.workspace_id = EXCLUDED.workspace_id`,
    [id, workspaceId],
  );
}

export async function findLocations(db: Db, workspaceId: string, ids: string[]): Promise<LocationRow[]> {
  const { rows } = await db.query<LocationRow>(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, ids]);
  return rows;
}

/**
 * Locks location rows in id order and returns them as they are now. Movements that add stock
 * take FOR SHARE; closing takes FOR UPDATE, so a closure and such a movement never interleave:
 * whichever commits second sees the other.
 */
export async function lockLocations(tx: PoolClient, workspaceId: string, ids: string[], mode: 'share' | 'update'): Promise<LocationRow[]> {
  const { rows } = await tx.query<LocationRow>(
    `SELECT ${LOCATION_COLUMNS} FROM locations WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
    [workspaceId, ids],
  );
  return rows;
}

/** Makes sure a row exists to lock and close, even for a location no event has told us of yet. */
export async function ensureLocationRow(tx: PoolClient, workspaceId: string, id: string): Promise<void> {
  await tx.query('INSERT INTO locations (id, workspace_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, workspaceId]);
}

export async function setLocationClosed(tx: PoolClient, workspaceId: string, id: string, closed: boolean): Promise<void> {
  await tx.query('UPDATE locations SET closed = $3 WHERE workspace_id = $1 AND id = $2', [workspaceId, id, closed]);
}
