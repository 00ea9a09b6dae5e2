import { type ApiResponse, expectError, request } from '../support/api';
import { newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { createItem, createLocation } from './stock-fixtures';

/**
 * `count` completed transfers written straight into the stock schema (as the scale benchmark
 * does), in groups of three sharing one createdAt to the microsecond, so pages must break ties by id.
 */
async function seedTransfers(ws: TestWorkspace, count: number, status = 'completed'): Promise<void> {
  const van = await createLocation(ws);
  await sql(
    `INSERT INTO stock.transfers (id, workspace_id, from_location_id, to_location_id, status, user_id, created_at)
     SELECT gen_random_uuid(), $1, $2, $3, $5, 'seed', now() - interval '1 day' + (n / 3) * interval '1.000001 second'
       FROM generate_series(1, $4::int) n`,
    [ws.id, ws.defaultLocationId, van.id, count, status],
  );
}

/** The next page's URL from Link rel="next", or undefined on the last page. */
function nextLink(res: ApiResponse): string | undefined {
  const link = res.headers.link as string | undefined;
  return link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
}

/** Follows Link rel="next" from `first` to the last page; answers every page's response. */
async function followLinks(key: string, first: ApiResponse): Promise<ApiResponse[]> {
  const pages = [first];
  for (let url = nextLink(first); url !== undefined; url = nextLink(pages[pages.length - 1]!)) {
    const page = await request('GET', url, { key });
    expect(page.status).toBe(200);
    pages.push(page);
  }
  return pages;
}

const ids = (pages: ApiResponse[]) => pages.flatMap((p) => p.body.map((r: { id: string }) => r.id));

describe('GET /inventory/transfers pages', () => {
  it('when Link rel="next" is followed from page 1, then every transfer comes once in the order of page/pageSize, ties broken by id, and only page 1 counts', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    await seedTransfers(ws, 11);
    for (const sortOrder of ['desc', 'asc']) {
      const all = await ws.owner.get('/inventory/transfers', { query: { sortOrder, pageSize: 200 } });
      expect(all.body).toHaveLength(11);
      expect(all.headers.link).toBeUndefined();

      const first = await ws.owner.get('/inventory/transfers', { query: { sortOrder, pageSize: 4 } });
      expect(first.headers['x-total-count']).toBe('11');
      const pages = await followLinks(ws.ownerKey, first);
      expect(pages.map((p) => p.body.length)).toEqual([4, 4, 3]);
      expect(ids(pages)).toEqual(ids([all]));
      for (const page of pages.slice(1)) expect(page.headers['x-total-count']).toBeUndefined();
      expect(nextLink(pages[1]!)).toContain(`workspaceId=${ws.id}`);
      expect(nextLink(pages[1]!)).toContain(`sortOrder=${sortOrder}`);
    }
  });

  it('when a restricted key follows the links, then the workspace they name is its own and every page answers', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    await seedTransfers(ws, 5);
    const reader = await newMember(ws, { role: 'member', scopes: ['transfers.read'] });
    const first = await request('GET', '/inventory/transfers?pageSize=2', { key: reader.key });
    expect(first.status).toBe(200);
    expect(ids(await followLinks(reader.key, first))).toEqual(ids([await ws.owner.get('/inventory/transfers')]));
  });

  it('when a page is asked by page number, then its Link continues right after it', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    await seedTransfers(ws, 7);
    const all = await ws.owner.get('/inventory/transfers', { query: { pageSize: 200 } });
    const second = await ws.owner.get('/inventory/transfers', { query: { page: 2, pageSize: 3 } });
    expect(second.headers['x-total-count']).toBe('7');
    const link = nextLink(second)!;
    expect(link).not.toMatch(/[?&]page=/);
    const third = await request('GET', link, { key: ws.ownerKey });
    expect(ids([second, third])).toEqual(ids([all]).slice(3, 7));
    expect(nextLink(third)).toBeUndefined();
  });

  it('when a cursor is malformed, forged, given with page, or from another workspace, list or filter set, then 400 names cursor', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const other = await newWorkspace({ plan: 'pro' });
    await seedTransfers(ws, 3);
    await seedTransfers(other, 3);
    const cursor = new URL(nextLink(await ws.owner.get('/inventory/transfers', { query: { pageSize: 1 } }))!, 'https://x').searchParams.get('cursor')!;
    const forged = Buffer.from(JSON.stringify({ k: ['not a time', 'x'], b: 'y' })).toString('base64url');
    for (const [api, query] of [
      [ws.owner, { cursor: 'not-a-cursor' }],
      [ws.owner, { cursor: forged }],
      [ws.owner, { cursor, page: 2 }],
      [ws.owner, { cursor, status: 'pending' }],
      [ws.owner, { cursor, sortOrder: 'asc' }],
      [other.owner, { cursor }],
    ] as const) {
      expect(expectError(await api.get('/inventory/transfers', { query }), 400, 'bad_request').message).toContain('cursor');
    }
    expect(expectError(await ws.owner.get('/inventory/movements', { query: { cursor } }), 400, 'bad_request').message).toContain('cursor');
    expect((await ws.owner.get('/inventory/transfers', { query: { cursor, pageSize: 1 } })).status).toBe(200);
  });

  it('when more than 10,000 transfers match, then X-Total-Count is left out; when at most 10,000 match, it is exact', async () => {
    const ws = await newWorkspace({ plan: 'enterprise' });
    await seedTransfers(ws, 10_001);
    await seedTransfers(ws, 10_000, 'rejected');
    const all = await ws.owner.get('/inventory/transfers');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    expect(nextLink(all)).toBeDefined();
    expect((await ws.owner.get('/inventory/transfers', { query: { status: 'rejected' } })).headers['x-total-count']).toBe('10000');
    expect((await ws.owner.get('/inventory/transfers', { query: { status: 'completed' } })).headers['x-total-count']).toBeUndefined();
  });
});

