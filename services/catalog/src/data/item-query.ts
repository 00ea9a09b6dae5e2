import { boundedCountSql, keysetPage, cursorTimeSql, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, SqlConditions } from '@inv/shared/db';
import { containsPattern, type ItemFilter, STOCK_HEALTH, type StockHealth } from '../domain/item-filter';

interface Where {
  sql: string;
  params: unknown[];
}

/**
 * The WHERE clause selecting the workspace's items that match `filter`. Stock health: on-hand is
 * the sum over all locations, read from the per-item totals of item_stock (kept by triggers, see
 * the catalog migration 1764100000000), or, when `locationId` is given or only
 * `stockLocationIds` count, summed from the stock_levels projection at those locations; an item
 * without any balance row has 0 on hand.
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
      `EXISTS (SELECT 1 FROM item_tags ft JOIN tags t ON t.workspace_id = ft.workspace_id AND t.id = ft.tag_id
                WHERE ft.workspace_id = i.workspace_id AND ft.item_id = i.id AND (ft.tag_id = ANY(${p(filter.tags.ids)}::uuid[]) OR lower(t.name) = ANY(${p(filter.tags.names)}::text[])))`,
    );
  }
  if (filter.search !== undefined) {
    const pattern = p(containsPattern(filter.search));
    w.raw(`(i.sku ILIKE ${pattern} OR i.description ILIKE ${pattern} OR i.external_id ILIKE ${pattern})`);
  }
  if (filter.userId !== undefined) w.raw(`i.user_id = ${p(filter.userId)}`);
  if (filter.trackStock !== undefined) w.raw(`i.track_stock = ${p(filter.trackStock)}`);
  const location = filter.locationId !== undefined ? p(filter.locationId) : undefined;
  if (location !== undefined) w.raw(`EXISTS (SELECT 1 FROM stock_levels sl WHERE sl.workspace_id = i.workspace_id AND sl.item_id = i.id AND sl.location_id = ${location}::uuid)`);
  if (filter.stockHealth !== undefined) {
    if (location === undefined && filter.stockLocationIds === undefined) {
      w.raw(healthFromTotals(new Set(filter.stockHealth), p(workspaceId), () => p(defaultLowStockThreshold)));
    } else {
      const threshold = p(defaultLowStockThreshold);
      const atLocations = location !== undefined ? `sl.location_id = ${location}::uuid` : `sl.location_id = ANY(${p(filter.stockLocationIds)}::uuid[])`;
      // Catalog-only items never run out or low: they count as ok. One sum per item, not one per CASE branch.
      w.raw(
        `(SELECT CASE WHEN NOT i.track_stock THEN 'ok' WHEN s.on_hand <= 0 THEN 'out' WHEN s.on_hand <= COALESCE(i.low_stock_threshold, ${threshold}::numeric) THEN 'low' ELSE 'ok' END
            FROM (SELECT COALESCE(sum(sl.on_hand), 0) AS on_hand FROM stock_levels sl WHERE sl.workspace_id = i.workspace_id AND sl.item_id = i.id AND ${atLocations}) s) = ANY(${p(filter.stockHealth)}::text[])`,
      );
    }
  }
  return { sql: w.sql, params: w.params };
}

/**
 * item_stock rows of stock-tracked items that are out or low, as two OR-ed arms each served by a
 * partial index of the catalog migration 1764100000000: items with their own threshold by their
 * health (the CASE exactly as that index writes it), items on the workspace default by a range of
 * on_hand. Rows whose track_stock is null are not catalog items and match neither.
 */
function healthArms(healths: Set<StockHealth>, threshold: () => string): string[] {
  const wanted = (['out', 'low'] as const).filter((h) => healths.has(h));
  if (wanted.length === 0) return [];
  // The threshold is bound only when used: an unused parameter has no type PostgreSQL could infer.
  const onDefault = wanted.length === 2 ? `st.on_hand <= ${threshold()}::numeric` : wanted[0] === 'out' ? 'st.on_hand <= 0' : `st.on_hand > 0 AND st.on_hand <= ${threshold()}::numeric`;
  return [
    `(st.track_stock AND st.low_stock_threshold IS NOT NULL
      AND (CASE WHEN st.on_hand <= 0 THEN 'out' WHEN st.on_hand <= st.low_stock_threshold THEN 'low' ELSE 'ok' END) IN (${wanted.map((h) => `'${h}'`).join(', ')}))`,
    `(st.track_stock AND st.low_stock_threshold IS NULL AND ${onDefault})`,
  ];
}

