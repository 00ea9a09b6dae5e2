import { performance } from 'node:perf_hooks';
import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import { timedImport } from './csv-bench';
import { newWorkspace, type BenchWorkspace } from './gateway-client';
import { log, median } from './load';
import { type Outcome, ratioOf } from './report';

/**
 * (p) Issue 31, replenishment: 200 vans × 50 items below par refilled from one warehouse by one
 * POST /inventory/replenishment, against creating the same 200 pending transfers (50 lines each)
 * one by one through POST /inventory/transfers, sequentially, in lines per second. Each round
 * sets up two identical fleets through the API (locations, replenishFrom, items, warehouse
 * receipts, par levels by CSV import), one per side; the checks: every line proposed in full, and
 * the warehouse's reservations equal on both sides.
 */
const VANS = 200;
const ITEMS = 50;
const MINIMUM = 2;
const TARGET = 5;
const WAREHOUSE_STOCK = VANS * TARGET * 2;

interface Fleet {
  ws: BenchWorkspace;
  warehouseId: string;
  vanIds: string[];
  itemIds: string[];
}

/** A warehouse, `vans` vans refilled from it, `items` items with stock at the warehouse, and a par level for each item in each van. */
async function fleet(stack: BenchStack, name: string, vans: number, items: number): Promise<Fleet> {
  const ws = await newWorkspace(stack, name);
  const warehouse = await ws.client.expect(201, 'POST', '/locations', { body: { name: 'Warehouse', type: 'warehouse' } });
  const vanNames = Array.from({ length: vans }, (_, i) => `Van ${i + 1}`);
  const vanIds: string[] = [];
  for (const van of vanNames) {
    const created = await ws.client.expect(201, 'POST', '/locations', { body: { name: van, type: 'van' } });
    await ws.client.expect(200, 'PATCH', `/locations/${created.body.id}`, { body: { replenishFrom: warehouse.body.id } });
    vanIds.push(created.body.id);
  }
  const skus = Array.from({ length: items }, (_, i) => `P-${i}`);
  const created = await ws.client.expect(201, 'POST', '/items/bulk', { body: skus.map((sku) => ({ sku, description: `Part ${sku}` })) });
  const itemIds = (created.body as Array<{ id: string }>).map((i) => i.id);
  for (const itemId of itemIds) {
    await ws.client.expect(201, 'POST', '/inventory/movements', { body: { type: 'receipt', itemId, locationId: warehouse.body.id, quantity: WAREHOUSE_STOCK } });
  }
  const file = `location,sku,minimum,target\n${vanNames.flatMap((van) => skus.map((sku) => `${van},${sku},${MINIMUM},${TARGET}`)).join('\n')}\n`;
  const imported = await timedImport(stack, ws, file, false, 'par-levels');
  if (imported.job.status !== 'completed') throw new Error(`(p) the par levels import ended ${imported.job.status}: ${JSON.stringify(imported.job.errors).slice(0, 300)}`);
  return { ws, warehouseId: warehouse.body.id, vanIds, itemIds };
}

/** The transfers of a run, as the other side sends them: by van and item index, so they name that side's locations and items. */
function sameTransfers(run: any, from: Fleet, to: Fleet) {
  const van = new Map(from.vanIds.map((id, i) => [id, i]));
  const item = new Map(from.itemIds.map((id, i) => [id, i]));
  return (run.transfers as any[]).map((t) => ({
    fromLocationId: to.warehouseId,
    toLocationId: to.vanIds[van.get(t.toLocationId)!]!,
    status: 'pending',
    lines: (t.lines as any[]).map((l) => ({ itemId: to.itemIds[item.get(l.itemId)!]!, quantity: l.quantity })),
  }));
}

async function reservedAtWarehouse(stack: BenchStack, f: Fleet): Promise<number> {
  const { rows } = await stack.db.query<{ reserved: string }>('SELECT coalesce(sum(reserved), 0)::text AS reserved FROM stock.balances WHERE workspace_id = $1 AND location_id = $2', [
    f.ws.id,
    f.warehouseId,
  ]);
  return Number(rows[0]!.reserved);
}

export async function replenishmentScenario(stack: BenchStack, config: BenchConfig): Promise<Outcome> {
  const failedChecks: string[] = [];
  const lines = VANS * ITEMS;
  // Both paths once on a small fleet first, so neither side's first round pays for cold code.
  const warm = await fleet(stack, 'bench-p-warm', 3, 3);
  const warmBy = await fleet(stack, 'bench-p-warm-each', 3, 3);
  const warmRun = await warm.ws.client.expect(201, 'POST', '/inventory/replenishment', { body: {} });
  for (const body of sameTransfers(warmRun.body, warm, warmBy)) await warmBy.ws.client.expect(201, 'POST', '/inventory/transfers', { body });
  const oneCall: number[] = [];
  const oneByOne: number[] = [];
  for (let round = 1; round <= config.BENCH_ROUNDS; round += 1) {
    const started = performance.now();
    const runFleet = await fleet(stack, `bench-p-run-${round}`, VANS, ITEMS);
    const eachFleet = await fleet(stack, `bench-p-each-${round}`, VANS, ITEMS);
    log(`(p) round ${round}: two fleets of ${VANS} vans × ${ITEMS} items set up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    await stack.quiesce();
    const runStarted = performance.now();
    const run = await runFleet.ws.client.expect(201, 'POST', '/inventory/replenishment', { body: {} });
    const runMs = performance.now() - runStarted;
    const proposed = (run.body.transfers as any[]).reduce((n, t) => n + t.lines.length, 0);
    if (run.body.transfers.length !== VANS || proposed !== lines || run.body.shortfalls.length !== 0) {
      failedChecks.push(`(p) the run created ${run.body.transfers.length} transfers with ${proposed} lines and ${run.body.shortfalls.length} shortfalls, not ${VANS} with ${lines} and none`);
    }
    oneCall.push(lines / (runMs / 1000));
    log(`(p) round ${round}: one POST /inventory/replenishment: ${(runMs / 1000).toFixed(2)} s for ${lines} lines (${Math.round(lines / (runMs / 1000))} lines/s)`);

    await stack.quiesce();
    const transfers = sameTransfers(run.body, runFleet, eachFleet);
    const eachStarted = performance.now();
    for (const body of transfers) await eachFleet.ws.client.expect(201, 'POST', '/inventory/transfers', { body });
    const eachMs = performance.now() - eachStarted;
    oneByOne.push(lines / (eachMs / 1000));
    log(`(p) round ${round}: ${transfers.length} POST /inventory/transfers one by one: ${(eachMs / 1000).toFixed(2)} s (${Math.round(lines / (eachMs / 1000))} lines/s)`);

    const [reservedByRun, reservedOneByOne] = await Promise.all([reservedAtWarehouse(stack, runFleet), reservedAtWarehouse(stack, eachFleet)]);
    if (reservedByRun !== VANS * ITEMS * TARGET || reservedOneByOne !== reservedByRun) {
      failedChecks.push(`(p) the warehouse holds ${reservedByRun} reserved after the run and ${reservedOneByOne} after the transfers one by one, not ${VANS * ITEMS * TARGET} each`);
    }
  }
  return {
    ratios: [
      ratioOf(
        'p',
        `lines/s: replenishing ${VANS} vans × ${ITEMS} items in one POST /inventory/replenishment vs the same ${VANS} pending transfers one by one through POST /inventory/transfers (median of ${config.BENCH_ROUNDS} rounds)`,
        'lines/s',
        median(oneCall),
        median(oneByOne),
        { atLeast: 3 },
      ),
    ],
    failedChecks,
  };
}
