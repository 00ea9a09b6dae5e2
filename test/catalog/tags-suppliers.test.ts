import { expectError } from '../support/api';
import { newWorkspace, sql, unique } from '../support/fixtures';
import { catalogEvents, createItem, createSupplier, createTag } from './catalog-helpers';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('tags', () => {
  it('when a tag is created, then it is listed by name with its color and tag.created is recorded', async () => {
    const ws = await newWorkspace();
    const b = await createTag(ws, 'beta', '#00AA00');
    const a = await createTag(ws, 'Alpha');
    expect(a).toEqual({ id: expect.any(String), name: 'Alpha', color: '#9e9e9e' });
    expect(b.color).toBe('#00AA00');
    const list = await ws.owner.get('/tags');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body).toEqual([a, b]);
    const page = await ws.owner.get('/tags', { query: { page: 2, pageSize: 1 } });
    expect(page.body).toEqual([b]);
    expect((await catalogEvents(ws.id, 'tag.created')).map((e) => e.payload)).toEqual([b, a]);
  });

  it('when a tag name is taken in another letter case, then 409; a bad color or name is 400', async () => {
    const ws = await newWorkspace();
    await createTag(ws, 'Fragile');
    expectError(await ws.owner.post('/tags', { name: 'FRAGILE' }), 409, 'conflict');
    expectError(await ws.owner.post('/tags', { name: 'x', color: 'bleu' }), 400, 'bad_request');
    expectError(await ws.owner.post('/tags', { name: 'x', color: '#12345' }), 400, 'bad_request');
    expectError(await ws.owner.post('/tags', { name: '' }), 400, 'bad_request');
    expectError(await ws.owner.post('/tags', { name: 'x'.repeat(65) }), 400, 'bad_request');
  });

  it('when a tag is created with a CSS color name or #rgb, then the color is kept and returned exactly as given', async () => {
    const ws = await newWorkspace();
    const named = await createTag(ws, 'named', 'Blue');
    const short = await createTag(ws, 'short', '#A0c');
    expect([named.color, short.color]).toEqual(['Blue', '#A0c']);
    expect((await ws.owner.get('/tags')).body.map((t: { color: string }) => t.color)).toEqual(['Blue', '#A0c']);
    const item = await createItem(ws, { tagIds: [named.id] });
    expect(item.tags[0].color).toBe('Blue');
  });
});

describe('tags on items', () => {
  it('when tagId, tagIds and tagNames are all given, then the item gets their union in that order without repeats', async () => {
    const ws = await newWorkspace();
    const [t1, t2, t3] = [await createTag(ws, 'one'), await createTag(ws, 'Two'), await createTag(ws, 'three')];
    const item = await createItem(ws, { tagId: t2.id, tagIds: [t1.id, t2.id], tagNames: ['TWO', 'Three', 'three'] });
    expect(item.tags.map((t: { id: string }) => t.id)).toEqual([t2.id, t1.id, t3.id]);
    expect(item.tagId).toBe(t2.id);
    expect(item.tags[0]).toEqual(t2);
  });

  it('when only the deprecated tagId is given, then it is the one tag and tagId reads it back', async () => {
    const ws = await newWorkspace();
    const tag = await createTag(ws);
    const item = await createItem(ws, { tagId: tag.id });
    expect(item).toMatchObject({ tagId: tag.id, tags: [tag] });
  });

  it('when a tag ID is unknown or a tag name does not exist, then 422 and nothing is created or changed', async () => {
    const ws = await newWorkspace();
    const tag = await createTag(ws);
    expectError(await ws.owner.post('/items', { sku: unique(), tagIds: [tag.id, MISSING] }), 422, 'unprocessable_entity');
    expectError(await ws.owner.post('/items', { sku: unique(), tagId: 'junk' }), 400, 'bad_request');
    const error = expectError(await ws.owner.post('/items', { sku: unique(), tagNames: ['no-such-tag'] }), 422, 'unprocessable_entity');
    expect(error.message).toContain('no-such-tag');
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM catalog.tags WHERE workspace_id = $1', [ws.id])).toHaveLength(1);

    const item = await createItem(ws, { tagIds: [tag.id] });
    expectError(await ws.owner.patch(`/items/${item.id}`, { tagIds: [MISSING] }), 422, 'unprocessable_entity');
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body).toEqual(item);
  });

  it('when a PATCH gives tags, then they replace the old ones; tagIds [] clears them; no tag field keeps them', async () => {
    const ws = await newWorkspace();
    const [t1, t2] = [await createTag(ws), await createTag(ws)];
    const item = await createItem(ws, { tagIds: [t1.id] });
    const kept = await ws.owner.patch(`/items/${item.id}`, { description: 'x' });
    expect(kept.body.tags).toEqual([t1]);
    const replaced = await ws.owner.patch(`/items/${item.id}`, { tagNames: [t2.name] });
    expect(replaced.body.tags).toEqual([t2]);
    expect(Date.parse(replaced.body.updatedAt)).toBeGreaterThan(Date.parse(kept.body.updatedAt));
    const cleared = await ws.owner.patch(`/items/${item.id}`, { tagIds: [] });
    expect(cleared.body).toMatchObject({ tags: [], tagId: null });
  });
});

describe('suppliers', () => {
  it('when a supplier is created, then it is listed and supplier.created is recorded', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.post('/suppliers', { name: 'Acme', email: 'a@acme.test', phone: '+44 (0)20 7946-0000' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Acme', email: 'a@acme.test', phone: '+44 (0)20 7946-0000' });
    const bare = await createSupplier(ws, 'Bolts Ltd');
    expect(bare).toMatchObject({ email: '', phone: '' });
    const list = await ws.owner.get('/suppliers');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body).toEqual([res.body, bare]);
    // Owner events: each takes the workspace's next owner position (the stock service copies suppliers).
    expect((await catalogEvents(ws.id, 'supplier.created')).map((e) => e.payload)).toEqual([{ ...res.body, position: 1 }, { ...bare, position: 2 }]);
  });

  it('when a supplier name is taken or the fields are malformed, then 409 or 400', async () => {
    const ws = await newWorkspace();
    await createSupplier(ws, 'Acme');
    expectError(await ws.owner.post('/suppliers', { name: 'ACME' }), 409, 'conflict');
    expectError(await ws.owner.post('/suppliers', { name: 'B', email: 'not-an-email' }), 400, 'bad_request');
    expectError(await ws.owner.post('/suppliers', { name: 'B', phone: 'call me' }), 400, 'bad_request');
    expectError(await ws.owner.post('/suppliers', {}), 400, 'bad_request');
  });

  it('when an item names an unknown supplier, then 422 and nothing is created', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.post('/items', { sku: unique(), supplierId: MISSING }), 422, 'unprocessable_entity');
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
  });
});
