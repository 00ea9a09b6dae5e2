import { MAX_SERIALS_PER_REQUEST } from '@inv/shared/core';
import { expectError } from '../support/api';
import { adminDeps, eventually, newWorkspace, sql, unique } from '../support/fixtures';
import { exported, imported, rowsOf } from '../imports/csv-fixtures';
import { catalogEvents, createItem } from './catalog-helpers';

/**
 * Issue 45 §1, the catalog's side: an item's `tracking` (none, serial, lot) is stored, shown and
 * announced; a catalog-only item cannot be tracked (422); a change of tracking is decided by the
 * stock service (409 while stock is on hand or reserved), through the closing the catalog then
 * confirms. The units an opening names are refused here only where the item alone shows them
 * wrong (400): the stock ledger decides the rest (test/catalog/tracked-openings.test.ts).
 */

/** The item's closing in the stock service's copy, once the copy has applied `version` of it: null when it is not held closed. */
async function closingInStock(itemId: string, version: number): Promise<string | null> {
  return eventually(`the stock copy of ${itemId} at version ${version}`, async () => {
    const [copy] = await sql<{ version: string; closing_attempt: string | null }>('SELECT version, closing_attempt FROM stock.items WHERE id = $1', [itemId]);
    return copy && Number(copy.version) >= version ? { closing: copy.closing_attempt } : undefined;
  }).then((copy) => copy.closing);
}

const receive = (ws: Awaited<ReturnType<typeof newWorkspace>>, itemId: string, quantity: number) =>
  ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId: ws.defaultLocationId, quantity });

