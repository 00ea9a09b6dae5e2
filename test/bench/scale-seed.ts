import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Pool } from '@inv/shared/db';

export interface ScaleLevel {
  label: string;
  items: number;
  transfers: number;
  /** All movements: two per transfer, the rest receipts. */
  movements: number;
}

export interface ScaleWorkspace {
  id: string;
  ownerUserId: string;
  /** The first is where every item receives stock first and where every seeded transfer starts. */
  locationIds: string[];
  /** Seeded rows are dated inside [cycleStart, now): everything counts in the current billing cycle. */
  cycleStart: Date;
}

/** Words in item descriptions; SEARCH_TERM is in one item of every DESCRIPTION_WORDS.length. */
const DESCRIPTION_WORDS = ['bolt', 'nut', 'washer', 'screw', 'anchor', 'bracket', 'hinge', 'gasket', 'valve', 'fitting', 'hose', 'clamp', 'cable', 'fuse', 'relay', 'switch', 'sensor', 'filter', 'belt', 'bearing'];
export const SEARCH_TERM = 'gasket';
const RECEIPT_QUANTITY = 100;
/** Every fourth item has a threshold above any balance: "low" wherever it has stock. */
const LOW_THRESHOLD = 1_000_000;

/** Removes the workspace's items, stock and transfers from both services (seeded or made by the measurements). */
const CLEAR = [
  'DELETE FROM stock.movements WHERE workspace_id = $1',
  'DELETE FROM stock.transfer_lines WHERE transfer_id IN (SELECT id FROM stock.transfers WHERE workspace_id = $1)',
  'DELETE FROM stock.transfers WHERE workspace_id = $1',
  'DELETE FROM stock.balances WHERE workspace_id = $1',
  'DELETE FROM stock.items WHERE workspace_id = $1',
  'DELETE FROM catalog.stock_levels WHERE workspace_id = $1',
  'DELETE FROM catalog.items WHERE workspace_id = $1',
];

