import { expectError, request, type ApiResponse } from '../support/api';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { createItem, receive } from '../stock/stock-fixtures';

/*
 * replenishFrom: the location a location is normally refilled from. Deleting asks the stock
 * service to close the location; the rolled-back deletion is checked with a receipt (POST /items
 * and POST /inventory/movements), as in location-delete.test.ts.
 */

type Loc = { id: string; name: string; replenishFrom: string | null; [field: string]: unknown };

/** One workspace on a plan whose location limit these tests never reach. */
let ws: TestWorkspace;
beforeAll(async () => {
  ws = await newWorkspace({ plan: 'enterprise' });
});

async function newLocation(body: Record<string, unknown> = {}): Promise<Loc> {
  const res = await ws.owner.post('/locations', { name: unique('Loc'), ...body });
  expect(res.status).toBe(201);
  return res.body;
}

function setSource(location: { id: string }, replenishFrom: string | null): Promise<ApiResponse> {
  return ws.owner.patch(`/locations/${location.id}`, { replenishFrom });
}

async function sourceOf(location: { id: string }): Promise<string | null> {
  const res = await ws.owner.get(`/locations/${location.id}`);
  expect(res.status).toBe(200);
  return res.body.replenishFrom;
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;

describe('setting replenishFrom', () => {
  it('when a location is created without replenishFrom, or with null, then it has none', async () => {
    expect((await newLocation()).replenishFrom).toBeNull();
    expect((await newLocation({ replenishFrom: null })).replenishFrom).toBeNull();
  });

  it('when replenishFrom names another active location, then 200 answers it and GET and the list return it', async () => {
    const main = await newLocation({ type: 'warehouse' });
    const van = await newLocation({ type: 'van' });
    const res = await setSource(van, main.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...van, replenishFrom: main.id });
    expect((await ws.owner.get(`/locations/${van.id}`)).body).toEqual(res.body);
    const list = await ws.owner.get('/locations', { query: { search: van.name } });
    expect(list.body).toEqual([res.body]);
    // The same value again is no change: same answer, no new event.
    const events = () => sql("SELECT count(*)::int AS n FROM locations.outbox WHERE type = 'location.updated' AND message->'payload'->>'id' = $1", [van.id]);
    const before = (await events())[0].n;
    expect((await setSource(van, main.id)).body).toEqual(res.body);
    expect((await events())[0].n).toBe(before);
  });

  it('when the id is given in upper case, then it is stored as the id', async () => {
    const main = await newLocation();
    const van = await newLocation();
    expect((await setSource(van, main.id.toUpperCase())).body.replenishFrom).toBe(main.id);
  });

  it('when replenishFrom is set to null, then it is cleared', async () => {
    const main = await newLocation();
    const van = await newLocation();
    expect((await setSource(van, main.id)).status).toBe(200);
    const res = await setSource(van, null);
    expect(res.status).toBe(200);
    expect(res.body.replenishFrom).toBeNull();
    expect(await sourceOf(van)).toBeNull();
  });

  it('when replenishFrom is not an id, then 400 names the field and nothing changes', async () => {
    const van = await newLocation();
    for (const value of ['main', 12, '', { id: van.id }]) {
      expect(expectError(await ws.owner.patch(`/locations/${van.id}`, { replenishFrom: value, note: 'changed' }), 400, 'bad_request').message).toContain('replenishFrom');
    }
    expect((await ws.owner.get(`/locations/${van.id}`)).body).toEqual(van);
  });
});

