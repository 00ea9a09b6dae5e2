import { expectError } from '../support/api';
import { newWorkspace, type TestWorkspace, unique } from '../support/fixtures';

type Loc = { id: string; name: string; type: string; active: boolean; note: string };
const ids = (body: Loc[]) => body.map((l) => l.id);

describe('GET /locations and GET /locations/count', () => {
  let ws: TestWorkspace;
  let all: Loc[];
  let byName: Record<string, Loc>;

  beforeAll(async () => {
    ws = await newWorkspace({ plan: 'pro' });
    const specs = [
      { name: 'North Van', type: 'van', note: 'night shift' },
      { name: 'South Van', type: 'van' },
      { name: 'Big Truck', type: 'truck', note: 'Refrigerated' },
      { name: 'Site 100%', type: 'site' },
      { name: 'Site_A', type: 'site' },
      { name: 'Misc', type: 'other' },
    ];
    byName = {};
    for (const spec of specs) {
      const res = await ws.owner.post('/locations', spec);
      expect(res.status).toBe(201);
      byName[spec.name] = res.body;
    }
    expect((await ws.owner.patch(`/locations/${byName['South Van']!.id}`, { active: false })).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${byName.Misc!.id}`, { active: false })).status).toBe(200);
    const res = await ws.owner.get('/locations');
    all = res.body;
  });

  it('when listing without filters, then every location is there oldest first, default first, with the total in X-Total-Count', async () => {
    const res = await ws.owner.get('/locations');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('7');
    expect(res.body.map((l: Loc) => l.name)).toEqual(['Inventory', 'North Van', 'South Van', 'Big Truck', 'Site 100%', 'Site_A', 'Misc']);
    expect(res.body[0].id).toBe(ws.defaultLocationId);
    expect(res.body[3]).toEqual((await ws.owner.get(`/locations/${byName['Big Truck']!.id}`)).body);
  });

  it('when counting, then the answer is a bare JSON number', async () => {
    const res = await ws.owner.get('/locations/count');
    expect(res.status).toBe(200);
    expect(res.text).toBe('7');
  });

  it.each([
    [{ active: 'true' }, ['Inventory', 'North Van', 'Big Truck', 'Site 100%', 'Site_A']],
    [{ active: 'false' }, ['South Van', 'Misc']],
    [{ type: 'van' }, ['North Van', 'South Van']],
    [{ type: 'van,truck' }, ['North Van', 'South Van', 'Big Truck']],
    [{ type: ['site', 'warehouse'] }, ['Inventory', 'Site 100%', 'Site_A']],
    [{ search: 'van' }, ['North Van', 'South Van']],
    [{ search: 'REFRIGERATED' }, ['Big Truck']],
    [{ search: 'night' }, ['North Van']],
    [{ search: '%' }, ['Site 100%']],
    [{ search: '_' }, ['Site_A']],
    [{ search: '' }, ['Inventory', 'North Van', 'South Van', 'Big Truck', 'Site 100%', 'Site_A', 'Misc']],
    [{ search: 'nothing like it' }, []],
    [{ active: 'true', type: 'van', search: 'north' }, ['North Van']],
    [{ active: 'false', type: 'truck' }, []],
  ] as Array<[Record<string, string | string[]>, string[]]>)('when filtering by %j, then list and count agree on %j', async (query, names) => {
    const list = await ws.owner.get('/locations', { query });
    expect(list.status).toBe(200);
    expect(list.body.map((l: Loc) => l.name)).toEqual(names);
    expect(list.headers['x-total-count']).toBe(String(names.length));
    expect((await ws.owner.get('/locations/count', { query })).body).toBe(names.length);
  });

  it('when paging, then pages follow each other without overlap and the total stays the whole count', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await ws.owner.get('/locations', { query: { page, pageSize: 2 } });
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('7');
      pages.push(ids(res.body));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(ids(all));
    const beyond = await ws.owner.get('/locations', { query: { page: 5, pageSize: 2 } });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('7');
  });

  it('when page and pageSize are at their bounds, then they are accepted; just outside, then 400 names them', async () => {
    expect((await ws.owner.get('/locations', { query: { page: 1 } })).status).toBe(200);
    expect((await ws.owner.get('/locations', { query: { pageSize: 1 } })).body).toHaveLength(1);
    expect((await ws.owner.get('/locations', { query: { pageSize: 200 } })).body).toHaveLength(7);
    for (const [query, field] of [
      [{ page: 0 }, 'page'],
      [{ page: -1 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 201 }, 'pageSize'],
    ] as const) {
      expect(expectError(await ws.owner.get('/locations', { query }), 400, 'bad_request').message).toContain(field);
    }
  });

  it('when a filter value is invalid or a parameter unknown, then 400 names it', async () => {
    for (const [path, query, field] of [
      ['/locations', { active: 'yes' }, 'active'],
      ['/locations', { active: ['true', 'false'] }, 'active'],
      ['/locations', { type: 'shed' }, 'type'],
      ['/locations', { search: 's'.repeat(101) }, 'search'],
      ['/locations', { search: ['a', 'b'] }, 'search'],
      ['/locations', { sort: 'name' }, 'sort'],
      ['/locations/count', { type: 'van,shed' }, 'type'],
      ['/locations/count', { page: 1 }, 'page'],
    ] as Array<[string, Record<string, string | string[] | number>, string]>) {
      expect(expectError(await ws.owner.get(path, { query }), 400, 'bad_request').message).toContain(field);
    }
    expect((await ws.owner.get('/locations', { query: { search: 's'.repeat(100) } })).status).toBe(200);
  });

  it('when the workspace selector is given, then it is not taken for an unknown filter', async () => {
    const res = await ws.owner.get('/locations/count', { query: { workspaceId: ws.id } });
    expect(res.status).toBe(200);
    expect(res.body).toBe(7);
  });

  it('when a location is created, then list and count include it, and the workspace shows the live usage', async () => {
    const fresh = await newWorkspace();
    expect((await fresh.owner.get(`/workspaces/${fresh.id}`)).body.locationsUsage).toBe(1);
    const res = await fresh.owner.post('/locations', { name: unique('New') });
    expect((await fresh.owner.get('/locations/count')).body).toBe(2);
    expect(ids((await fresh.owner.get('/locations')).body)).toEqual([fresh.defaultLocationId, res.body.id]);
    expect((await fresh.owner.get(`/workspaces/${fresh.id}`)).body.locationsUsage).toBe(2);
  });
});
