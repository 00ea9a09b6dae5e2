import { PLAN_LIMITS } from '@inv/shared/core';
import { expectError, type ApiResponse } from '../support/api';
import { eventually, newMember, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { createItem, createLocation, onHand } from '../stock/stock-fixtures';

/** What the workspace holds in every service: a POST that took effect twice shows here. */
async function worldOf(ws: TestWorkspace) {
  const [counts] = await sql(
    `SELECT (SELECT count(*) FROM catalog.items WHERE workspace_id = $1)::int AS items,
            (SELECT count(*) FROM catalog.tags WHERE workspace_id = $1)::int AS tags,
            (SELECT count(*) FROM catalog.suppliers WHERE workspace_id = $1)::int AS suppliers,
            (SELECT count(*) FROM locations.locations WHERE workspace_id = $1 AND deleted_at IS NULL)::int AS locations,
            (SELECT count(*) FROM stock.movements WHERE workspace_id = $1)::int AS movements,
            (SELECT coalesce(sum(on_hand), 0)::text FROM stock.balances WHERE workspace_id = $1) AS "onHand",
            (SELECT coalesce(string_agg(status, ',' ORDER BY status), '') FROM stock.transfers WHERE workspace_id = $1) AS transfers`,
    [ws.id],
  );
  return counts;
}

interface Endpoint {
  service: 'catalog' | 'locations' | 'stock';
  path: string;
  status: number;
  body?: unknown;
  /** Another valid body for the same path: the same key with it is a 409. */
  otherBody?: unknown;
}

/** Each POST of the API, arranged in a fresh workspace; transfer actions act on a transfer made for them. */
const ENDPOINTS: Record<string, (ws: TestWorkspace) => Promise<Endpoint>> = {
  'POST /items (with opening stock)': async () => ({ service: 'catalog', path: '/items', status: 201, body: { sku: unique('SKU'), quantity: 5 }, otherBody: { sku: unique('SKU') } }),
  'POST /items/bulk': async () => ({
    service: 'catalog',
    path: '/items/bulk',
    status: 201,
    body: [{ sku: unique('SKU') }, { sku: unique('SKU'), quantity: 2 }],
    otherBody: [{ sku: unique('SKU') }],
  }),
  'POST /tags': async () => ({ service: 'catalog', path: '/tags', status: 201, body: { name: unique('tag') }, otherBody: { name: unique('tag') } }),
  'POST /suppliers': async () => ({ service: 'catalog', path: '/suppliers', status: 201, body: { name: unique('supplier') }, otherBody: { name: unique('supplier') } }),
  'POST /locations': async () => ({ service: 'locations', path: '/locations', status: 201, body: { name: unique('Van'), type: 'van' }, otherBody: { name: unique('Van') } }),
  'POST /inventory/movements': async (ws) => {
    const item = await createItem(ws);
    const receipt = { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId };
    return { service: 'stock', path: '/inventory/movements', status: 201, body: { ...receipt, quantity: 3 }, otherBody: { ...receipt, quantity: 4 } };
  },
  'POST /inventory/transfers': async (ws) => {
    const { van, item } = await stocked(ws);
    const transfer = (quantity: number) => ({ fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity }] });
    return { service: 'stock', path: '/inventory/transfers', status: 201, body: transfer(2), otherBody: transfer(3) };
  },
  'POST /inventory/transfers/{id}/complete': async (ws) => ({ service: 'stock', path: `/inventory/transfers/${await pendingTransfer(ws)}/complete`, status: 200 }),
  'POST /inventory/transfers/{id}/reject': async (ws) => ({
    service: 'stock',
    path: `/inventory/transfers/${await pendingTransfer(ws)}/reject`,
    status: 200,
    body: { reason: 'not ordered' },
    otherBody: { reason: 'damaged' },
  }),
  'POST /inventory/transfers/{id}/cancel': async (ws) => ({
    service: 'stock',
    path: `/inventory/transfers/${await pendingTransfer(ws)}/cancel`,
    status: 200,
    body: { reason: 'wrong van' },
    otherBody: {},
  }),
  'POST /inventory/transfers/{id}/revert': async (ws) => {
    const { van, item } = await stocked(ws);
    const made = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }] });
    return { service: 'stock', path: `/inventory/transfers/${made.body.id}/revert`, status: 200 };
  },
};

