import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { buildPublicDocument } from '../../scripts/openapi';
import { type ApiResponse, request } from '../support/api';
import { newWorkspace, unique } from '../support/fixtures';
import { WebhookReceiver } from '../support/webhook-receiver';
import { conformanceChecker } from '../support/openapi-conformance';

type Json = any;
const EVERY_RESPONSE = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const METHODS = ['get', 'post', 'patch', 'put', 'delete'];

function operations(document: Json): Array<{ name: string; op: Json }> {
  return Object.entries(document.paths).flatMap(([p, item]: [string, Json]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ name: `${m.toUpperCase()} ${p}`, op: item[m] })),
  );
}

/** A response object, following a $ref into components.responses. */
function responseOf(document: Json, response: Json): Json {
  return response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response;
}

describe('the public OpenAPI document', () => {
  it('when the gateway serves /openapi.json, then it is exactly the document scripts/openapi.ts builds without a stack (the one CI lints)', async () => {
    const served = await request('GET', '/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(buildPublicDocument())));
  });

  it('when it is read, then every operation has an operationId, a declared tag, shared error responses, the headers of every answer and examples', () => {
    const document = buildPublicDocument() as Json;
    expect(document.servers).toHaveLength(1);
    expect(document.info.license.name).toBeTruthy();
    expect(document.info.contact.name).toBeTruthy();
    const declared = document.tags.map((t: Json) => t.name);
    expect(document.tags.every((t: Json) => t.description.length > 0)).toBe(true);
    const ids = new Set<string>();
    for (const { name, op } of operations(document)) {
      expect([name, op.operationId && !ids.has(op.operationId)]).toEqual([name, true]);
      ids.add(op.operationId);
      expect([name, op.tags.every((t: string) => declared.includes(t))]).toEqual([name, true]);
      for (const [status, response] of Object.entries(op.responses) as Array<[string, Json]>) {
        if (Number(status) >= 400) expect([name, status, response.$ref]).toEqual([name, status, expect.stringMatching(/^#\/components\/responses\//)]);
        const headers = Object.keys(responseOf(document, response).headers);
        expect([name, status, headers]).toEqual([name, status, expect.arrayContaining(status === '429' ? [...EVERY_RESPONSE, 'Retry-After'] : EVERY_RESPONSE)]);
      }
      const [success, answer] = Object.entries(op.responses).find(([s]) => s.startsWith('2')) as [string, Json];
      if (op.parameters?.some((p: Json) => p.name === 'page')) expect([name, Object.keys(answer.headers)]).toEqual([name, expect.arrayContaining(['X-Total-Count'])]);
      if (op.parameters?.some((p: Json) => p.name === 'Idempotency-Key')) expect([name, Object.keys(answer.headers)]).toEqual([name, expect.arrayContaining(['Idempotent-Replayed'])]);
      if (success === '204') {
        expect([name, answer.content]).toEqual([name, undefined]);
      } else {
        const media = answer.content['application/json'] ?? answer.content['text/csv'];
        expect([name, success, media.example ?? media.examples]).toEqual([name, success, expect.anything()]);
      }
      if (op.requestBody) expect([name, (op.requestBody.content['application/json'] ?? op.requestBody.content['text/csv']).example]).toEqual([name, expect.anything()]);
    }
    expect(ids.size).toBeGreaterThanOrEqual(27);
    const { schemas } = document.components;
    expect(schemas.Item.properties.id.format).toBe('uuid');
    expect(schemas.Item.properties.createdAt.format).toBe('date-time');
    expect(schemas.Transfer.properties.lines.items.properties.itemId.format).toBe('uuid');
    expect(schemas.Supplier.type).toBe('object');
    expect(JSON.stringify(schemas.CreateLocation)).not.toContain('"default"');
    expect(document.paths['/items'].post.requestBody.required).toBe(true);
    expect(document.paths['/inventory/transfers'].post.requestBody.required).toBe(true);
    expect(document.paths['/items/{itemId}'].patch.requestBody.required).toBe(false);
    expect(Object.keys(document.paths['/items/count'].get.responses['200'].content['application/json'].examples)).toEqual(['ItemCount', 'ItemCountByTag']);
  });

  it('when a TypeScript client is generated with openapi-typescript, then the calls the docs call valid type-check, the invalid ones do not, and the count shape is told apart without casts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-types-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(buildPublicDocument()));
    // The CLI, as a client generator runs it (its CommonJS build cannot load inside Jest), from a
    // directory of its own as a user's project would: this repository's redocly.yaml is our lint, not theirs.
    execFileSync(path.resolve('node_modules/.bin/openapi-typescript'), [path.join(dir, 'openapi.json'), '-o', path.join(dir, 'api.ts')], { stdio: 'pipe', cwd: dir });
    const usage = `
import type { paths } from './api';
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Query<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer A } } } } ? A : never;
type BodyRequired<P extends keyof paths, M extends keyof paths[P]> = {} extends Pick<paths[P][M], 'requestBody' & keyof paths[P][M]> ? false : true;

export const onlyName: Body<'/locations', 'post'> = { name: 'Van 7' };
export const itemFilters: Query<'/items', 'get'>[] = [
  { tagIds: 'a,b', stockHealth: 'low', trackStock: true, cost: 4.5, page: 2 },
  { tagIds: ['a', 'b'], stockHealth: ['low', 'out'], supplierIds: 'x' },
];
export const locationFilters: Query<'/locations', 'get'> = { type: 'van,truck', active: false };
export const transferFilters: Query<'/inventory/transfers', 'get'>[] = [{ status: 'pending,completed' }, { status: ['pending'] }];
export function countOf(answer: Answer<'/items/count', 'get', 200>): number {
  return typeof answer === 'number' ? answer : answer.count + answer.groups.filter((g) => g.tagId !== null).length;
}
export const supplierName = (list: Answer<'/suppliers', 'get', 200>, created: Answer<'/suppliers', 'post', 201>): string => list[0]!.name + created.name;
export const required: [BodyRequired<'/items', 'post'>, BodyRequired<'/inventory/transfers', 'post'>, BodyRequired<'/items/{itemId}', 'patch'>] = [true, true, false];
// @ts-expect-error a boolean filter is a boolean
export const wrongBoolean: Query<'/items', 'get'> = { trackStock: 'yes' };
// @ts-expect-error unknown body fields are refused
export const unknownField: Body<'/locations', 'post'> = { name: 'x', colour: 'red' };
// @ts-expect-error a location needs a name
export const noName: Body<'/locations', 'post'> = { note: 'x' };
`;
    fs.writeFileSync(path.join(dir, 'usage.ts'), usage);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], { strict: true, noEmit: true, skipLibCheck: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  }, 60_000);

  it('when real answers come back, then they carry every header their documented response declares', async () => {
    const document = buildPublicDocument() as Json;
    const ws = await newWorkspace();
    // Headers marked required come with every such answer; the others (X-Total-Count, Idempotent-Replayed) only when they apply.
    const declared = (p: string, m: string, status: number) =>
      Object.entries(responseOf(document, document.paths[p][m].responses[String(status)]).headers as Record<string, { $ref: string }>)
        .filter(([, header]) => document.components.headers[header.$ref.split('/').pop()!].required)
        .map(([h]) => h.toLowerCase());
    const item = await ws.owner.post('/items', { sku: 'HDR-1' });
    const list = await ws.owner.get('/items');
    const missing = await ws.owner.get('/items/info', { query: { itemId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' } });
    const movement = { type: 'receipt', itemId: item.body.id, locationId: ws.defaultLocationId, quantity: 2 };
    await ws.owner.post('/inventory/movements', movement, { headers: { 'idempotency-key': 'contract-headers-1' } });
    const replayed = await ws.owner.post('/inventory/movements', movement, { headers: { 'idempotency-key': 'contract-headers-1' } });
    const answers: Array<[string, string, number, typeof list]> = [
      ['/items', 'post', 201, item],
      ['/items', 'get', 200, list],
      ['/items/info', 'get', 404, missing],
      ['/inventory/movements', 'post', 201, replayed],
    ];
    for (const [p, m, status, res] of answers) {
      expect([p, m, res.status]).toEqual([p, m, status]);
      const absent = declared(p, m, status).filter((h) => res.headers[h] === undefined);
      expect([p, m, absent]).toEqual([p, m, []]);
    }
    expect(replayed.headers['idempotent-replayed']).toBe('true');
  });

  it('when a full client scenario runs, then every answer, errors included, matches its documented response: body schema, formats and headers', async () => {
    const check = conformanceChecker(await (await request('GET', '/openapi.json')).body);
    const ws = await newWorkspace({ plan: 'pro' });
    const answers: Array<[string, string, ApiResponse]> = [];
    const call = async (method: string, template: string, pending: Promise<ApiResponse>) => {
      const res = await pending;
      answers.push([method, template, res]);
      return res;
    };
    const { owner } = ws;
    await call('GET', '/workspaces', owner.get('/workspaces'));
    await call('GET', '/workspaces/{idOrSlug}', owner.get(`/workspaces/${ws.slug}`));
    const van = (await call('POST', '/locations', owner.post('/locations', { name: 'Van 7' }))).body;
    const spare = (await call('POST', '/locations', owner.post('/locations', { name: 'Spare', type: 'site', latitude: 48.1, longitude: 11.5, geofenceRadiusM: 100 }))).body;
    await call('GET', '/locations', owner.get('/locations', { query: { type: 'van,warehouse', active: 'true' } }));
    await call('GET', '/locations/count', owner.get('/locations/count', { query: { type: 'van' } }));
    await call('GET', '/locations/{id}', owner.get(`/locations/${van.id}`));
    await call('PATCH', '/locations/{id}', owner.patch(`/locations/${van.id}`, { note: 'Blue van' }));
    await call('DELETE', '/locations/{id}', owner.delete(`/locations/${spare.id}`));
    const tag = (await call('POST', '/tags', owner.post('/tags', { name: 'Blue', color: 'blue' }))).body;
    await call('GET', '/tags', owner.get('/tags'));
    const supplier = (await call('POST', '/suppliers', owner.post('/suppliers', { name: 'Acme', email: 'orders@acme.test' }))).body;
    await call('GET', '/suppliers', owner.get('/suppliers'));
    const item = (await call('POST', '/items', owner.post('/items', { sku: 'CON-1', quantity: 10, tagIds: [tag.id], supplierId: supplier.id }))).body;
    const [second] = (await call('POST', '/items/bulk', owner.post('/items/bulk', [{ sku: 'CON-2', quantity: 3 }, { sku: 'CON-3', trackStock: false }]))).body;
    await call('GET', '/items', owner.get('/items', { query: { tagIds: tag.id, stockHealth: 'ok,low', trackStock: 'true' } }));
    await call('GET', '/items/info', owner.get('/items/info', { query: { itemId: item.id } }));
    await call('PATCH', '/items/{itemId}', owner.patch(`/items/${item.id}`, { description: 'Blue widget' }));
    await call('GET', '/items/count', owner.get('/items/count', { query: { supplierIds: supplier.id } }));
    await call('GET', '/items/count', owner.get('/items/count', { query: { groupBy: 'tagId', includeTags: 'true' } }));
    const receipt = { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 5, reference: 'PO-1' };
    await call('POST', '/inventory/movements', owner.post('/inventory/movements', receipt, { headers: { 'idempotency-key': 'flow-receipt' } }));
    await call('POST', '/inventory/movements', owner.post('/inventory/movements', receipt, { headers: { 'idempotency-key': 'flow-receipt' } }));
    await call('POST', '/inventory/movements', owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -1, reason: 'damaged' }));
    await call('POST', '/inventory/movements', owner.post('/inventory/movements', { type: 'count', itemId: second.id, locationId: ws.defaultLocationId, quantity: 3 }));
    await call('GET', '/inventory/balances', owner.get('/inventory/balances', { query: { itemId: `${item.id},${second.id}` } }));
    await call('GET', '/inventory/movements', owner.get('/inventory/movements', { query: { type: 'receipt,adjustment', interval: '7d' } }));
    const par = `/inventory/par-levels/${item.id}/${van.id}`;
    await call('PUT', '/inventory/par-levels/{itemId}/{locationId}', request('PUT', par, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { minimum: 4 } }));
    await call('GET', '/inventory/par-levels', owner.get('/inventory/par-levels', { query: { belowPar: 'true' } }));
    await call('DELETE', '/inventory/par-levels/{itemId}/{locationId}', owner.delete(par));
    const lines = [{ itemId: item.id, quantity: 2 }];
    const moved = (await call('POST', '/inventory/transfers', owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines }, { headers: { 'idempotency-key': 'flow-transfer' } }))).body;
    const pending = (await call('POST', '/inventory/transfers', owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines, status: 'pending' }))).body;
    await call('POST', '/inventory/transfers/{id}/complete', owner.post(`/inventory/transfers/${pending.id}/complete`));
    await call('POST', '/inventory/transfers/{id}/revert', owner.post(`/inventory/transfers/${moved.id}/revert`, {}));
    await call('GET', '/inventory/transfers', owner.get('/inventory/transfers', { query: { status: 'completed,reverted' } }));
    await call('GET', '/inventory/transfers/{id}', owner.get(`/inventory/transfers/${moved.id}`));
    await call('GET', '/items/info', owner.get('/items/info', { query: { itemId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' } }));
    await call('POST', '/tags', owner.post('/tags', { name: '' }));
    await call('POST', '/tags', owner.post('/tags', { name: 'BLUE' }));
    await call('POST', '/inventory/movements', owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -1000 }));
    await call('POST', '/inventory/transfers/{id}/cancel', owner.post(`/inventory/transfers/${moved.id}/cancel`));

    expect(answers.map(([, , res]) => res.status).filter((s) => s >= 400).sort()).toEqual([400, 404, 409, 409, 422]);
    expect(answers.flatMap(([method, template, res]) => check(method, template, res))).toEqual([]);
  });
});

/**
 * Every request example of the document does what its operation's summary says. Each mutating
 * operation's example is sent as published, in a workspace of its own prepared for it, with the
 * ids in it (which name nothing) replaced by the prepared world's by field name, and must answer
 * the operation's documented success status. A new id field without a substitution fails here by
 * name, rather than as a confusing 422.
 */
describe('the request examples of the OpenAPI document', () => {
  const document = buildPublicDocument() as Json;
  const SAMPLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => receiver.close());

  /** A workspace with a stocked warehouse, a van below par, a tag, a supplier; the rest made when an operation's path asks for it. */
  async function preparedWorld() {
    const ws = await newWorkspace({ plan: 'pro' });
    const ok = <T = Json>(res: ApiResponse<T>, what: string): T => {
      expect([what, res.status < 300 ? 'ok' : res.text]).toEqual([what, 'ok']);
      return res.body;
    };
    const warehouse = ws.defaultLocationId;
    const van = ok(await ws.owner.post('/locations', { name: 'World van', type: 'van' }), 'van').id as string;
    const tag = ok(await ws.owner.post('/tags', { name: 'World tag' }), 'tag');
    const supplier = ok(await ws.owner.post('/suppliers', { name: 'World supplier' }), 'supplier').id as string;
    const item = ok(await ws.owner.post('/items', { sku: unique('WORLD'), quantity: 50, locationId: warehouse }), 'item').id as string;
    ok(await request('PUT', `/inventory/par-levels/${item}/${van}`, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { minimum: 5, target: 10 } }), 'par level');
    ok(await ws.owner.patch(`/locations/${van}`, { replenishFrom: warehouse }), 'replenishFrom');
    const transfer = async (status: 'pending' | 'completed') =>
      ok(await ws.owner.post('/inventory/transfers', { fromLocationId: warehouse, toLocationId: van, lines: [{ itemId: item, quantity: 1 }], status }), `${status} transfer`).id as string;
    let webhook: Promise<string> | undefined;
    const webhookId = () => (webhook ??= ws.owner.post('/webhooks', { url: receiver.url }).then((res) => ok(res, 'webhook').id as string));
    const pathIds: Record<string, (path: string, method: string) => Promise<string>> = {
      itemId: async () => item,
      locationId: async () => van,
      webhookId,
      deliveryId: async () => ok(await ws.owner.post(`/webhooks/${await webhookId()}/test`), 'test event').id as string,
      idOrSlug: async () => ws.id,
      receiptId: async () => (await received()).receipt,
      id: async (path, method) => {
        if (path.startsWith('/locations/')) return method === 'delete' ? ok(await ws.owner.post('/locations', { name: 'Spare' }), 'spare location').id : van;
        if (path.startsWith('/purchase-orders/')) {
          if (path.endsWith('/revert')) return (await received()).order;
          return purchaseOrder(path.endsWith('/receipts') || path.endsWith('/close') ? 'ordered' : 'draft');
        }
        if (path.startsWith('/jobs/')) return job(path.endsWith('/revert') ? 'completed' : 'open');
        return transfer(path.endsWith('/revert') ? 'completed' : 'pending');
      },
    };
    const purchaseOrder = async (status: 'draft' | 'ordered') => {
      const id = ok(await ws.owner.post('/purchase-orders', { supplierId: supplier, locationId: warehouse, lines: [{ itemId: item, quantity: 100 }] }), 'purchase order').id as string;
      if (status === 'ordered') ok(await ws.owner.post(`/purchase-orders/${id}/submit`, {}), 'submitted purchase order');
      return id;
    };
    let receipt: Promise<{ order: string; receipt: string }> | undefined;
    const received = () =>
      (receipt ??= purchaseOrder('ordered').then(async (order) => ({
        order,
        receipt: ok(await ws.owner.post(`/purchase-orders/${order}/receipts`, { lines: [{ itemId: item, quantity: 1 }] }), 'receipt').id as string,
      })));
    const job = async (status: 'open' | 'completed') => {
      const id = ok(await ws.owner.post('/jobs', { name: 'World job', sourceLocationId: warehouse, lines: [{ itemId: item, quantity: 1 }] }), 'job').id as string;
      if (status === 'completed') ok(await ws.owner.post(`/jobs/${id}/complete`, {}), 'completed job');
      return id;
    };
    const bodyIds: Record<string, unknown> = {
      itemId: item,
      locationId: warehouse,
      fromLocationId: warehouse,
      toLocationId: van,
      sourceLocationId: warehouse,
      defaultInvoiceSourceLocationId: warehouse,
      defaultTransferFromLocationId: warehouse,
      replenishFrom: warehouse,
      locationIds: [van],
      supplierId: supplier,
      tagId: tag.id,
      tagIds: [tag.id],
      tagNames: [tag.name],
    };
    return { ws, van, item, pathIds, bodyIds };
  }

  /** The example with every id field replaced by the world's (by field name, at any depth). */
  function substituted(example: unknown, ids: Record<string, unknown>): unknown {
    if (Array.isArray(example)) return example.map((element) => substituted(element, ids));
    if (example === null || typeof example !== 'object') return example;
    return Object.fromEntries(Object.entries(example).map(([key, value]) => [key, key in ids ? ids[key] : substituted(value, ids)]));
  }

  function leftoverIds(value: unknown, known: Set<unknown>, at = ''): string[] {
    if (typeof value === 'string') return SAMPLE_ID.test(value) && !known.has(value) ? [at] : [];
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, child]) => leftoverIds(child, known, `${at}${Array.isArray(value) ? `[${key}]` : `.${key}`}`));
  }

  const mutating = operations(document)
    .filter(({ name }) => /^(POST|PUT|PATCH|DELETE) /.test(name))
    .map(({ name, op }) => [name, op] as const);

  it('when the document is read, then every write operation is here, each with its request example when it takes a body', () => {
    expect(mutating.length).toBeGreaterThanOrEqual(25);
    for (const [name, op] of mutating) if (op.requestBody) expect([name, (op.requestBody.content['application/json'] ?? op.requestBody.content['text/csv']).example]).toEqual([name, expect.anything()]);
  });

  it.each(mutating)('when the example of %s is sent, then it answers its documented success and does what its summary says', async (name, op) => {
    const [method, template] = name.split(' ') as [string, string];
    const world = await preparedWorld();
    let path = template;
    for (const [, param] of template.matchAll(/\{(\w+)\}/g)) {
      const id = world.pathIds[param!];
      expect([name, param, id ? 'known' : 'no world id for this path parameter']).toEqual([name, param, 'known']);
      path = path.replace(`{${param}}`, await id!(template, method.toLowerCase()));
    }
    const query: Record<string, string> = { workspaceId: world.ws.id };
    for (const parameter of op.parameters ?? []) {
      if (parameter.in === 'query' && parameter.required) query[parameter.name] = String(parameter.schema.example ?? parameter.schema.enum?.[0]);
    }
    const json = op.requestBody?.content['application/json']?.example;
    const csv = op.requestBody?.content['text/csv']?.example;
    const body = json === undefined ? undefined : substituted(json, world.bodyIds);
    const known = new Set(Object.values(world.bodyIds).flat());
    expect([name, leftoverIds(body, known)]).toEqual([name, []]);
    const res = await request(method, path, {
      key: world.ws.ownerKey,
      query,
      ...(csv !== undefined ? { rawBody: csv, headers: { 'content-type': 'text/csv' } } : body !== undefined ? { body } : {}),
    });
    const success = Number(Object.keys(op.responses).find((status) => status.startsWith('2')));
    expect([name, op.summary, res.status, res.status === success ? '' : res.text]).toEqual([name, op.summary, success, '']);

    // Where the summary promises an effect on stock, the effect is there.
    if (name === 'POST /inventory/transfers') {
      expect(res.body.status).toBe('completed');
      const balances = await world.ws.owner.get('/inventory/balances', { query: { itemId: world.item, locationId: world.van } });
      expect(balances.body.map((b: Json) => b.onHand)).toEqual([body && (body as Json).lines[0].quantity]);
    }
    if (name === 'POST /inventory/replenishment') expect(res.body.transfers.map((t: Json) => t.toLocation.id)).toEqual([world.van]);
  });
});
