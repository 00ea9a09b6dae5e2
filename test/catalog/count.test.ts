import { randomUUID } from 'node:crypto';
import { expectError } from '../support/api';
import { newMember, newWorkspace, type TestWorkspace } from '../support/fixtures';
import { closeStockPublisher, createItem, createSupplier, createTag, handled, publishStockChanged, setStock } from './catalog-helpers';

afterAll(closeStockPublisher);

type Query = Record<string, string | number | boolean | Array<string | number>>;

/**
 * One workspace the filter cases only read:
 *   i1 A-1 "Red widget"   cost 1 sell 2 S1 [red]        L1: 0        → out
 *   i2 A-2 "Blue widget"  cost 1 sell 3 S2 [blue]       L1: 7, threshold 10 → low
 *   i3 B-1 "Gadget"       cost 5 sell 2 -  [red, blue]  L1: 3, L2: 4 → ok (7 > default 5); at L1 alone low
 *   i4 C-1 "Catalog only" cost 0 sell 0 -  []           catalog-only, by the member → ok
 *   i5 D-1 "Spare part"   cost 0 sell 0 S1 []           no balance row, by the member → out
 */
let ws: TestWorkspace;
let ids: Record<'i1' | 'i2' | 'i3' | 'i4' | 'i5', string>;
let names: Record<string, string>;
let refs: { s1: string; s2: string; red: string; blue: string; member: string; ownerId: string; l1: string; l2: string };

beforeAll(async () => {
  ws = await newWorkspace();
  const member = await newMember(ws, { role: 'member' });
  const [s1, s2] = [await createSupplier(ws, 'S1'), await createSupplier(ws, 'S2')];
  const [red, blue] = [await createTag(ws, 'Red'), await createTag(ws, 'Blue')];
  const i1 = await createItem(ws, { sku: 'A-1', description: 'Red widget', cost: 1, sellPrice: 2, supplierId: s1.id, tagIds: [red.id] });
  const i2 = await createItem(ws, { sku: 'A-2', description: 'Blue widget', cost: 1, sellPrice: 3, supplierId: s2.id, tagIds: [blue.id], lowStockThreshold: 10 });
  const i3 = await createItem(ws, { sku: 'B-1', description: 'Gadget', cost: 5, sellPrice: 2, tagNames: ['red', 'blue'], externalId: 'erp-gadget' });
  const i4 = (await member.client.post('/items', { sku: 'C-1', description: 'Catalog only', trackStock: false })).body;
  const i5 = (await member.client.post('/items', { sku: 'D-1', description: 'Spare part', supplierId: s1.id })).body;
  const l1 = ws.defaultLocationId;
  const l2 = randomUUID();
  await setStock(ws, i1.id, l1, 0, 2);
  await setStock(ws, i2.id, l1, 7, 1);
  await setStock(ws, i3.id, l1, 3, 1);
  await setStock(ws, i3.id, l2, 4, 1);
  ids = { i1: i1.id, i2: i2.id, i3: i3.id, i4: i4.id, i5: i5.id };
  names = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  refs = { s1: s1.id, s2: s2.id, red: red.id, blue: blue.id, member: member.userId, ownerId: i1.userId, l1, l2 };
});

async function matching(query: Query): Promise<string[]> {
  const count = await ws.owner.get('/items/count', { query });
  expect(count.status).toBe(200);
  const list = await ws.owner.get('/items', { query: { ...query, pageSize: 200 } });
  expect(list.status).toBe(200);
  const found = list.body.map((i: { id: string }) => names[i.id]).sort();
  expect(count.body).toBe(found.length);
  expect(list.headers['x-total-count']).toBe(String(found.length));
  return found;
}

