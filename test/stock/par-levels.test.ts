import { type ApiResponse, expectError, request } from '../support/api';
import { newMember, newWorkspace, type TestWorkspace } from '../support/fixtures';
import { createItem, createLocation, receive } from './stock-fixtures';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** PUT through the gateway (the shared test client has no put): `workspaceId` for full-access keys, none for restricted ones. */
function put(key: string, path: string, body: unknown, workspaceId?: string): Promise<ApiResponse> {
  return request('PUT', path, { key, body, query: workspaceId ? { workspaceId } : {} });
}
const parPath = (itemId: string, locationId: string) => `/inventory/par-levels/${itemId}/${locationId}`;
const setPar = (ws: TestWorkspace, itemId: string, locationId: string, minimum: unknown) => put(ws.ownerKey, parPath(itemId, locationId), { minimum }, ws.id);

describe('par levels', () => {
  it('when a par level is put, then 200 with it; put again, then it is replaced', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const created = await setPar(ws, item.id, ws.defaultLocationId, 5);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ itemId: item.id, locationId: ws.defaultLocationId, minimum: 5, target: 5, onHand: 0, reserved: 0, available: 0, belowPar: true, updatedAt: expect.stringMatching(TIMESTAMP) });
    const replaced = await setPar(ws, item.id.toUpperCase(), ws.defaultLocationId, 2.5);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ itemId: item.id, minimum: 2.5, onHand: 0, belowPar: true });
    const list = await ws.owner.get('/inventory/par-levels');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.body).toEqual([replaced.body]);
  });

  it('when a target is given, then the par level carries it; put again without one, then it is the minimum again', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const withTarget = await put(ws.ownerKey, parPath(item.id, ws.defaultLocationId), { minimum: 3, target: 8.5 }, ws.id);
    expect(withTarget.status).toBe(200);
    expect(withTarget.body).toMatchObject({ minimum: 3, target: 8.5 });
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([withTarget.body]);
    expect((await setPar(ws, item.id, ws.defaultLocationId, 4)).body).toMatchObject({ minimum: 4, target: 4 });
    const below = await put(ws.ownerKey, parPath(item.id, ws.defaultLocationId), { minimum: 3, target: 2 }, ws.id);
    expect(expectError(below, 400, 'bad_request')).toMatchObject({ param: 'target' });
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([expect.objectContaining({ minimum: 4, target: 4 })]);
  });

  it('when stock is received up to the minimum, then belowPar flips, and the belowPar filter follows it', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const van = await createLocation(ws);
    expect((await setPar(ws, item.id, van.id, 4)).status).toBe(200);
    expect((await setPar(ws, item.id, ws.defaultLocationId, 0)).status).toBe(200);
    await receive(ws.owner, item.id, van.id, 3.9999);
    const below = await ws.owner.get('/inventory/par-levels', { query: { belowPar: 'true' } });
    expect(below.body).toEqual([{ itemId: item.id, locationId: van.id, minimum: 4, target: 4, onHand: 3.9999, reserved: 0, available: 3.9999, belowPar: true, updatedAt: expect.stringMatching(TIMESTAMP) }]);
    expect(below.headers['x-total-count']).toBe('1');
    const fine = await ws.owner.get('/inventory/par-levels', { query: { belowPar: 'false' } });
    expect(fine.body).toEqual([expect.objectContaining({ locationId: ws.defaultLocationId, minimum: 0, onHand: 0, belowPar: false })]);

    await receive(ws.owner, item.id, van.id, 0.0001);
    expect((await ws.owner.get('/inventory/par-levels', { query: { belowPar: 'true' } })).body).toEqual([]);
    const atVan = await ws.owner.get('/inventory/par-levels', { query: { locationId: van.id, itemId: item.id } });
    expect(atVan.body).toEqual([expect.objectContaining({ minimum: 4, onHand: 4, belowPar: false })]);
  });

  it('when the list is paged, then it is ordered by item then location, with X-Total-Count and Link rel="next"', async () => {
    const ws = await newWorkspace();
    const items = [await createItem(ws), await createItem(ws), await createItem(ws)];
    for (const item of items) expect((await setPar(ws, item.id, ws.defaultLocationId, 1)).status).toBe(200);
    const first = await ws.owner.get('/inventory/par-levels', { query: { pageSize: 2 } });
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers.link).toMatch(/rel="next"/);
    const second = await ws.owner.get('/inventory/par-levels', { query: { pageSize: 2, page: 2 } });
    expect([...first.body, ...second.body].map((p: any) => p.itemId)).toEqual(items.map((i) => i.id).sort());
  });

  it('when a par level is deleted, then 204 and it is gone; deleted again, then 404', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    expect((await setPar(ws, item.id, ws.defaultLocationId, 3)).status).toBe(200);
    const removed = await ws.owner.delete(parPath(item.id, ws.defaultLocationId));
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([]);
    expectError(await ws.owner.delete(parPath(item.id, ws.defaultLocationId)), 404, 'not_found');
    expectError(await ws.owner.delete(parPath('junk', ws.defaultLocationId)), 404, 'not_found');
  });

  it('when the input is bad, then 400 naming the parameter', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    for (const minimum of [-1, 1.00001, 1_000_000_001, '3', null]) {
      expect(expectError(await setPar(ws, item.id, ws.defaultLocationId, minimum), 400, 'bad_request')).toMatchObject({ param: 'minimum' });
    }
    expectError(await put(ws.ownerKey, parPath(item.id, ws.defaultLocationId), {}, ws.id), 400, 'bad_request');
    expect(expectError(await put(ws.ownerKey, parPath(item.id, ws.defaultLocationId), { minimum: 1, alert: true }, ws.id), 400, 'bad_request')).toMatchObject({ param: 'alert' });
    for (const name of ['itemId', 'locationId']) {
      expect(expectError(await ws.owner.get('/inventory/par-levels', { query: { [name]: 'junk' } }), 400, 'bad_request')).toMatchObject({ param: name });
      expect(expectError(await ws.owner.get('/inventory/par-levels', { query: { [name]: ',' } }), 400, 'bad_request')).toMatchObject({ param: name });
    }
    expect(expectError(await ws.owner.get('/inventory/par-levels', { query: { belowPar: 'yes' } }), 400, 'bad_request')).toMatchObject({ param: 'belowPar' });
    expectError(await ws.owner.get('/inventory/par-levels', { query: { below: 'true' } }), 400, 'bad_request');
  });

  it('when the ids name nothing usable, then 404 for an unknown or malformed item or location and 422 for a catalog-only item', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const catalogOnly = await createItem(ws, { trackStock: false });
    expect(expectError(await setPar(ws, catalogOnly.id, ws.defaultLocationId, 1), 422, 'unprocessable_entity').message).toMatch(/catalog-only/);
    expectError(await setPar(ws, UNKNOWN, ws.defaultLocationId, 1), 404, 'not_found');
    expectError(await setPar(ws, item.id, UNKNOWN, 1), 404, 'not_found');
    expectError(await setPar(ws, 'junk', ws.defaultLocationId, 1), 404, 'not_found');
    expectError(await setPar(ws, item.id, 'junk', 1), 404, 'not_found');
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([]);
  });

  it('when a location is deleted, then its par levels are no longer listed and none can be set there', async () => {
    const ws = await newWorkspace();
    const item = await createItem(ws);
    const van = await createLocation(ws);
    expect((await setPar(ws, item.id, van.id, 2)).status).toBe(200);
    expect((await ws.owner.delete(`/locations/${van.id}`)).status).toBe(200);
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([]);
    // Closed before the deletion is acknowledged (422), then deleted once its event arrives (404): refused either way.
    expect([404, 422]).toContain((await setPar(ws, item.id, van.id, 2)).status);
  });

  it('when a member has restricted location access, then it sets par levels only where it may write and lists only where it may read', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const readOnly = await createLocation(ws);
    const hidden = await createLocation(ws);
    for (const id of [ws.defaultLocationId, readOnly.id, hidden.id]) expect((await setPar(ws, item.id, id, 1)).status).toBe(200);
    const member = await newMember(ws, { role: 'member', locationAccess: `${ws.defaultLocationId}:write,${readOnly.id}:read` });
    expectError(await put(member.key, parPath(item.id, readOnly.id), { minimum: 9 }, ws.id), 403, 'forbidden');
    expectError(await put(member.key, parPath(item.id, hidden.id), { minimum: 9 }, ws.id), 403, 'forbidden');
    expectError(await member.client.delete(parPath(item.id, hidden.id)), 403, 'forbidden');
    expect((await put(member.key, parPath(item.id, ws.defaultLocationId), { minimum: 9 }, ws.id)).status).toBe(200);
    const listed = await member.client.get('/inventory/par-levels');
    expect(listed.body.map((p: any) => p.locationId).sort()).toEqual([ws.defaultLocationId, readOnly.id].sort());
    expect((await member.client.get('/inventory/par-levels', { query: { locationId: hidden.id } })).body).toEqual([]);
    const all = await ws.owner.get('/inventory/par-levels', { query: { locationId: hidden.id } });
    expect(all.body).toEqual([expect.objectContaining({ minimum: 1 })]);
  });

  it('when a key lacks inventory.write (a read-only key, a viewer), then it may list but not put or delete', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    expect((await setPar(ws, item.id, ws.defaultLocationId, 1)).status).toBe(200);
    const reader = await newMember(ws, { role: 'member', scopes: ['inventory.read'] });
    expectError(await put(reader.key, parPath(item.id, ws.defaultLocationId), { minimum: 2 }), 403, 'forbidden');
    expectError(await reader.client.delete(parPath(item.id, ws.defaultLocationId)), 403, 'forbidden');
    expect((await reader.client.get('/inventory/par-levels')).body).toEqual([expect.objectContaining({ minimum: 1 })]);
    const viewer = await newMember(ws, { role: 'viewer' });
    expectError(await put(viewer.key, parPath(item.id, ws.defaultLocationId), { minimum: 2 }, ws.id), 403, 'forbidden');
    const writerWithoutRead = await newMember(ws, { role: 'member', scopes: ['items.read'] });
    expectError(await writerWithoutRead.client.get('/inventory/par-levels'), 403, 'forbidden');
  });

  it("when workspace B asks about A's par levels, then it sees none and cannot change them (404)", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const item = await createItem(a);
    expect((await setPar(a, item.id, a.defaultLocationId, 6)).status).toBe(200);
    expect((await b.owner.get('/inventory/par-levels')).body).toEqual([]);
    expect((await b.owner.get('/inventory/par-levels', { query: { itemId: item.id } })).body).toEqual([]);
    expectError(await setPar(b, item.id, a.defaultLocationId, 1), 404, 'not_found');
    expectError(await b.owner.delete(parPath(item.id, a.defaultLocationId)), 404, 'not_found');
    expect((await a.owner.get('/inventory/par-levels')).body).toEqual([expect.objectContaining({ minimum: 6 })]);
  });
});
