import { expectError } from '../support/api';
import { eventually, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { balanceOf, createItem, createLocation, ledgerMismatches, receive } from './stock-fixtures';

const record = (ws: TestWorkspace, body: Record<string, unknown>, headers?: Record<string, string>) => ws.owner.post('/inventory/movements', body, { headers });

/** A workspace with an item holding `stock` at the default location. */
async function stocked(stock: number) {
  const ws = await newWorkspace({ plan: 'pro' });
  const item = await createItem(ws, { quantity: stock });
  return { ws, item, at: ws.defaultLocationId };
}

describe('why stock changed: reasons and references', () => {
  it('when a movement names a reason and a reference, then it keeps them; without them receipts are received and adjustments corrections', async () => {
    const { ws, item, at } = await stocked(10);
    const returned = await record(ws, { type: 'receipt', itemId: item.id, locationId: at, quantity: 2, reason: 'returned', reference: 'RMA-7', note: 'customer return' });
    expect(returned.status).toBe(201);
    expect(returned.body).toMatchObject({ type: 'receipt', quantity: 2, reason: 'returned', reference: 'RMA-7', note: 'customer return' });
    expect((await record(ws, { type: 'receipt', itemId: item.id, locationId: at, quantity: 1, reference: 'PO-1001' })).body).toMatchObject({ reason: 'received', reference: 'PO-1001' });
    expect((await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -1 })).body).toMatchObject({ reason: 'correction', reference: '' });
    expect((await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -2, reason: 'damaged' })).body).toMatchObject({ reason: 'damaged' });
    const listed = await ws.owner.get('/inventory/movements', { query: { itemId: item.id } });
    expect(listed.body.map((m: any) => [m.type, m.reason, m.reference])).toEqual([
      ['adjustment', 'damaged', ''],
      ['adjustment', 'correction', ''],
      ['receipt', 'received', 'PO-1001'],
      ['receipt', 'returned', 'RMA-7'],
      ['opening', null, ''],
    ]);
  });

  it('when movements are filtered by reason, then only those match; openings and transfer movements have none', async () => {
    const { ws, item, at } = await stocked(10);
    const van = await createLocation(ws);
    await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -1, reason: 'stolen' });
    await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -1, reason: 'lost' });
    await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -1, reason: 'expired' });
    await ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] });
    const reasons = async (reason: string) => (await ws.owner.get('/inventory/movements', { query: { reason } })).body.map((m: any) => m.reason);
    expect(await reasons('stolen')).toEqual(['stolen']);
    expect(await reasons('lost,stolen')).toEqual(['lost', 'stolen']);
    expect(await reasons('received')).toEqual([]);
    const filtered = await ws.owner.get('/inventory/movements', { query: { reason: ['lost', 'expired'], type: 'adjustment' } });
    expect(filtered.headers['x-total-count']).toBe('2');
    const transferMovements = await ws.owner.get('/inventory/movements', { query: { type: 'transfer_in,transfer_out' } });
    expect(transferMovements.body.map((m: any) => m.reason)).toEqual([null, null]);
    expect(expectError(await ws.owner.get('/inventory/movements', { query: { reason: 'broken' } }), 400, 'bad_request').message).toContain('reason');
  });

  it('when a reason, reference or field does not fit the type, then 400 names it and nothing is recorded', async () => {
    const { ws, item, at } = await stocked(10);
    const base = { itemId: item.id, locationId: at };
    for (const [body, field] of [
      [{ ...base, type: 'receipt', quantity: 1, reason: 'broken' }, 'reason'],
      [{ ...base, type: 'receipt', quantity: 1, reference: 'x'.repeat(101) }, 'reference'],
      [{ ...base, type: 'receipt', quantity: 1, expectedOnHand: 10 }, 'expectedOnHand'],
      [{ ...base, type: 'adjustment', quantity: -1, expectedOnHand: -1 }, 'expectedOnHand'],
      [{ ...base, type: 'adjustment', quantity: -1, expectedOnHand: 1.00001 }, 'expectedOnHand'],
      [{ ...base, type: 'count', quantity: -1 }, 'quantity'],
      [{ ...base, type: 'count', quantity: 1.00001 }, 'quantity'],
      [{ ...base, type: 'count', quantity: 3, reason: 'count' }, 'reason'],
      [{ ...base, type: 'count', quantity: 3, expectedOnHand: 10 }, 'expectedOnHand'],
    ] as const) {
      expect(expectError(await record(ws, body), 400, 'bad_request').message).toContain(field);
    }
    expect((await record(ws, { ...base, type: 'receipt', quantity: 1, reference: 'x'.repeat(100) })).status).toBe(201);
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE item_id = $1', [item.id])).toEqual([{ n: 2 }]);
  });
});

