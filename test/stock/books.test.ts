import { Client as PgClient } from 'pg';
import { type Client, expectError, request } from '../support/api';
import { eventually, newMember, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { createLocation } from './stock-fixtures';

/**
 * Books a business can close the month on (issue 44, docs/purchasing.md): a revert never zeroes the
 * average and records what it could not take back, a wrong cost is corrected by a revaluation,
 * costs and purchasing sit behind their own scopes, replenishment buys what the vans lack.
 */

async function supplierOf(ws: TestWorkspace): Promise<string> {
  const res = await ws.owner.post('/suppliers', { name: unique('Supplier') });
  if (res.status !== 201) throw new Error(`creating a supplier failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function pricedItem(ws: TestWorkspace, supplierId: string, cost: number): Promise<string> {
  const res = await ws.owner.post('/items', { sku: unique('BOOK'), description: 'Refrigerant cylinder', cost, supplierId });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return res.body.id;
}

async function submitted(ws: TestWorkspace, supplierId: string, lines: Array<{ itemId: string; quantity: number; unitCost?: number }>, api: Client = ws.owner): Promise<string> {
  const created = await api.post('/purchase-orders', { supplierId, lines });
  if (created.status !== 201) throw new Error(`creating an order failed: ${created.status} ${created.text}`);
  const done = await api.post(`/purchase-orders/${created.body.id}/submit`, {});
  if (done.status !== 200) throw new Error(`submitting failed: ${done.status} ${done.text}`);
  return created.body.id;
}

async function ok(res: Promise<{ status: number; body: any; text: string }>, status = 201): Promise<any> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${answer.text}`);
  return answer.body;
}

const setPar = (ws: TestWorkspace, itemId: string, locationId: string, par: { minimum: number; target: number }) =>
  request('PUT', `/inventory/par-levels/${itemId}/${locationId}`, { key: ws.ownerKey, body: par, query: { workspaceId: ws.id } });

const averageOf = async (ws: TestWorkspace, itemId: string): Promise<number> => (await ws.owner.get('/inventory/balances', { query: { itemId } })).body[0].averageCost;

async function useOnJob(ws: TestWorkspace, itemId: string, quantity: number): Promise<any> {
  const job = await ok(ws.owner.post('/jobs', { name: unique('Job'), sourceLocationId: ws.defaultLocationId, lines: [{ itemId, quantity }] }));
  return ok(ws.owner.post(`/jobs/${job.id}/complete`, {}), 200);
}

describe('the average cost after a revert', () => {
  it('when 10 @ 10 and 10 @ 30 are received, 6 used and the 10 @ 30 reverted, then the 4 left keep 10, never 0, and the 60 the use was costed too high is the revert\'s costVariance', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 10);
    const order = await submitted(ws, supplier, [{ itemId: item, quantity: 20, unitCost: 10 }]);
    await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 10 }] }));
    const dear = await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 10, unitCost: 30 }] }));
    expect(await averageOf(ws, item)).toBe(20);
    const job = await useOnJob(ws, item, 6);
    expect(job.lines[0].unitCost).toBe(20);

    const reverted = await ok(ws.owner.post(`/purchase-orders/${order}/receipts/${dear.id}/revert`, {}), 200);

    expect(reverted).toMatchObject({ revertedAt: expect.any(String), costVariance: 60 });
    expect(await averageOf(ws, item)).toBe(10);
    const valuation = (await ws.owner.get('/inventory/valuation', { query: { itemId: item } })).body;
    expect(valuation.rows).toEqual([expect.objectContaining({ onHand: 4, averageCost: 10, value: 40 })]);
    const back = (await ws.owner.get('/inventory/movements', { query: { itemId: item, reason: 'receipt_reverted' } })).body;
    expect(back).toEqual([expect.objectContaining({ quantity: -10, unitCost: 30, costVariance: 60 })]);
    // The books reconcile: 14 on hand at 20 (280), 4 left at 10 (40), 300 brought back to the supplier: 280 − 40 + 60.
    expect(280 - 40 + reverted.costVariance).toBe(10 * 30);
    expect((await ws.owner.get(`/purchase-orders/${order}/receipts`)).body.map((r: any) => r.costVariance)).toEqual([null, 60]);
    // The completed job keeps the cost it froze.
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.lines[0].unitCost).toBe(20);
  });

  it('when a receipt is reverted before anything else moved, then the average is exactly the one before it and the variance is 0', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 3);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 7, unitCost: 3.333333 }));
    const order = await submitted(ws, supplier, [{ itemId: item, quantity: 3, unitCost: 4.123457 }]);
    const received = await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 3 }] }));
    expect(await averageOf(ws, item)).not.toBe(3.333333);
    const reverted = await ok(ws.owner.post(`/purchase-orders/${order}/receipts/${received.id}/revert`, {}), 200);
    expect(await averageOf(ws, item)).toBe(3.333333);
    expect(reverted.costVariance).toBe(0);
  });

  it('when the receipt keyed at 1950 on a 180 line is received (flagged), 2 used and reverted, then the 4 left are valued at 180, and a correction is a revaluation', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 180);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 6, unitCost: 180 }));
    const order = await submitted(ws, supplier, [{ itemId: item, quantity: 4, unitCost: 180 }]);
    const mistyped = await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 4, unitCost: 1950 }] }));
    // Recorded, and flagged: 1950 against the order's 180, with what to do about it.
    expect(mistyped.lines[0]).toMatchObject({ unitCost: 1950, orderedUnitCost: 180, priceVariancePercent: 983.33 });
    expect(mistyped.warnings).toEqual([expect.stringMatching(/983\.33% above the order line's 180.*revert this receipt/)]);
    expect(await averageOf(ws, item)).toBe(888);
    await useOnJob(ws, item, 2);

    const reverted = await ok(ws.owner.post(`/purchase-orders/${order}/receipts/${mistyped.id}/revert`, {}), 200);

    expect(await averageOf(ws, item)).toBe(180);
    // 8 × 888 on hand, 4 left × 180, 4 × 1950 taken back: 7800 − (7104 − 720) = 1416, the 2 used costed 708 too high each.
    expect(reverted.costVariance).toBe(1416);
    expect((await ws.owner.get('/inventory/valuation', { query: { itemId: item } })).body.totals).toEqual({ onHand: 4, value: 720 });
  });
});

