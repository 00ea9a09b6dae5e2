import { expectError } from '../support/api';
import { newMember, newWorkspace, unique } from '../support/fixtures';
import { createItem } from './catalog-helpers';

/**
 * An item's cost is a cost (docs/decisions.md#costs-and-their-scope): a key without valuation.read
 * reads `cost: null` on every item answer and an empty cost column in the items export, may not
 * filter by it, and may still set it (writing a cost is not reading it); one granted it sees it.
 */

/** The cost cell of the export's row for `sku` (its columns: docs/csv.md). */
function exportedCost(csv: string, sku: string): string | undefined {
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const column = header!.split(',').indexOf('cost');
  return rows.map((r) => r.split(',')).find((cells) => cells[0] === sku)?.[column];
}

describe('item costs behind valuation.read', () => {
  it('when a key lacks valuation.read, then every item answer carries cost null and the export an empty cost; the owner and a key granted it see the cost', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws, { cost: 4.5, sellPrice: 9.99 });
    const technician = await newMember(ws, { role: 'member', scopes: ['items.read', 'items.write'] });
    const accountant = await newMember(ws, { role: 'member', scopes: ['items.read', 'valuation.read'] });

    expect(item.cost).toBe(4.5);
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body.cost).toBe(4.5);

    const read = await technician.client.get('/items/info', { query: { itemId: item.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: item.id, sku: item.sku, cost: null, sellPrice: 9.99 });
    const list = await technician.client.get('/items');
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => [i.id, i.cost])).toEqual([[item.id, null]]);

    const created = await technician.client.post('/items', { sku: unique('TECH'), cost: 7 });
    expect(created.status).toBe(201);
    expect(created.body.cost).toBeNull();
    const bulk = await technician.client.post('/items/bulk', [{ sku: unique('BULK'), cost: 3 }, { sku: unique('BULK') }]);
    expect(bulk.status).toBe(201);
    expect(bulk.body.map((i: any) => i.cost)).toEqual([null, null]);
    const patched = await technician.client.patch(`/items/${item.id}`, { description: 'Oil filter' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ description: 'Oil filter', cost: null });

    const exported = await technician.client.get('/exports/items');
    expect(exported.status).toBe(200);
    expect(exportedCost(exported.text, item.sku)).toBe('');
    expect(exportedCost(exported.text, created.body.sku)).toBe('');
    expect(exportedCost((await ws.owner.get('/exports/items')).text, item.sku)).toBe('4.5');
    expect(exportedCost((await accountant.client.get('/exports/items')).text, created.body.sku)).toBe('7');

    expect((await accountant.client.get('/items/info', { query: { itemId: item.id } })).body.cost).toBe(4.5);
    const seen = new Map((await accountant.client.get('/items')).body.map((i: any) => [i.id, i.cost]));
    expect(seen.get(item.id)).toBe(4.5);
    expect(seen.get(created.body.id)).toBe(7);
    expect(bulk.body.map((i: any) => seen.get(i.id))).toEqual([3, 0]);
  });

  it('when a key without valuation.read writes an item, then a PATCH leaving cost out keeps it and one giving it sets it, write-only', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { cost: 12.25 });
    const technician = await newMember(ws, { role: 'member', scopes: ['items.read', 'items.write'] });

    expect((await technician.client.patch(`/items/${item.id}`, { sellPrice: 20, tagIds: [] })).body.cost).toBeNull();
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body).toMatchObject({ cost: 12.25, sellPrice: 20 });

    const set = await technician.client.patch(`/items/${item.id}`, { cost: 13 });
    expect(set.status).toBe(200);
    expect(set.body.cost).toBeNull();
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body.cost).toBe(13);

    // What it read cannot be sent back as a cost: null is no cost (400), and nothing changes.
    expect(expectError(await technician.client.patch(`/items/${item.id}`, { cost: null }), 400, 'bad_request').param).toBe('cost');
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body.cost).toBe(13);
  });

  it('when a key without valuation.read filters items by cost, then 403 naming the scope; granted, the filter applies', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws, { cost: 4.5 });
    const technician = await newMember(ws, { role: 'member', scopes: ['items.read'] });
    const accountant = await newMember(ws, { role: 'member', scopes: ['items.read', 'valuation.read'] });

    expect(expectError(await technician.client.get('/items', { query: { cost: 4.5 } }), 403, 'forbidden').message).toContain('valuation.read');
    expectError(await technician.client.get('/items/count', { query: { cost: 4.5 } }), 403, 'forbidden');
    expect((await technician.client.get('/items/count')).body).toBe(1);

    expect((await accountant.client.get('/items', { query: { cost: 4.5 } })).body.map((i: any) => i.id)).toEqual([item.id]);
    expect((await accountant.client.get('/items/count', { query: { cost: 5 } })).body).toBe(0);
  });
});