/** ok is whatever is neither out nor low (catalog-only items included), so a set with ok is the complement of the others. */
function healthFromTotals(healths: Set<StockHealth>, workspace: string, threshold: () => string): string {
  const matching = (arms: string[]) => `SELECT st.item_id FROM item_stock st WHERE st.workspace_id = ${workspace} AND (${arms.join(' OR ')})`;
  if (!healths.has('ok')) return `i.id IN (${matching(healthArms(healths, threshold))})`;
  const excluded = healthArms(new Set(STOCK_HEALTH.filter((h) => !healths.has(h))), threshold);
  return excluded.length === 0 ? 'true' : `i.id NOT IN (${matching(excluded)})`;
}

/**
 * The count of a filter made of stock health alone (out and/or low, over every location) straight
 * from item_stock's indexes, without visiting the items: every catalog item has its row there
 * (track_stock not null), so the count is the same.
 */
async function countByHealthAlone(pool: Pool, workspaceId: string, filter: ItemFilter, defaultLowStockThreshold: number): Promise<number | undefined> {
  const { stockHealth, matchesNothing, ...others } = filter;
  if (!stockHealth || matchesNothing || stockHealth.includes('ok') || Object.values(others).some((v) => v !== undefined)) return undefined;
  const w = new SqlConditions().add((ws) => `st.workspace_id = ${ws}`, workspaceId);
  w.raw(`(${healthArms(new Set(stockHealth), () => w.bind(defaultLowStockThreshold)).join(' OR ')})`);
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM item_stock st WHERE ${w.sql}`, w.params);
  return rows[0]?.n ?? 0;
}

export async function countItems(pool: Pool, workspaceId: string, filter: ItemFilter, defaultLowStockThreshold: number): Promise<number> {
  const byHealth = await countByHealthAlone(pool, workspaceId, filter, defaultLowStockThreshold);
  if (byHealth !== undefined) return byHealth;
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
    `WITH matched AS (SELECT i.workspace_id, i.id FROM items i WHERE ${where.sql})
     SELECT it.tag_id, t.name, t.color, count(*)::int AS n, (SELECT count(*)::int FROM matched) AS total
       FROM matched m LEFT JOIN item_tags it ON it.workspace_id = m.workspace_id AND it.item_id = m.id
       LEFT JOIN tags t ON t.workspace_id = it.workspace_id AND t.id = it.tag_id
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

/**
 * One page of matching item ids, newest first (createdAt, then id), the key after which the next
 * page starts when there is one, and the total (bounded, see boundedCountSql) unless the page is
 * asked by key.
 */
export async function findItemIds(
  pool: Pool,
  workspaceId: string,
  filter: ItemFilter,
  defaultLowStockThreshold: number,
  page: PageRequest<TimeIdKey>,
): Promise<{ ids: string[]; next?: TimeIdKey; total?: number }> {
  const where = whereOf(workspaceId, filter, defaultLowStockThreshold);
  const n = where.params.length;
  const after = page.after ? ` AND (i.created_at, i.id) < ($${n + 3}::timestamptz, $${n + 4}::uuid)` : '';
  const [list, count] = await Promise.all([
    pool.query<{ id: string; at: string }>(
      `SELECT i.id, ${cursorTimeSql('i.created_at')} AS at FROM items i WHERE ${where.sql}${after} ORDER BY i.created_at DESC, i.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, page.limit + 1, page.offset, ...(page.after ?? [])],
    ),
    page.after ? undefined : pool.query<{ n: number }>(boundedCountSql(`FROM items i WHERE ${where.sql}`), where.params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.at, last.id], count);
  return { ids: rows.map((r) => r.id), next, total };
}
