import { client, expectError } from '../support/api';
import { newWorkspace, sql, unique } from '../support/fixtures';
import { createItem, createSupplier, createTag } from './catalog-helpers';

describe('tenant isolation', () => {
  it("when workspace A's key reaches for B's items, tags and suppliers, then it sees none of them and changes nothing", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const bTag = await createTag(b, 'shared-name');
    const bSupplier = await createSupplier(b);
    const bItem = await createItem(b, { externalId: 'ext-b', tagIds: [bTag.id], supplierId: bSupplier.id });
    await createItem(a);

    expectError(await a.owner.get('/items/info', { query: { itemId: bItem.id } }), 404, 'not_found');
    expectError(await a.owner.patch(`/items/${bItem.id}`, { description: 'hijacked' }), 404, 'not_found');
    expectError(await a.owner.patch('/items/ext_ext-b', { description: 'hijacked' }), 404, 'not_found');
    const list = await a.owner.get('/items');
    expect(list.body.map((i: any) => i.id)).not.toContain(bItem.id);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await a.owner.get('/tags')).body).toEqual([]);
    expect((await a.owner.get('/suppliers')).body).toEqual([]);
    expect((await a.owner.get('/items/count', { query: { tagIds: bTag.id } })).body).toBe(0);
    expect((await a.owner.get('/items/count', { query: { supplierId: bSupplier.id } })).body).toBe(0);

    expectError(await a.owner.post('/items', { sku: unique(), tagIds: [bTag.id] }), 422, 'unprocessable_entity');
    expectError(await a.owner.post('/items', { sku: unique(), tagNames: ['shared-name'] }), 422, 'unprocessable_entity');
    expectError(await a.owner.post('/items', { sku: unique(), supplierId: bSupplier.id }), 422, 'unprocessable_entity');
    const aItem = (await a.owner.get('/items')).body[0];
    expectError(await a.owner.patch(`/items/${aItem.id}`, { tagIds: [bTag.id] }), 422, 'unprocessable_entity');
    expectError(await a.owner.patch(`/items/${aItem.id}`, { supplierId: bSupplier.id }), 422, 'unprocessable_entity');
    expectError(await client(a.ownerKey, b.id).get('/items'), 404, 'not_found');

    expect(await sql('SELECT description FROM catalog.items WHERE id = $1', [bItem.id])).toEqual([{ description: '' }]);
    const links = await sql('SELECT i.workspace_id FROM catalog.item_tags it JOIN catalog.items i ON i.id = it.item_id WHERE it.tag_id = $1', [bTag.id]);
    expect(links).toEqual([{ workspace_id: b.id }]);
    expect(await sql('SELECT workspace_id FROM catalog.items WHERE supplier_id = $1', [bSupplier.id])).toEqual([{ workspace_id: b.id }]);
  });
});
