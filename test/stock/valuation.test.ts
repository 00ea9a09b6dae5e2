import { ROUTES } from '../../gateway/src/http/proxy';
import { RecordMovementBody } from '../../services/stock/src/domain/stock-requests';
import { type ApiResponse, type Client, expectError, request } from '../support/api';
import { newMember, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { rowsOf } from '../imports/csv-fixtures';
import { createLocation } from './stock-fixtures';

/**
 * GET /inventory/valuation and its CSV export (issue 41, docs/valuation.md) through the gateway:
 * on-hand at the average cost (else the catalog cost), now and as of an instant, restricted to the
 * locations a member may read; balances' onOrder and averageCost.
 */

/** Receipts carry a unitCost once POST /inventory/movements takes one (issue 41); until then those cases are skipped. */
const receiptsTakeUnitCost = RecordMovementBody.options.some((o) => 'unitCost' in o.shape);
const itWithUnitCost = receiptsTakeUnitCost ? it : it.skip;
/** /exports/valuation answers through the gateway once its proxy table names it. */
const itExported = ROUTES.stock.includes('/exports/valuation') ? it : it.skip;

async function item(ws: TestWorkspace, cost?: number): Promise<{ id: string; sku: string; description: string }> {
  const res = await ws.owner.post('/items', { sku: unique('VAL'), description: 'Valued part', ...(cost === undefined ? {} : { cost }) });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return { id: res.body.id, sku: res.body.sku, description: res.body.description };
}

/** A movement through the public API; answers it (its createdAt is the ledger's instant). */
async function move(api: Client, body: Record<string, unknown>): Promise<{ id: string; createdAt: string }> {
  const res = await api.post('/inventory/movements', body);
  if (res.status !== 201) throw new Error(`movement failed: ${res.status} ${res.text}`);
  return res.body;
}
const receipt = (api: Client, itemId: string, locationId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  move(api, { type: 'receipt', itemId, locationId, quantity, ...extra });

const valuation = (api: Client, query: Record<string, string> = {}): Promise<ApiResponse> => api.get('/inventory/valuation', { query });

function byItemThenLocation<T extends { itemId: string; locationId: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0));
}

