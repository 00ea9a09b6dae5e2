import { expectError } from '../support/api';
import { adminDeps, newWorkspace, sql, unique } from '../support/fixtures';

const count = async (table: string, workspaceId: string) => (await sql(`SELECT count(*)::int AS n FROM catalog.${table} WHERE workspace_id = $1`, [workspaceId]))[0].n;

describe('plan limits', () => {
  it('when 30 tag creations race on a free workspace (20 tags), then exactly 20 succeed and the rest get exceeded_limit', async () => {
    const ws = await newWorkspace();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => ws.owner.post('/tags', { name: unique('tag') })));
    const responses = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    expect(responses.filter((r) => r?.status === 201)).toHaveLength(20);
    for (const r of responses.filter((r) => r?.status !== 201)) expectError(r!, 403, 'exceeded_limit');
    expect(await count('tags', ws.id)).toBe(20);
    const { client } = await adminDeps();
    expect(await client.request('catalog', 'catalog.usage', {}, { workspaceId: ws.id })).toEqual({ items: 0, suppliers: 0, tags: 20 });
  });

  it('when 10 supplier creations race on a free workspace (5 suppliers), then exactly 5 exist', async () => {
    const ws = await newWorkspace();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => ws.owner.post('/suppliers', { name: unique('s') })));
    const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 0));
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(await count('suppliers', ws.id)).toBe(5);
    const workspace = await ws.owner.get(`/workspaces/${ws.id}`);
    expect(workspace.body.suppliersUsage).toBe(5);
  });

  it('when single and bulk item creations race past the free limit (100 items), then the count never exceeds it and a crossing bulk is refused whole', async () => {
    const ws = await newWorkspace();
    const seed = await ws.owner.post('/items/bulk', Array.from({ length: 90 }, () => ({ sku: unique() })));
    expect(seed.status).toBe(201);
    const bulks = Array.from({ length: 4 }, () => ws.owner.post('/items/bulk', Array.from({ length: 4 }, () => ({ sku: unique() }))));
    const singles = Array.from({ length: 8 }, () => ws.owner.post('/items', { sku: unique() }));
    const results = await Promise.allSettled([...bulks, ...singles]);
    const responses = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
    for (const r of responses) expect([201, 403]).toContain(r?.status);
    for (const r of responses.filter((r) => r?.status === 403)) expectError(r!, 403, 'exceeded_limit');
    const created = responses.reduce((n, r) => n + (r?.status === 201 ? (Array.isArray(r.body) ? r.body.length : 1) : 0), 0);
    const total = await count('items', ws.id);
    expect(total).toBe(90 + created);
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThanOrEqual(97);

    const full = await ws.owner.post('/items/bulk', Array.from({ length: 100 - total + 1 }, () => ({ sku: unique() })));
    expectError(full, 403, 'exceeded_limit');
    expect(await count('items', ws.id)).toBe(total);
    const workspace = await ws.owner.get(`/workspaces/${ws.id}`);
    expect(workspace.body.itemsUsage).toBe(total);
  });
});
