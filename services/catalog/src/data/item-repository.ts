import type { ItemSnapshot, Tracking } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import type { Item, ItemState } from '../domain/item';
import type { ItemRef } from '../domain/item-ref';
import type { Tag } from '../domain/tag';

type Db = Pool | PoolClient;

interface ItemRow {
  id: string;
  workspace_id: string;
  sku: string;
  description: string;
  external_id: string | null;
  supplier_id: string | null;
  cost: string;
  sell_price: string;
  track_stock: boolean;
  tracking: Tracking;
  low_stock_threshold: string | null;
  user_id: string;
  created_at: Date;
  updated_at: Date;
}

interface LoadedItemRow extends ItemRow {
  supplier_name: string | null;
  supplier_email: string | null;
  supplier_phone: string | null;
  tags: Tag[];
}

export interface NewItem extends Omit<ItemState, 'tagIds'> {
  id: string;
}

function toItem(row: LoadedItemRow): Item {
  return {
    id: row.id,
    sku: row.sku,
    description: row.description,
    externalId: row.external_id,
    supplierId: row.supplier_id,
    cost: Number(row.cost),
    sellPrice: Number(row.sell_price),
    trackStock: row.track_stock,
    tracking: row.tracking,
    lowStockThreshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    tagId: row.tags[0]?.id ?? null,
    tags: row.tags,
    userId: row.user_id,
    workspaceId: row.workspace_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    projectId: row.workspace_id,
    supplier:
      row.supplier_id === null
        ? null
        : { id: row.supplier_id, name: row.supplier_name ?? '', email: row.supplier_email ?? '', phone: row.supplier_phone ?? '' },
  };
}

function toState(row: ItemRow, tagIds: string[]): ItemState {
  return {
    sku: row.sku,
    description: row.description,
    externalId: row.external_id,
    supplierId: row.supplier_id,
    cost: Number(row.cost),
    sellPrice: Number(row.sell_price),
    trackStock: row.track_stock,
    tracking: row.tracking,
    lowStockThreshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    tagIds,
  };
}

/**
 * An item row with what an Item shows of its supplier and its tags (in their order), for toItem.
 * The columns are listed, not `i.*`: findItem's statements are prepared once per connection, and a
 * prepared `*` would fail ("cached plan must not change result type") once a migration adds a column.
 */
const LOADED_ITEM = `SELECT i.id, i.workspace_id, i.sku, i.description, i.external_id, i.supplier_id, i.cost, i.sell_price,
            i.track_stock, i.tracking, i.low_stock_threshold, i.user_id, i.created_at, i.updated_at,
            s.name AS supplier_name, s.email AS supplier_email, s.phone AS supplier_phone,
            COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY it.position)
                        FROM item_tags it JOIN tags t ON t.workspace_id = it.workspace_id AND t.id = it.tag_id
                       WHERE it.workspace_id = i.workspace_id AND it.item_id = i.id), '[]'::json) AS tags
       FROM items i LEFT JOIN suppliers s ON s.workspace_id = i.workspace_id AND s.id = i.supplier_id`;

