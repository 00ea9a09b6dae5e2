import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import { newWorkspace, type BenchWorkspace } from './gateway-client';
import { type Alternation, alternate, cannon, log, median, percentile, type Side } from './load';
import { type Outcome, ratioOf, roundWarnings } from './report';

/** Issue 45's sizes: 10-line transfers, one serial a line, against 10-line transfers of untracked items. */
const LINES = 10;
/** Serials received per item for the transfers: each transfer moves the next serial of each item, away and (once all moved) back. */
const SERIALS_PER_ITEM = 5_000;
const CONNECTIONS = 8;
/** The scan and the trace: 200,000 serials of 20 items, 1,000,000 movements (5 per serial: a receipt, two transfers out and in). */
const SCAN_ITEMS = 20;
const SCAN_SERIALS_PER_ITEM = 10_000;
const CALLS = 200;

/**
 * (s) Issue 45, serials. Transfers: POST /inventory/transfers of 10 serial-tracked items, one
 * serial a line (the next serial of each, so no two calls race for one), against the same call
 * of 10 untracked items, rounds alternating at 8 connections. Goal: at least 0.8. Scan and trace:
 * a workspace of 200,000 serials and 1,000,000 movements (seeded in SQL), GET
 * /inventory/serials?serial= and GET /inventory/movements?serial= of random serials, one after the
 * other through the gateway: p99 at most 50 ms and 100 ms.
 */
export async function serialsScenario(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const ws = await newWorkspace(stack, 'bench-s');
  const away = (await ws.client.expect(201, 'POST', '/locations', { body: { name: 'Van', type: 'van' } })).body.id as string;
  const home = ws.defaultLocationId;
  const tracked = await itemsOf(ws, 'serial');
  const plain = await itemsOf(ws, 'none');
  for (const [i, itemId] of tracked.entries()) {
    for (let from = 0; from < SERIALS_PER_ITEM; from += 5_000) {
      const serials = Array.from({ length: Math.min(5_000, SERIALS_PER_ITEM - from) }, (_, k) => serialOf(i, from + k));
      await ws.client.expect(201, 'POST', '/inventory/movements', { body: { type: 'receipt', itemId, locationId: home, quantity: serials.length, serials } });
    }
  }
  // Stock at both ends: the untracked transfers alternate away and back at 8 connections, so one
  // back may come before the one out it follows (with none at the van: a 422, not a transfer).
  for (const itemId of plain) {
    for (const locationId of [home, away]) await ws.client.expect(201, 'POST', '/inventory/movements', { body: { type: 'receipt', itemId, locationId, quantity: 1_000_000 } });
  }
  const headers = { authorization: ws.client.authorization, 'content-type': 'application/json' };
  let n = 0;
  const serialTransfers: Side = (s) =>
    cannon(
      {
        url: stack.gatewayUrl,
        connections: CONNECTIONS,
        next: () => {
          const step = n++;
          const outward = Math.floor(step / SERIALS_PER_ITEM) % 2 === 0;
          const k = step % SERIALS_PER_ITEM;
          const [from, to] = outward ? [home, away] : [away, home];
          return {
            method: 'POST',
            path: ws.client.pathOf('/inventory/transfers'),
            headers,
            body: JSON.stringify({ fromLocationId: from, toLocationId: to, lines: tracked.map((itemId, i) => ({ itemId, quantity: 1, serials: [serialOf(i, k)] })) }),
          };
        },
      },
      s,
    );
  let m = 0;
  const plainTransfers: Side = (s) =>
    cannon(
      {
        url: stack.gatewayUrl,
        connections: CONNECTIONS,
        next: () => {
          const [from, to] = m++ % 2 === 0 ? [home, away] : [away, home];
          return { method: 'POST', path: ws.client.pathOf('/inventory/transfers'), headers, body: JSON.stringify({ fromLocationId: from, toLocationId: to, lines: plain.map((itemId) => ({ itemId, quantity: 1 })) }) };
        },
      },
      s,
    );
  const rounds = await alternate(`(s) ${LINES}-line transfers of serials against ${LINES}-line transfers of untracked items`, { serials: serialTransfers, untracked: plainTransfers }, alternation);
  const [serial, untracked] = [median(rounds.serials.map((x) => x.rps)), median(rounds.untracked.map((x) => x.rps))];
  log(`(s) ${LINES}-line serial transfers ${serial.toFixed(1)}/s, untracked ${untracked.toFixed(1)}/s at ${CONNECTIONS} connections`);
  const ratios = [ratioOf('s', `${LINES}-line serial transfers/s vs untracked ones`, 'req/s', serial, untracked, { atLeast: 0.8 }, roundWarnings(rounds))];

  const { scan, trace } = await scanAndTrace(stack);
  log(`(s) ${(SCAN_ITEMS * SCAN_SERIALS_PER_ITEM).toLocaleString('en-US')} serials, ${(SCAN_ITEMS * SCAN_SERIALS_PER_ITEM * 5).toLocaleString('en-US')} movements: scan p99 ${scan.toFixed(1)} ms, trace p99 ${trace.toFixed(1)} ms (${CALLS} calls each)`);
  ratios.push(ratioOf('s', 'GET /inventory/serials?serial= p99 vs its 50 ms bound', 'ms', scan, 50, { atMost: 1 }));
  ratios.push(ratioOf('s', 'GET /inventory/movements?serial= p99 vs its 100 ms bound', 'ms', trace, 100, { atMost: 1 }));
  return { ratios, failedChecks: [] };
}

