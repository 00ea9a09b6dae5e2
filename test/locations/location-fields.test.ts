import { expectError } from '../support/api';
import { newWorkspace, type TestWorkspace, unique } from '../support/fixtures';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const TYPES = ['warehouse', 'van', 'truck', 'site', 'other'] as const;
const ICONS = ['warehouse', 'storefront', 'office', 'garage', 'job_site', 'van', 'truck', 'container', 'shelves', 'tools', 'home', 'map_pin'] as const;

/** One workspace on a plan whose location limit these tests never reach. */
let ws: TestWorkspace;
beforeAll(async () => {
  ws = await newWorkspace({ plan: 'enterprise' });
});

async function created(body: Record<string, unknown> = {}) {
  const res = await ws.owner.post('/locations', { name: unique('Loc'), ...body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /locations', () => {
  it('when only a name is given, then 201 answers the whole location with its defaults and GET returns the same', async () => {
    const res = await ws.owner.post('/locations', { name: 'Back room' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Back room',
      type: 'warehouse',
      active: true,
      createdAt: expect.stringMatching(ISO_UTC),
      icon: null,
      note: '',
      latitude: null,
      longitude: null,
      geofenceRadiusM: null,
      accessLevel: null,
      replenishFrom: null,
    });
    expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);
    const got = await ws.owner.get(`/locations/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('when every field is given, then each is stored and returned as given', async () => {
    const body = { name: unique('Van'), type: 'van', icon: 'truck', note: 'Second shelf', accessLevel: 'write', latitude: 52.52, longitude: 13.405, geofenceRadiusM: 150.5 };
    const res = await ws.owner.post('/locations', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, active: true });
    expect((await ws.owner.get(`/locations/${res.body.id}`)).body).toEqual(res.body);
  });

  it('when the name is missing, then 400 names the field', async () => {
    const error = expectError(await ws.owner.post('/locations', { type: 'van' }), 400, 'bad_request');
    expect(error.message).toContain('name');
  });

  it('when the body is not an object or has an unknown field, then 400', async () => {
    expectError(await ws.owner.post('/locations', ['x']), 400, 'bad_request');
    expect(expectError(await ws.owner.post('/locations', { name: unique(), colour: 'red' }), 400, 'bad_request').message).toContain('colour');
    expect(expectError(await ws.owner.post('/locations', { name: unique(), active: false }), 400, 'bad_request').message).toContain('active');
    expectError(await ws.owner.post('/locations', { name: unique(), isDefault: true }), 400, 'bad_request');
  });

  it('when a field has the wrong type, then 400', async () => {
    for (const body of [{ name: 12 }, { name: unique(), note: null }, { name: unique(), latitude: '10' }, { name: unique(), type: null }]) {
      expectError(await ws.owner.post('/locations', body), 400, 'bad_request');
    }
  });

  it('when the name has surrounding spaces, then they are trimmed; a blank name is refused', async () => {
    const name = unique('Trim');
    expect((await created({ name: `  ${name}  ` })).name).toBe(name);
    expectError(await ws.owner.post('/locations', { name: '   ' }), 400, 'bad_request');
  });
});

describe('field bounds, on create and on update', () => {
  const cases: Array<{ field: string; inside: unknown[]; outside: unknown[] }> = [
    { field: 'name', inside: ['a', 'n'.repeat(64)], outside: ['', 'n'.repeat(65)] },
    { field: 'note', inside: ['', 'x'.repeat(500)], outside: ['x'.repeat(501)] },
    { field: 'latitude', inside: [-90, 90, 0, null], outside: [-90.000001, 90.000001] },
    { field: 'longitude', inside: [-180, 180, 0, null], outside: [-180.000001, 180.000001] },
    { field: 'geofenceRadiusM', inside: [25, 10000, null], outside: [24.999, 10000.001, 0, -25] },
  ];

  /** Names must stay unique in the workspace: a name of the same length that is not yet taken. */
  const fresh = (field: string, value: unknown) => {
    if (field !== 'name' || typeof value !== 'string') return value;
    return value.length === 1 ? String.fromCharCode(0x4e00 + nameSeq++) : `${unique('N')}`.padEnd(value.length, 'n');
  };
  let nameSeq = 0;

  it.each(cases)('when $field is just inside its bounds, then it is accepted; just outside, then 400 names it', async ({ field, inside, outside }) => {
    const target = await created();
    for (const value of inside) {
      const given = fresh(field, value);
      const onCreate = await ws.owner.post('/locations', { name: unique('B'), [field]: given });
      expect({ status: onCreate.status, stored: onCreate.body[field] }).toEqual({ status: 201, stored: given });
      const patched = fresh(field, value);
      const onUpdate = await ws.owner.patch(`/locations/${target.id}`, { [field]: patched });
      expect({ status: onUpdate.status, stored: onUpdate.body[field] }).toEqual({ status: 200, stored: patched });
    }
    for (const value of outside) {
      const body = field === 'name' ? { name: value } : { name: unique('B'), [field]: value };
      expect(expectError(await ws.owner.post('/locations', body), 400, 'bad_request').message).toContain(field);
      expect(expectError(await ws.owner.patch(`/locations/${target.id}`, { [field]: value }), 400, 'bad_request').message).toContain(field);
    }
  });

  it('when an update is refused for a bound, then the location is unchanged', async () => {
    const target = await created({ note: 'keep', latitude: 1 });
    expectError(await ws.owner.patch(`/locations/${target.id}`, { note: 'changed', latitude: 91 }), 400, 'bad_request');
    expect((await ws.owner.get(`/locations/${target.id}`)).body).toEqual(target);
  });
});

describe('enums', () => {
  it.each(TYPES)('when type is %s, then it is accepted on create and on update', async (type) => {
    const loc = await created({ type });
    expect(loc.type).toBe(type);
    const other = TYPES.find((t) => t !== type)!;
    expect((await ws.owner.patch(`/locations/${loc.id}`, { type: other })).body.type).toBe(other);
    expect((await ws.owner.patch(`/locations/${loc.id}`, { type })).body.type).toBe(type);
  });

  it.each(ICONS)('when icon is %s, then it is accepted on create and on update, and null resets it', async (icon) => {
    const loc = await created({ icon });
    expect(loc.icon).toBe(icon);
    expect((await ws.owner.patch(`/locations/${loc.id}`, { icon: null })).body.icon).toBeNull();
    expect((await ws.owner.patch(`/locations/${loc.id}`, { icon })).body.icon).toBe(icon);
  });

  it.each(['read', 'write', null])('when accessLevel is %s, then it is accepted on create and on update', async (accessLevel) => {
    const loc = await created({ accessLevel });
    expect(loc.accessLevel).toBe(accessLevel);
    const other = accessLevel === 'read' ? 'write' : 'read';
    expect((await ws.owner.patch(`/locations/${loc.id}`, { accessLevel: other })).body.accessLevel).toBe(other);
    expect((await ws.owner.patch(`/locations/${loc.id}`, { accessLevel })).body.accessLevel).toBe(accessLevel);
  });

  it('when a value is outside an enum, then 400 names the field, on create and on update', async () => {
    const loc = await created();
    for (const [field, value] of [['type', 'shed'], ['type', 'Warehouse'], ['icon', 'rocket'], ['icon', ''], ['accessLevel', 'admin'], ['accessLevel', 'none']] as const) {
      expect(expectError(await ws.owner.post('/locations', { name: unique(), [field]: value }), 400, 'bad_request').message).toContain(field);
      expect(expectError(await ws.owner.patch(`/locations/${loc.id}`, { [field]: value }), 400, 'bad_request').message).toContain(field);
    }
  });

  it("when no type is given, then the location takes the workspace's defaultLocationType", async () => {
    expect(ws.workspace.defaultLocationType).toBe('warehouse');
    expect((await created()).type).toBe('warehouse');
  });
});

describe('PATCH /locations/{id}', () => {
  it('when the body is empty, then the location is returned unchanged', async () => {
    const loc = await created({ note: 'as is' });
    const res = await ws.owner.patch(`/locations/${loc.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(loc);
    const noBody = await ws.owner.patch(`/locations/${loc.id}`);
    expect(noBody.status).toBe(200);
    expect(noBody.body).toEqual(loc);
  });

  it('when some fields are given, then only those change', async () => {
    const loc = await created({ type: 'site', note: 'n', latitude: 10, longitude: 20, geofenceRadiusM: 100 });
    const name = unique('Renamed');
    const res = await ws.owner.patch(`/locations/${loc.id}`, { name, latitude: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...loc, name, latitude: null });
    expect((await ws.owner.get(`/locations/${loc.id}`)).body).toEqual(res.body);
  });

  it('when active is set to false and back to true, then each transition is returned and stored', async () => {
    const loc = await created();
    const off = await ws.owner.patch(`/locations/${loc.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...loc, active: false });
    expect((await ws.owner.patch(`/locations/${loc.id}`, { active: false })).body.active).toBe(false);
    const on = await ws.owner.patch(`/locations/${loc.id}`, { active: true });
    expect(on.body).toEqual({ ...loc, active: true });
    expect((await ws.owner.get(`/locations/${loc.id}`)).body.active).toBe(true);
  });

  it('when active is not a boolean or an unknown field is sent, then 400', async () => {
    const loc = await created();
    expectError(await ws.owner.patch(`/locations/${loc.id}`, { active: 'false' }), 400, 'bad_request');
    expectError(await ws.owner.patch(`/locations/${loc.id}`, { createdAt: '2020-01-01T00:00:00.000Z' }), 400, 'bad_request');
    expectError(await ws.owner.patch(`/locations/${loc.id}`, { id: 'x' }), 400, 'bad_request');
  });

  it('when the id is unknown or malformed, then 404', async () => {
    expectError(await ws.owner.patch('/locations/00000000-0000-4000-8000-000000000000', { note: 'x' }), 404, 'not_found');
    expectError(await ws.owner.patch('/locations/not-an-id', { note: 'x' }), 404, 'not_found');
    expectError(await ws.owner.get('/locations/not-an-id'), 404, 'not_found');
  });
});

describe('names', () => {
  it('when a name is taken in the workspace, in any letter case, then create and rename answer 409 conflict', async () => {
    const name = unique('Depot');
    await created({ name });
    expect(expectError(await ws.owner.post('/locations', { name: name.toUpperCase() }), 409, 'conflict').message).toContain(name.toUpperCase());
    expectError(await ws.owner.post('/locations', { name: ` ${name} ` }), 409, 'conflict');
    const other = await created();
    expectError(await ws.owner.patch(`/locations/${other.id}`, { name: name.toLowerCase() }), 409, 'conflict');
    expect((await ws.owner.get(`/locations/${other.id}`)).body.name).toBe(other.name);
  });

  it('when a location changes only the letter case of its own name, then that is allowed', async () => {
    const loc = await created({ name: unique('case') });
    const res = await ws.owner.patch(`/locations/${loc.id}`, { name: loc.name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(loc.name.toUpperCase());
  });

  it('when another workspace uses the name, then it is free here', async () => {
    const other = await newWorkspace();
    const name = unique('Shared');
    expect((await other.owner.post('/locations', { name })).status).toBe(201);
    expect((await ws.owner.post('/locations', { name })).status).toBe(201);
  });

  it('when the same new name is created twice at once, then exactly one succeeds and the other is a conflict', async () => {
    const name = unique('Race');
    const results = await Promise.all(Array.from({ length: 6 }, () => ws.owner.post('/locations', { name })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});
