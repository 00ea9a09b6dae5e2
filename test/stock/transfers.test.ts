import { Client } from 'pg';
import { expectError } from '../support/api';
import { listenToEvents } from '../support/bus';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { createItem, createLocation, ISO_TIME, ledgerMismatches, NO_TRANSITIONS, onHand, ownerActor, receive } from './stock-fixtures';

/** A workspace with a second location and an item holding `stock` at the default location. */
async function stocked(stock: number, plan: 'free' | 'pro' = 'pro') {
  const ws = await newWorkspace({ plan });
  const van = await createLocation(ws);
  const item = await createItem(ws, { quantity: stock });
  return { ws, van, item, from: ws.defaultLocationId };
}

const transfer = (ws: TestWorkspace, body: unknown, headers?: Record<string, string>) => ws.owner.post('/inventory/transfers', body, { headers });

describe('POST /inventory/transfers', () => {
  it('when stock is transferred, then 201 answers the completed transfer with its locations and items, and both balances and the ledger follow', async () => {
    const { ws, van, item, from } = await stocked(10);
    const bus = await listenToEvents('#');
    const res = await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 4, note: 'for the job' }], note: 'monday run' });
    expect(res.status).toBe(201);
    const owner = await ownerActor(ws);
    expect(res.body).toEqual({
      id: expect.any(String),
      fromLocationId: from,
      toLocationId: van.id,
      status: 'completed',
      note: 'monday run',
      reason: '',
      origin: 'manual',
      lines: [{ id: expect.any(String), itemId: item.id, quantity: 4, note: 'for the job', item: { id: item.id, sku: item.sku, description: item.description }, serials: null, lot: null, lots: null }],
      createdAt: expect.stringMatching(ISO_TIME),
      createdBy: owner,
      // Created completed: completed at its creation, by its creator.
      ...NO_TRANSITIONS,
      completedAt: res.body.createdAt,
      completedBy: owner,
      fromLocation: { id: from, name: 'Inventory', type: 'warehouse' },
      toLocation: { id: van.id, name: van.name, type: 'van' },
    });
    expect((await ws.owner.get(`/inventory/transfers/${res.body.id}`)).body).toEqual(res.body);
    expect(await onHand(ws.owner, item.id, from)).toBe(6);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(4);
    const movements = await ws.owner.get('/inventory/movements', { query: { transferId: res.body.id } });
    expect(movements.body.map((m: any) => [m.type, m.locationId, m.quantity, m.balanceAfter, m.transferId]).sort()).toEqual(
      [
        ['transfer_in', van.id, 4, 4, res.body.id],
        ['transfer_out', from, -4, 6, res.body.id],
      ].sort(),
    );
    // Only this request's events: the opening stock's stock.changed may reach the bus after the listener is bound.
    const requestId = res.headers['x-request-id'];
    const events = await eventually('transfer.completed and its stock.changed on the bus', async () => {
      const ours = bus.messages.filter((m) => m.workspaceId === ws.id && m.requestId === requestId);
      return ours.some((m) => m.type === 'stock.changed') && ours.some((m) => m.type === 'transfer.completed') ? ours : undefined;
    });
    await bus.close();
    expect(events.filter((m) => m.type === 'transfer.completed').map((m) => m.payload)).toEqual([res.body]);
    // One stock.changed for the transaction, carrying both balances and the workspace's next stock position (the opening took 1).
    const [changed, ...more] = events.filter((m) => m.type === 'stock.changed').map((m) => m.payload as { position: number; changes: Array<{ locationId: string; onHand: number; version: number }> });
    expect(more).toEqual([]);
    expect(changed!.position).toBe(2);
    expect(changed!.changes.map((c) => [c.locationId, c.onHand, c.version]).sort()).toEqual(
      [
        [from, 6, 2],
        [van.id, 4, 1],
      ].sort(),
    );
  });

  it('when the body is malformed, then 400 names the field', async () => {
    const { ws, van, item, from } = await stocked(10);
    const line = { itemId: item.id, quantity: 1 };
    const valid = { fromLocationId: from, toLocationId: van.id, lines: [line] };
    for (const [body, field] of [
      [{ toLocationId: van.id, lines: [line] }, 'fromLocationId'],
      [{ fromLocationId: from, lines: [line] }, 'toLocationId'],
      [{ fromLocationId: from, toLocationId: van.id }, 'lines'],
      [{ ...valid, lines: [] }, 'lines'],
      [{ ...valid, lines: Array.from({ length: 501 }, () => line) }, 'lines'],
      [{ ...valid, lines: [{ ...line, quantity: 0 }] }, 'lines[0].quantity'],
      [{ ...valid, lines: [{ ...line, quantity: 0.00001 }] }, 'lines[0].quantity'],
      [{ ...valid, lines: [{ itemId: item.id }] }, 'lines[0].quantity'],
      [{ ...valid, lines: [line, line] }, 'lines[1].itemId'],
      [{ ...valid, status: 'reverted' }, 'status'],
      [{ ...valid, status: 'cancelled' }, 'status'],
      [{ ...valid, note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      expect(expectError(await transfer(ws, body), 400, 'bad_request').message).toContain(field);
    }
    expect(await onHand(ws.owner, item.id, from)).toBe(10);
  });

  it('when the transfer cannot be made, then 422 says why and nothing moves', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const inactive = await createLocation(ws, { active: false });
    const doomed = await createLocation(ws);
    expect((await ws.owner.delete(`/locations/${doomed.id}`)).status).toBe(200);
    const item = await createItem(ws, { quantity: 5 });
    const other = await createItem(ws, { quantity: 2 });
    const catalogOnly = await createItem(ws, { trackStock: false });
    const from = ws.defaultLocationId;
    const lines = [{ itemId: item.id, quantity: 1 }];
    const cases: [unknown, string][] = [
      [{ fromLocationId: from, toLocationId: from, lines }, 'same location'],
      [{ fromLocationId: from, toLocationId: '00000000-0000-4000-8000-000000000000', lines }, 'does not exist'],
      [{ fromLocationId: from, toLocationId: doomed.id, lines }, 'deleted'],
      [{ fromLocationId: from, toLocationId: inactive.id, lines }, 'inactive'],
      [{ fromLocationId: inactive.id, toLocationId: van.id, lines }, 'inactive'],
      [{ fromLocationId: from, toLocationId: van.id, lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, 'does not exist'],
      [{ fromLocationId: from, toLocationId: van.id, lines: [{ itemId: catalogOnly.id, quantity: 1 }] }, 'catalog-only'],
      [{ fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }, { itemId: other.id, quantity: 2.5 }] }, `"${other.sku}" (${other.id}) at location "Inventory" (${from}): 2 available, 2.5 requested`],
    ];
    for (const [body, reason] of cases) {
      expect(expectError(await transfer(ws, body), 422, 'unprocessable_entity').message).toContain(reason);
    }
    // Short of stock: param names the line's quantity, whether the transfer moves or reserves; a movement names its quantity.
    const short = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }, { itemId: other.id, quantity: 2.5 }] };
    expect((await transfer(ws, short)).body.error.param).toBe('lines[1].quantity');
    expect((await transfer(ws, { ...short, status: 'pending' })).body.error.param).toBe('lines[1].quantity');
    const adjustment = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: other.id, locationId: from, quantity: -3 });
    expect(expectError(adjustment, 422, 'unprocessable_entity')).toMatchObject({ param: 'quantity' });
    expect(await onHand(ws.owner, item.id, from)).toBe(5);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(0);
    // A malformed id is a malformed request (400, naming the field), not an unknown entity.
    expect(expectError(await transfer(ws, { fromLocationId: 'junk', toLocationId: van.id, lines }), 400, 'bad_request').message).toContain('fromLocationId');
    expect(await sql('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
  });

  it("when the stock service has not yet applied the creation of the destination and the item (its copies held up a second), then a transfer right after waits for them and goes through", async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const stocked = await createItem(ws, { quantity: 5 });
    // Every owner change the stock service applies advances its feed: held off for a second, the copies fall behind what was acknowledged.
    const session = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await session.connect();
    await session.query('BEGIN');
    await session.query('LOCK TABLE stock.position_feeds IN SHARE MODE');
    const released = new Promise<void>((resolve) => setTimeout(() => void session.query('ROLLBACK').then(() => session.end()).then(resolve), 1_000));
    const van = await createLocation(ws);
    const started = Date.now();
    const res = await transfer(ws, { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: stocked.id, quantity: 2 }] });
    await released;
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(res.body.toLocation).toEqual({ id: van.id, name: van.name, type: 'van' });
    expect(res.body.lines[0].item).toEqual({ id: stocked.id, sku: stocked.sku, description: stocked.description });
    expect(await onHand(ws.owner, stocked.id, van.id)).toBe(2);
    const junkItem = await transfer(ws, { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: stocked.id, quantity: 1 }, { itemId: 'junk', quantity: 1 }] });
    expect(expectError(junkItem, 400, 'bad_request').message).toContain('lines[1].itemId is not a valid id');
  });

  it('when a transfer names an item or a location no service ever made, then it is refused as unknown (422), once the stock service has caught up with what the owners committed', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws, { quantity: 5 });
    const nowhere = '0197a1b2-0000-7000-8000-00000000feed';
    const toNowhere = await transfer(ws, { fromLocationId: ws.defaultLocationId, toLocationId: nowhere, lines: [{ itemId: item.id, quantity: 1 }] });
    expect(expectError(toNowhere, 422, 'unprocessable_entity').message).toBe(`Location ${nowhere} does not exist.`);
    const noItem = await transfer(ws, { fromLocationId: ws.defaultLocationId, toLocationId: (await createLocation(ws)).id, lines: [{ itemId: nowhere, quantity: 1 }] });
    expect(expectError(noItem, 422, 'unprocessable_entity').message).toBe(`lines[0]: item ${nowhere} does not exist.`);
  });

  it('when a member with restricted location access transfers, then it needs write access to both locations', async () => {
    const { ws, van, item, from } = await stocked(10);
    const writer = await newMember(ws, { role: 'member', locationAccess: `${from}:write,${van.id}:write` });
    const halfReader = await newMember(ws, { role: 'member', locationAccess: `${from}:write,${van.id}:read` });
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] };
    expectError(await halfReader.client.post('/inventory/transfers', body), 403, 'forbidden');
    expect((await writer.client.post('/inventory/transfers', body)).status).toBe(201);
    const viewer = await newMember(ws, { role: 'viewer' });
    expectError(await viewer.client.post('/inventory/transfers', body), 403, 'forbidden');
    expect((await viewer.client.get('/inventory/transfers')).body).toHaveLength(1);
  });

  it('when 50 transfers race for the same source stock, then none oversells and every balance equals the sum of its movements', async () => {
    const { ws, van, item, from } = await stocked(30);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] })),
    );
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 0));
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(await onHand(ws.owner, item.id, from)).toBe(0);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(30);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
    expect(await sql("SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1 AND status = 'completed'", [ws.id])).toEqual([{ n: 30 }]);
  });

  it('when 50 two-line transfers race in opposite directions, then none deadlocks or fails unexpectedly and stock is conserved', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const from = ws.defaultLocationId;
    const x = await createItem(ws, { quantity: 20 });
    const y = await createItem(ws, { quantity: 20 });
    await receive(ws.owner, x.id, van.id, 5);
    await receive(ws.owner, y.id, van.id, 5);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: x.id, quantity: 1 }, { itemId: y.id, quantity: 1 }] })
          : transfer(ws, { fromLocationId: van.id, toLocationId: from, lines: [{ itemId: y.id, quantity: 1 }, { itemId: x.id, quantity: 1 }] }),
      ),
    );
    for (const r of results) expect(r.status === 'fulfilled' && [201, 422].includes(r.value.status) ? 'ok' : r).toBe('ok');
    for (const item of [x, y]) expect((await onHand(ws.owner, item.id, from)) + (await onHand(ws.owner, item.id, van.id))).toBe(25);
    expect(await sql('SELECT count(*)::int AS n FROM stock.balances WHERE workspace_id = $1 AND on_hand < 0', [ws.id])).toEqual([{ n: 0 }]);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
  });

  it('when the plan has room for two more transfers and five race for it, then exactly two are made and the rest answer exceeded_limit', async () => {
    const { ws, van, item, from } = await stocked(10, 'free');
    const anyItem = item.id;
    // 48 of the free plan's 50 transfers this cycle, plus 3 from before the cycle that no longer count.
    await sql(
      `INSERT INTO stock.transfers (id, workspace_id, from_location_id, to_location_id, status, user_id, created_at)
       SELECT gen_random_uuid(), $1, $2, $3, 'completed', 'seed', CASE WHEN n <= 48 THEN now() ELSE now() - interval '40 days' END FROM generate_series(1, 51) AS n`,
      [ws.id, from, van.id],
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: anyItem, quantity: 1 }] })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 403, 'exceeded_limit');
    expect(await onHand(ws.owner, item.id, van.id)).toBe(2);
    const workspace = await ws.owner.get(`/workspaces/${ws.id}`);
    expect({ usage: workspace.body.usage, usageLimit: workspace.body.usageLimit }).toEqual({ usage: 50, usageLimit: 50 });
  });

  it.each([
    ['before its first transfer of the cycle (the counter starts from a count)', 49, 0],
    ['after transfers through the API (the counter row exists)', 47, 2],
  ])('when 50 transfers race one below the limit %s, then exactly one is made and 49 answer exceeded_limit', async (_, seeded, made) => {
    const { ws, van, item, from } = await stocked(10, 'free');
    await sql(
      `INSERT INTO stock.transfers (id, workspace_id, from_location_id, to_location_id, status, user_id, created_at)
       SELECT gen_random_uuid(), $1, $2, $3, 'completed', 'seed', now() FROM generate_series(1, $4::int)`,
      [ws.id, from, van.id, seeded],
    );
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] };
    for (let i = 0; i < made; i++) expect((await transfer(ws, body)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(ws, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 403, 'exceeded_limit');
    expect(await onHand(ws.owner, item.id, van.id)).toBe(made + 1);
    expect(await sql('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 50 }]);
    expectError(await transfer(ws, body), 403, 'exceeded_limit');
  });
});

