import { expectError } from '../support/api';
import { newWorkspace, sql, unique } from '../support/fixtures';
import { catalogEvents, createItem, createTag } from './catalog-helpers';

const itemsOf = (workspaceId: string) => sql('SELECT id FROM catalog.items WHERE workspace_id = $1', [workspaceId]);

describe('bulk create', () => {
  it('when 3 valid items are posted, then all are created in order with their tags, and each event carries its own item', async () => {
    const ws = await newWorkspace();
    const tag = await createTag(ws, 'bulk');
    const res = await ws.owner.post('/items/bulk', [
      { sku: 'B-1', description: 'one', quantity: 4 },
      { sku: 'B-2', tagNames: ['BULK'] },
      { sku: 'B-3', trackStock: false, externalId: 'x-3' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((i: any) => i.sku)).toEqual(['B-1', 'B-2', 'B-3']);
    expect(res.body[1].tags).toEqual([tag]);
    expect(res.body[2]).toMatchObject({ trackStock: false, externalId: 'x-3' });
    const events = await catalogEvents(ws.id, 'item.created');
    expect(events.map((e) => e.payload.sku)).toEqual(['B-1', 'B-2', 'B-3']);
    expect(events.map((e) => e.payload.resource)).toEqual(res.body);
  });

  it('when the element at index 2 is invalid, then 400 names index 2 and nothing is created', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: unique() }, { sku: unique(), sellPrice: -5 }, { sku: unique() }]);
    const error = expectError(res, 400, 'bad_request');
    expect(error).toMatchObject({ message: 'No item was created: [2].sellPrice must be at least 0.', param: '[2].sellPrice' });
    expect(await itemsOf(ws.id)).toEqual([]);
    expect(await catalogEvents(ws.id)).toEqual([]);
  });

  it('when the element at index 1 names an unknown tag, then 422 names index 1 and nothing is created', async () => {
    const ws = await newWorkspace();
    const error = expectError(await ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: unique(), tagNames: ['ghost'] }]), 422, 'unprocessable_entity');
    expect(error.message).toContain('index 1');
    expect(await itemsOf(ws.id)).toEqual([]);
  });

  it('when the element at index 3 has a quantity on a catalog-only item, then 422 names index 3 and nothing is created', async () => {
    const ws = await newWorkspace();
    const body = [{ sku: unique() }, { sku: unique() }, { sku: unique() }, { sku: unique(), trackStock: false, quantity: 4 }];
    const error = expectError(await ws.owner.post('/items/bulk', body), 422, 'unprocessable_entity');
    expect(error.message).toContain('index 3');
    expect(await itemsOf(ws.id)).toEqual([]);
  });

  it('when two elements share a sku in different case, or one reuses an existing sku, then 409 names the indexes and nothing is created', async () => {
    const ws = await newWorkspace();
    const repeated = expectError(await ws.owner.post('/items/bulk', [{ sku: 'dup' }, { sku: unique() }, { sku: 'DUP' }]), 409, 'conflict');
    expect(repeated.message).toMatch(/index 0 and 2/);
    const existing = await createItem(ws);
    const taken = expectError(await ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: existing.sku.toLowerCase() }]), 409, 'conflict');
    expect(taken.message).toContain('index 1');
    expect(await itemsOf(ws.id)).toHaveLength(1);
  });

  it('when 101 elements are posted, then 400 and nothing is created; 100 are accepted; [] and a non-array are 400', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const many = (n: number) => Array.from({ length: n }, () => ({ sku: unique() }));
    expectError(await ws.owner.post('/items/bulk', many(101)), 400, 'bad_request');
    expect(await itemsOf(ws.id)).toEqual([]);
    expectError(await ws.owner.post('/items/bulk', []), 400, 'bad_request');
    expectError(await ws.owner.post('/items/bulk', { sku: unique() }), 400, 'bad_request');
    const res = await ws.owner.post('/items/bulk', many(100));
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(100);
    expect(await itemsOf(ws.id)).toHaveLength(100);
  });
});