/** Full Items for `ids` in the workspace, in the order of `ids`; ids that do not exist are left out. */
export async function loadItems(db: Db, workspaceId: string, ids: string[]): Promise<Item[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<LoadedItemRow>(`${LOADED_ITEM} WHERE i.workspace_id = $1 AND i.id = ANY($2::uuid[])`, [workspaceId, ids]);
  const byId = new Map(rows.map((r) => [r.id, toItem(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The single-item lookups, named so each connection parses and plans them once and then only
 * binds and executes (the hot GET /items/info path): PostgreSQL's parse and plan of this join with
 * its tag aggregate cost more than running it for one row.
 */
const FIND_ITEM_BY_ID = { name: 'catalog_find_item_by_id', text: `${LOADED_ITEM} WHERE i.workspace_id = $1 AND i.id = $2` };
const FIND_ITEM_BY_EXTERNAL_ID = { name: 'catalog_find_item_by_external_id', text: `${LOADED_ITEM} WHERE i.workspace_id = $1 AND i.external_id = $2` };

/** The full Item by id or external id in one query; undefined when the workspace has none. */
export async function findItem(db: Db, workspaceId: string, ref: ItemRef): Promise<Item | undefined> {
  const { rows } = await db.query<LoadedItemRow>(
    'id' in ref ? { ...FIND_ITEM_BY_ID, values: [workspaceId, ref.id] } : { ...FIND_ITEM_BY_EXTERNAL_ID, values: [workspaceId, ref.externalId] },
  );
  return rows[0] && toItem(rows[0]);
}

/** Inserts the items; answers the version each was given (see nextItemVersion), by id. */
export async function insertItems(tx: PoolClient, workspaceId: string, userId: string, items: NewItem[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ id: string; version: string }>(
    `INSERT INTO items (id, workspace_id, user_id, sku, description, external_id, supplier_id, cost, sell_price, track_stock, low_stock_threshold, tracking)
     SELECT id, $1, $2, sku, description, external_id, supplier_id, cost, sell_price, track_stock, low_stock_threshold, tracking
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::numeric[], $9::numeric[], $10::boolean[], $11::numeric[], $12::text[])
         AS n (id, sku, description, external_id, supplier_id, cost, sell_price, track_stock, low_stock_threshold, tracking)
     RETURNING id, version`,
    [
      workspaceId,
      userId,
      items.map((i) => i.id),
      items.map((i) => i.sku),
      items.map((i) => i.description),
      items.map((i) => i.externalId),
      items.map((i) => i.supplierId),
      items.map((i) => i.cost),
      items.map((i) => i.sellPrice),
      items.map((i) => i.trackStock),
      items.map((i) => i.lowStockThreshold),
      items.map((i) => i.tracking),
    ],
  );
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * The version the next write of an item gets: from one sequence, so versions only grow and a
 * rolled-back write's number is never given again (the stock service's copy keeps the highest it saw).
 */
export async function nextItemVersion(tx: PoolClient): Promise<number> {
  const { rows } = await tx.query<{ version: string }>("SELECT nextval('item_versions') AS version");
  return Number(rows[0]!.version);
}

/** Replaces the tags of each of the workspace's items with its list, keeping the list's order. */
export async function setItemTags(tx: PoolClient, workspaceId: string, assignments: Array<{ itemId: string; tagIds: string[] }>): Promise<void> {
  const itemIds = assignments.map((a) => a.itemId);
  await tx.query('DELETE FROM item_tags WHERE workspace_id = $1 AND item_id = ANY($2::uuid[])', [workspaceId, itemIds]);
  const rows = assignments.flatMap((a) => a.tagIds.map((tagId, position) => ({ itemId: a.itemId, tagId, position })));
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO item_tags (workspace_id, item_id, tag_id, position)
     SELECT $1, a.item_id, a.tag_id, a.position FROM unnest($2::uuid[], $3::uuid[], $4::int[]) AS a(item_id, tag_id, position)`,
    [workspaceId, rows.map((r) => r.itemId), rows.map((r) => r.tagId), rows.map((r) => r.position)],
  );
}

/** Locks the item for an update and returns its current state, or undefined when it is not in the workspace. */
export async function lockItem(tx: PoolClient, workspaceId: string, ref: ItemRef): Promise<{ id: string; state: ItemState } | undefined> {
  const { rows } = await tx.query<ItemRow>(
    'id' in ref
      ? 'SELECT * FROM items WHERE workspace_id = $1 AND id = $2 FOR UPDATE'
      : 'SELECT * FROM items WHERE workspace_id = $1 AND external_id = $2 FOR UPDATE',
    [workspaceId, 'id' in ref ? ref.id : ref.externalId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const tags = await tx.query<{ tag_id: string }>('SELECT tag_id FROM item_tags WHERE workspace_id = $1 AND item_id = $2 ORDER BY position', [workspaceId, row.id]);
  return { id: row.id, state: toState(row, tags.rows.map((t) => t.tag_id)) };
}

/** The workspace's items with these lowercased SKUs with their state, by lowercased SKU; with `lock`, locked for update until the transaction ends. */
export async function itemsBySku(db: Db, workspaceId: string, skuKeys: string[], options: { lock?: boolean } = {}): Promise<Map<string, { id: string; state: ItemState }>> {
  if (skuKeys.length === 0) return new Map();
  const { rows } = await db.query<ItemRow & { tag_ids: string[] | null }>(
    `SELECT i.*, (SELECT array_agg(t.tag_id ORDER BY t.position) FROM item_tags t WHERE t.workspace_id = i.workspace_id AND t.item_id = i.id) AS tag_ids
       FROM items i WHERE i.workspace_id = $1 AND lower(i.sku) = ANY($2::text[]) ORDER BY i.id${options.lock ? ' FOR UPDATE OF i' : ''}`,
    [workspaceId, skuKeys],
  );
  return new Map(rows.map((r) => [r.sku.toLowerCase(), { id: r.id, state: toState(r, r.tag_ids ?? []) }]));
}

const COLUMNS: Record<Exclude<keyof ItemState, 'tagIds'>, string> = {
  sku: 'sku',
  description: 'description',
  externalId: 'external_id',
  supplierId: 'supplier_id',
  cost: 'cost',
  sellPrice: 'sell_price',
  trackStock: 'track_stock',
  tracking: 'tracking',
  lowStockThreshold: 'low_stock_threshold',
};

/** Writes the changed columns, the item's new version and updated_at (tag changes count as changes too). */
export async function updateItem(tx: PoolClient, workspaceId: string, id: string, changes: Partial<ItemState>, version: number): Promise<void> {
  const sets: string[] = ['updated_at = clock_timestamp()', 'version = $3'];
  const params: unknown[] = [workspaceId, id, version];
  for (const [key, column] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, string]>) {
    if (changes[key] === undefined) continue;
    params.push(changes[key]);
    sets.push(`${column} = $${params.length}`);
  }
  await tx.query(`UPDATE items SET ${sets.join(', ')} WHERE workspace_id = $1 AND id = $2`, params);
}

/** Which of the lowercased SKUs and of the external ids are already taken in the workspace. */
export async function takenKeys(db: Db, workspaceId: string, skuKeys: string[], externalIds: string[]): Promise<{ skus: Set<string>; externalIds: Set<string> }> {
  const { rows } = await db.query<{ sku: string; external_id: string | null }>(
    'SELECT lower(sku) AS sku, external_id FROM items WHERE workspace_id = $1 AND (lower(sku) = ANY($2::text[]) OR external_id = ANY($3::text[]))',
    [workspaceId, skuKeys, externalIds],
  );
  return {
    skus: new Set(rows.map((r) => r.sku).filter((s) => skuKeys.includes(s))),
    externalIds: new Set(rows.flatMap((r) => (r.external_id !== null && externalIds.includes(r.external_id) ? [r.external_id] : []))),
  };
}

/**
 * The items as committed once no write to them is in flight: the share lock waits for a writer
 * holding an item, so the stock service settling an item's closing never takes the state before a
 * change still committing for the last word.
 */
export async function committedSnapshots(db: Db, workspaceId: string, ids: string[]): Promise<ItemSnapshot[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; sku: string; description: string; track_stock: boolean; tracking: Tracking; low_stock_threshold: string | null; cost: string; sell_price: string; supplier_id: string | null; version: string }>(
    'SELECT id, sku, description, track_stock, tracking, low_stock_threshold::text, cost::text, sell_price::text, supplier_id, version FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR SHARE',
    [workspaceId, ids],
  );
  return rows.map((r) => ({
    id: r.id,
    sku: r.sku,
    description: r.description,
    trackStock: r.track_stock,
    tracking: r.tracking,
    lowStockThreshold: r.low_stock_threshold === null ? null : Number(r.low_stock_threshold),
    cost: Number(r.cost),
    sellPrice: Number(r.sell_price),
    supplierId: r.supplier_id,
    version: Number(r.version),
  }));
}