describe('creating a location with replenishFrom', () => {
  /** What POST /locations answered for a location that names `replenishFrom`, and that nothing was created. */
  async function refusedCreate(replenishFrom: string, client = ws.owner): Promise<ApiResponse> {
    const name = unique('Van');
    const res = await client.post('/locations', { name, type: 'van', replenishFrom });
    expect(await sql('SELECT id FROM locations.locations WHERE workspace_id = $1 AND name = $2', [ws.id, name])).toEqual([]);
    return res;
  }

  /** The status, code and message of an error answer, to compare POST's refusal with PATCH's. */
  const refusal = (res: ApiResponse) => ({ status: res.status, code: res.body?.error?.code, message: res.body?.error?.message });

  it('when a van is created with replenishFrom naming a warehouse, then 201 answers it, GET and the list return it, and location.created carries it', async () => {
    const warehouse = await newLocation({ type: 'warehouse' });
    const name = unique('Van');
    const res = await ws.owner.post('/locations', { name, type: 'van', replenishFrom: warehouse.id.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, type: 'van', active: true, replenishFrom: warehouse.id });
    expect((await ws.owner.get(`/locations/${res.body.id}`)).body).toEqual(res.body);
    expect((await ws.owner.get('/locations', { query: { search: name } })).body).toEqual([res.body]);
    const events = await sql("SELECT message->'payload' AS payload FROM locations.outbox WHERE type = 'location.created' AND message->'payload'->>'id' = $1", [res.body.id]);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ replenishFrom: warehouse.id, resource: res.body });
  });

  it('when replenishFrom is not an id, then 400 names the field and nothing is created', async () => {
    for (const value of ['main', 12, '', { id: ws.defaultLocationId }]) {
      const name = unique('Van');
      expect(expectError(await ws.owner.post('/locations', { name, replenishFrom: value }), 400, 'bad_request').message).toContain('replenishFrom');
      expect(await sql('SELECT id FROM locations.locations WHERE workspace_id = $1 AND name = $2', [ws.id, name])).toEqual([]);
    }
  });

  it('when the source is unknown, deleted or of another workspace, then POST answers what PATCH answers (422, does not exist) and creates nothing', async () => {
    const van = await newLocation();
    const gone = await newLocation();
    expect((await ws.owner.delete(`/locations/${gone.id}`)).status).toBe(200);
    const other = await newWorkspace();
    for (const id of ['00000000-0000-4000-8000-000000000000', gone.id, other.defaultLocationId]) {
      const created = refusal(await refusedCreate(id));
      expect(created).toEqual({ status: 422, code: 'unprocessable_entity', message: `replenishFrom: location ${id} does not exist.` });
      expect(created).toEqual(refusal(await setSource(van, id)));
    }
  });

  it('when the source is inactive, then POST answers what PATCH answers (422, inactive) and creates nothing', async () => {
    const main = await newLocation({ name: unique('Main') });
    const van = await newLocation();
    expect((await ws.owner.patch(`/locations/${main.id}`, { active: false })).status).toBe(200);
    const created = refusal(await refusedCreate(main.id));
    expect(created.status).toBe(422);
    expect(created.message).toMatch(new RegExp(`^replenishFrom: location "${main.name}" \\(${main.id}\\) is inactive; `));
    expect(created).toEqual(refusal(await setSource(van, main.id)));
  });

  it('when an owner whose location access is restricted names a location it cannot read, then POST answers what PATCH answers (as for an unknown one); one it can read is fine', async () => {
    const van = await newLocation();
    const readable = await newLocation();
    const hidden = await newLocation();
    const owner = await newMember(ws, { role: 'owner', locationAccess: `${van.id}:write,${readable.id}:read` });
    const created = refusal(await refusedCreate(hidden.id, owner.client));
    expect(created).toEqual({ status: 422, code: 'unprocessable_entity', message: `replenishFrom: location ${hidden.id} does not exist.` });
    expect(created).toEqual(refusal(await owner.client.patch(`/locations/${van.id}`, { replenishFrom: hidden.id })));
    const res = await owner.client.post('/locations', { name: unique('Van'), replenishFrom: readable.id });
    expect(res.status).toBe(201);
    expect(res.body.replenishFrom).toBe(readable.id);
  });

  it('when a par level is set at the new van, then GET /inventory/replenishment proposes a transfer from its source', async () => {
    const warehouse = await newLocation({ type: 'warehouse' });
    const item = await createItem(ws);
    await receive(ws.owner, item.id, warehouse.id, 40);
    const van = (await ws.owner.post('/locations', { name: unique('Van'), type: 'van', replenishFrom: warehouse.id })).body;
    // The stock service's copy of the van has its source from location.created.
    await eventually('the van in the stock service with its source', async () =>
      (await sql('SELECT replenish_from FROM stock.locations WHERE id = $1', [van.id]))[0]?.replenish_from ?? undefined,
    ).then((source) => expect(source).toBe(warehouse.id));
    const par = await request('PUT', `/inventory/par-levels/${item.id}/${van.id}`, { key: ws.ownerKey, body: { minimum: 5, target: 12 }, query: { workspaceId: ws.id } });
    expect(par.status).toBe(200);
    const plan = await ws.owner.get('/inventory/replenishment', { query: { locationId: van.id } });
    expect(plan.status).toBe(200);
    expect(plan.body).toEqual([expect.objectContaining({ itemId: item.id, locationId: van.id, sourceLocationId: warehouse.id, onHand: 0, needed: 12, proposed: 12, shortfall: 0 })]);
  });

  it('when a van is created refilled from a warehouse while the warehouse is deactivated, then never both succeed (ten rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const warehouse = await newLocation();
      const name = unique('Van');
      const [created, deactivated] = await Promise.all([ws.owner.post('/locations', { name, replenishFrom: warehouse.id }), ws.owner.patch(`/locations/${warehouse.id}`, { active: false })]);
      expect([created.status, deactivated.status].filter((status) => status >= 200 && status < 300)).toHaveLength(1);
      const w = await ws.owner.get(`/locations/${warehouse.id}`);
      if (created.status === 201) {
        expectError(deactivated, 409, 'conflict');
        expect(w.body.active).toBe(true);
        expect(await sourceOf(created.body)).toBe(warehouse.id);
      } else {
        expect(expectError(created, 422, 'unprocessable_entity').message).toMatch(/is inactive/);
        expect(w.body.active).toBe(false);
        expect(await sql('SELECT id FROM locations.locations WHERE workspace_id = $1 AND name = $2', [ws.id, name])).toEqual([]);
      }
    }
  });

  it('when a van is created refilled from a location while that location is deleted, then never both succeed (six rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      const source = await newLocation();
      const name = unique('Van');
      const [created, deleted] = await Promise.all([ws.owner.post('/locations', { name, replenishFrom: source.id }), ws.owner.delete(`/locations/${source.id}`)]);
      expect([created.status, deleted.status].filter((status) => status >= 200 && status < 300)).toHaveLength(1);
      const exists = (await ws.owner.get(`/locations/${source.id}`)).status === 200;
      if (created.status === 201) {
        expectError(deleted, 409, 'conflict');
        expect(exists).toBe(true);
        expect(await sourceOf(created.body)).toBe(source.id);
      } else {
        expect(expectError(created, 422, 'unprocessable_entity').message).toMatch(/does not exist/);
        expect(exists).toBe(false);
      }
    }
  });
});

