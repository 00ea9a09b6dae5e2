import { randomUUID } from 'node:crypto';
import { type ApiResponse, expectError, request } from '../support/api';
import { newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { closeStockPublisher, createItem, handled, publishStockChanged, setStock } from './catalog-helpers';

afterAll(closeStockPublisher);

function nextLink(res: ApiResponse): string | undefined {
  const link = res.headers.link as string | undefined;
  return link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
}

const ids = (pages: ApiResponse[]) => pages.flatMap((p) => p.body.map((r: { id: string }) => r.id));

describe('GET /items pages', () => {
  it('when Link rel="next" is followed, then every matching item comes once, newest first with ties broken by id, and a cursor only serves its own filters', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    // One bulk insert: the items share createdAt, so only the id orders them.
    const bulk = await ws.owner.post('/items/bulk', [
      ...Array.from({ length: 5 }, (_, i) => ({ sku: `GSK-${i}`, description: `Gasket ${i}` })),
      ...Array.from({ length: 3 }, (_, i) => ({ sku: `BLT-${i}`, description: `Bolt ${i}` })),
    ]);
    expect(bulk.status).toBe(201);
    const all = await ws.owner.get('/items', { query: { search: 'gasket', pageSize: 200 } });
    expect(all.body).toHaveLength(5);
    expect(all.headers.link).toBeUndefined();

    const first = await ws.owner.get('/items', { query: { search: 'gasket', pageSize: 2 } });
    expect(first.headers['x-total-count']).toBe('5');
    const pages = [first];
    for (let url = nextLink(first); url !== undefined; url = nextLink(pages[pages.length - 1]!)) pages.push(await request('GET', url, { key: ws.ownerKey }));
    expect(pages.map((p) => [p.status, p.body.length, p.headers['x-total-count']])).toEqual([
      [200, 2, '5'],
      [200, 2, undefined],
      [200, 1, undefined],
    ]);
    expect(ids(pages)).toEqual(ids([all]));

    const cursor = new URL(nextLink(first)!, 'https://x').searchParams.get('cursor')!;
    expect(expectError(await ws.owner.get('/items', { query: { search: 'bolt', cursor } }), 400, 'bad_request').message).toContain('cursor');
    expect(expectError(await ws.owner.get('/items', { query: { search: 'gasket', cursor: cursor.slice(0, -4) } }), 400, 'bad_request').message).toContain('cursor');
    const other = await newWorkspace({ plan: 'pro' });
    expect(expectError(await other.owner.get('/items', { query: { search: 'gasket', cursor } }), 400, 'bad_request').message).toContain('cursor');
  });
});

/** stockHealth as the catalog defined it before item_stock: sums of stock_levels per item, computed here from the projection itself. */
async function healthFromLevels(ws: TestWorkspace): Promise<Record<string, number>> {
  const rows = await sql<{ health: string; n: number }>(
    `SELECT CASE WHEN NOT i.track_stock THEN 'ok' WHEN s.on_hand <= 0 THEN 'out' WHEN s.on_hand <= COALESCE(i.low_stock_threshold, 5) THEN 'low' ELSE 'ok' END AS health, count(*)::int AS n
       FROM catalog.items i CROSS JOIN LATERAL (SELECT COALESCE(sum(on_hand), 0) AS on_hand FROM catalog.stock_levels WHERE item_id = i.id) s
      WHERE i.workspace_id = $1 GROUP BY 1`,
    [ws.id],
  );
  return { out: 0, low: 0, ok: 0, ...Object.fromEntries(rows.map((r) => [r.health, r.n])) };
}

async function healthCounts(ws: TestWorkspace): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const health of ['out', 'low', 'ok']) counts[health] = (await ws.owner.get('/items/count', { query: { stockHealth: health } })).body;
  expect((await ws.owner.get('/items/count', { query: { stockHealth: 'out,low' } })).body).toBe(counts.out! + counts.low!);
  expect((await ws.owner.get('/items/count', { query: { stockHealth: 'low,ok' } })).body).toBe(counts.low! + counts.ok!);
  return counts;
}

describe('GET /items/count?stockHealth from per-item totals', () => {
  it('when levels, thresholds and trackStock change, stale and unknown-item levels arrive, then the counts stay those of the summed levels', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const [a, b, c, d] = [await createItem(ws, { sku: 'A' }), await createItem(ws, { sku: 'B', lowStockThreshold: 50 }), await createItem(ws, { sku: 'C' }), await createItem(ws, { sku: 'D' })];
    const [l1, l2] = [ws.defaultLocationId, randomUUID()];
    await setStock(ws, a.id, l1, 3, 1); // low on the default threshold (5)
    await setStock(ws, b.id, l1, 30, 1);
    await setStock(ws, b.id, l2, 30, 1); // 60 > 50: ok
    await setStock(ws, c.id, l1, 100, 1); // ok; d has no level: out
    expect(await healthCounts(ws)).toEqual({ out: 1, low: 1, ok: 2 });
    expect(await healthCounts(ws)).toEqual(await healthFromLevels(ws));

    await setStock(ws, b.id, l2, 10, 2); // 40 <= 50: low
    await handled(await publishStockChanged(ws.id, { itemId: b.id, locationId: l2, onHand: 500, version: 1 })); // stale: ignored
    await handled(await publishStockChanged(ws.id, { itemId: randomUUID(), locationId: l1, onHand: 0, version: 1 })); // no such item: never counts
    await setStock(ws, a.id, l1, 0, 2); // out
    expect(await healthCounts(ws)).toEqual({ out: 2, low: 1, ok: 1 });

    expect((await ws.owner.patch(`/items/${c.id}`, { lowStockThreshold: 1000 })).status).toBe(200); // 100 <= 1000: low
    expect((await ws.owner.patch(`/items/${b.id}`, { lowStockThreshold: null })).status).toBe(200); // 40 > 5: ok
    expect((await ws.owner.patch(`/items/${d.id}`, { trackStock: false })).status).toBe(200); // catalog-only: ok
    expect(await healthCounts(ws)).toEqual({ out: 1, low: 1, ok: 2 });
    expect(await healthCounts(ws)).toEqual(await healthFromLevels(ws));
  });
});
