import { type ApiResponse } from '../support/api';
import { newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { imported } from '../imports/csv-fixtures';

/**
 * Issue 45 §1 end to end: the units an opening names (serials, a lot) reach the stock ledger
 * unchanged with the item's tracking, and the ledger decides them; the catalog creates the items
 * only when the ledger recorded the opening. Depends on the stock side of issue 45 (the ledger
 * deciding units on opening lines): until it lands the refusals below are not made.
 */

/** The ledger refused the opening: a client error naming what is wrong with the units, nothing created. */
async function refusedWhole(ws: TestWorkspace, res: ApiResponse): Promise<void> {
  expect({ status: [400, 422].includes(res.status), code: res.body?.error?.code }).toEqual({ status: true, code: expect.stringMatching(/^(bad_request|unprocessable_entity)$/) });
  expect(await sql('SELECT sku FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);
  expect(await sql('SELECT 1 FROM stock.balances WHERE workspace_id = $1 AND on_hand <> 0', [ws.id])).toEqual([]);
}

async function onHand(ws: TestWorkspace, itemId: string): Promise<number> {
  const res = await ws.owner.get('/inventory/balances', { query: { itemId } });
  return res.body.reduce((sum: number, b: { onHand: number }) => sum + b.onHand, 0);
}

describe('openings of tracked items, decided by the stock ledger (issue 45)', () => {
  it('when a serial item opens with one serial per unit, then the opening is recorded; its serials are its own (another item may carry the same), and received again they are refused', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.post('/items', { sku: unique('SER'), tracking: 'serial', quantity: 2, serials: ['SN-1', 'SN-2'] });
    expect(res.status).toBe(201);
    expect(await onHand(ws, res.body.id)).toBe(2);
    expect((await ws.owner.get('/inventory/serials', { query: { itemId: res.body.id } })).body.map((s: { serial: string }) => s.serial)).toEqual(['SN-1', 'SN-2']);

    // Serial numbers are unique per item: another manufacturer's part may carry the same.
    const other = await ws.owner.post('/items', { sku: unique('SER'), tracking: 'serial', quantity: 1, serials: ['sn-1'] });
    expect(other.status).toBe(201);
    const again = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: res.body.id, locationId: ws.defaultLocationId, quantity: 1, serials: ['sn-1'] });
    expect({ status: again.status, code: again.body.error?.code, param: again.body.error?.param }).toEqual({ status: 409, code: 'conflict', param: 'serials' });
  });

  it('when the serials are not one per unit, or missing, then the ledger refuses and nothing is created', async () => {
    const ws = await newWorkspace();
    await refusedWhole(ws, await ws.owner.post('/items', { sku: unique('SER'), tracking: 'serial', quantity: 3, serials: ['A-1', 'A-2'] }));
    await refusedWhole(ws, await ws.owner.post('/items', { sku: unique('SER'), tracking: 'serial', quantity: 1 }));
    await refusedWhole(ws, await ws.owner.post('/items', { sku: unique('SER'), tracking: 'serial', quantity: 1.5, serials: ['A-1', 'A-2'] }));
  });

  it('when a lot item opens with its lot and expiry, then it is recorded; without a lot the ledger refuses', async () => {
    const ws = await newWorkspace();
    await refusedWhole(ws, await ws.owner.post('/items', { sku: unique('LOT'), tracking: 'lot', quantity: 10 }));
    const res = await ws.owner.post('/items', { sku: unique('LOT'), tracking: 'lot', quantity: 10, lot: 'L2026-118', expiresOn: '2027-06-30' });
    expect(res.status).toBe(201);
    expect(await onHand(ws, res.body.id)).toBe(10);
  });

  it('when one element of a bulk names fewer serials than its quantity, then the ledger refuses the opening and no element is created', async () => {
    const ws = await newWorkspace();
    await refusedWhole(
      ws,
      await ws.owner.post('/items/bulk', [
        { sku: unique('SER'), tracking: 'serial', quantity: 1, serials: ['DUP-1'] },
        { sku: unique('SER'), tracking: 'serial', quantity: 2, serials: ['DUP-2'] },
      ]),
    );
  });

  it('when an items file opens tracked items, then their units reach the ledger; a file whose serials do not match its quantity fails whole', async () => {
    const ws = await newWorkspace();
    const failed = await imported(ws, 'items', 'sku,tracking,quantity,serials\nS-1,serial,2,X-1 X-2\nS-2,serial,2,X-3\n');
    expect(failed).toMatchObject({ status: 'failed', rows: { applied: 0 } });
    expect(await sql('SELECT 1 FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([]);

    const job = await imported(ws, 'items', 'sku,tracking,quantity,serials,lot,expiresOn\nS-1,serial,2,X-1 X-2,,\nL-1,lot,5,,L-9,2027-01-31\n');
    expect(job).toMatchObject({ status: 'completed', rows: { applied: 2 } });
    const items: Array<{ id: string; sku: string }> = (await ws.owner.get('/items')).body;
    const stock = await Promise.all(items.map(async (i) => [i.sku, await onHand(ws, i.id)]));
    expect(stock.sort()).toEqual([
      ['L-1', 5],
      ['S-1', 2],
    ]);
  });
});