/** The id of the workspace's n-th seeded item: PostgreSQL's md5(workspace || ':item:' || n)::uuid, as seedLevel writes it. */
export function seededItemId(workspaceId: string, n: number): string {
  const hex = createHash('md5').update(`${workspaceId}:item:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Replaces the workspace's items and stock with `level`'s, written by SQL directly into the
 * services' schemas (the issue allows it), consistent as the services would have written them:
 * both services' item rows, receipts spread over the items and locations, then one-line
 * transfers of one unit from the first location (each a transfer_out and a transfer_in, after
 * the receipts, so no balance ever goes below zero), balances equal to the sum of their
 * movements with each balanceAfter the running sum, and the catalog's stock-level projection
 * equal to the balances (the catalog's item_stock totals follow from its triggers). The tables
 * are vacuumed and analysed, as autovacuum would have done by then (statistics, visibility map).
 */
export async function seedLevel(pool: Pool, ws: ScaleWorkspace, level: ScaleLevel): Promise<Record<string, number>> {
  const receipts = level.movements - 2 * level.transfers;
  if (receipts < level.items) throw new Error(`${level.label}: ${level.movements} movements leave fewer receipts than items`);
  const span = Date.now() - 60_000 - ws.cycleStart.getTime();
  const p = {
    ws: ws.id,
    user: ws.ownerUserId,
    locations: ws.locationIds,
    items: level.items,
    transfers: level.transfers,
    receipts,
    start: ws.cycleStart,
    halfSpanMs: Math.floor(span / 2),
  };
  const steps: Array<[name: string, sql: string, params: unknown[]]> = [
    ...CLEAR.map((sql, i): [string, string, unknown[]] => [`clear ${i + 1}`, sql, [p.ws]]),
    // Ids derive from the workspace and an index, so rows of one table can name another's.
    [
      'catalog items',
      `INSERT INTO catalog.items (id, workspace_id, sku, description, user_id, low_stock_threshold, created_at, updated_at)
       SELECT md5($1 || ':item:' || n)::uuid, $1, 'SKU-' || lpad(n::text, 7, '0'), 'Scale item ' || n || ' ' || ($3::text[])[1 + n % cardinality($3::text[])], $2,
              CASE WHEN n % 4 = 0 THEN $5::numeric END, $4::timestamptz + n * interval '1 second', $4::timestamptz + n * interval '1 second'
         FROM generate_series(0, $6::int - 1) n`,
      [p.ws, p.user, DESCRIPTION_WORDS, p.start, LOW_THRESHOLD, p.items],
    ],
    [
      'stock items',
      `INSERT INTO stock.items (id, workspace_id, sku, description, track_stock, confirmed, version)
       SELECT id, workspace_id, sku, description, track_stock, true, version FROM catalog.items WHERE workspace_id = $1`,
      [p.ws],
    ],
    // Receipt r goes to item r mod items at location (r div items) mod locations; transfer t moves
    // one unit of item t mod items from the first location to one of the others.
    [
      'movement plan',
      `CREATE TEMP TABLE scale_movement ON COMMIT DROP AS
       SELECT r AS ord, md5($1 || ':item:' || r % $3::int)::uuid AS item_id, ($2::uuid[])[1 + (r / $3::int) % cardinality($2::uuid[])] AS location_id,
              'receipt'::text AS type, $5::numeric AS quantity, NULL::uuid AS transfer_id,
              $6::timestamptz + (r::float8 / $4::int) * $7::int * interval '1 millisecond' AS created_at
         FROM generate_series(0, $4::int - 1) r
       UNION ALL
       SELECT $4::int + 2 * t + side, md5($1 || ':item:' || t % $3::int)::uuid,
              CASE side WHEN 0 THEN ($2::uuid[])[1] ELSE ($2::uuid[])[2 + (t / $3::int) % (cardinality($2::uuid[]) - 1)] END,
              CASE side WHEN 0 THEN 'transfer_out' ELSE 'transfer_in' END, CASE side WHEN 0 THEN -1 ELSE 1 END,
              md5($1 || ':transfer:' || t)::uuid,
              $6::timestamptz + $7::int * interval '1 millisecond' + (t::float8 / $8::int) * $7::int * interval '1 millisecond'
         FROM generate_series(0, $8::int - 1) t CROSS JOIN (VALUES (0), (1)) AS s (side)`,
      [p.ws, p.locations, p.items, p.receipts, RECEIPT_QUANTITY, p.start, p.halfSpanMs, p.transfers],
    ],
    [
      'balances',
      `INSERT INTO stock.balances (workspace_id, item_id, location_id, on_hand, version, updated_at)
       SELECT $1, item_id, location_id, sum(quantity), count(*), max(created_at) FROM scale_movement GROUP BY item_id, location_id`,
      [p.ws],
    ],
    [
      'transfers',
      `INSERT INTO stock.transfers (id, workspace_id, from_location_id, to_location_id, status, note, user_id, created_at)
       SELECT o.transfer_id, $1, o.location_id, i.location_id, 'completed', '', $2, o.created_at
         FROM scale_movement o JOIN scale_movement i ON i.transfer_id = o.transfer_id AND i.type = 'transfer_in'
        WHERE o.type = 'transfer_out'`,
      [p.ws, p.user],
    ],
    // Without fresh statistics the foreign-key checks of the next inserts plan for the tables as
    // they were before (nearly empty: sequential scans) and take minutes instead of seconds.
    ['analyze referenced', 'ANALYZE stock.balances, stock.transfers', []],
    [
      'transfer lines',
      `INSERT INTO stock.transfer_lines (id, workspace_id, transfer_id, position, item_id, quantity)
       SELECT md5(transfer_id::text || ':line')::uuid, $1, transfer_id, 1, item_id, 1 FROM scale_movement WHERE type = 'transfer_out'`,
      [p.ws],
    ],
    [
      'movements',
      `INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, transfer_id, created_at)
       SELECT gen_random_uuid(), $1, item_id, location_id, type, quantity,
              sum(quantity) OVER (PARTITION BY item_id, location_id ORDER BY ord), $2, transfer_id, created_at
         FROM scale_movement ORDER BY ord`,
      [p.ws, p.user],
    ],
    [
      'stock levels',
      `INSERT INTO catalog.stock_levels (item_id, location_id, workspace_id, on_hand, version)
       SELECT item_id, location_id, workspace_id, on_hand, version FROM stock.balances WHERE workspace_id = $1`,
      [p.ws],
    ],
  ];
  const timings: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    timings[name] = Math.round(performance.now() - started);
  };
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    for (const [name, sql, params] of steps) await timed(name, () => db.query(sql, params));
    await timed('commit', () => db.query('COMMIT'));
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    db.release();
  }
  await timed('vacuum analyze', () =>
    pool.query('VACUUM ANALYZE catalog.items, catalog.stock_levels, catalog.item_stock, stock.items, stock.balances, stock.transfers, stock.transfer_lines, stock.movements'),
  );
  return timings;
}
