import { newId, StockCommands, STOCK_SERVICE } from '@inv/shared/core';
import { adminDeps, eventually, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { ownerContext } from '../support/internal-calls';
import { type Stack } from '../support/stack';
import { ledgerMismatches } from '../stock/stock-fixtures';
import { startFaultStack, stopFaultStack, withLogs } from './fault-stack';

/**
 * The catalog's two intents (docs/consistency.md): an opening it records in the stock service
 * before committing the items, and items it closes there before committing trackStock false. A
 * catalog process that dies between the intent and its commit (here: the intent sent as the
 * catalog would, and never followed) leaves the intent to the stock service's sweepers, which
 * settle it once it is older than INTENT_LEASE_MS (the tests age it in the database) by asking the
 * catalog what it committed. The stack sweeps every second.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack([], { SWEEP_INTERVAL_MS: '1000' });
}, 120_000);
afterAll(() => stopFaultStack(stack));

/** Sends a stock command as the catalog would. */
async function command(ws: TestWorkspace, type: string, payload: unknown): Promise<unknown> {
  const { client } = await adminDeps();
  return client.request(STOCK_SERVICE, type, payload, { workspaceId: ws.id });
}

/** Ages an opening past the lease, as if its catalog process had died a while ago. */
const ageOpening = (operationId: string) => sql("UPDATE stock.openings SET created_at = now() - interval '2 minutes' WHERE operation_id = $1", [operationId]);

async function openingOf(itemId: string): Promise<{ onHand: number; reasons: Array<string | null>; settled: boolean; cancelled: boolean }> {
  const [balance] = await sql('SELECT on_hand::float8 AS "onHand" FROM stock.balances WHERE item_id = $1', [itemId]);
  const movements = await sql('SELECT reason FROM stock.movements WHERE item_id = $1 ORDER BY seq', [itemId]);
  const [opening] = await sql(
    "SELECT o.settled_at IS NOT NULL AS settled, o.cancelled_at IS NOT NULL AS cancelled FROM stock.openings o JOIN stock.movements m ON m.operation_id = o.operation_id WHERE m.item_id = $1 AND m.type = 'opening' LIMIT 1",
    [itemId],
  );
  return { onHand: balance?.onHand, reasons: movements.map((m) => m.reason), settled: opening?.settled, cancelled: opening?.cancelled };
}

describe('intents the catalog never followed up (issue 40)', () => {
  it(
    'when an opening was recorded and the catalog never created its item, then the sweeper takes it back through the ledger; an opening whose item it created stays',
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace();
        const orphan = { id: newId(), sku: unique('ORPHAN'), description: 'never created', trackStock: true, lowStockThreshold: null };
        const operationId = newId();
        await command(ws, StockCommands.recordOpening, { operationId, caller: ownerContext(ws, ['items.write']), lines: [{ item: orphan, locationId: ws.defaultLocationId, quantity: 4 }] });
        const created = await ws.owner.post('/items', { sku: unique('KEPT'), description: 'created', quantity: 3 });
        expect(created.status).toBe(201);
        const keptOperation = (await sql("SELECT operation_id FROM stock.movements WHERE item_id = $1 AND type = 'opening'", [created.body.id]))[0]!.operation_id;
        expect(await openingOf(orphan.id)).toMatchObject({ onHand: 4, settled: false, cancelled: false });

        await ageOpening(operationId);
        await ageOpening(keptOperation);
        const settled = await eventually('both openings settled', async () => {
          const [taken, kept] = [await openingOf(orphan.id), await openingOf(created.body.id)];
          return taken.cancelled && kept.settled ? { taken, kept } : undefined;
        }, 15_000);
        expect(settled.taken).toEqual({ onHand: 0, reasons: [null, 'opening_cancelled'], settled: false, cancelled: true });
        expect(settled.kept).toEqual({ onHand: 3, reasons: [null], settled: true, cancelled: false });
        expect(await ledgerMismatches(ws.id)).toEqual([]);
      },
    ),
    60_000,
  );

  it(
    'when items were closed to new stock and the catalog never committed trackStock false, then they refuse stock until the sweeper reopens them, and track stock after',
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace();
        const item = await ws.owner.post('/items', { sku: unique('CLOSED'), description: 'half-closed' });
        expect(item.status).toBe(201);
        const receipt = () => ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.body.id, locationId: ws.defaultLocationId, quantity: 1 });
        await command(ws, StockCommands.closeItems, { attempt: newId(), itemIds: [item.body.id] });
        const refused = await receipt();
        expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 429, code: 'rate_limit_exceeded' });

        await sql("UPDATE stock.items SET closing_since = now() - interval '2 minutes' WHERE id = $1", [item.body.id]);
        await eventually('the closing settled', async () => ((await sql('SELECT 1 FROM stock.items WHERE id = $1 AND closing_attempt IS NULL', [item.body.id])).length === 1 ? true : undefined), 15_000);
        expect((await receipt()).status).toBe(201);
        expect((await ws.owner.get('/items/info', { query: { itemId: item.body.id } })).body.trackStock).toBe(true);
      },
    ),
    60_000,
  );
});
