import { expectError } from '../support/api';
import { eventually, newMember, newWorkspace, sql, unique } from '../support/fixtures';
import { receive } from '../stock/stock-fixtures';
import { catalogEvents, createItem, createSupplier, createTag } from './catalog-helpers';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('items', () => {
  it('when an item is created with only a sku, then every field of the spec is returned with its default', async () => {
    const ws = await newWorkspace();
    const sku = unique('SKU');
    const res = await ws.owner.post('/items', { sku });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      sku,
      description: '',
      externalId: null,
      supplierId: null,
      cost: 0,
      sellPrice: 0,
      trackStock: true,
      tracking: 'none',
      lowStockThreshold: null,
      tagId: null,
      tags: [],
      userId: expect.any(String),
      workspaceId: ws.id,
      createdAt: expect.stringMatching(ISO),
      updatedAt: res.body.createdAt,
      projectId: ws.id,
      supplier: null,
    });
    const info = await ws.owner.get('/items/info', { query: { itemId: res.body.id } });
    expect(info.status).toBe(200);
    expect(info.body).toEqual(res.body);
  });

  it('when an item is created with every field, then the supplier and tags come back as records', async () => {
    const ws = await newWorkspace();
    const supplier = await ws.owner.post('/suppliers', { name: unique('Acme'), email: 'orders@acme.test', phone: '+1 555 0100' });
    const tag = await createTag(ws, unique('red'), '#FF0000');
    const item = await createItem(ws, {
      sku: 'WID-1',
      description: 'Widget',
      externalId: 'erp-1',
      cost: 2.5,
      sellPrice: 4.75,
      supplierId: supplier.body.id,
      trackStock: false,
      lowStockThreshold: 3,
      tagIds: [tag.id],
    });
    expect(item).toMatchObject({
      sku: 'WID-1',
      description: 'Widget',
      externalId: 'erp-1',
      cost: 2.5,
      sellPrice: 4.75,
      supplierId: supplier.body.id,
      supplier: { id: supplier.body.id, name: supplier.body.name, email: 'orders@acme.test', phone: '+1 555 0100' },
      trackStock: false,
      lowStockThreshold: 3,
      tagId: tag.id,
      tags: [{ id: tag.id, name: tag.name, color: '#FF0000' }],
    });
  });

  it('when the creating member is not the owner, then userId names that member', async () => {
    const ws = await newWorkspace();
    const member = await newMember(ws, { role: 'member' });
    const res = await member.client.post('/items', { sku: unique('SKU') });
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(member.userId);
  });

  it.each([
    ['no sku', {}, 'sku'],
    ['an empty sku', { sku: '  ' }, 'sku'],
    ['a negative sellPrice', { sku: 'A', sellPrice: -1 }, 'sellPrice'],
    ['a lowStockThreshold above 1000000', { sku: 'A', lowStockThreshold: 1_000_001 }, 'lowStockThreshold'],
    ['a negative quantity', { sku: 'A', quantity: -1 }, 'quantity'],
    ['a quantity finer than the ledger (4 decimals)', { sku: 'A', quantity: 1.00001 }, 'quantity'],
    ['an unknown field', { sku: 'A', colour: 'red' }, 'colour'],
    ['tagIds that is not an array', { sku: 'A', tagIds: 'x' }, 'tagIds'],
  ])('when the body has %s, then 400 names the field and nothing is created', async (_case, body, field) => {
    const ws = await newWorkspace();
    const error = expectError(await ws.owner.post('/items', body), 400, 'bad_request');
    expect(error.message).toContain(field);
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
  });

  it('when a sku is taken in another letter case, then 409 conflict', async () => {
    const ws = await newWorkspace();
    await createItem(ws, { sku: 'Bolt-10' });
    expectError(await ws.owner.post('/items', { sku: 'BOLT-10' }), 409, 'conflict');
    const other = await createItem(ws, { sku: 'Nut-10' });
    expectError(await ws.owner.patch(`/items/${other.id}`, { sku: 'bolt-10' }), 409, 'conflict');
  });

  it('when 10 requests race to create the same sku in different letter cases, then exactly one wins and the others get 409', async () => {
    const ws = await newWorkspace();
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => ws.owner.post('/items', { sku: i % 2 ? 'race-1' : 'RACE-1' })));
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 0)).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await sql("SELECT 1 FROM catalog.items WHERE workspace_id = $1 AND lower(sku) = 'race-1'", [ws.id])).toHaveLength(1);
  });

  it('when a sku is used in another workspace, then it is free here', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    await createItem(a, { sku: 'SHARED-1' });
    await createItem(b, { sku: 'shared-1' });
  });

  it('when an externalId is taken, then 409 conflict', async () => {
    const ws = await newWorkspace();
    await createItem(ws, { externalId: 'erp-7' });
    expectError(await ws.owner.post('/items', { sku: unique(), externalId: 'erp-7' }), 409, 'conflict');
  });

  it('when an item is patched through ext_<externalId>, then that item changes and the external id can be retrieved by', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { externalId: 'erp 42/a' });
    const res = await ws.owner.patch(`/items/ext_${encodeURIComponent('erp 42/a')}`, { description: 'renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item.id, description: 'renamed', externalId: 'erp 42/a' });
    const info = await ws.owner.get('/items/info', { query: { itemId: 'ext_erp 42/a' } });
    expect(info.body.id).toBe(item.id);
    expectError(await ws.owner.patch('/items/ext_nope', { description: 'x' }), 404, 'not_found');
    expectError(await ws.owner.patch('/items/ext_', { description: 'x' }), 404, 'not_found');
  });

  it('when a PATCH changes nothing, then the item is returned as it is, updatedAt untouched, and no event is published', async () => {
    const ws = await newWorkspace();
    const tag = await createTag(ws);
    const item = await createItem(ws, { description: 'same', cost: 1, tagIds: [tag.id] });
    const res = await ws.owner.patch(`/items/${item.id}`, { description: 'same', cost: 1, sku: item.sku, tagNames: [tag.name.toUpperCase()] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(item);
    const empty = await ws.owner.patch(`/items/${item.id}`, {});
    expect(empty.body).toEqual(item);
    expect((await catalogEvents(ws.id, 'item.updated')).length).toBe(0);
  });

  it('when a PATCH changes a field, then updatedAt moves, createdAt stays and item.updated carries the snapshot and the answer', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { description: 'old' });
    const res = await ws.owner.patch(`/items/${item.id}`, { description: 'new', trackStock: false, tracking: 'none', lowStockThreshold: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'new', trackStock: false, tracking: 'none', lowStockThreshold: 10, createdAt: item.createdAt });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(item.updatedAt));
    expect(await catalogEvents(ws.id, 'item.updated')).toEqual([
      // It made the item catalog-only: the stock service closed it first, and this event confirms that closing (closingAttempt).
      { type: 'item.updated', payload: { id: item.id, sku: item.sku, description: 'new', trackStock: false, tracking: 'none', lowStockThreshold: 10, cost: 0, sellPrice: 0, supplierId: null, version: expect.any(Number), position: 2, closingAttempt: expect.any(String), resource: res.body } },
    ]);
    const cleared = await ws.owner.patch(`/items/${item.id}`, { lowStockThreshold: null });
    expect(cleared.body.lowStockThreshold).toBeNull();
  });

  it('when a PATCH changes only the low-stock threshold, then the stock service judges the item by it from the answer on: the change itself once, then each movement', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 4); // the first change of its total: nothing
    await receive(ws.owner, item.id, ws.defaultLocationId, 4); // 8: ok by the default 5
    expect((await ws.owner.patch(`/items/${item.id}`, { lowStockThreshold: 10 })).status).toBe(200); // 8 ≤ 10: low
    await receive(ws.owner, item.id, ws.defaultLocationId, 1); // 9: still low
    await receive(ws.owner, item.id, ws.defaultLocationId, 2); // 11: ok by 10
    const crossings = await eventually('three crossings', async () => {
      const rows = await sql<{ payload: { health: string; onHand: number; threshold: number } }>(
        "SELECT message->'payload' AS payload FROM stock.outbox WHERE workspace_id = $1 AND type = 'stock.item_health_crossed' ORDER BY seq",
        [ws.id],
      );
      return rows.length >= 3 ? rows : undefined;
    });
    expect(crossings.map(({ payload: p }) => [p.health, p.onHand, p.threshold])).toEqual([
      ['ok', 8, 5],
      ['low', 8, 10],
      ['ok', 11, 10],
    ]);
  });

  it('when a PATCH links and then unlinks a supplier, then supplier follows', async () => {
    const ws = await newWorkspace();
    const supplier = await createSupplier(ws);
    const item = await createItem(ws);
    const linked = await ws.owner.patch(`/items/${item.id}`, { supplierId: supplier.id });
    expect(linked.body.supplier).toEqual(supplier);
    const unlinked = await ws.owner.patch(`/items/${item.id}`, { supplierId: null });
    expect(unlinked.body).toMatchObject({ supplierId: null, supplier: null });
    expectError(await ws.owner.patch(`/items/${item.id}`, { supplierId: '00000000-0000-4000-8000-000000000000' }), 422, 'unprocessable_entity');
    expect(expectError(await ws.owner.patch(`/items/${item.id}`, { supplierId: 'junk' }), 400, 'bad_request').message).toContain('supplierId');
  });

  it('when a PATCH sends quantity, then 400: stock changes go through the inventory endpoints', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    expectError(await ws.owner.patch(`/items/${item.id}`, { quantity: 5 }), 400, 'bad_request');
  });

  it('when a migration adds a column to items after the lookups were prepared, then the lookups still answer', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { externalId: unique('ext') });
    const lookups = () => Promise.all([ws.owner.get('/items/info', { query: { itemId: item.id } }), ws.owner.get('/items/info', { query: { itemId: `ext_${item.externalId}` } })]);
    // Prepared on the catalog's connections (a few rounds, so every pooled connection has them).
    for (let i = 0; i < 4; i++) expect((await lookups()).map((r) => r.status)).toEqual([200, 200]);
    const column = unique('added_by_test').toLowerCase().replace(/[^a-z0-9_]/g, '_');
    await sql(`ALTER TABLE catalog.items ADD COLUMN ${column} text`);
    try {
      for (let i = 0; i < 4; i++) {
        const answers = await lookups();
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        expect(answers.map((r) => r.body)).toEqual([item, item]);
      }
    } finally {
      await sql(`ALTER TABLE catalog.items DROP COLUMN ${column}`);
    }
  });

  it('when an item id is junk or unknown, then 404', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.get('/items/info', { query: { itemId: 'junk' } }), 404, 'not_found');
    expectError(await ws.owner.get('/items/info', { query: { itemId: '00000000-0000-4000-8000-000000000000' } }), 404, 'not_found');
    expectError(await ws.owner.get('/items/info'), 400, 'bad_request');
    expectError(await ws.owner.patch('/items/junk', { description: 'x' }), 404, 'not_found');
  });

  it('when items are created, then item.created carries each snapshot and answer, and the workspace shows itemsUsage', async () => {
    const ws = await newWorkspace();
    const a = await createItem(ws, { description: 'A' });
    const b = await createItem(ws, { description: 'B', trackStock: false });
    await createSupplier(ws);
    expect(await catalogEvents(ws.id, 'item.created')).toEqual([
      { type: 'item.created', payload: { id: a.id, sku: a.sku, description: 'A', trackStock: true, tracking: 'none', lowStockThreshold: null, cost: 0, sellPrice: 0, supplierId: null, version: expect.any(Number), position: 1, resource: a } },
      { type: 'item.created', payload: { id: b.id, sku: b.sku, description: 'B', trackStock: false, tracking: 'none', lowStockThreshold: null, cost: 0, sellPrice: 0, supplierId: null, version: expect.any(Number), position: 2, resource: b } },
    ]);
    const workspace = await ws.owner.get(`/workspaces/${ws.id}`);
    expect(workspace.body).toMatchObject({ itemsUsage: 2, suppliersUsage: 1 });
  });

  it('when items are listed, then pages are newest first and X-Total-Count holds the total', async () => {
    const ws = await newWorkspace();
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createItem(ws));
    const first = await ws.owner.get('/items', { query: { page: 1, pageSize: 2 } });
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.body.map((i: any) => i.id)).toEqual([created[4].id, created[3].id]);
    const last = await ws.owner.get('/items', { query: { page: 3, pageSize: 2 } });
    expect(last.body.map((i: any) => i.id)).toEqual([created[0].id]);
    expect(last.body[0]).toEqual(created[0]);
    expectError(await ws.owner.get('/items', { query: { pageSize: 201 } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items', { query: { page: 0 } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items', { query: { bogus: 1 } }), 400, 'bad_request');
  });

  it('when a key lacks items scopes, then item routes answer 403 and tag routes need tags scopes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const reader = await newMember(ws, { role: 'member', scopes: ['items.read'] });
    const viewer = await newMember(ws, { role: 'viewer' });
    expectError(await reader.client.post('/items', { sku: unique() }), 403, 'forbidden');
    expect((await reader.client.get('/items')).status).toBe(200);
    expectError(await reader.client.get('/tags'), 403, 'forbidden');
    expectError(await viewer.client.post('/suppliers', { name: unique() }), 403, 'forbidden');
    expectError(await viewer.client.post('/tags', { name: unique() }), 403, 'forbidden');
    expect((await viewer.client.get('/suppliers')).status).toBe(200);
  });

  it('when the catalog is asked for item snapshots, then it answers those of the workspace only', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const mine = await createItem(a, { description: 'mine' });
    const theirs = await createItem(b);
    const { adminDeps } = await import('../support/fixtures');
    const { client } = await adminDeps();
    const answer = await client.request('catalog', 'catalog.get-items', { itemIds: [mine.id, theirs.id] }, { workspaceId: a.id });
    expect(answer).toEqual([{ id: mine.id, sku: mine.sku, description: 'mine', trackStock: true, tracking: 'none', lowStockThreshold: null, cost: 0, sellPrice: 0, supplierId: null, version: expect.any(Number) }]);
    // Ids are parsed where the command enters: one that cannot be an id refuses the command, naming it.
    await expect(client.request('catalog', 'catalog.get-items', { itemIds: [mine.id, 'junk'] }, { workspaceId: a.id })).rejects.toMatchObject({ code: 'bad_request', message: expect.stringContaining('itemIds') });
  });
});