const serialOf = (item: number, k: number) => `SN-${item}-${k}`;

async function itemsOf(ws: BenchWorkspace, tracking: 'serial' | 'none', count = LINES, prefix: string = tracking): Promise<string[]> {
  const created = await ws.client.expect(201, 'POST', '/items/bulk', { body: Array.from({ length: count }, (_, i) => ({ sku: `${prefix}-${i}`, description: `Bench ${tracking} part`, tracking })) });
  return (created.body as Array<{ id: string }>).map((i) => i.id);
}

/**
 * The scan and the trace over a workspace of SCAN_ITEMS × SCAN_SERIALS_PER_ITEM serials, each
 * received, moved to a van and back (5 movements a serial), seeded in SQL in one transaction with
 * triggers off (its balances are written to agree with the serials, as the schema holds them);
 * answers the p99 of CALLS sequential calls of each, of random serials, each answer checked.
 */
async function scanAndTrace(stack: BenchStack): Promise<{ scan: number; trace: number }> {
  const ws = await newWorkspace(stack, 'bench-s-scan');
  const van = (await ws.client.expect(201, 'POST', '/locations', { body: { name: 'Van', type: 'van' } })).body.id as string;
  const itemIds = await itemsOf(ws, 'serial', SCAN_ITEMS, 'scan');
  const started = Date.now();
  const seed = await stack.db.connect();
  try {
    await seed.query('BEGIN');
    await seed.query('SET LOCAL statement_timeout = 0');
    // The seed writes what the ledger would have: the units' journal and its check are the ledger's, not a seed's.
    await seed.query('SET LOCAL session_replication_role = replica');
    await seed.query(
      `INSERT INTO stock.balances (workspace_id, item_id, location_id, on_hand, updated_at, tracking)
       SELECT $1, i, l, CASE WHEN l = $3::uuid THEN $4 ELSE 0 END, now(), 'serial' FROM unnest($2::uuid[]) AS i, unnest(ARRAY[$3::uuid, $5::uuid]) AS l`,
      [ws.id, itemIds, ws.defaultLocationId, SCAN_SERIALS_PER_ITEM, van],
    );
    await seed.query(
      `INSERT INTO stock.serials (workspace_id, item_id, serial_key, serial, status, location_id, received_at, last_moved_at)
       SELECT $1, i, lower('SCAN-' || n || '-' || k), 'SCAN-' || n || '-' || k, 'in_stock', $3::uuid, now() - interval '10 days', now() - interval '1 day'
         FROM unnest($2::uuid[]) WITH ORDINALITY AS t(i, n), generate_series(1, $4::int) AS k`,
      [ws.id, itemIds, ws.defaultLocationId, SCAN_SERIALS_PER_ITEM],
    );
    await seed.query(
      `WITH moves AS (
         SELECT i, n, k, step, gen_random_uuid() AS id,
                CASE step WHEN 1 THEN 'receipt' WHEN 2 THEN 'transfer_out' WHEN 3 THEN 'transfer_in' WHEN 4 THEN 'transfer_out' ELSE 'transfer_in' END AS type,
                CASE WHEN step IN (3, 4) THEN $3::uuid ELSE $5::uuid END AS location_id,
                CASE WHEN step IN (2, 4) THEN -1 ELSE 1 END AS quantity
           FROM unnest($2::uuid[]) WITH ORDINALITY AS t(i, n), generate_series(1, $4::int) AS k, generate_series(1, 5) AS step
       ), ledger AS (
         INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, reference, note, created_at, serials)
         SELECT id, $1, i, location_id, type, quantity, 1, $6, '', '', now() - interval '10 days' + (step * interval '1 day'), ARRAY['SCAN-' || n || '-' || k]
           FROM moves ORDER BY k, n, step
         RETURNING seq, item_id, serials[1] AS serial
       )
       INSERT INTO stock.movement_serials (workspace_id, serial_key, item_id, seq) SELECT $1, lower(serial), item_id, seq FROM ledger`,
      [ws.id, itemIds, van, SCAN_SERIALS_PER_ITEM, ws.defaultLocationId, ws.ownerUserId],
    );
    await seed.query('COMMIT');
  } catch (err) {
    await seed.query('ROLLBACK');
    throw err;
  } finally {
    seed.release();
  }
  await stack.db.query('ANALYZE stock.serials, stock.movements, stock.movement_serials');
  log(`(s) seeded ${(SCAN_ITEMS * SCAN_SERIALS_PER_ITEM).toLocaleString('en-US')} serials and ${(SCAN_ITEMS * SCAN_SERIALS_PER_ITEM * 5).toLocaleString('en-US')} movements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const random = () => `scan-${1 + Math.floor(Math.random() * SCAN_ITEMS)}-${1 + Math.floor(Math.random() * SCAN_SERIALS_PER_ITEM)}`;
  const timed = async (path: string, check: (body: unknown[]) => boolean): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const res = await ws.client.expect(200, 'GET', path, { query: { serial: ` ${random().toUpperCase()} ` } });
      if (!check(res.body as unknown[])) throw new Error(`(s) ${path} answered ${JSON.stringify(res.body).slice(0, 200)}`);
      times.push(res.ms);
    }
    return percentile(times.sort((a, b) => a - b), 99);
  };
  return {
    scan: await timed('/inventory/serials', (rows) => rows.length === 1),
    trace: await timed('/inventory/movements', (rows) => rows.length === 5),
  };
}