describe('GET /items/count and GET /items filters', () => {
  const cases: Array<[string, () => Query, string[]]> = [
    ['no filter', () => ({}), ['i1', 'i2', 'i3', 'i4', 'i5']],
    ['sku (exact, any case)', () => ({ sku: 'a-1' }), ['i1']],
    ['description (contains, any case)', () => ({ description: 'WIDGET' }), ['i1', 'i2']],
    ['description with a LIKE wildcard taken literally', () => ({ description: '%' }), []],
    ['cost', () => ({ cost: 1 }), ['i1', 'i2']],
    ['sellPrice', () => ({ sellPrice: '2.0' }), ['i1', 'i3']],
    ['supplierId', () => ({ supplierId: refs.s1 }), ['i1', 'i5']],
    ['supplierIds repeated', () => ({ supplierIds: [refs.s1, refs.s2] }), ['i1', 'i2', 'i5']],
    ['supplierIds comma-separated', () => ({ supplierIds: `${refs.s2},${refs.s1}` }), ['i1', 'i2', 'i5']],
    ['supplierId joined with supplierIds', () => ({ supplierId: refs.s2, supplierIds: refs.s1 }), ['i1', 'i2', 'i5']],
    ['a supplier id that cannot exist', () => ({ supplierId: 'junk' }), []],
    ['tagId (deprecated)', () => ({ tagId: refs.blue }), ['i2', 'i3']],
    ['tagIds repeated', () => ({ tagIds: [refs.red, refs.blue] }), ['i1', 'i2', 'i3']],
    ['tagIds comma-separated', () => ({ tagIds: `${refs.red},${refs.blue}` }), ['i1', 'i2', 'i3']],
    ['tagNames (any case)', () => ({ tagNames: 'RED' }), ['i1', 'i3']],
    ['tagNames comma-separated with tagId', () => ({ tagNames: 'nothing,red', tagId: refs.blue }), ['i1', 'i2', 'i3']],
    ['search over sku, description and external id', () => ({ search: 'gadget' }), ['i3']],
    ['search matching a sku prefix', () => ({ search: 'a-' }), ['i1', 'i2']],
    ['userId', () => ({ userId: refs.member }), ['i4', 'i5']],
    ['locationId', () => ({ locationId: refs.l1 }), ['i1', 'i2', 'i3']],
    ['locationId of the second location', () => ({ locationId: refs.l2 }), ['i3']],
    ['stockHealth out (no balance row counts as 0)', () => ({ stockHealth: 'out' }), ['i1', 'i5']],
    ['stockHealth low', () => ({ stockHealth: 'low' }), ['i2']],
    ['stockHealth ok (catalog-only items included)', () => ({ stockHealth: 'ok' }), ['i3', 'i4']],
    ['stockHealth out and low, repeated', () => ({ stockHealth: ['out', 'low'] }), ['i1', 'i2', 'i5']],
    ['stockHealth comma-separated', () => ({ stockHealth: 'low,ok' }), ['i2', 'i3', 'i4']],
    ['trackStock true', () => ({ trackStock: true }), ['i1', 'i2', 'i3', 'i5']],
    ['trackStock false', () => ({ trackStock: false }), ['i4']],
    ['stockHealth low at one location', () => ({ stockHealth: 'low', locationId: refs.l1 }), ['i2', 'i3']],
    ['cost and supplierId', () => ({ cost: 1, supplierId: refs.s1 }), ['i1']],
    ['tagNames and stockHealth', () => ({ tagNames: 'red', stockHealth: 'ok' }), ['i3']],
    ['search, trackStock and userId', () => ({ search: 'part', trackStock: true, userId: refs.member }), ['i5']],
    ['supplierIds, tagIds and stockHealth', () => ({ supplierIds: [refs.s1, refs.s2], tagIds: refs.blue, stockHealth: 'low,out' }), ['i2']],
    ['filters that exclude each other', () => ({ trackStock: false, stockHealth: 'out' }), []],
  ];

  it.each(cases)('when filtering by %s, then count and list agree on the matching items', async (_name, query, expected) => {
    expect(await matching(query())).toEqual(expected);
  });

  it('when a filter value is malformed or a parameter unknown, then 400', async () => {
    expectError(await ws.owner.get('/items/count', { query: { stockHealth: 'bad' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items/count', { query: { trackStock: 'yes' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items/count', { query: { cost: 'cheap' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items/count', { query: { sku: ['a', 'b'] } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items/count', { query: { groupBy: 'supplierId' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/items/count', { query: { colour: 'red' } }), 400, 'bad_request');
  });

  it('when grouping by tagId, then each tag carrying matching items has its count and the untagged group comes last', async () => {
    const res = await ws.owner.get('/items/count', { query: { groupBy: 'tagId' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 5,
      groups: [
        { tagId: refs.blue, count: 2 },
        { tagId: refs.red, count: 2 },
        { tagId: null, count: 2 },
      ],
    });
    const filtered = await ws.owner.get('/items/count', { query: { groupBy: 'tagId', stockHealth: 'out' } });
    expect(filtered.body).toEqual({ count: 2, groups: [{ tagId: refs.red, count: 1 }, { tagId: null, count: 1 }] });
  });

  it('when grouping by tagId with includeTags, then each group carries its tag record', async () => {
    const res = await ws.owner.get('/items/count', { query: { groupBy: 'tagId', includeTags: true, tagNames: 'blue' } });
    expect(res.body).toEqual({
      count: 2,
      groups: [
        { tagId: refs.blue, count: 2, tag: { id: refs.blue, name: 'Blue', color: '#9e9e9e' } },
        { tagId: refs.red, count: 1, tag: { id: refs.red, name: 'Red', color: '#9e9e9e' } },
      ],
    });
    expect((await ws.owner.get('/items/count', { query: { includeTags: true } })).body).toBe(5);
  });
});

describe('stock projection', () => {
  it('when stock.changed arrives out of order, then the highest version wins and stale deliveries change nothing', async () => {
    const own = await newWorkspace();
    const item = await createItem(own, { lowStockThreshold: 2 });
    await setStock(own, item.id, own.defaultLocationId, 50, 5);
    await handled(await publishStockChanged(own.id, { itemId: item.id, locationId: own.defaultLocationId, onHand: 0, version: 3 }));
    expect((await own.owner.get('/items/count', { query: { stockHealth: 'ok' } })).body).toBe(1);
    await setStock(own, item.id, own.defaultLocationId, 1, 6);
    await handled(await publishStockChanged(own.id, { itemId: item.id, locationId: own.defaultLocationId, onHand: 99, version: 4 }));
    await handled(await publishStockChanged(own.id, { itemId: item.id, locationId: own.defaultLocationId, onHand: 99, version: 6 }));
    expect((await own.owner.get('/items/count', { query: { stockHealth: 'low' } })).body).toBe(1);
  });

  it('when the workspace default threshold applies, then 5 on hand is low and 6 is ok', async () => {
    const own = await newWorkspace();
    const five = await createItem(own);
    const six = await createItem(own);
    const exact = await createItem(own, { lowStockThreshold: 0 });
    await setStock(own, five.id, own.defaultLocationId, 5, 1);
    await setStock(own, six.id, own.defaultLocationId, 6, 1);
    await setStock(own, exact.id, own.defaultLocationId, 0.5, 1);
    const low = await own.owner.get('/items', { query: { stockHealth: 'low' } });
    expect(low.body.map((i: { id: string }) => i.id)).toEqual([five.id]);
    const ok = await own.owner.get('/items', { query: { stockHealth: 'ok' } });
    expect(ok.body.map((i: { id: string }) => i.id).sort()).toEqual([six.id, exact.id].sort());
  });

  it('when an item with stock on hand is made catalog-only, then 409 (the stock service decides from its ledger); at 0 on hand it is allowed', async () => {
    const own = await newWorkspace();
    const item = await createItem(own, { quantity: 3 });
    expect(expectError(await own.owner.patch(`/items/${item.id}`, { trackStock: false }), 409, 'conflict').message).toContain('stock on hand');
    const adjusted = await own.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: own.defaultLocationId, quantity: -3 });
    expect(adjusted.status).toBe(201);
    expect((await own.owner.patch(`/items/${item.id}`, { trackStock: false })).body.trackStock).toBe(false);
  });

  it('when a member restricted to one location asks for stock health, then only the stock it may read counts', async () => {
    const own = await newWorkspace();
    const item = await createItem(own);
    const elsewhere = randomUUID();
    await setStock(own, item.id, elsewhere, 20, 1);
    const member = await newMember(own, { role: 'member', locationAccess: `${own.defaultLocationId}:read` });
    expect((await own.owner.get('/items/count', { query: { stockHealth: 'ok' } })).body).toBe(1);
    expect((await member.client.get('/items/count', { query: { stockHealth: 'ok' } })).body).toBe(0);
    expect((await member.client.get('/items/count', { query: { stockHealth: 'out' } })).body).toBe(1);
    await setStock(own, item.id, own.defaultLocationId, 3, 1);
    expect((await member.client.get('/items', { query: { stockHealth: 'low' } })).body.map((i: { id: string }) => i.id)).toEqual([item.id]);
    expect((await own.owner.get('/items/count', { query: { stockHealth: 'low' } })).body).toBe(0);
  });

  it('when a member restricted to one location filters by another, then 403', async () => {
    const own = await newWorkspace();
    const other = randomUUID();
    const member = await newMember(own, { role: 'member', locationAccess: `${own.defaultLocationId}:read` });
    expect((await member.client.get('/items/count', { query: { locationId: own.defaultLocationId } })).status).toBe(200);
    expectError(await member.client.get('/items/count', { query: { locationId: other } }), 403, 'forbidden');
  });
});
