import { randomUUID } from 'node:crypto';
import { expectError } from '../support/api';
import { eventually, newMember, newWorkspace, sql, unique } from '../support/fixtures';

/** The balance the catalog projection learned from the stock service's stock.changed events. */
async function projectedOnHand(itemId: string, locationId: string): Promise<number> {
  return eventually(`the opening balance of ${itemId}`, async () => {
    const rows = await sql('SELECT on_hand FROM catalog.stock_levels WHERE item_id = $1 AND location_id = $2', [itemId, locationId]);
    return rows[0] ? Number(rows[0].on_hand) : undefined;
  });
}

const itemsOf = (workspaceId: string) => sql('SELECT sku FROM catalog.items WHERE workspace_id = $1 ORDER BY sku', [workspaceId]);

describe('opening quantity (stock.record-opening over request/reply)', () => {
  it('when an item is created with a quantity and no location, then the stock service records it at the default location', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.post('/items', { sku: unique(), quantity: 12.5 });
    expect(res.status).toBe(201);
    // Read at once, without waiting: the item is answered only after the stock service committed.
    const balances = await ws.owner.get('/inventory/balances', { query: { itemId: res.body.id } });
    expect(balances.body).toEqual([
      {
        itemId: res.body.id,
        locationId: ws.defaultLocationId,
        item: { id: res.body.id, sku: res.body.sku, description: res.body.description },
        location: { id: ws.defaultLocationId, name: 'Inventory', type: 'warehouse' },
        onHand: 12.5,
        reserved: 0,
        available: 12.5,
        onOrder: 0,
        averageCost: 0,
        updatedAt: expect.any(String),
      },
    ]);
    const movements = await ws.owner.get('/inventory/movements', { query: { itemId: res.body.id } });
    expect(movements.body).toEqual([expect.objectContaining({ type: 'opening', quantity: 12.5, locationId: ws.defaultLocationId, userId: res.body.userId })]);
    expect(await projectedOnHand(res.body.id, ws.defaultLocationId)).toBe(12.5);
    const count = await ws.owner.get('/items/count', { query: { locationId: ws.defaultLocationId, stockHealth: 'ok' } });
    expect(count.body).toBe(1);
  });

  it('when a bulk carries quantities at given locations, then each line is recorded and zero quantities record nothing', async () => {
    const ws = await newWorkspace();
    const second = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    expect(second.status).toBe(201);
    const res = await ws.owner.post('/items/bulk', [
      { sku: 'O-1', quantity: 3 },
      { sku: 'O-2', quantity: 7, locationId: second.body.id },
      { sku: 'O-3', quantity: 0 },
      { sku: 'O-4', trackStock: false },
    ]);
    expect(res.status).toBe(201);
    expect(await projectedOnHand(res.body[0].id, ws.defaultLocationId)).toBe(3);
    expect(await projectedOnHand(res.body[1].id, second.body.id)).toBe(7);
    const outOrOk = await ws.owner.get('/items', { query: { stockHealth: 'out' } });
    expect(outOrOk.body.map((i: { sku: string }) => i.sku)).toEqual(['O-3']);
  });

  it('when the location is unknown, then the stock service refusal (422) reaches the client and nothing is created', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.post('/items', { sku: unique(), quantity: 1, locationId: randomUUID() }), 422, 'unprocessable_entity');
    expect(expectError(await ws.owner.post('/items', { sku: unique(), quantity: 1, locationId: 'junk' }), 400, 'bad_request').message).toContain('locationId');
    expect(await itemsOf(ws.id)).toEqual([]);
  });

  it('when one bulk line goes to an unknown location, then 422 and neither the items nor any opening stock exist', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.post('/items/bulk', [
      { sku: 'P-1', quantity: 5 },
      { sku: 'P-2', quantity: 5, locationId: randomUUID() },
    ]);
    expectError(res, 422, 'unprocessable_entity');
    expect(await itemsOf(ws.id)).toEqual([]);
    expect((await ws.owner.get('/inventory/balances')).body).toEqual([]);
    const after = await ws.owner.post('/items', { sku: 'P-1', quantity: 2 });
    expect(after.status).toBe(201);
    expect(await projectedOnHand(after.body.id, ws.defaultLocationId)).toBe(2);
    expect(await sql('SELECT item_id FROM catalog.stock_levels WHERE workspace_id = $1', [ws.id])).toEqual([{ item_id: after.body.id }]);
  });

  it('when the location is inactive, then the stock service refuses with 422 and nothing is created', async () => {
    const ws = await newWorkspace();
    const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    expect((await ws.owner.patch(`/locations/${van.body.id}`, { active: false })).status).toBe(200);
    expectError(await ws.owner.post('/items', { sku: unique(), quantity: 1, locationId: van.body.id }), 422, 'unprocessable_entity');
    expect(await itemsOf(ws.id)).toEqual([]);
  });

  it('when a catalog-only item is given a quantity, then 422 before the stock service is asked', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.post('/items', { sku: unique(), trackStock: false, quantity: 1 }), 422, 'unprocessable_entity');
    expect((await ws.owner.post('/items', { sku: unique(), trackStock: false, quantity: 0 })).status).toBe(201);
  });

  it('when a member with read-only access to the location gives opening stock there, then 403 and nothing is created', async () => {
    const ws = await newWorkspace();
    const member = await newMember(ws, { role: 'member', locationAccess: `${ws.defaultLocationId}:read` });
    expectError(await member.client.post('/items', { sku: unique(), quantity: 1 }), 403, 'forbidden');
    expect((await member.client.post('/items', { sku: unique() })).status).toBe(201);
    expect(await itemsOf(ws.id)).toHaveLength(1);
  });
});