describe('GET /inventory/movements pages', () => {
  it('when Link rel="next" is followed, then every movement comes once, newest first, as one page lists them', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws, { quantity: 1 });
    for (let i = 0; i < 4; i++) {
      const res = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 1 });
      expect(res.status).toBe(201);
    }
    const all = await ws.owner.get('/inventory/movements', { query: { itemId: item.id } });
    expect(all.body).toHaveLength(5);
    const first = await ws.owner.get('/inventory/movements', { query: { itemId: item.id, pageSize: 2 } });
    expect(first.headers['x-total-count']).toBe('5');
    const pages = await followLinks(ws.ownerKey, first);
    expect(pages.map((p) => p.body.length)).toEqual([2, 2, 1]);
    expect(ids(pages)).toEqual(ids([all]));
    expect(pages[1]!.headers['x-total-count']).toBeUndefined();
  });
});

describe('GET /inventory/balances pages', () => {
  it('when Link rel="next" is followed, then every balance comes once, by item then location, as one page lists them', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    for (let i = 0; i < 3; i++) {
      const item = await createItem(ws, { quantity: 2 });
      const res = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: van.id, quantity: 1 });
      expect(res.status).toBe(201);
    }
    const key = (b: { itemId: string; locationId: string }) => `${b.itemId}/${b.locationId}`;
    const all = await ws.owner.get('/inventory/balances');
    expect(all.body).toHaveLength(6);
    const first = await ws.owner.get('/inventory/balances', { query: { pageSize: 4 } });
    expect(first.headers['x-total-count']).toBe('6');
    const pages = await followLinks(ws.ownerKey, first);
    expect(pages.map((p) => p.body.length)).toEqual([4, 2]);
    expect(pages.flatMap((p) => p.body.map(key))).toEqual(all.body.map(key));
    expect(pages[1]!.headers['x-total-count']).toBeUndefined();
  });
});