describe('revaluations', () => {
  it('when an average is corrected, then the revaluation records before, after and the value change; valuation as of before shows the old average and after it the new; completed jobs keep their cost', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 10, unitCost: 9.5 }));
    const job = await useOnJob(ws, item, 2);
    const before = (await sql<{ now: string }>('SELECT clock_timestamp()::text AS now'))[0]!.now;
    const key = unique('revalue');

    const res = await ws.owner.post('/inventory/revaluations', { itemId: item, averageCost: 9.25, reason: 'Supplier credit note', note: 'CN-77' }, { headers: { 'Idempotency-Key': key } });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      itemId: item,
      averageCostBefore: 9.5,
      averageCost: 9.25,
      onHand: 8,
      valueChange: -2,
      reason: 'Supplier credit note',
      note: 'CN-77',
      createdAt: expect.any(String),
      createdBy: { userId: expect.any(String), keyId: expect.any(String) },
    });
    const replay = await ws.owner.post('/inventory/revaluations', { itemId: item, averageCost: 9.25, reason: 'Supplier credit note', note: 'CN-77' }, { headers: { 'Idempotency-Key': key } });
    expect(replay.body.id).toBe(res.body.id);
    expect((await ws.owner.get('/inventory/revaluations', { query: { itemId: item } })).body.map((r: any) => r.id)).toEqual([res.body.id]);
    expect(await averageOf(ws, item)).toBe(9.25);
    const asOfBefore = (await ws.owner.get('/inventory/valuation', { query: { itemId: item, asOf: new Date(before).toISOString() } })).body;
    expect(asOfBefore.rows[0]).toMatchObject({ onHand: 8, averageCost: 9.5, value: 76 });
    expect((await ws.owner.get('/inventory/valuation', { query: { itemId: item } })).body.rows[0]).toMatchObject({ averageCost: 9.25, value: 74 });
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.lines[0].unitCost).toBe(9.5);
  });

  it('when the caller may not revalue, or the item cannot be, then 403 or 422 naming itemId, and nothing changes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    const catalogOnly = await ok(ws.owner.post('/items', { sku: unique('CO'), description: 'Labour', trackStock: false }));
    const body = { itemId: item, averageCost: 4, reason: 'typo' };
    const reader = await newMember(ws, { role: 'member', scopes: ['valuation.read', 'inventory.read'] });
    expectError(await reader.client.post('/inventory/revaluations', body), 403, 'forbidden');
    const restricted = await newMember(ws, { role: 'member', locationAccess: `${ws.defaultLocationId}:write` });
    expectError(await restricted.client.post('/inventory/revaluations', body), 403, 'forbidden');
    expect(expectError(await ws.owner.post('/inventory/revaluations', { ...body, itemId: catalogOnly.id }), 422, 'unprocessable_entity').param).toBe('itemId');
    expect(expectError(await ws.owner.post('/inventory/revaluations', { ...body, averageCost: -1 }), 400, 'bad_request').param).toBe('averageCost');
    expect(expectError(await ws.owner.post('/inventory/revaluations', { ...body, reason: '' }), 400, 'bad_request').param).toBe('reason');
    expect((await ws.owner.get('/inventory/revaluations')).body).toEqual([]);
  });
});

