import type { Envelope } from '@inv/shared/messaging';
import { expectError, type ApiResponse } from '../support/api';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { listenToEvents } from '../support/bus';

/*
 * Deleting asks the stock service to close the location (stock.close-location). Tests that put
 * stock into a location also need POST /items (catalog) and POST /inventory/movements (stock).
 */

async function newLocation(ws: TestWorkspace, body: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const res = await ws.owner.post('/locations', { name: unique('Doomed'), ...body });
  expect(res.status).toBe(201);
  return res.body;
}

async function newItem(ws: TestWorkspace): Promise<string> {
  const res = await ws.owner.post('/items', { sku: unique('SKU'), description: 'Widget' });
  expect(res.status).toBe(201);
  return res.body.id;
}

function receipt(ws: TestWorkspace, itemId: string, locationId: string, quantity = 5): Promise<ApiResponse> {
  return ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId, quantity });
}

async function onHandAt(locationId: string): Promise<number> {
  const rows = await sql<{ n: string | null }>('SELECT sum(on_hand) AS n FROM stock.balances WHERE location_id = $1', [locationId]);
  return Number(rows[0]?.n ?? 0);
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
/** The stock service refusing stock for the location (not, say, a route that does not exist). */
const refusedByStock = (res: ApiResponse) => [409, 422].includes(res.status) && typeof res.body?.error?.code === 'string';

describe('DELETE /locations/{id}', () => {
  let bus: Awaited<ReturnType<typeof listenToEvents>>;
  beforeAll(async () => {
    bus = await listenToEvents('location.deleted');
  });
  afterAll(() => bus.close());

  it('when the workspace default location is deleted, then 409 conflict says it is the default and it stays', async () => {
    const ws = await newWorkspace();
    const error = expectError(await ws.owner.delete(`/locations/${ws.defaultLocationId}`), 409, 'conflict');
    expect(error.message).toMatch(/default location/);
    expect((await ws.owner.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
    expect((await ws.owner.get('/locations/count')).body).toBe(1);
  });

  it('when an unknown, malformed or already deleted id is deleted, then 404', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.delete('/locations/00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectError(await ws.owner.delete('/locations/nope'), 404, 'not_found');
  });

  it('when an empty location is deleted, then 200 answers its id and it disappears everywhere; its name is free again', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const loc = await newLocation(ws, { type: 'van' });
    const res = await ws.owner.delete(`/locations/${loc.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: loc.id });
    expectError(await ws.owner.get(`/locations/${loc.id}`), 404, 'not_found');
    expectError(await ws.owner.patch(`/locations/${loc.id}`, { note: 'x' }), 404, 'not_found');
    expectError(await ws.owner.delete(`/locations/${loc.id}`), 404, 'not_found');
    for (const query of [{}, { type: 'van' }, { active: 'true' }, { search: loc.name }]) {
      const list = await ws.owner.get('/locations', { query });
      expect(list.body.map((l: { id: string }) => l.id)).not.toContain(loc.id);
      expect((await ws.owner.get('/locations/count', { query })).body).toBe(Number(list.headers['x-total-count']));
    }
    expect((await ws.owner.get('/locations/count')).body).toBe(1);
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body.locationsUsage).toBe(1);
    expect((await ws.owner.post('/locations', { name: loc.name })).status).toBe(201);
  });

  it('when a location is deleted, then location.deleted with its id and its last answered state reaches the broker and its outbox row is marked sent', async () => {
    const ws = await newWorkspace();
    const loc = await newLocation(ws, { type: 'site', note: 'before' });
    expect((await ws.owner.patch(`/locations/${loc.id}`, { note: 'last change', active: false })).status).toBe(200);
    const last = await ws.owner.get(`/locations/${loc.id}`);
    const res = await ws.owner.delete(`/locations/${loc.id}`);
    expect(res.status).toBe(200);
    const message = await eventually<Envelope>('location.deleted on the bus', async () =>
      bus.messages.find((m) => m.workspaceId === ws.id && (m.payload as { id: string }).id === loc.id),
    );
    // GET answers 404 once deleted: the resource is the location as GET answered it just before.
    expect(message).toMatchObject({ type: 'location.deleted', payload: { id: loc.id }, requestId: res.headers['x-request-id'] });
    expect((message.payload as { resource: unknown }).resource).toEqual(last.body);
    await eventually('the outbox row to be sent', async () => {
      const rows = await sql("SELECT 1 FROM locations.outbox WHERE type = 'location.deleted' AND message->'payload'->>'id' = $1 AND sent_at IS NOT NULL", [loc.id]);
      return rows.length === 1 ? true : undefined;
    });
  });

  it('when the plan was full, then deleting a location makes room for a new one', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const first = await newLocation(ws);
    await newLocation(ws);
    expectError(await ws.owner.post('/locations', { name: unique() }), 403, 'exceeded_limit');
    expect((await ws.owner.delete(`/locations/${first.id}`)).status).toBe(200);
    expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(201);
  });

  it('when a restricted member deletes a location it may write, then it is deleted', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    const member = await newMember(ws, { role: 'member', locationAccess: `${loc.id}:write` });
    expect((await member.client.delete(`/locations/${loc.id}`)).body).toEqual({ id: loc.id });
    expectError(await ws.owner.get(`/locations/${loc.id}`), 404, 'not_found');
  });

  it('when the same location is deleted several times at once, then one answers 200, the others 404, and it stays closed to stock', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    const results = await Promise.all(Array.from({ length: 5 }, () => ws.owner.delete(`/locations/${loc.id}`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404]);
    const events = await sql("SELECT count(*)::int AS n FROM locations.outbox WHERE type = 'location.deleted' AND message->'payload'->>'id' = $1", [loc.id]);
    expect(events[0].n).toBe(1);
    expect(refusedByStock(await receipt(ws, await newItem(ws), loc.id))).toBe(true);
    expect(await onHandAt(loc.id)).toBe(0);
  });

  it('when the location holds on-hand stock, then 409 conflict says so and the location stays', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    const received = await receipt(ws, await newItem(ws), loc.id, 3);
    expect(ok(received)).toBe(true);
    const error = expectError(await ws.owner.delete(`/locations/${loc.id}`), 409, 'conflict');
    expect(error.message).toMatch(/cannot be deleted: The location still holds 3 on hand/);
    expect((await ws.owner.get(`/locations/${loc.id}`)).status).toBe(200);
    expect((await ws.owner.get('/locations/count')).body).toBe(2);
    // The refused delete left the location open: it still takes stock.
    expect(ok(await receipt(ws, await newItem(ws), loc.id, 1))).toBe(true);
    expect(await onHandAt(loc.id)).toBe(4);
  });

  it('when a location was deleted, then it cannot receive stock', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const itemId = await newItem(ws);
    const loc = await newLocation(ws);
    expect((await ws.owner.delete(`/locations/${loc.id}`)).status).toBe(200);
    expect(refusedByStock(await receipt(ws, itemId, loc.id))).toBe(true);
    expect(await onHandAt(loc.id)).toBe(0);
  });

  it('when a delete and a receipt into the location race, then exactly one of them succeeds and no stock sits in a deleted location (eight rounds)', async () => {
    const ws = await newWorkspace({ plan: 'enterprise' });
    const itemId = await newItem(ws);
    // Open the connections first, so both requests of a round reach the gateway together.
    await Promise.all(Array.from({ length: 4 }, () => ws.owner.get('/locations/count')));
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const loc = await newLocation(ws);
      // Alternate which request leaves first, so both orders get their chance.
      const [deleted, received] =
        round % 2 === 0
          ? await Promise.all([ws.owner.delete(`/locations/${loc.id}`), receipt(ws, itemId, loc.id)])
          : await Promise.all([receipt(ws, itemId, loc.id), ws.owner.delete(`/locations/${loc.id}`)]).then(([r, d]) => [d, r] as const);
      expect([deleted.status === 200, ok(received)].filter(Boolean)).toHaveLength(1);
      const exists = (await ws.owner.get(`/locations/${loc.id}`)).status === 200;
      if (deleted.status === 200) {
        expect(refusedByStock(received)).toBe(true);
        expect(exists).toBe(false);
        expect(await onHandAt(loc.id)).toBe(0);
        outcomes.push('deleted');
      } else {
        expect(expectError(deleted, 409, 'conflict').message).toMatch(/still holds \d+(\.\d+)? on hand/);
        expect(exists).toBe(true);
        expect(await onHandAt(loc.id)).toBe(5);
        outcomes.push('received');
      }
    }
    expect(outcomes).toHaveLength(8);
  });
});

describe('the stock projection of locations', () => {
  it('when a location is created, changed and deleted, then the stock service learns each state from the events', async () => {
    const ws = await newWorkspace();
    const loc = await newLocation(ws, { type: 'truck' });
    const projected = (check: (row: any) => boolean) =>
      eventually('the stock projection to follow', async () => {
        const rows = await sql('SELECT name, type, active, deleted FROM stock.locations WHERE id = $1', [loc.id]);
        return rows[0] && check(rows[0]) ? rows[0] : undefined;
      });
    expect(await projected((r) => r.name === loc.name)).toEqual({ name: loc.name, type: 'truck', active: true, deleted: false });
    expect((await ws.owner.patch(`/locations/${loc.id}`, { active: false, type: 'van' })).status).toBe(200);
    expect(await projected((r) => r.active === false)).toMatchObject({ type: 'van', active: false });
    expect((await ws.owner.delete(`/locations/${loc.id}`)).status).toBe(200);
    expect(await projected((r) => r.deleted === true)).toMatchObject({ deleted: true });
  });
});