async function stocked(ws: TestWorkspace) {
  const van = await createLocation(ws);
  const item = await createItem(ws, { quantity: 10 });
  return { van, item };
}

async function pendingTransfer(ws: TestWorkspace): Promise<string> {
  const { van, item } = await stocked(ws);
  const res = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }], status: 'pending' });
  if (res.status !== 201) throw new Error(`creating a pending transfer failed: ${res.status} ${res.text}`);
  return res.body.id;
}

/** complete and revert take no fields: no other valid body exists. */
const TAKE_NO_FIELDS = new Set(['POST /inventory/transfers/{id}/complete', 'POST /inventory/transfers/{id}/revert']);

const post = (ws: TestWorkspace, endpoint: Endpoint, key: string, body = endpoint.body): Promise<ApiResponse> =>
  ws.owner.post(endpoint.path, body, { headers: { 'Idempotency-Key': key } });

const answer = (res: ApiResponse) => ({ status: res.status, body: res.body, replayed: res.headers['idempotent-replayed'] });

describe.each(Object.keys(ENDPOINTS))('Idempotency-Key on %s', (name) => {
  it('when the request is retried with the same key and body, then the original status and body come back, marked replayed, and it took effect once', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const endpoint = await ENDPOINTS[name]!(ws);
    const before = await worldOf(ws);
    const first = await post(ws, endpoint, 'retry-1');
    expect(first.status).toBe(endpoint.status);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const afterFirst = await worldOf(ws);
    expect(afterFirst).not.toEqual(before);

    const again = await post(ws, endpoint, 'retry-1');
    expect(answer(again)).toEqual({ status: endpoint.status, body: first.body, replayed: 'true' });
    expect(again.text).toBe(first.text);
    expect(await worldOf(ws)).toEqual(afterFirst);
    // Stored with the effect, in the service's own schema: a reply lost after the commit still replays.
    const stored = await sql(`SELECT status, body FROM ${endpoint.service}.idempotency_keys WHERE workspace_id = $1 AND key = 'retry-1'`, [ws.id]);
    expect(stored).toEqual([{ status: endpoint.status, body: first.body }]);
  });

  if (TAKE_NO_FIELDS.has(name)) {
    it('when the retry sends {} instead of no body, then it is the same request and replays', async () => {
      const ws = await newWorkspace({ plan: 'pro' });
      const endpoint = await ENDPOINTS[name]!(ws);
      const first = await post(ws, endpoint, 'k');
      expect(answer(await post(ws, endpoint, 'k', {}))).toEqual({ status: endpoint.status, body: first.body, replayed: 'true' });
    });
    return;
  }
  it('when the same key comes with a different body, then 409 conflict naming the key and nothing more happens', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const endpoint = await ENDPOINTS[name]!(ws);
    await post(ws, endpoint, 'k');
    const afterFirst = await worldOf(ws);
    expect(expectError(await post(ws, endpoint, 'k', endpoint.otherBody), 409, 'conflict').message).toMatch(/Idempotency-Key "k" was already used with a different request body/);
    expect(await worldOf(ws)).toEqual(afterFirst);
  });
});