describe('costs and purchasing behind their own scopes', () => {
  it('when a key lacks valuation.read, then valuation and its export are 403 and every cost it reads is null; granted, it sees them', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 4, unitCost: 6 }));
    const job = await useOnJob(ws, item, 1);
    const technician = await newMember(ws, { role: 'member', scopes: ['inventory.read', 'jobs.read'] });
    const accountant = await newMember(ws, { role: 'member', scopes: ['inventory.read', 'jobs.read', 'valuation.read'] });

    expectError(await technician.client.get('/inventory/valuation'), 403, 'forbidden');
    expectError(await technician.client.get('/exports/valuation'), 403, 'forbidden');
    expect((await technician.client.get('/inventory/balances', { query: { itemId: item } })).body[0]).toMatchObject({ onHand: 3, averageCost: null });
    expect((await technician.client.get('/inventory/movements', { query: { itemId: item } })).body.map((m: any) => m.unitCost)).toEqual([null, null]);
    const seen = (await technician.client.get(`/jobs/${job.id}`)).body;
    expect(seen.lines[0]).toMatchObject({ unitCost: null, unitPrice: expect.any(Number) });
    expect(seen.totals).toMatchObject({ cost: null, price: expect.any(Number) });
    const exported = (await technician.client.get('/exports/movements', { query: { itemId: item } })).text;
    expect(exported.split('\n')[1]).not.toContain(',6,');

    expect((await accountant.client.get('/inventory/valuation')).status).toBe(200);
    expect((await accountant.client.get('/inventory/balances', { query: { itemId: item } })).body[0].averageCost).toBe(6);
    expect((await accountant.client.get(`/jobs/${job.id}`)).body.totals.cost).toBe(6);
  });

  it('when a key without purchase_orders.write runs replenishment, then it drafts no order and the lines stay short saying so', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    await ok(setPar(ws, item, ws.defaultLocationId, { minimum: 5, target: 10 }), 200);
    const technician = await newMember(ws, { role: 'member', scopes: ['inventory.read', 'transfers.write', 'transfers.read'] });

    const run = await ok(technician.client.post('/inventory/replenishment', {}));

    expect(run.purchaseOrders).toEqual([]);
    expect(run.shortfalls).toEqual([expect.objectContaining({ itemId: item, shortfall: 10, reason: 'purchase_orders_write_required', message: expect.stringContaining('purchase_orders.write') })]);
    expect((await ws.owner.get('/purchase-orders')).body).toEqual([]);
    const buyer = await ok(ws.owner.post('/inventory/replenishment', {}));
    expect(buyer.purchaseOrders).toHaveLength(1);
  });

  it('when a technician with write access to his van and read access to the warehouse refills it, then the line is short saying why, never a silent nothing', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    const van = await createLocation(ws);
    await ok(ws.owner.patch(`/locations/${van.id}`, { replenishFrom: ws.defaultLocationId }), 200);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 20 }));
    await ok(setPar(ws, item, van.id, { minimum: 2, target: 6 }), 200);
    const technician = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write,${ws.defaultLocationId}:read` });

    const run = await ok(technician.client.post('/inventory/replenishment', {}));

    expect(run.transfers).toEqual([]);
    expect(run.shortfalls).toEqual([expect.objectContaining({ locationId: van.id, sourceLocationId: ws.defaultLocationId, shortfall: 6, reason: 'source_not_writable' })]);
  });
});

describe('replenishment buys what the vans lack', () => {
  it('when vans lack a part and the warehouse sits at its minimum, then one run drafts an order for their lack on top of its target, at the last price paid, and a second run orders nothing more', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    const vans = [await createLocation(ws), await createLocation(ws)];
    for (const van of vans) {
      await ok(ws.owner.patch(`/locations/${van.id}`, { replenishFrom: ws.defaultLocationId }), 200);
      await ok(setPar(ws, item, van.id, { minimum: 2, target: 5 }), 200);
    }
    // 20 received at 7.25 (the last price paid), then a receipt at 9 reverted: the last price paid is 7.25 again.
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 20, unitCost: 7.25 }));
    const order = await submitted(ws, supplier, [{ itemId: item, quantity: 1, unitCost: 9 }]);
    const dear = await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 1 }] }));
    await ok(ws.owner.post(`/purchase-orders/${order}/receipts/${dear.id}/revert`, {}), 200);
    await ok(ws.owner.post(`/purchase-orders/${order}/cancel`, {}), 200);
    await ok(setPar(ws, item, ws.defaultLocationId, { minimum: 20, target: 30 }), 200);

    const run = await ok(ws.owner.post('/inventory/replenishment', {}));

    // Each van needs 5 and the warehouse has nothing above its minimum: 10 lacking, on top of its target 30 − 20 held → 20.
    expect(run.transfers).toEqual([]);
    expect(run.purchaseOrders).toEqual([expect.objectContaining({ status: 'draft', origin: 'replenishment', lines: [expect.objectContaining({ itemId: item, ordered: 20, unitCost: 7.25 })] })]);
    expect(run.shortfalls).toEqual(expect.arrayContaining([expect.objectContaining({ locationId: vans[0]!.id, shortfall: 5, reason: 'source_short' })]));
    const again = await ok(ws.owner.post('/inventory/replenishment', {}));
    expect(again.purchaseOrders).toEqual([]);
  });
});

describe('purchasing gaps', () => {
  it('when an item never stocked at a location is on order there, then its balance row shows onHand 0 and what is on order', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    expect((await ws.owner.get('/inventory/balances', { query: { itemId: item } })).body).toEqual([]);
    await submitted(ws, supplier, [{ itemId: item, quantity: 12 }]);
    expect((await ws.owner.get('/inventory/balances', { query: { itemId: item } })).body).toEqual([expect.objectContaining({ locationId: ws.defaultLocationId, onHand: 0, onOrder: 12 })]);
  });

  it('when a receipt is reverted, then purchase_order.receipt_reverted carries the order in its new status and the receipt; an order whose receipts were all reverted may be cancelled', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    const order = await submitted(ws, supplier, [{ itemId: item, quantity: 2 }]);
    const received = await ok(ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 2 }] }));
    await ok(ws.owner.post(`/purchase-orders/${order}/receipts/${received.id}/revert`, {}), 200);
    const event = await eventually('purchase_order.receipt_reverted in the outbox', async () => {
      const [row] = await sql<{ message: any }>("SELECT message FROM stock.outbox WHERE type = 'purchase_order.receipt_reverted' AND workspace_id = $1", [ws.id]);
      return row?.message;
    });
    expect(event.payload).toMatchObject({ purchaseOrder: { id: order, status: 'ordered' }, receipt: { id: received.id, revertedAt: expect.any(String), costVariance: 0 } });
    expect((await ok(ws.owner.post(`/purchase-orders/${order}/cancel`, {}), 200)).status).toBe('cancelled');
    expect((await ws.owner.get(`/purchase-orders/${order}/receipts`)).body).toEqual([expect.objectContaining({ id: received.id, revertedAt: expect.any(String) })]);
  });

  it('when a receipt waits on a lock across an instant, then valuation as of that instant does not hold it: a movement is dated once its locks are held', async () => {
    const ws = await newWorkspace();
    const supplier = await supplierOf(ws);
    const item = await pricedItem(ws, supplier, 5);
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 1 }));
    const holder = new PgClient({ connectionString: process.env.TEST_DATABASE_URL });
    await holder.connect();
    let instant: string;
    let receipt: Promise<{ status: number }>;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM stock.balances WHERE item_id = $1 FOR UPDATE', [item]);
      receipt = ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item, locationId: ws.defaultLocationId, quantity: 5 });
      await eventually('the receipt waiting on the balance', async () => {
        const [waiting] = await sql("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH locked_transfer AS%'");
        return waiting ? true : undefined;
      }, 2_000);
      instant = (await sql<{ instant: string }>('SELECT clock_timestamp()::text AS instant'))[0]!.instant;
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    expect((await receipt!).status).toBe(201);
    const asOf = (await ws.owner.get('/inventory/valuation', { query: { itemId: item, asOf: new Date(instant!).toISOString() } })).body;
    expect(asOf.totals.onHand).toBe(1);
    expect((await ws.owner.get('/inventory/valuation', { query: { itemId: item } })).body.totals.onHand).toBe(6);
  });

  it('when asOf carries an unencoded "+", then the 400 says to write it %2B', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.get('/inventory/valuation?asOf=2026-12-01T00:59:59+01:00');
    const refused = expectError(res, 400, 'bad_request');
    expect(refused.param).toBe('asOf');
    expect(refused.message).toContain('%2B');
  });

  it("when a transfer names another workspace's item, then the 422 names its line's itemId", async () => {
    const [ws, other] = [await newWorkspace({ plan: 'pro' }), await newWorkspace()];
    const foreign = await pricedItem(other, await supplierOf(other), 1);
    const van = await createLocation(ws);
    const refused = expectError(await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: foreign, quantity: 1 }] }), 422, 'unprocessable_entity');
    expect(refused.param).toBe('lines[0].itemId');
  });
});
