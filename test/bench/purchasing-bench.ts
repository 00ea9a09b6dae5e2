import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import { newWorkspace } from './gateway-client';
import { type Alternation, alternate, cannon, log, median, type Side } from './load';
import { type Outcome, ratioOf, roundWarnings } from './report';
import { transferWorkspace, type TransferWorkspace } from './transfer-storm';

/** Issue 41's sizes: an order of 10 lines against a transfer of 10 lines; valuation of 1,000 items × 10 locations with 1M movements. */
const LINES = 10;
const VALUATION_ITEMS = 1_000;
const VALUATION_LOCATIONS = 10;
const MOVEMENTS_PER_BALANCE = 100;
const VALUATION_CALLS = 7;
/**
 * Connections of the receipts and transfers storms, as (m)'s single-item writes: both queue on the
 * same 10 items' rows, so more connections only lengthen the queue (past the request's lock wait,
 * a retryable refusal), not the rate.
 */
const CONNECTIONS = 8;
/** Submitted orders the receipts are spread over (in turn), so that two receipts rarely wait on one order's row. */
const ORDERS = 4 * CONNECTIONS;

/**
 * (q) Issue 41, purchasing. Receipts: POST /purchase-orders/{id}/receipts of 10 lines (one unit of
 * each of 10 items, at a cost: each moves the items' average cost) against POST
 * /inventory/transfers of the same 10 items (one unit each, back and forth between two locations),
 * rounds alternating at 8 connections; the receipts spread over 32 submitted orders, so they queue
 * on the items' totals as transfers queue on their balances, not on one order's lock. Goal:
 * receipts/s at least 0.8 of transfers/s. Valuation: GET /inventory/valuation of a workspace of
 * 1,000 items × 10 locations whose ledger holds 1M movements (seeded in SQL: 100 receipts per
 * balance over 100 days, an average cost change a day per item), now and at an instant half-way,
 * the median of 7 calls each through the gateway against the bounds of the issue: 500 ms and 2 s.
 */
export async function purchasingScenario(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const tw = await transferWorkspace(stack, 'bench-q');
  const { ws } = tw;
  const supplier = (await ws.client.expect(201, 'POST', '/suppliers', { body: { name: 'Bench supplier' } })).body as { id: string };
  const itemIds = tw.lanes.slice(0, LINES).map((l) => l.itemId);
  const orders: string[] = [];
  for (let c = 0; c < ORDERS; c++) {
    const order = await ws.client.expect(201, 'POST', '/purchase-orders', {
      body: { supplierId: supplier.id, lines: itemIds.map((itemId) => ({ itemId, quantity: 100_000_000, unitCost: 3 })) },
    });
    await ws.client.expect(200, 'POST', `/purchase-orders/${order.body.id}/submit`, { body: {} });
    orders.push(order.body.id);
  }
  const headers = { authorization: ws.client.authorization, 'content-type': 'application/json' };
  let r = 0;
  const receipts: Side = (s) =>
    cannon(
      {
        url: stack.gatewayUrl,
        connections: CONNECTIONS,
        next: () => ({
          method: 'POST',
          path: ws.client.pathOf(`/purchase-orders/${orders[r++ % orders.length]}/receipts`),
          headers,
          body: JSON.stringify({ lines: itemIds.map((itemId) => ({ itemId, quantity: 1, unitCost: 2 + (r % 3) })) }),
        }),
      },
      s,
    );
  const transfers = tenLineTransfers(stack, tw, itemIds, CONNECTIONS);
  const rounds = await alternate(`(q) ${LINES}-line receipts against ${LINES}-line transfers`, { receipts, transfers }, alternation);
  const [received, moved] = [median(rounds.receipts.map((x) => x.rps)), median(rounds.transfers.map((x) => x.rps))];
  log(`(q) ${LINES}-line receipts ${received.toFixed(1)}/s, ${LINES}-line transfers ${moved.toFixed(1)}/s at ${CONNECTIONS} connections`);
  const ratios = [ratioOf('q', `${LINES}-line receipts/s vs ${LINES}-line transfers/s`, 'req/s', received, moved, { atLeast: 0.8 }, roundWarnings(rounds))];

  const { now, asOf } = await valuationTimes(stack);
  log(`(q) valuation of ${VALUATION_ITEMS} items × ${VALUATION_LOCATIONS} locations, ${(VALUATION_ITEMS * VALUATION_LOCATIONS * MOVEMENTS_PER_BALANCE).toLocaleString('en-US')} movements: now ${now.toFixed(0)} ms, asOf ${asOf.toFixed(0)} ms (median of ${VALUATION_CALLS})`);
  ratios.push(ratioOf('q', 'GET /inventory/valuation (now) vs its 500 ms bound', 'ms', now, 500, { atMost: 1 }));
  ratios.push(ratioOf('q', 'GET /inventory/valuation?asOf= vs its 2 s bound', 'ms', asOf, 2000, { atMost: 1 }));
  return { ratios, failedChecks: [] };
}

/** 10-line transfers of one unit of each item, back and forth between the workspace's two locations. */
function tenLineTransfers(stack: BenchStack, tw: TransferWorkspace, itemIds: readonly string[], connections: number): Side {
  const { ws } = tw;
  const [a, b] = tw.lanes[0]!.locations as [string, string];
  const headers = { authorization: ws.client.authorization, 'content-type': 'application/json' };
  let n = 0;
  return (s) =>
    cannon(
      {
        url: stack.gatewayUrl,
        connections,
        next: () => {
          const [from, to] = n++ % 2 === 0 ? [a, b] : [b, a];
          return { method: 'POST', path: ws.client.pathOf('/inventory/transfers'), headers, body: JSON.stringify({ fromLocationId: from, toLocationId: to, lines: itemIds.map((itemId) => ({ itemId, quantity: 1 })) }) };
        },
      },
      s,
    );
}

