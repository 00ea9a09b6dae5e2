import { type Pool, SqlConditions } from '@inv/shared';
import { containsPattern, type ItemFilter } from '../domain/item-filter';

interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The WHERE clause selecting the workspace's items that match `filter`. Stock health reads the
 * stock_levels projection: on-hand is the sum over all locations (only `stockLocationIds` when
 * set), or at `locationId` when that filter is given; an item without any balance row has 0 on hand.
 */
function whereOf(workspaceId: string, filter: ItemFilter, defaultLowStockThreshold: number): Where {
  const w = new SqlConditions().add((ws) => `i.workspace_id = ${ws}`, workspaceId);
  const p = (value: unknown) => w.bind(value);
  if (filter.matchesNothing) w.raw('false');
  if (filter.sku !== undefined) w.raw(`lower(i.sku) = lower(${p(filter.sku)})`);
  if (filter.description !== undefined) w.raw(`i.description ILIKE ${p(containsPattern(filter.description))}`);
  if (filter.cost !== undefined) w.raw(`i.cost = ${p(filter.cost)}`);
  if (filter.sellPrice !== undefined) w.raw(`i.sell_price = ${p(filter.sellPrice)}`);
  if (filter.supplierIds !== undefined) w.raw(`i.supplier_id = ANY(${p(filter.supplierIds)}::uuid[])`);
  if (filter.tags !== undefined) {
    w.raw(
      `EXISTS (SELECT 1 FROM item_tags ft JOIN tags t ON t.id = ft.tag_id
                WHERE ft.item_id = i.id AND (ft.tag_id = ANY(${p(filter.tags.ids)}::uuid[]) OR lower(t.name) = ANY(${p(filter.tags.names)}::text[])))`,
    );
  }
  if (filter.search !== undefined) {
    const pattern = p(containsPattern(filter.search));
    w.raw(`(i.sku ILIKE ${pattern} OR i.description ILIKE ${pattern} OR i.external_id ILIKE ${pattern})`);
  }
  if (filter.userId !== undefined) w.raw(`i.user_id = ${p(filter.userId)}`);
  if (filter.trackStock !== undefined) w.raw(`i.track_stock = ${p(filter.trackStock)}`);
  const location = filter.locationId !== undefined ? p(filter.locationId) : undefined;
  if (location !== undefined) w.raw(`EXISTS (SELECT 1 FROM stock_levels sl WHERE sl.item_id = i.id AND sl.location_id = ${location}::uuid)`);
  if (filter.stockHealth !== undefined) {
    const atLocations =
      location !== undefined
        ? ` AND sl.location_id = ${location}::uuid`
        : filter.stockLocationIds !== undefined
          ? ` AND sl.location_id = ANY(${p(filter.stockLocationIds)}::uuid[])`
          : '';
    const onHand = `COALESCE((SELECT sum(sl.on_hand) FROM stock_levels sl WHERE sl.item_id = i.id${atLocations}), 0)`;
    const threshold = `COALESCE(i.low_stock_threshold, ${p(defaultLowStockThreshold)}::numeric)`;
    // Catalog-only items never run out or low: they count as ok.
    const health = `CASE WHEN NOT i.track_stock THEN 'ok' WHEN ${onHand} <= 0 THEN 'out' WHEN ${onHand} <= ${threshold} THEN 'low' ELSE 'ok' END`;
    w.raw(`(${health}) = ANY(${p(filter.stockHealth)}::text[])`);
  }
  return { sql: w.sql, params: w.params };
}

export async function countItems(pool: Pool, workspaceId: string, filter: ItemFilter, defaultLowStockThreshold: number): Promise<number> {
  const where = whereOf(workspaceId, filter, defaultLowStockThreshold);
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM items i WHERE ${where.sql}`, where.params);
  return rows[0]?.n ?? 0;
}

export interface TagGroupRow {
  tagId: string | null;
  count: number;
  tag: { id: string; name: string; color: string } | null;
}

/**
 * Matching items per tag: an item with several tags counts in each of their groups; items
 * without tags form the group whose tagId is null. Only groups with at least one item appear.
 */
export async function countItemsByTag(
  pool: Pool,
  workspaceId: string,
  filter: ItemFilter,
  defaultLowStockThreshold: number,
): Promise<{ count: number; groups: TagGroupRow[] }> {
  const where = whereOf(workspaceId, filter, defaultLowStockThreshold);
  const { rows } = await pool.query<{ tag_id: string | null; name: string | null; color: string | null; n: number; total: number }>(
    `WITH matched AS (SELECT i.id FROM items i WHERE ${where.sql})
     SELECT it.tag_id, t.name, t.color, count(*)::int AS n, (SELECT count(*)::int FROM matched) AS total
       FROM matched m LEFT JOIN item_tags it ON it.item_id = m.id LEFT JOIN tags t ON t.id = it.tag_id
      GROUP BY it.tag_id, t.name, t.color
      ORDER BY it.tag_id IS NULL, lower(t.name), it.tag_id`,
    where.params,
  );
  return {
    count: rows[0]?.total ?? 0,
    groups: rows.map((r) => ({
      tagId: r.tag_id,
      count: r.n,
      tag: r.tag_id === null ? null : { id: r.tag_id, name: r.name ?? '', color: r.color ?? '' },
    })),
  };
}

/** One page of matching item ids, newest first, and the total across all pages. */
export async function findItemIds(
  pool: Pool,
  workspaceId: string,
  filter: ItemFilter,
  defaultLowStockThreshold: number,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(workspaceId, filter, defaultLowStockThreshold);
  const n = where.params.length;
  const [list, count] = await Promise.all([
    pool.query<{ id: string }>(`SELECT i.id FROM items i WHERE ${where.sql} ORDER BY i.created_at DESC, i.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...where.params,
      page.limit,
      page.offset,
    ]),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM items i WHERE ${where.sql}`, where.params),
  ]);
  return { ids: list.rows.map((r) => r.id), total: count.rows[0]?.n ?? 0 };
}
