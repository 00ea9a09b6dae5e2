import { expectError } from '../support/api';
import { newMember, newWorkspace, sql } from '../support/fixtures';
import { createItem, createLocation, ledgerMismatches, onHand, receive } from './stock-fixtures';

describe('stock movements and balances', () => {
  it('when a receipt is recorded, then it answers 201 with the movement and the balance shows it, each naming its item and location', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const res = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 12.5, note: 'first delivery' });
    expect(res.status).toBe(201);
    const named = { item: { id: item.id, sku: item.sku, description: item.description }, location: { id: ws.defaultLocationId, name: 'Inventory', type: 'warehouse' } };
    expect(res.body).toEqual({
      id: expect.any(String),
      itemId: item.id,
      locationId: ws.defaultLocationId,
      ...named,
      type: 'receipt',
      quantity: 12.5,
      balanceAfter: 12.5,
      userId: expect.any(String),
      transferId: null,
      jobId: null,
      reason: 'received',
      reference: '',
      note: 'first delivery',
      unitCost: 0,
      purchaseOrderId: null,
      receiptId: null,
      costVariance: null,
      serials: null,
      lot: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const balances = await ws.owner.get('/inventory/balances', { query: { itemId: item.id } });
    expect(balances.status).toBe(200);
    expect(balances.headers['x-total-count']).toBe('1');
    expect(balances.body).toEqual([{ itemId: item.id, locationId: ws.defaultLocationId, ...named, onHand: 12.5, reserved: 0, available: 12.5, onOrder: 0, averageCost: 0, updatedAt: res.body.createdAt }]);
    const movements = await ws.owner.get('/inventory/movements', { query: { itemId: item.id } });
    expect(movements.body).toEqual([res.body]);
  });

  it('when an item and a location are renamed, then the next balances and movements already show the new names, for any key', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, van.id, 3);
    const other = (await newMember(ws, { role: 'member' })).client;
    expect((await ws.owner.patch(`/items/${item.id}`, { sku: 'RENAMED-SKU', description: 'Renamed part' })).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${van.id}`, { name: 'Renamed van' })).status).toBe(200);
    for (const [what, path] of [['balances', '/inventory/balances'], ['movements', '/inventory/movements']] as const) {
      const [row] = (await other.get(path, { query: { itemId: item.id } })).body;
      expect([what, row.item, row.location]).toEqual([what, { id: item.id, sku: 'RENAMED-SKU', description: 'Renamed part' }, { id: van.id, name: 'Renamed van', type: van.type }]);
    }
  });

  it('when adjustments add and remove stock, then balanceAfter follows and decimals stay exact', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 0.1);
    const add = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: 0.2 });
    expect(add.body.balanceAfter).toBe(0.3);
    const remove = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -0.3 });
    expect(remove.status).toBe(201);
    expect(remove.body).toMatchObject({ type: 'adjustment', quantity: -0.3, balanceAfter: 0 });
    expect(await onHand(ws.owner, item.id, ws.defaultLocationId)).toBe(0);
  });

  it('when an adjustment would take the balance below zero, then 422 names the item and what is available, and nothing changes', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 3);
    const error = expectError(await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -4 }), 422, 'unprocessable_entity');
    expect(error.message).toContain(item.sku);
    expect(error.message).toContain('3 available');
    expect(await onHand(ws.owner, item.id, ws.defaultLocationId)).toBe(3);
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE item_id = $1', [item.id])).toEqual([{ n: 1 }]);
  });

  it('when the body is invalid, then 400 names the field', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const base = { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 1 };
    for (const [body, field] of [
      [{ ...base, quantity: 0 }, 'quantity'],
      [{ ...base, quantity: -1 }, 'quantity'],
      [{ ...base, quantity: 1.00001 }, 'quantity'],
      [{ ...base, quantity: 1_000_000_001 }, 'quantity'],
      [{ ...base, type: 'adjustment', quantity: 0 }, 'quantity'],
      [{ ...base, type: 'transfer_in' }, 'type'],
      [{ ...base, extra: true }, 'extra'],
      [{ type: 'receipt', locationId: ws.defaultLocationId, quantity: 1 }, 'itemId'],
      [{ ...base, note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      const error = expectError(await ws.owner.post('/inventory/movements', body), 400, 'bad_request');
      expect(error.message).toContain(field);
    }
  });

  it('when the item or the location cannot take stock, then 422 says why; a malformed id is a 400', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const catalogOnly = await createItem(ws, { trackStock: false });
    const inactive = await createLocation(ws, { active: false });
    const post = (itemId: string, locationId: string) => ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId, quantity: 1 });
    expect(expectError(await post(catalogOnly.id, ws.defaultLocationId), 422, 'unprocessable_entity').message).toContain('catalog-only');
    expect(expectError(await post(item.id, inactive.id), 422, 'unprocessable_entity').message).toContain('inactive');
    expect(expectError(await post(item.id, 'not-an-id'), 400, 'bad_request').message).toContain('locationId');
    expect(expectError(await post(item.id, '00000000-0000-4000-8000-000000000000'), 422, 'unprocessable_entity').message).toContain('does not exist');
  });

  it('when movements are listed, then they come newest first, filtered and paged, with X-Total-Count', async () => {
    const ws = await newWorkspace();
    const a = await createItem(ws);
    const b = await createItem(ws);
    for (const q of [1, 2, 3]) await receive(ws.owner, a.id, ws.defaultLocationId, q);
    await receive(ws.owner, b.id, ws.defaultLocationId, 9);
    const all = await ws.owner.get('/inventory/movements');
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.body.map((m: any) => m.quantity)).toEqual([9, 3, 2, 1]);
    const page = await ws.owner.get('/inventory/movements', { query: { itemId: a.id, page: 2, pageSize: 2 } });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((m: any) => m.quantity)).toEqual([1]);
    const byType = await ws.owner.get('/inventory/movements', { query: { type: 'adjustment' } });
    expect(byType.body).toEqual([]);
    expectError(await ws.owner.get('/inventory/movements', { query: { itemId: 'junk' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/inventory/movements', { query: { pageSize: 201 } }), 400, 'bad_request');
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when a member has restricted location access, then it writes only where it may and reads only what it may', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const readOnly = await createLocation(ws);
    const hidden = await createLocation(ws);
    await receive(ws.owner, item.id, readOnly.id, 5);
    await receive(ws.owner, item.id, hidden.id, 7);
    await receive(ws.owner, item.id, ws.defaultLocationId, 1);
    const member = await newMember(ws, { role: 'member', locationAccess: `${ws.defaultLocationId}:write,${readOnly.id}:read` });
    expectError(await member.client.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: readOnly.id, quantity: 1 }), 403, 'forbidden');
    expectError(await member.client.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: hidden.id, quantity: 1 }), 403, 'forbidden');
    expect((await member.client.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 1 })).status).toBe(201);
    const balances = await member.client.get('/inventory/balances');
    expect(balances.body.map((b: any) => b.locationId).sort()).toEqual([ws.defaultLocationId, readOnly.id].sort());
    const movements = await member.client.get('/inventory/movements', { query: { locationId: hidden.id } });
    expect(movements.body).toEqual([]);
  });

  it('when a viewer records a movement, then 403; when it reads, then 200', async () => {
    const ws = await newWorkspace();
    const viewer = await newMember(ws, { role: 'viewer' });
    expectError(await viewer.client.post('/inventory/movements', { type: 'receipt', itemId: ws.defaultLocationId, locationId: ws.defaultLocationId, quantity: 1 }), 403, 'forbidden');
    expect((await viewer.client.get('/inventory/balances')).status).toBe(200);
  });

  it("when a key of workspace A asks about B's stock, then it sees nothing and cannot move it", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const item = await createItem(b);
    await receive(b.owner, item.id, b.defaultLocationId, 4);
    expect((await a.owner.get('/inventory/balances', { query: { itemId: item.id } })).body).toEqual([]);
    expect((await a.owner.get('/inventory/movements', { query: { itemId: item.id } })).body).toEqual([]);
    expectError(await a.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: b.defaultLocationId, quantity: -4 }), 422, 'unprocessable_entity');
    expect(await onHand(b.owner, item.id, b.defaultLocationId)).toBe(4);
  });
});