describe('compare-and-set adjustments (expectedOnHand)', () => {
  it('when the on-hand is as expected, then the adjustment applies; when it differs, then 409 names the current on-hand and nothing changes', async () => {
    const { ws, item, at } = await stocked(10);
    const applied = await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -3, expectedOnHand: 10, reason: 'damaged' });
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ quantity: -3, balanceAfter: 7 });
    const stale = expectError(await record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -3, expectedOnHand: 10 }), 409, 'conflict');
    expect(stale.message).toContain(`"${item.sku}"`);
    expect(stale.message).toContain('is 7, not the expected 10');
    expect(await balanceOf(ws.owner, item.id, at)).toEqual({ onHand: 7, reserved: 0, available: 7 });
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE item_id = $1', [item.id])).toEqual([{ n: 2 }]);
  });

  it('when the balance does not exist yet, then it is expected at 0', async () => {
    const { ws, item } = await stocked(1);
    const van = await createLocation(ws);
    expect((await record(ws, { type: 'adjustment', itemId: item.id, locationId: van.id, quantity: 2, expectedOnHand: 0 })).body.balanceAfter).toBe(2);
    expectError(await record(ws, { type: 'adjustment', itemId: item.id, locationId: van.id, quantity: 2, expectedOnHand: 0 }), 409, 'conflict');
  });

  it('when ten adjustments expecting the same on-hand race, then exactly one applies and the others get 409', async () => {
    const { ws, item, at } = await stocked(10);
    const results = await Promise.all(Array.from({ length: 10 }, () => record(ws, { type: 'adjustment', itemId: item.id, locationId: at, quantity: -1, expectedOnHand: 10 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, 'conflict');
    expect(await balanceOf(ws.owner, item.id, at)).toEqual({ onHand: 9, reserved: 0, available: 9 });
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });
});

describe('physical counts', () => {
  it('when a count finds less or more than booked, then one adjustment of the difference with reason count makes the balance equal the count', async () => {
    const { ws, item, at } = await stocked(10);
    const lower = await record(ws, { type: 'count', itemId: item.id, locationId: at, quantity: 7.5, reference: 'STOCKTAKE-1' });
    expect(lower.status).toBe(201);
    expect(lower.body).toMatchObject({ type: 'adjustment', quantity: -2.5, balanceAfter: 7.5, reason: 'count', reference: 'STOCKTAKE-1' });
    const higher = await record(ws, { type: 'count', itemId: item.id, locationId: at, quantity: 12 });
    expect(higher.body).toMatchObject({ type: 'adjustment', quantity: 4.5, balanceAfter: 12, reason: 'count' });
    expect((await balanceOf(ws.owner, item.id, at)).onHand).toBe(12);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when a count confirms the balance, then it is still recorded, as a movement of 0', async () => {
    const { ws, item, at } = await stocked(4);
    const same = await record(ws, { type: 'count', itemId: item.id, locationId: at, quantity: 4 });
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({ type: 'adjustment', quantity: 0, balanceAfter: 4, reason: 'count' });
    expect((await ws.owner.get('/inventory/movements', { query: { itemId: item.id, reason: 'count' } })).body).toHaveLength(1);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when a count is below what pending transfers reserve, then 422 and nothing changes; at the reserved quantity it applies', async () => {
    const { ws, item, at } = await stocked(10);
    const van = await createLocation(ws);
    await ws.owner.post('/inventory/transfers', { fromLocationId: at, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 6 }], status: 'pending' });
    const refused = expectError(await record(ws, { type: 'count', itemId: item.id, locationId: at, quantity: 5 }), 422, 'unprocessable_entity');
    expect(refused.message).toContain(`"${item.sku}"`);
    expect(refused.message).toContain('below the 6 reserved');
    expect(await balanceOf(ws.owner, item.id, at)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    expect((await record(ws, { type: 'count', itemId: item.id, locationId: at, quantity: 6 })).body).toMatchObject({ quantity: -4, balanceAfter: 6 });
    expect(await balanceOf(ws.owner, item.id, at)).toEqual({ onHand: 6, reserved: 6, available: 0 });
  });

  it('when a count would add stock where none may arrive, then 422; a count that removes stock there applies', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, van.id, 5);
    expect((await ws.owner.patch(`/locations/${van.id}`, { active: false })).status).toBe(200);
    await eventually('the deactivation in the stock projection', async () => ((await sql('SELECT 1 FROM stock.locations WHERE id = $1 AND NOT active', [van.id])).length ? true : undefined));
    expect(expectError(await record(ws, { type: 'count', itemId: item.id, locationId: van.id, quantity: 6 }), 422, 'unprocessable_entity').message).toContain('inactive');
    expect((await record(ws, { type: 'count', itemId: item.id, locationId: van.id, quantity: 3 })).body).toMatchObject({ quantity: -2, balanceAfter: 3 });
    expect((await record(ws, { type: 'count', itemId: item.id, locationId: van.id, quantity: 3 })).body).toMatchObject({ quantity: 0, balanceAfter: 3 });
  });

  it('when a count is retried with its Idempotency-Key, then it is recorded once', async () => {
    const { ws, item, at } = await stocked(10);
    const body = { type: 'count', itemId: item.id, locationId: at, quantity: 8 };
    const first = await record(ws, body, { 'Idempotency-Key': 'count-1' });
    const again = await record(ws, body, { 'Idempotency-Key': 'count-1' });
    expect(again.body).toEqual(first.body);
    expect(await sql("SELECT count(*)::int AS n FROM stock.movements WHERE item_id = $1 AND reason = 'count'", [item.id])).toEqual([{ n: 1 }]);
  });
});