describe('valuation', () => {
  it('when stock is on hand, then each balance is valued at the catalog cost, rounded to cents; totals sum the rows; rows at zero left out; an item created without a cost is valued at 0', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const wh = ws.defaultLocationId;
    const [filter, third, uncosted, gone] = [await item(ws, 4.2), await item(ws, 0.333333), await item(ws), await item(ws, 1)];
    await receipt(ws.owner, filter.id, wh, 10);
    await receipt(ws.owner, filter.id, van.id, 3.5);
    await receipt(ws.owner, third.id, wh, 3);
    await receipt(ws.owner, uncosted.id, wh, 2);
    await receipt(ws.owner, gone.id, wh, 4);
    await move(ws.owner, { type: 'adjustment', itemId: gone.id, locationId: wh, quantity: -4 });

    const res = await valuation(ws.owner);

    expect(res.status).toBe(200);
    const row = (i: typeof filter, locationId: string, locationName: string, onHand: number, averageCost: number | null, value: number | null) => ({
      itemId: i.id,
      item: { id: i.id, sku: i.sku, description: i.description },
      locationId,
      location: { id: locationId, name: locationName },
      onHand,
      averageCost,
      value,
    });
    const whName = (await ws.owner.get(`/locations/${wh}`)).body.name;
    expect(res.body.rows).toEqual(
      byItemThenLocation([
        row(filter, wh, whName, 10, 4.2, 42),
        row(filter, van.id, van.name, 3.5, 4.2, 14.7),
        row(third, wh, whName, 3, 0.333333, 1),
        row(uncosted, wh, whName, 2, 0, 0),
      ]),
    );
    expect(res.body.totals).toEqual({ onHand: 18.5, value: 57.7 });

    const filtered = await valuation(ws.owner, { itemId: `${filter.id},${third.id}`, locationId: wh });
    expect(filtered.body.rows.map((r: any) => [r.itemId, r.locationId, r.value])).toEqual(byItemThenLocation([{ itemId: filter.id, locationId: wh }, { itemId: third.id, locationId: wh }]).map((r) => [r.itemId, r.locationId, r.itemId === filter.id ? 42 : 1]));
    expect(filtered.body.totals).toEqual({ onHand: 13, value: 43 });
  });

  it('when a member has restricted location access, then it values only the locations it may read', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const [readable, hidden] = [await createLocation(ws), await createLocation(ws)];
    const part = await item(ws, 2.5);
    for (const [locationId, quantity] of [[ws.defaultLocationId, 1], [readable.id, 2], [hidden.id, 4]] as const) await receipt(ws.owner, part.id, locationId, quantity);
    const member = await newMember(ws, { role: 'member', locationAccess: `${readable.id}:read` });

    const seen = await valuation(member.client);

    expect(seen.status).toBe(200);
    expect(seen.body.rows).toEqual([expect.objectContaining({ itemId: part.id, locationId: readable.id, onHand: 2, averageCost: 2.5, value: 5 })]);
    expect(seen.body.totals).toEqual({ onHand: 2, value: 5 });
    expect((await valuation(member.client, { locationId: hidden.id })).body).toEqual({ rows: [], totals: { onHand: 0, value: 0 } });
    expect((await valuation(member.client, { asOf: new Date().toISOString() })).body.totals).toEqual({ onHand: 2, value: 5 });
    expect((await valuation(ws.owner)).body.totals).toEqual({ onHand: 7, value: 17.5 });
  });

  it('when asOf is the instant of a movement, then that movement counts; a millisecond before the first, then there are no rows', async () => {
    const ws = await newWorkspace();
    const part = await item(ws, 3);
    const first = await receipt(ws.owner, part.id, ws.defaultLocationId, 5);
    const second = await receipt(ws.owner, part.id, ws.defaultLocationId, 2);
    expect(Date.parse(second.createdAt)).toBeGreaterThan(Date.parse(first.createdAt));

    const atFirst = await valuation(ws.owner, { asOf: first.createdAt });
    const atSecond = await valuation(ws.owner, { asOf: second.createdAt });
    const before = await valuation(ws.owner, { asOf: new Date(Date.parse(first.createdAt) - 1).toISOString() });

    expect(atFirst.status).toBe(200);
    expect(atFirst.body.rows).toEqual([expect.objectContaining({ itemId: part.id, locationId: ws.defaultLocationId, onHand: 5, averageCost: 3, value: 15 })]);
    expect(atFirst.body.totals).toEqual({ onHand: 5, value: 15 });
    expect(atSecond.body.totals).toEqual({ onHand: 7, value: 21 });
    expect(before.body).toEqual({ rows: [], totals: { onHand: 0, value: 0 } });
    // The same instant written with another offset is the same instant.
    const shifted = new Date(Date.parse(first.createdAt) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect((await valuation(ws.owner, { asOf: shifted })).body.totals).toEqual({ onHand: 5, value: 15 });
    // An instant not yet past answers what the ledger holds now.
    expect((await valuation(ws.owner, { asOf: '2999-01-01T00:00:00Z' })).body).toEqual((await valuation(ws.owner)).body);
  });

  it('when asOf or a filter is malformed, then 400 naming the parameter', async () => {
    const ws = await newWorkspace();
    for (const asOf of ['yesterday', '2026-12-01', '2026-12-01T00:00:00', '']) {
      expect(expectError(await valuation(ws.owner, { asOf }), 400, 'bad_request')).toMatchObject({ param: 'asOf' });
    }
    const twice = await request('GET', '/inventory/valuation', { key: ws.ownerKey, query: { workspaceId: ws.id, asOf: ['2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'] } });
    expect(expectError(twice, 400, 'bad_request')).toMatchObject({ param: 'asOf' });
    for (const name of ['itemId', 'locationId']) {
      expect(expectError(await valuation(ws.owner, { [name]: 'junk' }), 400, 'bad_request')).toMatchObject({ param: name });
    }
    expectError(await valuation(ws.owner, { pageSize: '10' }), 400, 'bad_request');
  });

  it('when an item has had no receipt at cost, then its balances show onOrder 0 and averageCost = its catalog cost (the catalog default, 0, without one)', async () => {
    const ws = await newWorkspace();
    const [costed, uncosted] = [await item(ws, 6.1), await item(ws)];
    await receipt(ws.owner, costed.id, ws.defaultLocationId, 4);
    await receipt(ws.owner, uncosted.id, ws.defaultLocationId, 1);

    const balances = await ws.owner.get('/inventory/balances');

    expect(balances.status).toBe(200);
    expect(balances.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: costed.id, onHand: 4, onOrder: 0, averageCost: 6.1 }),
        expect.objectContaining({ itemId: uncosted.id, onHand: 1, onOrder: 0, averageCost: 0 }),
      ]),
    );
  });

  it('when purchase orders are open for a balance, then onOrder is what ordered and partially received orders still bring there; drafts and other statuses are not counted', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const part = await item(ws, 2);
    await receipt(ws.owner, part.id, ws.defaultLocationId, 1);
    await receipt(ws.owner, part.id, van.id, 1);
    // Staged in the ledger's tables directly: what the purchase-order routes leave behind (docs/purchasing.md).
    const orders: Array<[string, string, number, number]> = [
      ['ordered', ws.defaultLocationId, 10, 0],
      ['partially_received', ws.defaultLocationId, 8, 3],
      ['draft', ws.defaultLocationId, 100, 0],
      ['received', ws.defaultLocationId, 7, 7],
      ['cancelled', ws.defaultLocationId, 9, 0],
      ['ordered', van.id, 2.5, 0],
    ];
    for (const [status, locationId, ordered, received] of orders) {
      const [order] = await sql<{ id: string }>(
        `INSERT INTO stock.purchase_orders (workspace_id, id, supplier_id, location_id, status, created_at, created_by_user_id, created_by_key_id, updated_at)
         VALUES ($1, gen_random_uuid(), gen_random_uuid(), $2, $3, now(), 'test', 'test', now()) RETURNING id`,
        [ws.id, locationId, status],
      );
      await sql(`INSERT INTO stock.purchase_order_lines (workspace_id, purchase_order_id, position, item_id, ordered, received, unit_cost) VALUES ($1, $2, 1, $3, $4, $5, 2)`, [ws.id, order!.id, part.id, ordered, received]);
    }

    const balances = await ws.owner.get('/inventory/balances', { query: { itemId: part.id } });

    expect(balances.status).toBe(200);
    expect(Object.fromEntries(balances.body.map((b: any) => [b.locationId, b.onOrder]))).toEqual({ [ws.defaultLocationId]: 15, [van.id]: 2.5 });
  });

  itWithUnitCost('when receipts bring costs, then the moving average values the stock, now and as of the first receipt', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const part = await item(ws, 4);
    const first = await receipt(ws.owner, part.id, ws.defaultLocationId, 10, { unitCost: 5 });
    // avg' = (q·avg + r·c) / (q + r): (10 × 5 + 10 × 6) / 20.
    await receipt(ws.owner, part.id, van.id, 10, { unitCost: 6 });

    const now = await valuation(ws.owner);
    const then = await valuation(ws.owner, { asOf: first.createdAt });

    expect(now.body.rows.map((r: any) => [r.locationId, r.onHand, r.averageCost, r.value])).toEqual(
      byItemThenLocation([{ itemId: part.id, locationId: ws.defaultLocationId }, { itemId: part.id, locationId: van.id }]).map((r) => [r.locationId, 10, 5.5, 55]),
    );
    expect(now.body.totals).toEqual({ onHand: 20, value: 110 });
    expect(then.body.rows).toEqual([expect.objectContaining({ locationId: ws.defaultLocationId, onHand: 10, averageCost: 5, value: 50 })]);
    expect(then.body.totals).toEqual({ onHand: 10, value: 50 });
    const balances = await ws.owner.get('/inventory/balances', { query: { itemId: part.id } });
    expect(balances.body.map((b: any) => [b.onOrder, b.averageCost])).toEqual([[0, 5.5], [0, 5.5]]);
  });

  itExported('when the valuation is exported, then the CSV holds the rows of the JSON answer, asOf included', async () => {
    const ws = await newWorkspace();
    const part = await item(ws, 1.25);
    const first = await receipt(ws.owner, part.id, ws.defaultLocationId, 3);
    await receipt(ws.owner, part.id, ws.defaultLocationId, 1);

    const now = await request('GET', '/exports/valuation', { key: ws.ownerKey, query: { workspaceId: ws.id } });
    const then = await request('GET', '/exports/valuation', { key: ws.ownerKey, query: { workspaceId: ws.id, asOf: first.createdAt } });

    expect(now.status).toBe(200);
    expect(now.text.split('\n')[0]).toBe('itemId,sku,description,locationId,location,onHand,averageCost,value');
    expect(rowsOf(now.text)).toEqual([expect.objectContaining({ itemId: part.id, sku: part.sku, locationId: ws.defaultLocationId, onHand: '4', averageCost: '1.25', value: '5' })]);
    expect(rowsOf(then.text)).toEqual([expect.objectContaining({ itemId: part.id, onHand: '3', averageCost: '1.25', value: '3.75' })]);
  });

  it('when movements are exported, then each carries its jobId, unitCost, purchaseOrderId and receiptId', async () => {
    const ws = await newWorkspace();
    const part = await item(ws, 2);
    await receipt(ws.owner, part.id, ws.defaultLocationId, 3);

    const file = await request('GET', '/exports/movements', { key: ws.ownerKey, query: { workspaceId: ws.id } });

    expect(file.status).toBe(200);
    expect(file.text.split('\n')[0]).toBe('createdAt,id,type,reason,locationId,location,itemId,sku,quantity,balanceAfter,transferId,reference,note,userId,jobId,unitCost,purchaseOrderId,receiptId,serials,lot');
    expect(rowsOf(file.text)).toEqual([expect.objectContaining({ type: 'receipt', jobId: '', purchaseOrderId: '', receiptId: '' })]);
  });
});