describe('Idempotency-Key', () => {
  it('when a transfer is retried with the same key, then the original status and body come back and it happens once', async () => {
    const { ws, van, item, from } = await stocked(10);
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 3 }] };
    const first = await transfer(ws, body, { 'Idempotency-Key': 'retry-1' });
    const again = await transfer(ws, { lines: body.lines, toLocationId: van.id, fromLocationId: from }, { 'Idempotency-Key': 'retry-1' });
    expect(first.status).toBe(201);
    expect({ status: again.status, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect(await onHand(ws.owner, item.id, van.id)).toBe(3);
    const other = await transfer(ws, body, { 'Idempotency-Key': 'retry-2' });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('when the same key comes with a different body, then 409 conflict', async () => {
    const { ws, van, item, from } = await stocked(10);
    await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] }, { 'Idempotency-Key': 'k' });
    expectError(await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }] }, { 'Idempotency-Key': 'k' }), 409, 'conflict');
    expect(await onHand(ws.owner, item.id, van.id)).toBe(1);
  });

  it('when two requests with one key arrive together, then one transfer is made and both get its response', async () => {
    const { ws, van, item, from } = await stocked(10);
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] };
    const responses = await Promise.all(Array.from({ length: 6 }, () => transfer(ws, body, { 'Idempotency-Key': 'together' })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(1);
  });

  it('when the reply was lost after commit, then the retry still answers the stored response', async () => {
    const { ws, van, item, from } = await stocked(10);
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }] };
    const first = await transfer(ws, body, { 'Idempotency-Key': 'crash' });
    const [stored] = await sql("SELECT status, body FROM stock.idempotency_keys WHERE workspace_id = $1 AND key = 'crash'", [ws.id]);
    expect(stored).toEqual({ status: 201, body: first.body });
    expect((await transfer(ws, body, { 'Idempotency-Key': 'crash' })).body).toEqual(first.body);
  });

  it('when a request failed, then its key is not kept and the retry runs again', async () => {
    const { ws, van, item, from } = await stocked(1);
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }] };
    expectError(await transfer(ws, body, { 'Idempotency-Key': 'short' }), 422, 'unprocessable_entity');
    await receive(ws.owner, item.id, from, 1);
    expect((await transfer(ws, body, { 'Idempotency-Key': 'short' })).status).toBe(201);
  });

  it('when a key is older than 24 hours, then it has expired and the request runs again', async () => {
    const { ws, van, item, from } = await stocked(10);
    const body = { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] };
    const first = await transfer(ws, body, { 'Idempotency-Key': 'old' });
    await sql("UPDATE stock.idempotency_keys SET created_at = now() - interval '25 hours' WHERE workspace_id = $1", [ws.id]);
    const second = await transfer(ws, body, { 'Idempotency-Key': 'old' });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(2);
  });

  it('when a receipt is retried with its key, then it is recorded once; keys of different members do not collide', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const body = { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 5 };
    const first = await ws.owner.post('/inventory/movements', body, { headers: { 'Idempotency-Key': 'r1' } });
    const again = await ws.owner.post('/inventory/movements', body, { headers: { 'Idempotency-Key': 'r1' } });
    expect(again.body).toEqual(first.body);
    const member = await newMember(ws, { role: 'member' });
    expect((await member.client.post('/inventory/movements', body, { headers: { 'Idempotency-Key': 'r1' } })).body.id).not.toBe(first.body.id);
    expect(await onHand(ws.owner, item.id, ws.defaultLocationId)).toBe(10);
    expectError(await ws.owner.post('/inventory/movements', body, { headers: { 'Idempotency-Key': 'has space' } }), 400, 'bad_request');
  });
});