describe('refused sources', () => {
  it('when a location names itself, then 422 says it cannot be refilled from itself', async () => {
    const van = await newLocation({ name: unique('Van') });
    const error = expectError(await setSource(van, van.id), 422, 'unprocessable_entity');
    expect(error.message).toBe(`replenishFrom: location "${van.name}" (${van.id}) cannot be refilled from itself.`);
    expect(await sourceOf(van)).toBeNull();
  });

  it('when the id is unknown, deleted or of another workspace, then 422 says the location does not exist', async () => {
    const van = await newLocation();
    const gone = await newLocation();
    expect((await ws.owner.delete(`/locations/${gone.id}`)).status).toBe(200);
    const other = await newWorkspace();
    for (const id of ['00000000-0000-4000-8000-000000000000', gone.id, other.defaultLocationId]) {
      expect(expectError(await setSource(van, id), 422, 'unprocessable_entity').message).toBe(`replenishFrom: location ${id} does not exist.`);
    }
    expect(await sourceOf(van)).toBeNull();
  });

  it('when the source is inactive, then 422 names it as inactive', async () => {
    const main = await newLocation({ name: unique('Main') });
    const van = await newLocation();
    expect((await ws.owner.patch(`/locations/${main.id}`, { active: false })).status).toBe(200);
    const error = expectError(await setSource(van, main.id), 422, 'unprocessable_entity');
    expect(error.message).toMatch(new RegExp(`^replenishFrom: location "${main.name}" \\(${main.id}\\) is inactive; `));
    expect(await sourceOf(van)).toBeNull();
  });

  it('when the source is refilled from the location, then 422 names the two-step cycle', async () => {
    const a = await newLocation({ name: unique('A') });
    const b = await newLocation({ name: unique('B') });
    expect((await setSource(b, a.id)).status).toBe(200);
    const error = expectError(await setSource(a, b.id), 422, 'unprocessable_entity');
    expect(error.message).toMatch(new RegExp(`^replenishFrom: "${a.name}" → "${b.name}" → "${a.name}" would form a cycle; `));
    expect(await sourceOf(a)).toBeNull();
  });

  it('when the chain from the source leads back through others, then 422 names the whole cycle; a chain that does not is fine', async () => {
    const a = await newLocation({ name: unique('A') });
    const b = await newLocation({ name: unique('B') });
    const c = await newLocation({ name: unique('C') });
    // c from b, b from a: a chain, no cycle.
    expect((await setSource(b, a.id)).status).toBe(200);
    expect((await setSource(c, b.id)).status).toBe(200);
    const error = expectError(await setSource(a, c.id), 422, 'unprocessable_entity');
    expect(error.message).toMatch(new RegExp(`^replenishFrom: "${a.name}" → "${c.name}" → "${b.name}" → "${a.name}" would form a cycle; `));
    expect(await sourceOf(a)).toBeNull();
    // Several locations may share a source, and a source may have one of its own.
    const d = await newLocation();
    expect((await setSource(d, b.id)).status).toBe(200);
    expect((await setSource(a, d.id)).status).toBe(422);
    expect((await setSource(a, (await newLocation()).id)).status).toBe(200);
  });

  it('when a restricted member names a location it cannot read, then it gets the answer for an unknown one; one it can read is fine', async () => {
    const van = await newLocation();
    const readable = await newLocation();
    const hidden = await newLocation();
    const member = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write,${readable.id}:read` });
    const refused = expectError(await member.client.patch(`/locations/${van.id}`, { replenishFrom: hidden.id }), 422, 'unprocessable_entity');
    expect(refused.message).toBe(`replenishFrom: location ${hidden.id} does not exist.`);
    expect(await sourceOf(van)).toBeNull();
    expect((await member.client.patch(`/locations/${van.id}`, { replenishFrom: readable.id })).body.replenishFrom).toBe(readable.id);
  });
});

describe('a location named as a source', () => {
  it('when it is deactivated, then 409 names the location refilled from it; once that is cleared, it may be', async () => {
    const main = await newLocation({ name: unique('Main') });
    const van = await newLocation({ name: unique('Van') });
    expect((await setSource(van, main.id)).status).toBe(200);
    const error = expectError(await ws.owner.patch(`/locations/${main.id}`, { active: false, note: 'closing' }), 409, 'conflict');
    expect(error.message).toBe(`Location "${main.name}" is the replenishment source of "${van.name}" (${van.id}); set its replenishFrom to another location or null first.`);
    expect((await ws.owner.get(`/locations/${main.id}`)).body).toEqual(main);
    expect((await setSource(van, null)).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${main.id}`, { active: false })).body.active).toBe(false);
  });

  it('when more than three locations name it, then 409 names three and counts the rest', async () => {
    const main = await newLocation({ name: unique('Main') });
    const vans: Loc[] = [];
    for (let i = 0; i < 5; i++) {
      const van = await newLocation({ name: unique(`Van${i}`) });
      expect((await setSource(van, main.id)).status).toBe(200);
      vans.push(van);
    }
    const named = vans.slice(0, 3).map((v) => `"${v.name}" (${v.id})`).join(', ');
    expect(expectError(await ws.owner.patch(`/locations/${main.id}`, { active: false }), 409, 'conflict').message).toBe(
      `Location "${main.name}" is the replenishment source of ${named} and 2 more; set their replenishFrom to another location or null first.`,
    );
  });

  it('when an inactive location names it, then that still blocks; activating or other changes never do', async () => {
    const main = await newLocation();
    const van = await newLocation();
    expect((await setSource(van, main.id)).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${van.id}`, { active: false })).status).toBe(200);
    expectError(await ws.owner.patch(`/locations/${main.id}`, { active: false }), 409, 'conflict');
    expect((await ws.owner.patch(`/locations/${main.id}`, { note: 'still the source', name: unique('Main') })).status).toBe(200);
  });

  it('when it is deleted, then 409 names the location refilled from it and it stays, open to stock', async () => {
    const main = await newLocation({ name: unique('Main') });
    const van = await newLocation({ name: unique('Van') });
    expect((await setSource(van, main.id)).status).toBe(200);
    const error = expectError(await ws.owner.delete(`/locations/${main.id}`), 409, 'conflict');
    expect(error.message).toMatch(new RegExp(`^Location "${main.name}" is the replenishment source of "${van.name}" \\(${van.id}\\)`));
    expect((await ws.owner.get(`/locations/${main.id}`)).status).toBe(200);
    // The refused delete left the location open: it still takes stock.
    const item = await ws.owner.post('/items', { sku: unique('SKU'), description: 'Widget' });
    expect(item.status).toBe(201);
    expect(ok(await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.body.id, locationId: main.id, quantity: 2 }))).toBe(true);
    expect(await sql('SELECT state FROM locations.location_deletions WHERE location_id = $1', [main.id])).toEqual([]);
  });

  it('when the location naming it is deleted, then it no longer blocks deactivating or deleting', async () => {
    const main = await newLocation();
    const van = await newLocation();
    expect((await setSource(van, main.id)).status).toBe(200);
    expect((await ws.owner.delete(`/locations/${van.id}`)).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${main.id}`, { active: false })).status).toBe(200);
    expect((await ws.owner.delete(`/locations/${main.id}`)).status).toBe(200);
  });
});

