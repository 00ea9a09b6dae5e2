import { CatalogEvents, LocationEvents, newId, StockCommands, STOCK_SERVICE, type ItemSnapshot } from '@inv/shared/core';
import { expectError } from '../support/api';
import { adminDeps, eventually, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { ownerContext } from '../support/internal-calls';
import { createItem, createLocation, ledgerMismatches, onHand, publish, receive } from './stock-fixtures';

/** Sends a stock command as another service would; resolves with the answer or the AppError. */
async function command(ws: TestWorkspace, type: string, payload: unknown): Promise<{ ok: true; result: any } | { ok: false; code: string; message: string }> {
  const { client } = await adminDeps();
  try {
    return { ok: true, result: await client.request(STOCK_SERVICE, type, payload, { workspaceId: ws.id }) };
  } catch (err) {
    const e = err as { code: string; message: string };
    return { ok: false, code: e.code, message: e.message };
  }
}

type OpeningItem = Omit<ItemSnapshot, 'version'>;
const snapshot = (overrides: Partial<OpeningItem> = {}): OpeningItem => ({ id: newId(), sku: unique('SKU'), description: 'new item', trackStock: true, lowStockThreshold: null, ...overrides });
/** The command as the catalog sends it, for the workspace's owner. */
const opening = (ws: TestWorkspace, operationId: string, lines: { item: OpeningItem; locationId: string; quantity: number }[]) => ({ operationId, caller: ownerContext(ws, ['items.write']), lines });

/** An opening's item as the ledger holds it: its balance and its movements (type, reason, quantity) in order. */
async function openingLedger(itemId: string): Promise<{ onHand: number; movements: Array<[string, string | null, number]> }> {
  const [balance] = await sql('SELECT on_hand::float8 AS "onHand" FROM stock.balances WHERE item_id = $1', [itemId]);
  const movements = await sql('SELECT type, reason, quantity::float8 AS quantity FROM stock.movements WHERE item_id = $1 ORDER BY seq', [itemId]);
  return { onHand: balance?.onHand, movements: movements.map((m) => [m.type, m.reason, m.quantity]) };
}

describe('stock.record-opening, and opening.abandoned taking an opening back', () => {
  it('when an item is created with a quantity, then its opening movement and balance exist', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws, { quantity: 7.25 });
    expect(await onHand(ws.owner, item.id, ws.defaultLocationId)).toBe(7.25);
    const movements = await ws.owner.get('/inventory/movements', { query: { itemId: item.id } });
    expect(movements.body).toEqual([expect.objectContaining({ type: 'opening', quantity: 7.25, balanceAfter: 7.25, locationId: ws.defaultLocationId, transferId: null })]);
  });

  it('when the same operation arrives twice, then it is recorded once and both answers agree', async () => {
    const ws = await newWorkspace();
    const item = snapshot();
    const payload = opening(ws, newId(), [{ item, locationId: ws.defaultLocationId, quantity: 3 }]);
    const [first, second] = await Promise.all([command(ws, StockCommands.recordOpening, payload), command(ws, StockCommands.recordOpening, payload)]);
    expect(first).toEqual({ ok: true, result: { movements: 1, position: 1 } });
    expect(second).toEqual(first);
    expect(await command(ws, StockCommands.recordOpening, payload)).toEqual(first);
    expect(await sql('SELECT on_hand::float AS n FROM stock.balances WHERE item_id = $1', [item.id])).toEqual([{ n: 3 }]);
  });

  it('when one line cannot be recorded, then 422 and no line is', async () => {
    const ws = await newWorkspace();
    const inactive = await createLocation(ws, { active: false });
    const good = snapshot();
    for (const [lines, reason] of [
      [[{ item: good, locationId: ws.defaultLocationId, quantity: 1 }, { item: snapshot(), locationId: inactive.id, quantity: 1 }], 'inactive'],
      [[{ item: good, locationId: ws.defaultLocationId, quantity: 1 }, { item: snapshot(), locationId: newId(), quantity: 1 }], 'does not exist'],
      [[{ item: good, locationId: ws.defaultLocationId, quantity: 1 }, { item: snapshot({ trackStock: false }), locationId: ws.defaultLocationId, quantity: 1 }], 'catalog-only'],
    ] as const) {
      const answer = await command(ws, StockCommands.recordOpening, opening(ws, newId(), [...lines]));
      expect(answer).toMatchObject({ ok: false, code: 'unprocessable_entity' });
      expect((answer as { message: string }).message).toContain(reason);
    }
    expect(await command(ws, StockCommands.recordOpening, opening(ws, newId(), [{ item: good, locationId: ws.defaultLocationId, quantity: 1.00001 }]))).toMatchObject({ ok: false, code: 'bad_request' });
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
  });

  it('when an opening is cancelled, then a movement of its own takes its stock back (the ledger stays append-only) and projections are told the balance is 0', async () => {
    const ws = await newWorkspace();
    const item = snapshot();
    const operationId = newId();
    await command(ws, StockCommands.recordOpening, opening(ws, operationId, [{ item, locationId: ws.defaultLocationId, quantity: 4 }]));
    await publish(CatalogEvents.openingAbandoned, ws.id, { operationId });
    await eventually('the opening taken back', async () => ((await openingLedger(item.id)).onHand === 0 ? true : undefined));
    expect(await openingLedger(item.id)).toEqual({ onHand: 0, movements: [['opening', null, 4], ['opening', 'opening_cancelled', -4]] });
    const changes = await sql(
      "SELECT (message->'payload'->>'position')::int AS position, c AS p FROM stock.outbox, jsonb_array_elements(message->'payload'->'changes') AS c WHERE type = 'stock.changed' AND c->>'itemId' = $1 ORDER BY seq",
      [item.id],
    );
    expect(changes.map((c) => [c.position, c.p.onHand, c.p.delta, c.p.version])).toEqual([
      [1, 4, 4, 1],
      [2, 0, -4, 2],
    ]);
    expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 1 }), 422, 'unprocessable_entity');
  });

  it('when the catalog publishes opening.abandoned more than once, then the opening is cancelled once', async () => {
    const ws = await newWorkspace();
    const item = snapshot();
    const operationId = newId();
    await command(ws, StockCommands.recordOpening, opening(ws, operationId, [{ item, locationId: ws.defaultLocationId, quantity: 4 }]));
    await publish(CatalogEvents.openingAbandoned, ws.id, { operationId });
    await publish(CatalogEvents.openingAbandoned, ws.id, { operationId });
    await eventually('the opening taken back', async () => ((await openingLedger(item.id)).onHand === 0 ? true : undefined));
    expect(await openingLedger(item.id)).toEqual({ onHand: 0, movements: [['opening', null, 4], ['opening', 'opening_cancelled', -4]] });
    expect(await command(ws, StockCommands.recordOpening, opening(ws, operationId, [{ item, locationId: ws.defaultLocationId, quantity: 4 }]))).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('when the cancel overtakes its opening, then the late opening is refused with 409', async () => {
    const ws = await newWorkspace();
    const operationId = newId();
    await publish(CatalogEvents.openingAbandoned, ws.id, { operationId });
    await eventually('the tombstone of the cancelled opening', async () => ((await sql('SELECT 1 FROM stock.openings WHERE operation_id = $1', [operationId])).length > 0 ? true : undefined));
    expect(await command(ws, StockCommands.recordOpening, opening(ws, operationId, [{ item: snapshot(), locationId: ws.defaultLocationId, quantity: 1 }]))).toMatchObject({ ok: false, code: 'conflict' });
    expect(await sql('SELECT count(*)::int AS n FROM stock.movements WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
  });
});

describe('stock.close-location and stock.reopen-location', () => {
  it('when the location holds stock, then closing answers 409 saying how much; once empty it closes and takes no new stock until reopened', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 10 });
    await receive(ws.owner, item.id, van.id, 5);
    const refused = await command(ws, StockCommands.closeLocation, { locationId: van.id });
    expect(refused).toMatchObject({ ok: false, code: 'conflict' });
    expect((refused as { message: string }).message).toContain('location still holds 5 on hand');
    await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: van.id, quantity: -5 });
    expect(await command(ws, StockCommands.closeLocation, { locationId: van.id })).toEqual({ ok: true, result: { closed: true } });
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: van.id, quantity: 1 }), 422, 'unprocessable_entity').message).toContain('closed');
    expectError(await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] }), 422, 'unprocessable_entity');
    expect(await command(ws, StockCommands.reopenLocation, { locationId: van.id })).toEqual({ ok: true, result: { closed: false } });
    await receive(ws.owner, item.id, van.id, 1);
  });

  it('when a location nobody told us of yet is closed, then stock cannot reach it afterwards', async () => {
    const ws = await newWorkspace();
    const ghost = newId();
    expect(await command(ws, StockCommands.closeLocation, { locationId: ghost })).toEqual({ ok: true, result: { closed: true } });
    await publish(LocationEvents.created, ws.id, { id: ghost, name: 'Late', type: 'van', active: true, isDefault: false, version: 1 });
    const item = await createItem(ws);
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ghost, quantity: 1 }), 422, 'unprocessable_entity').message).toContain('closed');
  });

  it('when closing races a transfer into the location, then never both succeed', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const item = await createItem(ws, { quantity: 100 });
    const vans = await Promise.all(Array.from({ length: 12 }, () => createLocation(ws)));
    const outcomes = await Promise.all(
      vans.map(async (van) => {
        const [moved, closed] = await Promise.all([
          ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] }),
          command(ws, StockCommands.closeLocation, { locationId: van.id }),
        ]);
        return { moved: moved.status, closed: closed.ok ? 'closed' : closed.code };
      }),
    );
    for (const o of outcomes) expect([{ moved: 201, closed: 'conflict' }, { moved: 422, closed: 'closed' }]).toContainEqual(o);
    const closedWithStock = await sql('SELECT l.id FROM stock.locations l JOIN stock.balances b ON b.location_id = l.id WHERE l.workspace_id = $1 AND l.closed AND b.on_hand > 0', [ws.id]);
    expect(closedWithStock).toEqual([]);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when a location is deleted through the API, then the stock service refuses movements there', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const item = await createItem(ws);
    expect((await ws.owner.delete(`/locations/${van.id}`)).status).toBe(200);
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: van.id, quantity: 1 }), 422, 'unprocessable_entity').message).toMatch(/deleted|closed/);
  });
});