describe.each(['POST /items (with opening stock)', 'POST /items/bulk', 'POST /tags', 'POST /suppliers', 'POST /locations', 'POST /inventory/movements'])(
  'Idempotency-Key on %s under concurrency',
  (name) => {
    it('when requests with one key arrive together, then it takes effect once and every one answers the same', async () => {
      const ws = await newWorkspace({ plan: 'pro' });
      const endpoint = await ENDPOINTS[name]!(ws);
      const before = await worldOf(ws);
      const responses = await Promise.all(Array.from({ length: 4 }, () => post(ws, endpoint, 'together')));
      expect(responses.map((r) => r.status)).toEqual(Array(4).fill(endpoint.status));
      expect(new Set(responses.map((r) => r.text)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      const once = await worldOf(ws);
      expect(await post(ws, endpoint, 'together')).toMatchObject({ status: endpoint.status, body: responses[0]!.body });
      expect(await worldOf(ws)).toEqual(once);
      expect(once).not.toEqual(before);
    });
  },
);

describe('Idempotency-Key scope and failures', () => {
  it('when one key is used on different endpoints and by another member, then each is its own key', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const key = { headers: { 'Idempotency-Key': 'shared-key' } };
    const tag = await ws.owner.post('/tags', { name: unique('tag') }, key);
    const supplier = await ws.owner.post('/suppliers', { name: unique('supplier') }, key);
    const location = await ws.owner.post('/locations', { name: unique('Van') }, key);
    expect([tag.status, supplier.status, location.status]).toEqual([201, 201, 201]);
    const member = await newMember(ws, { role: 'member' });
    const body = { name: unique('tag') };
    const mine = await ws.owner.post('/tags', body, { headers: { 'Idempotency-Key': 'mine' } });
    const theirs = await member.client.post('/tags', body, { headers: { 'Idempotency-Key': 'mine' } });
    // The member's request ran (and found the name taken) instead of replaying the owner's answer.
    expect(mine.status).toBe(201);
    expect(expectError(theirs, 409, 'conflict').message).toMatch(/already exists/);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('when an item with opening stock is refused by the stock service, then its key is not kept and the retry runs again', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const closed = await createLocation(ws, { active: false });
    const body = { sku: unique('SKU'), quantity: 4, locationId: closed.id };
    expectError(await ws.owner.post('/items', body, { headers: { 'Idempotency-Key': 'opening' } }), 422, 'unprocessable_entity');
    expect(await sql("SELECT 1 FROM catalog.idempotency_keys WHERE workspace_id = $1 AND key = 'opening'", [ws.id])).toEqual([]);

    expect((await ws.owner.patch(`/locations/${closed.id}`, { active: true })).status).toBe(200);
    await eventually('the activation in the stock projection', async () =>
      (await sql('SELECT 1 FROM stock.locations WHERE id = $1 AND active', [closed.id])).length ? true : undefined,
    );
    const created = await ws.owner.post('/items', body, { headers: { 'Idempotency-Key': 'opening' } });
    expect(answer(created)).toMatchObject({ status: 201, replayed: undefined });
    expect(await onHand(ws.owner, created.body.id, closed.id)).toBe(4);
  });

  it('when a plan limit is reached after the first request, then its retry still replays the original answer', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const body = { name: unique('supplier') };
    const first = await ws.owner.post('/suppliers', body, { headers: { 'Idempotency-Key': 'before-limit' } });
    for (let i = 1; i < PLAN_LIMITS.free.suppliers; i++) expect((await ws.owner.post('/suppliers', { name: unique('supplier') })).status).toBe(201);
    expectError(await ws.owner.post('/suppliers', { name: unique('supplier') }), 403, 'exceeded_limit');
    expect(answer(await ws.owner.post('/suppliers', body, { headers: { 'Idempotency-Key': 'before-limit' } }))).toEqual({ status: 201, body: first.body, replayed: 'true' });
  });

  it('when the key is malformed, then 400 before anything happens', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const before = await worldOf(ws);
    expectError(await ws.owner.post('/locations', { name: unique('Van') }, { headers: { 'Idempotency-Key': 'has space' } }), 400, 'bad_request');
    expectError(await ws.owner.post('/items', { sku: unique('SKU') }, { headers: { 'Idempotency-Key': 'x'.repeat(256) } }), 400, 'bad_request');
    expect(await worldOf(ws)).toEqual(before);
  });
});

describe('idempotency_keys tables', () => {
  it('when the services have migrated, then each keeps the same table in its own schema', async () => {
    const shape = (schema: string) =>
      sql(
        `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
         WHERE table_schema = $1 AND table_name = 'idempotency_keys' ORDER BY ordinal_position`,
        [schema],
      );
    const indexes = async (schema: string) =>
      (await sql("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'idempotency_keys' ORDER BY indexname", [schema])).map((r) =>
        r.indexdef.replace(`${schema}.`, ''),
      );
    const stock = { columns: await shape('stock'), indexes: await indexes('stock') };
    expect(stock.columns).toHaveLength(8);
    for (const schema of ['catalog', 'locations', 'notifications']) expect({ columns: await shape(schema), indexes: await indexes(schema) }).toEqual(stock);
  });
});