describe('under concurrency', () => {
  beforeAll(async () => {
    // Open the connections first, so both requests of a round reach the gateway together.
    await Promise.all(Array.from({ length: 4 }, () => ws.owner.get('/locations/count')));
  });

  it('when A is set to be refilled from B and B from A at once, then never both succeed (ten rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await newLocation();
      const b = await newLocation();
      const [toB, toA] = await Promise.all([setSource(a, b.id), setSource(b, a.id)]);
      expect([toB.status, toA.status].sort()).toEqual([200, 422]);
      expect(expectError(toB.status === 422 ? toB : toA, 422, 'unprocessable_entity').message).toMatch(/would form a cycle/);
      const stored = await sql<{ id: string; replenish_from: string | null }>('SELECT id, replenish_from FROM locations.locations WHERE id = ANY($1::uuid[])', [[a.id, b.id]]);
      expect(stored.filter((row) => row.replenish_from !== null)).toHaveLength(1);
    }
  });

  it('when a van is set to be refilled from a warehouse while the warehouse is deactivated, then never both succeed (ten rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const warehouse = await newLocation();
      const van = await newLocation();
      const [named, deactivated] = await Promise.all([setSource(van, warehouse.id), ws.owner.patch(`/locations/${warehouse.id}`, { active: false })]);
      expect([named.status, deactivated.status].filter((status) => status === 200)).toHaveLength(1);
      const [w, v] = await Promise.all([ws.owner.get(`/locations/${warehouse.id}`), ws.owner.get(`/locations/${van.id}`)]);
      if (named.status === 200) {
        expectError(deactivated, 409, 'conflict');
        expect({ active: w.body.active, replenishFrom: v.body.replenishFrom }).toEqual({ active: true, replenishFrom: warehouse.id });
      } else {
        expect(expectError(named, 422, 'unprocessable_entity').message).toMatch(/is inactive/);
        expect({ active: w.body.active, replenishFrom: v.body.replenishFrom }).toEqual({ active: false, replenishFrom: null });
      }
    }
  });

  it('when a van is set to be refilled from a location while it is deleted, then never both succeed (six rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      const source = await newLocation();
      const van = await newLocation();
      const [named, deleted] = await Promise.all([setSource(van, source.id), ws.owner.delete(`/locations/${source.id}`)]);
      expect([named.status, deleted.status].filter((status) => status === 200)).toHaveLength(1);
      const exists = (await ws.owner.get(`/locations/${source.id}`)).status === 200;
      if (named.status === 200) {
        expectError(deleted, 409, 'conflict');
        expect(exists).toBe(true);
        expect(await sourceOf(van)).toBe(source.id);
      } else {
        expect(expectError(named, 422, 'unprocessable_entity').message).toMatch(/does not exist/);
        expect(exists).toBe(false);
        expect(await sourceOf(van)).toBeNull();
      }
    }
  });
});
