import { client, expectError } from '../support/api';
import { newKey, newMember, newWorkspace, type TestWorkspace, unique } from '../support/fixtures';

async function createLocation(ws: TestWorkspace, body: Record<string, unknown> = {}) {
  const res = await ws.owner.post('/locations', { name: unique('Loc'), ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; [k: string]: unknown };
}

describe('rights', () => {
  it('when a viewer reads, then it may; when it creates, updates or deletes, then 403 forbidden and nothing changes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await createLocation(ws);
    const viewer = await newMember(ws, { role: 'viewer' });
    expect((await viewer.client.get(`/locations/${loc.id}`)).body).toEqual(loc);
    expect((await viewer.client.get('/locations')).status).toBe(200);
    expect((await viewer.client.get('/locations/count')).body).toBe(2);
    expect(expectError(await viewer.client.post('/locations', { name: unique() }), 403, 'forbidden').message).toContain('locations.write');
    expectError(await viewer.client.patch(`/locations/${loc.id}`, { name: unique() }), 403, 'forbidden');
    expectError(await viewer.client.patch(`/locations/${loc.id}`, {}), 403, 'forbidden');
    expectError(await viewer.client.delete(`/locations/${loc.id}`), 403, 'forbidden');
    expect((await ws.owner.get(`/locations/${loc.id}`)).body).toEqual(loc);
    expect((await ws.owner.get('/locations/count')).body).toBe(2);
  });

  it('when a restricted key lacks locations.write, then writes are 403; lacking locations.read, reads are 403 too', async () => {
    const ws = await newWorkspace();
    const reader = await newKey(ws, ws.ownerEmail, { scopes: ['locations.read'] });
    expect((await reader.client.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
    expectError(await reader.client.post('/locations', { name: unique() }), 403, 'forbidden');
    expectError(await reader.client.patch(`/locations/${ws.defaultLocationId}`, { note: 'x' }), 403, 'forbidden');
    expectError(await reader.client.delete(`/locations/${ws.defaultLocationId}`), 403, 'forbidden');
    const other = await newKey(ws, ws.ownerEmail, { scopes: ['items.read'] });
    expect(expectError(await other.client.get('/locations'), 403, 'forbidden').message).toContain('locations.read');
    expectError(await other.client.get('/locations/count'), 403, 'forbidden');
    expectError(await other.client.get(`/locations/${ws.defaultLocationId}`), 403, 'forbidden');
  });

  it('when a restricted key has locations.write, then it creates and updates in its bound workspace', async () => {
    const ws = await newWorkspace();
    const writer = await newKey(ws, ws.ownerEmail, { scopes: ['locations.read', 'locations.write'] });
    const res = await writer.client.post('/locations', { name: unique('Key') });
    expect(res.status).toBe(201);
    expect((await writer.client.patch(`/locations/${res.body.id}`, { note: 'by key' })).body.note).toBe('by key');
    expect((await ws.owner.get(`/locations/${res.body.id}`)).body.note).toBe('by key');
  });
});

describe('restricted location access', () => {
  let ws: TestWorkspace;
  let readable: { id: string; name: string };
  let writable: { id: string; name: string };
  let hidden: { id: string; name: string };
  let member: Awaited<ReturnType<typeof newMember>>;

  beforeAll(async () => {
    ws = await newWorkspace({ plan: 'pro' });
    readable = await createLocation(ws, { type: 'van' });
    writable = await createLocation(ws, { type: 'truck' });
    hidden = await createLocation(ws, { type: 'van' });
    member = await newMember(ws, { role: 'member', locationAccess: `${readable.id}:read,${writable.id}:write` });
  });

  it('when it reads a location its list names, then 200; any other location, the default included, answers 404', async () => {
    expect((await member.client.get(`/locations/${readable.id}`)).body).toMatchObject({ id: readable.id });
    expect((await member.client.get(`/locations/${writable.id}`)).body).toMatchObject({ id: writable.id });
    expectError(await member.client.get(`/locations/${hidden.id}`), 404, 'not_found');
    expectError(await member.client.get(`/locations/${ws.defaultLocationId}`), 404, 'not_found');
  });

  it('when it lists or counts, then only its locations are there, with filters still applied', async () => {
    const list = await member.client.get('/locations');
    expect(list.status).toBe(200);
    expect(list.body.map((l: { id: string }) => l.id).sort()).toEqual([readable.id, writable.id].sort());
    expect(list.headers['x-total-count']).toBe('2');
    expect((await member.client.get('/locations/count')).body).toBe(2);
    expect((await member.client.get('/locations/count', { query: { type: 'van' } })).body).toBe(1);
    const vans = await member.client.get('/locations', { query: { type: 'van' } });
    expect(vans.body.map((l: { id: string }) => l.id)).toEqual([readable.id]);
    expect((await ws.owner.get('/locations/count', { query: { type: 'van' } })).body).toBe(2);
  });

  it('when it updates a location it may write, then 200; one it may only read, 403; one it cannot see, 404', async () => {
    expect((await member.client.patch(`/locations/${writable.id}`, { note: 'mine' })).body.note).toBe('mine');
    expect(expectError(await member.client.patch(`/locations/${readable.id}`, { note: 'no' }), 403, 'forbidden').message).toMatch(/read/);
    expectError(await member.client.patch(`/locations/${readable.id}`, {}), 403, 'forbidden');
    expectError(await member.client.patch(`/locations/${hidden.id}`, { note: 'no' }), 404, 'not_found');
    expectError(await member.client.delete(`/locations/${readable.id}`), 403, 'forbidden');
    expectError(await member.client.delete(`/locations/${hidden.id}`), 404, 'not_found');
    expectError(await member.client.delete(`/locations/${ws.defaultLocationId}`), 404, 'not_found');
    const [r, h] = await Promise.all([ws.owner.get(`/locations/${readable.id}`), ws.owner.get(`/locations/${hidden.id}`)]);
    expect([r.body.note, h.body.note]).toEqual(['', '']);
  });

  it('when a restricted member that is not an owner creates, then 403 forbidden and no location is made', async () => {
    const before = (await ws.owner.get('/locations/count')).body;
    expect(expectError(await member.client.post('/locations', { name: unique() }), 403, 'forbidden').message).toMatch(/owner/);
    expect((await ws.owner.get('/locations/count')).body).toBe(before);
  });

  it('when a restricted owner creates, then it may; an unrestricted member may too', async () => {
    const owner = await newMember(ws, { role: 'owner', locationAccess: `${readable.id}:read` });
    const made = await owner.client.post('/locations', { name: unique('ByOwner') });
    expect(made.status).toBe(201);
    // The restriction still holds for its reads: the new location is not on its access list.
    expectError(await owner.client.get(`/locations/${made.body.id}`), 404, 'not_found');
    expect((await ws.owner.get(`/locations/${made.body.id}`)).body).toEqual(made.body);
    const plain = await newMember(ws, { role: 'member' });
    expect((await plain.client.post('/locations', { name: unique('ByMember') })).status).toBe(201);
  });
});

describe('tenant isolation', () => {
  it("when a key of workspace A addresses workspace B's locations, then it never sees or changes them", async () => {
    const a = await newWorkspace({ plan: 'pro' });
    const b = await newWorkspace({ plan: 'pro' });
    const theirs = await createLocation(b, { note: 'B only' });
    for (const id of [theirs.id, b.defaultLocationId]) {
      expectError(await a.owner.get(`/locations/${id}`), 404, 'not_found');
      expectError(await a.owner.patch(`/locations/${id}`, { note: 'taken over' }), 404, 'not_found');
      expectError(await a.owner.patch(`/locations/${id}`, { active: false }), 404, 'not_found');
      expectError(await a.owner.delete(`/locations/${id}`), 404, 'not_found');
    }
    const list = await a.owner.get('/locations', { query: { pageSize: 200 } });
    expect(list.body.map((l: { id: string }) => l.id)).toEqual([a.defaultLocationId]);
    expect((await a.owner.get('/locations/count')).body).toBe(1);
    expect((await a.owner.get('/locations', { query: { search: 'B only' } })).body).toEqual([]);
    // Naming B in the query does not help: the key is not a member there.
    expectError(await client(a.ownerKey, b.id).get(`/locations/${theirs.id}`), 404, 'not_found');
    expectError(await client(a.ownerKey, b.id).post('/locations', { name: unique() }), 404, 'not_found');
    // A restricted key of A whose member's access list names B's location still cannot reach it.
    const member = await newMember(a, { role: 'member', locationAccess: `${theirs.id}:write` });
    expectError(await member.client.get(`/locations/${theirs.id}`), 404, 'not_found');
    expectError(await member.client.patch(`/locations/${theirs.id}`, { note: 'x' }), 404, 'not_found');
    expect((await member.client.get('/locations')).body).toEqual([]);
    expect((await b.owner.get(`/locations/${theirs.id}`)).body).toEqual(theirs);
    expect((await b.owner.get(`/locations/${b.defaultLocationId}`)).body.active).toBe(true);
    expect((await b.owner.get('/locations/count')).body).toBe(2);
  });
});
