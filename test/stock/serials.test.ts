import { expectError } from '../support/api';
import { newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { createLocation, ledgerMismatches } from './stock-fixtures';
import { imported } from '../imports/csv-fixtures';

/**
 * Serial numbers and lots (issue 45, docs/serials.md) through the public API: captured at receipt,
 * moved by transfers, required when a job uses them, found by a scan, traced through the ledger;
 * the schema holding them to the balances.
 */

async function trackedItem(ws: TestWorkspace, tracking: 'serial' | 'lot', extra: Record<string, unknown> = {}): Promise<{ id: string; sku: string }> {
  const res = await ws.owner.post('/items', { sku: unique(tracking === 'serial' ? 'MTR' : 'REF'), description: tracking === 'serial' ? 'Gas meter' : 'Refrigerant R-410A', cost: 10, tracking, ...extra });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return res.body;
}

async function ok(res: Promise<{ status: number; body: any; text: string }>, status = 201): Promise<any> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${answer.text}`);
  return answer.body;
}

/** The workspace's units as the schema holds them: every tracked balance equals its serials in stock or its lots there. */
async function unitMismatches(workspaceId: string): Promise<unknown[]> {
  return sql(
    `SELECT b.item_id, b.location_id, b.on_hand, b.tracking,
            (SELECT count(*) FROM stock.serials s WHERE s.workspace_id = b.workspace_id AND s.item_id = b.item_id AND s.location_id = b.location_id AND s.status = 'in_stock') AS serials,
            (SELECT coalesce(sum(l.on_hand), 0) FROM stock.lot_balances l WHERE l.workspace_id = b.workspace_id AND l.item_id = b.item_id AND l.location_id = b.location_id) AS lots
       FROM stock.balances b
      WHERE b.workspace_id = $1 AND ((b.tracking = 'serial' AND b.on_hand <> (SELECT count(*) FROM stock.serials s WHERE s.workspace_id = b.workspace_id AND s.item_id = b.item_id AND s.location_id = b.location_id AND s.status = 'in_stock'))
         OR (b.tracking = 'lot' AND b.on_hand <> (SELECT coalesce(sum(l.on_hand), 0) FROM stock.lot_balances l WHERE l.workspace_id = b.workspace_id AND l.item_id = b.item_id AND l.location_id = b.location_id)))`,
    [workspaceId],
  );
}

describe('serials', () => {
  it('when a serial item is received with its serials, moved to a van by serial and found by a scan, then the scan and the trace tell where each unit went', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const meter = await trackedItem(ws, 'serial');
    const received = await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: ws.defaultLocationId, quantity: 2, serials: ['GM-001', ' gm-002 '] }));
    expect(received).toMatchObject({ quantity: 2, serials: ['GM-001', 'gm-002'], lot: null });

    const moved = await ok(ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: meter.id, quantity: 1, serials: ['gm-001'] }] }));
    expect(moved.lines[0]).toMatchObject({ serials: ['gm-001'], lot: null });

    const scan = (await ws.owner.get('/inventory/serials', { query: { serial: '  GM-001 ' } })).body;
    expect(scan).toEqual([
      expect.objectContaining({ itemId: meter.id, sku: meter.sku, serial: 'GM-001', status: 'in_stock', locationId: van.id, locationName: expect.any(String), jobId: null, heldBy: null }),
    ]);
    const trace = (await ws.owner.get('/inventory/movements', { query: { serial: 'gm-001' } })).body;
    expect(trace.map((m: any) => [m.type, m.locationId, m.quantity])).toEqual([
      ['transfer_in', van.id, 1],
      ['transfer_out', ws.defaultLocationId, -1],
      ['receipt', ws.defaultLocationId, 2],
    ]);
    expect(await unitMismatches(ws.id)).toEqual([]);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when a line of a serial item lacks its serials, names the wrong count or a serial twice, or an untracked item names serials, then the refusal names the field and nothing changes', async () => {
    const ws = await newWorkspace();
    const meter = await trackedItem(ws, 'serial');
    const plain = await ok(ws.owner.post('/items', { sku: unique('PLN'), description: 'Plain part' }));
    const at = ws.defaultLocationId;
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1 }), 422, 'unprocessable_entity').param).toBe('serials');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 2, serials: ['A'] }), 422, 'unprocessable_entity').param).toBe('serials');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1.5, serials: ['A'] }), 422, 'unprocessable_entity').param).toBe('serials');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 2, serials: ['A', 'a'] }), 400, 'bad_request').param).toBe('serials[1]');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: plain.id, locationId: at, quantity: 1, serials: ['A'] }), 400, 'bad_request').param).toBe('serials');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1, serials: ['\u0000'] }), 400, 'bad_request').param).toBe('serials[0]');
    const tooMany = Array.from({ length: 5001 }, (_, i) => `S${i}`);
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 5001, serials: tooMany }), 400, 'bad_request').param).toBe('serials');
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
  });

  it('when a serial already in stock is received again, then 409 naming it; one used comes back as the same serial with its history', async () => {
    const ws = await newWorkspace();
    const meter = await trackedItem(ws, 'serial');
    const at = ws.defaultLocationId;
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1, serials: ['GM-9'] }));
    const again = expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1, serials: ['gm-9'] }), 409, 'conflict');
    expect(again.param).toBe('serials');
    expect(again.message).toContain('GM-9');
    await ok(ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: meter.id, locationId: at, quantity: -1, reason: 'damaged', serials: ['GM-9'] }));
    expect((await ws.owner.get('/inventory/serials', { query: { serial: 'gm-9' } })).body[0].status).toBe('written_off');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 1, serials: ['GM-9'] }));
    expect((await ws.owner.get('/inventory/serials', { query: { serial: 'gm-9' } })).body).toEqual([expect.objectContaining({ status: 'in_stock', serial: 'GM-9' })]);
    expect((await ws.owner.get('/inventory/movements', { query: { serial: 'GM-9' } })).body).toHaveLength(3);
    expect(await unitMismatches(ws.id)).toEqual([]);
  });

  it('when a pending transfer holds a quantity of a serial item, then its completion names the serials; one that names them holds them from the start', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const meter = await trackedItem(ws, 'serial');
    const at = ws.defaultLocationId;
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: at, quantity: 3, serials: ['M1', 'M2', 'M3'] }));
    const named = await ok(ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, status: 'pending', lines: [{ itemId: meter.id, quantity: 1, serials: ['M1'] }] }));
    expect((await ws.owner.get('/inventory/serials', { query: { serial: 'M1' } })).body[0].heldBy).toBe(named.id);
    // M1 is held: another transfer may not take it.
    const held = expectError(await ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: meter.id, quantity: 1, serials: ['m1'] }] }), 422, 'unprocessable_entity');
    expect(held.param).toBe('lines[0].serials');
    const open = await ok(ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, status: 'pending', lines: [{ itemId: meter.id, quantity: 2 }] }));
    expect(expectError(await ws.owner.post(`/inventory/transfers/${open.id}/complete`, {}), 422, 'unprocessable_entity').param).toBe('lines[0].serials');
    // The picker may not name the serial another transfer holds.
    expect(expectError(await ws.owner.post(`/inventory/transfers/${open.id}/complete`, { lines: [{ itemId: meter.id, serials: ['M1', 'M2'] }] }), 422, 'unprocessable_entity').param).toBe('lines[0].serials');
    const done = await ok(ws.owner.post(`/inventory/transfers/${open.id}/complete`, { lines: [{ itemId: meter.id, serials: ['M2', 'M3'] }] }), 200);
    expect(done.lines[0].serials).toEqual(['M2', 'M3']);
    const first = await ok(ws.owner.post(`/inventory/transfers/${named.id}/complete`, {}), 200);
    expect(first.lines[0].serials).toEqual(['M1']);
    expect((await ws.owner.get('/inventory/serials', { query: { locationId: van.id } })).body.map((s: any) => s.serial).sort()).toEqual(['M1', 'M2', 'M3']);
    const back = await ok(ws.owner.post(`/inventory/transfers/${open.id}/revert`, {}), 200);
    expect(back.status).toBe('reverted');
    expect((await ws.owner.get('/inventory/serials', { query: { locationId: at, status: 'in_stock' } })).body.map((s: any) => s.serial).sort()).toEqual(['M2', 'M3']);
    expect(await unitMismatches(ws.id)).toEqual([]);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });
});

describe('lots', () => {
  it('when an expiry comes without a lot, then 400 naming expiresOn, on a movement and on a purchase-order receipt, and nothing changes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = await ok(ws.owner.post('/suppliers', { name: unique('Supplier') }));
    const gas = await trackedItem(ws, 'lot', { supplierId: supplier.id });
    const bare = expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: ws.defaultLocationId, quantity: 2, expiresOn: '2027-01-01' }), 400, 'bad_request');
    expect(bare.param).toBe('expiresOn');
    const order = await ok(ws.owner.post('/purchase-orders', { supplierId: supplier.id, lines: [{ itemId: gas.id, quantity: 2 }] }));
    await ok(ws.owner.post(`/purchase-orders/${order.id}/submit`, {}), 200);
    const line = expectError(await ws.owner.post(`/purchase-orders/${order.id}/receipts`, { lines: [{ itemId: gas.id, quantity: 2, expiresOn: '2027-01-01' }] }), 400, 'bad_request');
    expect(line.param).toBe('lines[0].expiresOn');
    expect((await ws.owner.get('/inventory/movements', { query: { itemId: gas.id } })).body).toEqual([]);
    expect((await ws.owner.get('/inventory/lots', { query: { itemId: gas.id } })).body).toEqual([]);
  });

  it('when lots are received with expiries, moved and counted, then each lot is held apart, a lot line needs enough of its lot, and lots list by expiry', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const gas = await trackedItem(ws, 'lot');
    const at = ws.defaultLocationId;
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 5, lot: 'B-2', expiresOn: '2027-03-01' }));
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 4, lot: 'A-1', expiresOn: '2027-01-01' }));
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 1, lot: 'a-1', expiresOn: '2028-01-01' }), 422, 'unprocessable_entity').param).toBe('expiresOn');
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 1 }), 422, 'unprocessable_entity').param).toBe('lot');
    // 9 on hand in all, but lot A-1 has 4.
    const short = expectError(await ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: gas.id, quantity: 5, lot: 'A-1' }] }), 422, 'unprocessable_entity');
    expect(short.param).toBe('lines[0].lot');
    expect(short.shortages).toEqual([expect.objectContaining({ lot: 'A-1', available: 4, requested: 5 })]);
    const moved = await ok(
      ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: gas.id, quantity: 2, lot: 'A-1' }, { itemId: gas.id, quantity: 1, lot: 'B-2' }] }),
    );
    expect(moved.lines.map((l: any) => [l.lot, l.quantity])).toEqual([
      ['A-1', 2],
      ['B-2', 1],
    ]);
    expect(expectError(await ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: gas.id, quantity: 1, lot: 'A-1' }, { itemId: gas.id, quantity: 1, lot: 'a-1' }] }), 400, 'bad_request').param).toBe('lines[1].lot');
    await ok(ws.owner.post('/inventory/movements', { type: 'count', itemId: gas.id, locationId: at, quantity: 3, lot: 'B-2' }));
    const lots = (await ws.owner.get('/inventory/lots', { query: { itemId: gas.id } })).body;
    expect(lots.map((l: any) => [l.lot, l.locationId, l.onHand, l.expiresOn])).toEqual([
      ['A-1', at, 2, '2027-01-01'],
      ['A-1', van.id, 2, '2027-01-01'],
      ['B-2', at, 3, '2027-03-01'],
      ['B-2', van.id, 1, '2027-03-01'],
    ].sort((a, b) => (`${a[3]}${a[0]}${a[1]}` < `${b[3]}${b[0]}${b[1]}` ? -1 : 1)));
    expect((await ws.owner.get('/inventory/movements', { query: { lot: 'b-2' } })).body.map((m: any) => [m.type, m.quantity])).toEqual([
      ['adjustment', -1],
      ['transfer_in', 1],
      ['transfer_out', -1],
      ['receipt', 5],
    ]);
    expect(await unitMismatches(ws.id)).toEqual([]);
  });
});

describe('jobs and purchase orders with serials and lots', () => {
  it('when a job uses a serial item, then completion needs its serials (the job stays open without them), the serial is used on the job, and a revert puts it back', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const heater = await trackedItem(ws, 'serial');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: heater.id, locationId: van.id, quantity: 2, serials: ['WH-1', 'WH-2'] }));
    const job = await ok(ws.owner.post('/jobs', { name: 'Water heater swap', sourceLocationId: van.id, reserve: true, lines: [{ itemId: heater.id, quantity: 1 }] }));
    const missing = expectError(await ws.owner.post(`/jobs/${job.id}/complete`, {}), 422, 'unprocessable_entity');
    expect(missing.param).toMatch(/serials$/);
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.status).toBe('open');
    const done = await ok(ws.owner.post(`/jobs/${job.id}/complete`, { used: [{ itemId: heater.id, quantity: 1, serials: ['wh-2'] }] }), 200);
    expect(done.lines[0]).toMatchObject({ used: 1, serials: ['wh-2'] });
    expect((await ws.owner.get('/inventory/serials', { query: { serial: 'WH-2' } })).body[0]).toMatchObject({ status: 'used', jobId: job.id, locationId: van.id });
    const used = (await ws.owner.get('/inventory/movements', { query: { serial: 'WH-2' } })).body;
    expect(used[0]).toMatchObject({ reason: 'job', jobId: job.id, serials: ['wh-2'] });
    await ok(ws.owner.post(`/jobs/${job.id}/revert`, {}), 200);
    expect((await ws.owner.get('/inventory/serials', { query: { serial: 'WH-2' } })).body[0]).toMatchObject({ status: 'in_stock', jobId: null, locationId: van.id });
    expect(await unitMismatches(ws.id)).toEqual([]);
  });

  it('when a job line names its serials or lot, then a used entry without them takes the line\'s (serials only when it uses them all)', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const heater = await trackedItem(ws, 'serial');
    const gas = await trackedItem(ws, 'lot');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: heater.id, locationId: van.id, quantity: 2, serials: ['NH-1', 'NH-2'] }));
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: van.id, quantity: 5, lot: 'NL-1' }));
    const job = await ok(ws.owner.post('/jobs', { name: 'Named', sourceLocationId: van.id, reserve: true, lines: [{ itemId: heater.id, quantity: 2, serials: ['NH-1', 'NH-2'] }, { itemId: gas.id, quantity: 2, lot: 'NL-1' }] }));
    // Some of the line's serials: the API does not pick which.
    const some = expectError(await ws.owner.post(`/jobs/${job.id}/complete`, { used: [{ itemId: heater.id, quantity: 1 }] }), 422, 'unprocessable_entity');
    expect(some.param).toBe('used[0].serials');
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.status).toBe('open');
    const done = await ok(ws.owner.post(`/jobs/${job.id}/complete`, { used: [{ itemId: heater.id, quantity: 2 }, { itemId: gas.id, quantity: 1 }] }), 200);
    expect(done.lines.map((l: any) => [l.used, l.serials, l.lot])).toEqual([
      [2, ['NH-1', 'NH-2'], null],
      [1, null, 'NL-1'],
    ]);
    expect((await ws.owner.get('/inventory/serials', { query: { itemId: heater.id } })).body.map((s: any) => [s.serial, s.status, s.jobId])).toEqual([
      ['NH-1', 'used', job.id],
      ['NH-2', 'used', job.id],
    ]);
    expect((await ws.owner.get('/inventory/lots', { query: { itemId: gas.id } })).body[0]).toMatchObject({ lot: 'NL-1', onHand: 4, reserved: 0 });
    expect(await unitMismatches(ws.id)).toEqual([]);
  });

  it('when a job reserves a named lot, then the lot is held for it, and completion may split a quantity-only line over lots', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const gas = await trackedItem(ws, 'lot');
    const at = ws.defaultLocationId;
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 3, lot: 'L1' }));
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: at, quantity: 3, lot: 'L2' }));
    const holding = await ok(ws.owner.post('/jobs', { name: 'Recharge', sourceLocationId: at, reserve: true, lines: [{ itemId: gas.id, quantity: 2, lot: 'L1' }] }));
    expect((await ws.owner.get('/inventory/lots', { query: { itemId: gas.id } })).body.find((l: any) => l.lot === 'L1')).toMatchObject({ onHand: 3, reserved: 2 });
    const short = expectError(await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: gas.id, locationId: at, quantity: -2, lot: 'L1' }), 422, 'unprocessable_entity');
    expect(short.param).toBe('lot');
    const split = await ok(ws.owner.post('/jobs', { name: 'Two lots', sourceLocationId: at, lines: [{ itemId: gas.id, quantity: 3 }] }));
    const done = await ok(ws.owner.post(`/jobs/${split.id}/complete`, { used: [{ itemId: gas.id, quantity: 1, lot: 'L1' }, { itemId: gas.id, quantity: 2, lot: 'L2' }] }), 200);
    expect(done.lines[0]).toMatchObject({ used: 3, lots: [{ lot: 'L1', quantity: 1 }, { lot: 'L2', quantity: 2 }] });
    await ok(ws.owner.post(`/jobs/${holding.id}/complete`, {}), 200);
    expect((await ws.owner.get('/inventory/movements', { query: { lot: 'l1', reason: 'job' } })).body.map((m: any) => m.jobId).sort()).toEqual([holding.id, split.id].sort());
    expect(await unitMismatches(ws.id)).toEqual([]);
  });

  it('when serials come in on a purchase order, then the receipt shows them, and its revert takes back the exact ones unless one has moved', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const supplier = await ok(ws.owner.post('/suppliers', { name: unique('Supplier') }));
    const meter = await trackedItem(ws, 'serial', { supplierId: supplier.id });
    const order = await ok(ws.owner.post('/purchase-orders', { supplierId: supplier.id, lines: [{ itemId: meter.id, quantity: 2 }] }));
    await ok(ws.owner.post(`/purchase-orders/${order.id}/submit`, {}), 200);
    expect(expectError(await ws.owner.post(`/purchase-orders/${order.id}/receipts`, { lines: [{ itemId: meter.id, quantity: 2 }] }), 422, 'unprocessable_entity').param).toBe('lines[0].serials');
    const receipt = await ok(ws.owner.post(`/purchase-orders/${order.id}/receipts`, { lines: [{ itemId: meter.id, quantity: 2, serials: ['PO-1', 'PO-2'] }] }));
    expect(receipt.lines[0]).toMatchObject({ serials: ['PO-1', 'PO-2'], lot: null });
    await ok(ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: meter.id, quantity: 1, serials: ['PO-2'] }] }));
    const moved = expectError(await ws.owner.post(`/purchase-orders/${order.id}/receipts/${receipt.id}/revert`, {}), 422, 'unprocessable_entity');
    expect(moved.message).toContain('PO-2');
    await ok(ws.owner.post('/inventory/transfers', { fromLocationId: van.id, toLocationId: ws.defaultLocationId, lines: [{ itemId: meter.id, quantity: 1, serials: ['PO-2'] }] }));
    await ok(ws.owner.post(`/purchase-orders/${order.id}/receipts/${receipt.id}/revert`, {}), 200);
    expect((await ws.owner.get('/inventory/serials', { query: { itemId: meter.id } })).body.map((s: any) => [s.serial, s.status])).toEqual([
      ['PO-1', 'returned'],
      ['PO-2', 'returned'],
    ]);
    expect(await unitMismatches(ws.id)).toEqual([]);
  });
});

describe('tracking, counts and exports', () => {
  it('when an item with stock, a reservation or an open purchase-order line changes tracking, then 409 and nothing changes; with none it may', async () => {
    const ws = await newWorkspace();
    const supplier = await ok(ws.owner.post('/suppliers', { name: unique('Supplier') }));
    const part = await ok(ws.owner.post('/items', { sku: unique('TRK'), description: 'Thermostat', supplierId: supplier.id }));
    const order = await ok(ws.owner.post('/purchase-orders', { supplierId: supplier.id, lines: [{ itemId: part.id, quantity: 1 }] }));
    const onOrder = expectError(await ws.owner.patch(`/items/${part.id}`, { tracking: 'serial' }), 409, 'conflict');
    expect(onOrder.message).toContain(order.id);
    await ok(ws.owner.post(`/purchase-orders/${order.id}/cancel`, {}), 200);
    const changed = await ok(ws.owner.patch(`/items/${part.id}`, { tracking: 'serial' }), 200);
    expect(changed.tracking).toBe('serial');
    // The stock service decides by it at once: a receipt without serials is refused.
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: part.id, locationId: ws.defaultLocationId, quantity: 1 }), 422, 'unprocessable_entity').param).toBe('serials');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: part.id, locationId: ws.defaultLocationId, quantity: 1, serials: ['T-1'] }));
    expectError(await ws.owner.patch(`/items/${part.id}`, { tracking: 'none' }), 409, 'conflict');
    expect((await ws.owner.get('/items/info', { query: { itemId: part.id } })).body.tracking).toBe('serial');
  });

  it('when a van is counted by serial, then the serials not counted are written off and the ones found come in; the export lists each movement\'s serials', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const meter = await trackedItem(ws, 'serial');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: van.id, quantity: 3, serials: ['C-1', 'C-2', 'C-3'] }));
    const counted = await ok(ws.owner.post('/inventory/movements', { type: 'count', itemId: meter.id, locationId: van.id, quantity: 3, serials: ['C-1', 'C-2', 'C-9'] }));
    expect(counted).toMatchObject({ reason: 'count', balanceAfter: 3, serials: ['C-9'] });
    expect((await ws.owner.get('/inventory/serials', { query: { itemId: meter.id } })).body.map((s: any) => [s.serial, s.status])).toEqual([
      ['C-1', 'in_stock'],
      ['C-2', 'in_stock'],
      ['C-3', 'written_off'],
      ['C-9', 'in_stock'],
    ]);
    const file = (await ws.owner.get('/exports/movements', { query: { itemId: meter.id } })).text;
    const [header, ...rows] = file.trim().split('\n');
    expect(header!.split(',').slice(-2)).toEqual(['serials', 'lot']);
    expect(rows.map((r) => r.split(',').slice(-2)[0])).toEqual(['C-1 C-2 C-3', 'C-3', 'C-9']);
    expect(await unitMismatches(ws.id)).toEqual([]);
  });

  it('when a stock-count file counts serials and lots, then each row is applied as a count of them; a row whose serials do not match its count is refused naming its column', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const meter = await trackedItem(ws, 'serial');
    const gas = await trackedItem(ws, 'lot');
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: meter.id, locationId: van.id, quantity: 2, serials: ['F-1', 'F-2'] }));
    await ok(ws.owner.post('/inventory/movements', { type: 'receipt', itemId: gas.id, locationId: van.id, quantity: 5, lot: 'G-1' }));
    const bad = await imported(ws, 'stock-counts', `location,sku,counted,serials,lot\n${van.name},${meter.sku},2,F-1,\n`);
    expect(bad.status).toBe('failed');
    expect((await ws.owner.get(`/imports/${bad.id}/errors`)).body).toEqual([expect.objectContaining({ row: 2, column: 'serials' })]);
    const good = await imported(ws, 'stock-counts', `location,sku,counted,serials,lot\n${van.name},${meter.sku},1,F-2,\n${van.name},${gas.sku},4,,G-1\n`);
    expect(good).toMatchObject({ status: 'completed' });
    expect((await ws.owner.get('/inventory/serials', { query: { itemId: meter.id, status: 'in_stock' } })).body.map((s: any) => s.serial)).toEqual(['F-2']);
    expect((await ws.owner.get('/inventory/lots', { query: { itemId: gas.id } })).body).toEqual([expect.objectContaining({ lot: 'G-1', onHand: 4 })]);
    expect(await unitMismatches(ws.id)).toEqual([]);
  });
});