describe('item tracking (issue 45)', () => {
  it('when items are created with and without tracking, then every read shows it (none by default), and their events and snapshots carry it', async () => {
    const ws = await newWorkspace();
    const plain = await createItem(ws);
    const serial = await createItem(ws, { tracking: 'serial' });
    const [lot] = (await ws.owner.post('/items/bulk', [{ sku: unique('LOT'), tracking: 'lot' }])).body;

    expect([plain.tracking, serial.tracking, lot.tracking]).toEqual(['none', 'serial', 'lot']);
    expect((await ws.owner.get('/items/info', { query: { itemId: serial.id } })).body).toEqual(serial);
    const listed = (await ws.owner.get('/items')).body.map((i: { id: string; tracking: string }) => [i.id, i.tracking]);
    expect(listed).toEqual([
      [lot.id, 'lot'],
      [serial.id, 'serial'],
      [plain.id, 'none'],
    ]);
    const created = await catalogEvents(ws.id, 'item.created');
    expect(created.map((e) => [e.payload.id, e.payload.tracking, e.payload.resource.tracking])).toEqual([
      [plain.id, 'none', 'none'],
      [serial.id, 'serial', 'serial'],
      [lot.id, 'lot', 'lot'],
    ]);
    const { client } = await adminDeps();
    const snapshots = await client.request<Array<{ id: string; tracking: string }>>('catalog', 'catalog.get-items', { itemIds: [serial.id, lot.id] }, { workspaceId: ws.id });
    expect(snapshots.map((s) => [s.id, s.tracking]).sort()).toEqual([[serial.id, 'serial'], [lot.id, 'lot']].sort());
  });

  it.each([
    ['POST /items', (ws: any) => ws.owner.post('/items', { sku: unique(), tracking: 'batch' }), 'tracking'],
    ['POST /items/bulk', (ws: any) => ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: unique(), tracking: 'SERIAL' }]), '[1].tracking'],
    ['PATCH /items/{itemId}', async (ws: any) => ws.owner.patch(`/items/${(await createItem(ws)).id}`, { tracking: null }), 'tracking'],
  ])('when %s gives a tracking other than none, serial or lot, then 400 names tracking and nothing is tracked', async (_route, send, param) => {
    const ws = await newWorkspace();
    const error = expectError(await send(ws), 400, 'bad_request');
    expect({ param: error.param, message: error.message }).toEqual({ param, message: expect.stringContaining('tracking') });
    expect(await sql("SELECT sku FROM catalog.items WHERE workspace_id = $1 AND tracking <> 'none'", [ws.id])).toEqual([]);
  });

  it('when a catalog-only item would be tracked, on create, in a bulk or by a PATCH judged on the resulting item, then 422 naming tracking, nothing changed', async () => {
    const ws = await newWorkspace();
    expect(expectError(await ws.owner.post('/items', { sku: unique(), trackStock: false, tracking: 'serial' }), 422, 'unprocessable_entity')).toMatchObject({ param: 'tracking' });
    const bulk = expectError(await ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: unique(), trackStock: false, tracking: 'lot' }]), 422, 'unprocessable_entity');
    expect(bulk.message).toMatch(/^Item at index 1: tracking must be none for a catalog-only item/);
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);

    const catalogOnly = await createItem(ws, { trackStock: false });
    expect(expectError(await ws.owner.patch(`/items/${catalogOnly.id}`, { tracking: 'lot' }), 422, 'unprocessable_entity')).toMatchObject({ param: 'tracking' });
    const serial = await createItem(ws, { tracking: 'serial' });
    // Making a serial item catalog-only leaves it tracked unless the same PATCH says tracking none.
    expect(expectError(await ws.owner.patch(`/items/${serial.id}`, { trackStock: false }), 422, 'unprocessable_entity').message).toContain('send tracking "none" with trackStock false');
    expect((await ws.owner.get('/items/info', { query: { itemId: serial.id } })).body).toEqual(serial);
    expect((await catalogEvents(ws.id, 'item.updated')).length).toBe(0);

    const untracked = await ws.owner.patch(`/items/${serial.id}`, { trackStock: false, tracking: 'none' });
    expect(untracked.body).toMatchObject({ trackStock: false, tracking: 'none' });
    // Made catalog-only, the item was closed for that purpose: the event confirms that closing.
    const [event] = await catalogEvents(ws.id, 'item.updated');
    expect(event!.payload).toMatchObject({ trackStock: false, tracking: 'none', closingAttempt: expect.any(String) });
    const made = (await ws.owner.patch(`/items/${catalogOnly.id}`, { trackStock: true, tracking: 'lot' })).body;
    expect(made).toMatchObject({ trackStock: true, tracking: 'lot' });
  });

  it('when the tracking of an item without stock changes, then the stock service closes it for that, the change commits naming the attempt, and the closing ends', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { quantity: 4 });
    expect((await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -4 })).status).toBe(201);

    const res = await ws.owner.patch(`/items/${item.id}`, { tracking: 'serial', description: 'now serialised' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tracking: 'serial', description: 'now serialised' });
    const [event] = await catalogEvents(ws.id, 'item.updated');
    expect(event!.payload).toMatchObject({ id: item.id, tracking: 'serial', closingAttempt: expect.any(String), resource: res.body });
    expect(await closingInStock(item.id, event!.payload.version)).toBeNull();

    // A PATCH repeating the tracking changes nothing and asks nothing.
    const same = await ws.owner.patch(`/items/${item.id}`, { tracking: 'serial' });
    expect(same.body.updatedAt).toBe(res.body.updatedAt);
    expect(await catalogEvents(ws.id, 'item.updated')).toHaveLength(1);
  });

  it.each([
    ['on hand', async (ws: any, itemId: string) => expect((await receive(ws, itemId, 3)).status).toBe(201)],
    [
      'reserved by a pending transfer',
      async (ws: any, itemId: string) => {
        expect((await receive(ws, itemId, 2)).status).toBe(201);
        const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
        const transfer = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.body.id, status: 'pending', lines: [{ itemId, quantity: 2 }] });
        expect(transfer.status).toBe(201);
      },
    ],
  ])('when the item has stock %s, then changing its tracking is 409 from the stock service, nothing changes and the item takes stock as before', async (_case, stock) => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    await stock(ws, item.id);

    expectError(await ws.owner.patch(`/items/${item.id}`, { tracking: 'lot', cost: 3 }), 409, 'conflict');
    expect((await ws.owner.get('/items/info', { query: { itemId: item.id } })).body).toEqual(item);
    expect(await catalogEvents(ws.id, 'item.updated')).toEqual([]);
    // The stock service closed nothing: stock still comes in.
    expect((await receive(ws, item.id, 1)).status).toBe(201);
  });

  it('when tracking is exported, then it is the last column, and a file importing it into another workspace gives the same tracking', async () => {
    const source = await newWorkspace();
    await createItem(source, { sku: 'TR-1', tracking: 'serial' });
    await createItem(source, { sku: 'TR-2', tracking: 'lot' });
    await createItem(source, { sku: 'TR-3', trackStock: false });
    const file = await exported(source, 'items');
    expect(file.text.split('\n')[0]).toBe('sku,description,tags,supplier,lowStockThreshold,trackStock,externalId,cost,sellPrice,tracking');
    expect(rowsOf(file.text).map((r) => [r.sku, r.trackStock, r.tracking])).toEqual([
      ['TR-1', 'true', 'serial'],
      ['TR-2', 'true', 'lot'],
      ['TR-3', 'false', 'none'],
    ]);
    const target = await newWorkspace();
    expect((await imported(target, 'items', file.text)).status).toBe('completed');
    const items = (await target.owner.get('/items')).body.map((i: any) => [i.sku, i.tracking]).sort();
    expect(items).toEqual([
      ['TR-1', 'serial'],
      ['TR-2', 'lot'],
      ['TR-3', 'none'],
    ]);
  });

  it('when an items file gives tracking, serials, lot or expiresOn the item cannot take, then each is a row error naming its column, and nothing is applied', async () => {
    const ws = await newWorkspace();
    const csv = [
      'sku,trackStock,tracking,quantity,serials,lot,expiresOn',
      'OK-1,,serial,,,,',
      'BAD-1,,batch,,,,',
      'BAD-2,false,lot,,,,',
      'BAD-3,,lot,2,SN-1 SN-2,,',
      'BAD-4,,serial,1,,L-1,2027-01-01',
      'BAD-5,,serial,,SN-9,,',
      'BAD-6,,serial,2,SN-1 sn-1,,',
    ].join('\n');
    const job = await imported(ws, 'items', csv, { dryRun: true });
    expect(job.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([
      [3, 'tracking', 'invalid_value'],
      [4, 'tracking', 'catalog_only'],
      [5, 'serials', 'invalid_value'],
      [6, 'lot', 'invalid_value'],
      [6, 'expiresOn', 'invalid_value'],
      [7, 'serials', 'invalid_value'],
      [8, 'serials', 'invalid_value'],
    ]);
    expect(job.errors.find((e: any) => e.row === 5).message).toBe("serials may only be given for an item whose tracking is serial; this item's tracking is lot.");
    expect(job.errors.find((e: any) => e.row === 7).message).toContain('opening quantity above 0');
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
  });

  it('when an upsert changes the tracking of items, then one without stock changes and a file naming one with stock on hand fails whole, saying why', async () => {
    const ws = await newWorkspace();
    const empty = await createItem(ws, { sku: 'UP-1' });
    const stocked = await createItem(ws, { sku: 'UP-2', quantity: 5 });
    const serial = await createItem(ws, { sku: 'UP-3', tracking: 'serial' });

    const refused = await imported(ws, 'items', 'sku,tracking\nUP-1,lot\nUP-2,serial\n', { mode: 'upsert' });
    expect(refused).toMatchObject({ status: 'failed', rows: { applied: 0 }, failure: expect.stringContaining(stocked.id) });
    expect((await ws.owner.get('/items/info', { query: { itemId: empty.id } })).body.tracking).toBe('none');

    // A serial item made catalog-only by a file needs tracking none in the same row.
    const tracked = await imported(ws, 'items', 'sku,trackStock,tracking\nUP-3,false,\n', { mode: 'upsert', dryRun: true });
    expect(tracked.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([[2, 'tracking', 'catalog_only']]);

    const applied = await imported(ws, 'items', 'sku,tracking\nUP-1,lot\nUP-3,none\n', { mode: 'upsert' });
    expect(applied).toMatchObject({ status: 'completed', rows: { applied: 2 } });
    const events = await catalogEvents(ws.id, 'item.updated');
    expect(events.map((e) => [e.payload.id, e.payload.tracking, typeof e.payload.closingAttempt])).toEqual([
      [empty.id, 'lot', 'string'],
      [serial.id, 'none', 'string'],
    ]);
    expect(await closingInStock(serial.id, events[1]!.payload.version)).toBeNull();
  });

  it.each([
    ['serials on an untracked item', { quantity: 1, serials: ['SN-1'] }, 'serials'],
    ['serials on a lot item', { tracking: 'lot', quantity: 1, serials: ['SN-1'] }, 'serials'],
    ['a lot on a serial item', { tracking: 'serial', quantity: 1, lot: 'L-1' }, 'lot'],
    ['an expiry on an untracked item', { quantity: 1, expiresOn: '2027-06-30' }, 'expiresOn'],
    ['serials without a quantity', { tracking: 'serial', serials: ['SN-1'] }, 'serials'],
    ['a serial given twice', { tracking: 'serial', quantity: 2, serials: ['SN-1', 'sn-1 '] }, 'serials[1]'],
  ])('when an opening names %s, then 400 names the field before the stock service is asked, and nothing is created', async (_case, fields, param) => {
    const ws = await newWorkspace();
    expect(expectError(await ws.owner.post('/items', { sku: unique(), ...fields }), 400, 'bad_request')).toMatchObject({ param });
    expect(expectError(await ws.owner.post('/items/bulk', [{ sku: unique() }, { sku: unique(), ...fields }]), 400, 'bad_request')).toMatchObject({ param: `[1].${param}` });
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
    expect(await sql('SELECT 1 FROM stock.movements WHERE workspace_id = $1', [ws.id])).toEqual([]);
  });

  it('when a bulk names more serials than one request may over its elements, then 400 says so and nothing is created', async () => {
    const ws = await newWorkspace();
    const half = MAX_SERIALS_PER_REQUEST / 2 + 1;
    const element = (n: number) => ({ sku: unique(), tracking: 'serial', quantity: half, serials: Array.from({ length: half }, (_, i) => `E${n}-${i}`) });
    const error = expectError(await ws.owner.post('/items/bulk', [element(0), element(1)]), 400, 'bad_request');
    expect(error.message).toContain(`names ${2 * half} serial numbers; at most ${MAX_SERIALS_PER_REQUEST} in one request`);
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
  });

  it('when PATCH names units of stock, then 400: openings are for new items', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { tracking: 'serial' });
    expect(expectError(await ws.owner.patch(`/items/${item.id}`, { serials: ['SN-1'] }), 400, 'bad_request').message).toContain('serials');
  });
});