/**
 * A valuation workspace: its items and locations made through the API (so the stock service's
 * copies are real), its ledger seeded in SQL (1M movements could not be posted in a bench's time),
 * then the median time of GET /inventory/valuation now and at an instant half-way through the
 * ledger, each answer checked for every balance.
 */
async function valuationTimes(stack: BenchStack): Promise<{ now: number; asOf: number }> {
  const ws = await newWorkspace(stack, 'bench-q-valuation');
  const itemIds: string[] = [];
  for (let batch = 0; batch < VALUATION_ITEMS / 100; batch++) {
    const created = await ws.client.expect(201, 'POST', '/items/bulk', { body: Array.from({ length: 100 }, (_, i) => ({ sku: `V-${batch * 100 + i}`, description: 'Valued part', cost: 4 })) });
    itemIds.push(...(created.body as Array<{ id: string }>).map((i) => i.id));
  }
  const locationIds = [ws.defaultLocationId];
  for (let i = 1; i < VALUATION_LOCATIONS; i++) locationIds.push((await ws.client.expect(201, 'POST', '/locations', { body: { name: `Van ${i}`, type: 'van' } })).body.id);
  const started = Date.now();
  const day = 86_400_000;
  const first = new Date(Date.now() - MOVEMENTS_PER_BALANCE * day);
  // One transaction, without the pool's statement timeout: a million rows take longer than a request may.
  const seed = await stack.db.connect();
  try {
    await seed.query('BEGIN');
    await seed.query('SET LOCAL statement_timeout = 0');
    await seedLedger(seed, { workspaceId: ws.id, userId: ws.ownerUserId, itemIds, locationIds, first });
    await seed.query('COMMIT');
  } catch (err) {
    await seed.query('ROLLBACK');
    throw err;
  } finally {
    seed.release();
  }
  await stack.db.query('ANALYZE stock.movements, stock.balances, stock.item_totals, stock.item_cost_changes');
  log(`(q) seeded ${(VALUATION_ITEMS * VALUATION_LOCATIONS * MOVEMENTS_PER_BALANCE).toLocaleString('en-US')} movements in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rows = VALUATION_ITEMS * VALUATION_LOCATIONS;
  const timed = async (query: Record<string, string>, onHand: number): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < VALUATION_CALLS; i++) {
      const res = await ws.client.expect(200, 'GET', '/inventory/valuation', { query });
      const body = res.body as { rows: unknown[]; totals: { onHand: number } };
      if (body.rows.length !== rows || body.totals.onHand !== rows * onHand) throw new Error(`(q) the valuation answered ${body.rows.length} rows, ${body.totals.onHand} on hand`);
      times.push(res.ms);
    }
    return median(times);
  };
  const half = MOVEMENTS_PER_BALANCE / 2;
  return {
    now: await timed({}, MOVEMENTS_PER_BALANCE),
    asOf: await timed({ asOf: new Date(first.getTime() + half * day + day / 2).toISOString() }, half),
  };
}

/** Each balance's ledger: its balance, the items' totals at the average cost, 100 receipts a balance (one a day) and an average cost change a day per item. */
async function seedLedger(
  db: { query: (text: string, values?: unknown[]) => Promise<unknown> },
  l: { workspaceId: string; userId: string; itemIds: string[]; locationIds: string[]; first: Date },
): Promise<void> {
  await db.query(
    `WITH keys AS (SELECT i AS item_id, l AS location_id FROM unnest($2::uuid[]) AS i, unnest($3::uuid[]) AS l),
          b AS (INSERT INTO stock.balances (workspace_id, item_id, location_id, on_hand, updated_at)
                SELECT $1, item_id, location_id, $4, now() FROM keys RETURNING item_id)
     INSERT INTO stock.item_totals (workspace_id, item_id, on_hand, average_cost)
     SELECT $1, id, $4 * $5, 4.5 FROM unnest($2::uuid[]) AS id`,
    [l.workspaceId, l.itemIds, l.locationIds, MOVEMENTS_PER_BALANCE, VALUATION_LOCATIONS],
  );
  await db.query(
    `INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, reason, reference, note, created_at, unit_cost)
     SELECT gen_random_uuid(), $1, i, l, 'receipt', 1, k, $4, 'received', '', '', $5::timestamptz + (k * interval '1 day'), 4 + k % 2
       FROM unnest($2::uuid[]) AS i, unnest($3::uuid[]) AS l, generate_series(1, $6::int) AS k`,
    [l.workspaceId, l.itemIds, l.locationIds, l.userId, l.first, MOVEMENTS_PER_BALANCE],
  );
  await db.query(
    `INSERT INTO stock.item_cost_changes (workspace_id, item_id, changed_at, average_cost)
     SELECT $1, i, $3::timestamptz + (k * interval '1 day'), 4 + k % 2 FROM unnest($2::uuid[]) AS i, generate_series(1, $4::int) AS k`,
    [l.workspaceId, l.itemIds, l.first, MOVEMENTS_PER_BALANCE],
  );
}
