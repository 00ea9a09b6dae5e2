import { request } from '../support/api';
import { eventually, newWorkspace } from '../support/fixtures';
import { listenToEvents } from '../support/bus';
import { createItem, createSupplier, createTag } from './catalog-helpers';

describe('catalog in the public OpenAPI document', () => {
  it('when the document is fetched, then every catalog route is there with the decisions the spec leaves open', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const { paths, components } = res.body;
    expect(Object.keys(paths['/items']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/items/{itemId}'])).toEqual(['patch']);
    for (const p of ['/items/bulk', '/items/info', '/items/count', '/tags', '/suppliers']) expect(paths[p]).toBeDefined();
    expect(paths['/items'].post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/Item');
    expect(components.schemas.CreateItem).toMatchObject({ required: ['sku'], additionalProperties: false });
    expect(components.schemas.UpdateItem.required ?? []).toEqual([]);
    expect(paths['/items/count'].get.description).toMatch(/no balance row has 0 on hand and counts as out/);
    expect(paths['/items/count'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['sku', 'description', 'cost', 'sellPrice', 'supplierId', 'supplierIds', 'tagId', 'tagIds', 'tagNames', 'search', 'userId', 'locationId', 'stockHealth', 'trackStock', 'includeTags', 'groupBy']),
    );
    expect(components.schemas.ItemCountByTag).toBeDefined();
    expect(paths['/items/bulk'].post.description).toMatch(/index/);
    expect(paths['/items/{itemId}'].patch.description).toMatch(/updatedAt untouched/);
    expect(paths['/items'].get.responses['200'].headers['X-Total-Count']).toBeDefined();
  });
});

describe('catalog events on the bus', () => {
  it('when items, a tag and a supplier are created and an item updated, then their events reach RabbitMQ with the contract payloads', async () => {
    const items = await listenToEvents('item.*');
    const others = await listenToEvents('*.created');
    try {
      const ws = await newWorkspace();
      const tag = await createTag(ws);
      const supplier = await createSupplier(ws);
      const item = await createItem(ws, { description: 'first', tagIds: [tag.id], supplierId: supplier.id, quantity: 3 });
      const afterCreate = await ws.owner.get('/items/info', { query: { itemId: item.id } });
      const updated = await ws.owner.patch(`/items/${item.id}`, { description: 'second', tagIds: [], cost: 2.5 });
      const afterUpdate = await ws.owner.get('/items/info', { query: { itemId: item.id } });
      expect([afterCreate.body, afterUpdate.body]).toEqual([item, updated.body]);
      const mine = (m: { workspaceId: string }) => m.workspaceId === ws.id;
      await eventually('item events', async () => (items.messages.filter(mine).length >= 2 ? true : undefined));
      // resource: the item as GET answers it right after the write, nested supplier and tags included.
      expect(items.messages.filter(mine).map((m) => [m.type, m.payload])).toEqual([
        ['item.created', { id: item.id, sku: item.sku, description: 'first', trackStock: true, tracking: 'none', lowStockThreshold: null, cost: 0, sellPrice: 0, supplierId: supplier.id, version: expect.any(Number), position: 2, resource: afterCreate.body }],
        ['item.updated', { id: item.id, sku: item.sku, description: 'second', trackStock: true, tracking: 'none', lowStockThreshold: null, cost: 2.5, sellPrice: 0, supplierId: supplier.id, version: expect.any(Number), position: 3, resource: afterUpdate.body }],
      ]);
      const created = await eventually('tag and supplier events', async () => {
        const found = others.messages.filter(mine).filter((m) => m.type === 'tag.created' || m.type === 'supplier.created');
        return found.length >= 2 ? found : undefined;
      });
      expect(created.map((m) => [m.type, m.payload])).toEqual([
        ['tag.created', tag],
        // An owner event since issue 41 (the stock service copies suppliers): it took the workspace's first position.
        ['supplier.created', { ...supplier, position: 1 }],
      ]);
    } finally {
      await items.close();
      await others.close();
    }
  });
});