describe('GET /inventory/transfers', () => {
  async function history() {
    const { ws, van, item, from } = await stocked(100);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }], note: `t${i}` });
      ids.push(res.body.id);
    }
    // Spread them over time: t0 400 days ago, t1 40 days ago, t2 3 days ago, t3 2 hours ago, t4 now.
    const ages = ["interval '400 days'", "interval '40 days'", "interval '3 days'", "interval '2 hours'", "interval '0'"];
    for (const [i, age] of ages.entries()) await sql(`UPDATE stock.transfers SET created_at = date_trunc('milliseconds', now() - ${age}) WHERE id = $1`, [ids[i]]);
    return { ws, van, item, from, ids };
  }
  const notes = (res: { body: { note: string }[] }) => res.body.map((t) => t.note);

  it('when listed without parameters, then every transfer comes newest first with X-Total-Count', async () => {
    const { ws } = await history();
    const res = await ws.owner.get('/inventory/transfers');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(notes(res)).toEqual(['t4', 't3', 't2', 't1', 't0']);
  });

  it('when sorted ascending and paged, then pages follow the order and the total stays', async () => {
    const { ws } = await history();
    const page = (p: number) => ws.owner.get('/inventory/transfers', { query: { sortBy: 'createdAt', sortOrder: 'asc', page: p, pageSize: 2 } });
    expect(notes(await page(1))).toEqual(['t0', 't1']);
    expect(notes(await page(2))).toEqual(['t2', 't3']);
    const last = await page(3);
    expect(notes(last)).toEqual(['t4']);
    expect(last.headers['x-total-count']).toBe('5');
    expect((await page(4)).body).toEqual([]);
  });

  it('when an interval is given, then only transfers created in it are listed', async () => {
    const { ws } = await history();
    const within = async (interval: string) => notes(await ws.owner.get('/inventory/transfers', { query: { interval, sortOrder: 'asc' } }));
    expect(await within('24h')).toEqual(['t3', 't4']);
    expect(await within('7d')).toEqual(['t2', 't3', 't4']);
    expect(await within('90d')).toEqual(['t1', 't2', 't3', 't4']);
    expect(await within('1y')).toEqual(['t1', 't2', 't3', 't4']);
    expect(await within('all')).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(await within('all_unfiltered')).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(await within('last_year')).not.toContain('t4');
  });

  it('when filtered by status, then only those statuses are listed; bad parameters answer 400', async () => {
    const { ws, ids } = await history();
    expect((await ws.owner.post(`/inventory/transfers/${ids[4]}/revert`)).status).toBe(200);
    expect(notes(await ws.owner.get('/inventory/transfers', { query: { status: 'reverted' } }))).toEqual(['t4']);
    expect((await ws.owner.get('/inventory/transfers', { query: { status: 'completed,reverted' } })).headers['x-total-count']).toBe('5');
    expect((await ws.owner.get('/inventory/transfers', { query: { status: 'pending' } })).body).toEqual([]);
    for (const query of [{ status: 'done' }, { interval: '2d' }, { sortBy: 'note' }, { sortOrder: 'up' }, { page: 0 }, { pageSize: 0 }, { pageSize: 201 }, { color: 'red' }]) {
      expectError(await ws.owner.get('/inventory/transfers', { query }), 400, 'bad_request');
    }
  });

  it('when a member with restricted access lists transfers, then it sees those touching a location it may read', async () => {
    const { ws, van, item, from } = await stocked(10);
    const truck = await createLocation(ws);
    await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }], note: 'to van' });
    await transfer(ws, { fromLocationId: from, toLocationId: truck.id, lines: [{ itemId: item.id, quantity: 1 }], note: 'to truck' });
    const member = await newMember(ws, { role: 'member', locationAccess: `${van.id}:read` });
    expect(notes(await member.client.get('/inventory/transfers'))).toEqual(['to van']);
  });

  it('when a transfer was recorded before who and when were, then createdBy and what was not recorded are null; a revert keeps its time', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    // As the row of a transfer created and reverted before migration 1764800000000_transfer-actors.
    const [{ id }] = await sql(
      `INSERT INTO stock.transfers (id, workspace_id, from_location_id, to_location_id, status, user_id, created_at, reverted_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'reverted', 'earlier-user', now() - interval '2 days', date_trunc('milliseconds', now() - interval '1 day')) RETURNING id`,
      [ws.id, ws.defaultLocationId, van.id],
    );
    const [{ reverted_at: revertedAt }] = await sql('SELECT reverted_at FROM stock.transfers WHERE id = $1', [id]);
    const shown = { id, status: 'reverted', createdBy: null, ...NO_TRANSITIONS, revertedAt: revertedAt.toISOString() };
    const res = await ws.owner.get(`/inventory/transfers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(shown);
    expect((await ws.owner.get('/inventory/transfers')).body).toMatchObject([shown]);
  });

  it("when a key of workspace A lists or reverts B's transfers, then it sees none and gets 404", async () => {
    const b = await stocked(10);
    const made = await transfer(b.ws, { fromLocationId: b.from, toLocationId: b.van.id, lines: [{ itemId: b.item.id, quantity: 1 }] });
    const a = await newWorkspace();
    expect((await a.owner.get('/inventory/transfers')).body).toEqual([]);
    expectError(await a.owner.get(`/inventory/transfers/${made.body.id}`), 404, 'not_found');
    expectError(await a.owner.post(`/inventory/transfers/${made.body.id}/revert`), 404, 'not_found');
    expectError(await a.owner.post('/inventory/transfers', { fromLocationId: b.from, toLocationId: b.van.id, lines: [{ itemId: b.item.id, quantity: 1 }] }), 422, 'unprocessable_entity');
    expect(await onHand(b.ws.owner, b.item.id, b.van.id)).toBe(1);
  });
});

describe('POST /inventory/transfers/{id}/revert', () => {
  it('when a completed transfer is reverted, then stock goes back with compensating movements and the transfer is reverted', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 4 }] });
    const reverter = await newMember(ws, { role: 'member' });
    const res = await reverter.client.post(`/inventory/transfers/${made.body.id}/revert`);
    expect(res.status).toBe(200);
    const revertedBy = { userId: reverter.userId, keyId: reverter.keyId };
    expect(res.body).toEqual({ ...made.body, status: 'reverted', revertedAt: expect.stringMatching(ISO_TIME), revertedBy });
    expect(res.body.completedBy).toEqual(await ownerActor(ws));
    expect((await ws.owner.get(`/inventory/transfers/${made.body.id}`)).body).toEqual(res.body);
    expect(await onHand(ws.owner, item.id, from)).toBe(10);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(0);
    const movements = await ws.owner.get('/inventory/movements', { query: { transferId: made.body.id } });
    expect(movements.body).toHaveLength(4);
    expect(await ledgerMismatches(ws.id)).toEqual([]);
    expect(await sql("SELECT message->'payload' AS payload FROM stock.outbox WHERE type = 'transfer.reverted' AND message->'payload'->>'id' = $1", [made.body.id])).toEqual([
      { payload: res.body },
    ]);
    expectError(await ws.owner.post(`/inventory/transfers/${made.body.id}/revert`), 409, 'conflict');
  });

  it('when the destination no longer holds the quantity, then 422 names the item and what is available', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await transfer(ws, { fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 4 }] });
    await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: van.id, quantity: -1 });
    const error = expectError(await ws.owner.post(`/inventory/transfers/${made.body.id}/revert`), 422, 'unprocessable_entity');
    expect(error.message).toContain(`"${item.sku}"`);
    expect(error.message).toContain('3 available');
    expect((await ws.owner.get(`/inventory/transfers/${made.body.id}`)).body.status).toBe('completed');
  });

  it('when the transfer does not exist, then 404', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.post('/inventory/transfers/00000000-0000-4000-8000-000000000000/revert'), 404, 'not_found');
    expectError(await ws.owner.post('/inventory/transfers/junk/revert'), 404, 'not_found');
  });
});