describe('stock.usage and projections', () => {
  it('when transfers were made, then stock.usage counts those since the billing cycle start', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 5 });
    for (let i = 0; i < 3; i++) await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] });
    expect(await command(ws, StockCommands.usage, { billingCycleStart: new Date(Date.now() - 60_000).toISOString() })).toEqual({ ok: true, result: { transfers: 3 } });
    expect(await command(ws, StockCommands.usage, { billingCycleStart: new Date(Date.now() + 60_000).toISOString() })).toEqual({ ok: true, result: { transfers: 0 } });
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body.usage).toBe(3);
  });

  // Versions far above the catalog's own, which only count this run's writes.
  const LATER = 1_000_000_000;

  it('when item events arrive out of order, then the newest version wins and transfers show it', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 5 });
    await publish(CatalogEvents.itemUpdated, ws.id, { ...item, sku: 'NEWEST', description: 'newest', version: LATER + 2 });
    await publish(CatalogEvents.itemUpdated, ws.id, { ...item, sku: 'STALE', description: 'stale', version: LATER + 1 });
    const made = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] });
    expect(made.body.lines[0].item).toEqual({ id: item.id, sku: 'NEWEST', description: 'newest' });
  });

  it('when location events arrive out of order or after a deletion, then neither an older state nor a deletion is undone', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const snapshot = { id: van.id, name: van.name, type: 'van', active: true, isDefault: false };
    await publish(LocationEvents.updated, ws.id, { ...snapshot, active: false, version: LATER + 2 });
    await publish(LocationEvents.updated, ws.id, { ...snapshot, version: LATER + 1 });
    expect(await sql('SELECT active, deleted FROM stock.locations WHERE id = $1', [van.id])).toEqual([{ active: false, deleted: false }]);
    await publish(LocationEvents.deleted, ws.id, { id: van.id });
    await publish(LocationEvents.updated, ws.id, { ...snapshot, version: LATER + 3 });
    expect(await sql('SELECT active, deleted FROM stock.locations WHERE id = $1', [van.id])).toEqual([{ active: true, deleted: true }]);
  });
});
