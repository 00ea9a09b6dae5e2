import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { expectError, request } from '../support/api';
import { newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { callService, ownerContext, type ServiceName, serviceUrl, signedHeaders } from '../support/internal-calls';
import { rawExchange, type RawResponse } from '../support/raw-http';

/** Rows the workspace holds in each service's main table: a refused request must leave them as they were. */
async function footprint(ws: TestWorkspace) {
  const [items] = await sql('SELECT count(*)::int AS n FROM catalog.items WHERE workspace_id = $1', [ws.id]);
  const [tags] = await sql('SELECT count(*)::int AS n FROM catalog.tags WHERE workspace_id = $1', [ws.id]);
  const [locations] = await sql('SELECT count(*)::int AS n FROM locations.locations WHERE workspace_id = $1', [ws.id]);
  const [transfers] = await sql('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1', [ws.id]);
  return { items: items.n, tags: tags.n, locations: locations.n, transfers: transfers.n };
}

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function expectRawError(res: RawResponse, status: number, code: string): string {
  expect({ status: res.status, code: res.body?.error?.code, type: res.headers['content-type'] }).toEqual({ status, code, type: expect.stringMatching(/^application\/json/) });
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  return res.body.error.message;
}

describe('hostile input: NUL characters and unpaired surrogates', () => {
  it('when a query parameter holds a NUL, then 400 names the parameter, on every service and on the workspace selector', async () => {
    const ws = await newWorkspace();
    const cases: Array<[string, string]> = [
      ['/items', 'search'],
      ['/items', 'sku'],
      ['/items', 'description'],
      ['/items', 'tagNames'],
      ['/items', 'userId'],
      ['/items', 'supplierId'],
      ['/items/count', 'tagIds'],
      ['/items/info', 'itemId'],
      ['/tags', 'search'],
      ['/locations', 'search'],
      ['/inventory/balances', 'itemId'],
      ['/inventory/transfers', 'status'],
    ];
    for (const [path, param] of cases) {
      const res = await ws.owner.get(path, { query: { [param]: 'a\u0000b' } });
      expect({ path, param, message: expectError(res, 400, 'bad_request').message }).toEqual({ path, param, message: expect.stringContaining(`query parameter "${param}"`) });
    }
    for (const param of ['workspaceId', 'projectSlug']) {
      const res = await request('GET', '/locations', { key: ws.ownerKey, query: { [param]: `${ws.id}\u0000` } });
      expect(expectError(res, 400, 'bad_request').message).toContain(`query parameter "${param}"`);
    }
  });

  it('when a path id holds a NUL, then 400 names the segment', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const cases: Array<[string, string]> = [
      ['GET', '/workspaces/%00'],
      ['GET', '/locations/%00'],
      ['PATCH', '/locations/a%00b'],
      ['DELETE', '/locations/%00'],
      ['PATCH', '/items/a%00'],
      ['GET', '/inventory/transfers/%00'],
      ['POST', '/inventory/transfers/%00/revert'],
    ];
    for (const [method, path] of cases) {
      const res = await request(method, path, { key: ws.ownerKey, query: { workspaceId: ws.id }, ...(method === 'PATCH' ? { body: { note: 'x' } } : {}) });
      expect({ method, path, message: expectError(res, 400, 'bad_request').message }).toEqual({ method, path, message: expect.stringMatching(/path: segment ".*%00.*" contains a NUL/) });
    }
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a body string holds a NUL or an unpaired surrogate, then 400 names the field and nothing is stored', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const cases: Array<[string, unknown, string]> = [
      ['/items', { sku: 'a\u0000' }, 'body field "sku" contains a NUL'],
      ['/items', { sku: unique('SKU'), description: 'x\ud800' }, 'body field "description" contains an unpaired UTF-16 surrogate'],
      ['/items/bulk', [{ sku: unique('SKU') }, { sku: 'b', tagNames: ['ok', '\udfff'] }], 'body field "[1].tagNames[1]"'],
      ['/tags', { name: 'red\u0000' }, 'body field "name"'],
      ['/locations', { name: 'Van', note: '\u0000' }, 'body field "note"'],
      ['/locations', { name: 'Van', ['note\u0000']: 'x' }, 'body field name "["note\\u0000"]"'],
      [
        '/inventory/transfers',
        { fromLocationId: ws.defaultLocationId, toLocationId: ws.defaultLocationId, lines: [{ itemId: 'i', quantity: 1, note: 'n\u0000' }] },
        'body field "lines[0].note"',
      ],
    ];
    for (const [path, body, named] of cases) {
      // JSON.stringify writes NUL as \u0000 and a lone surrogate as \udXXX escapes: valid JSON.
      const res = await ws.owner.post(path, body);
      expect({ path, message: expectError(res, 400, 'bad_request').message }).toEqual({ path, message: expect.stringContaining(named) });
    }
    const location = await ws.owner.patch(`/locations/${ws.defaultLocationId}`, { note: '\ud800' });
    expect(expectError(location, 400, 'bad_request').message).toContain('body field "note"');
    expect(await footprint(ws)).toEqual(before);
    expect((await ws.owner.get(`/locations/${ws.defaultLocationId}`)).body.note).toBe('');
  });
});

describe('hostile input: malformed percent-encoding in a path', () => {
  it('when a path segment is not valid percent-encoded UTF-8, then 400 from the gateway', async () => {
    const ws = await newWorkspace();
    for (const path of ['/workspaces/%ZZ', '/locations/%C0%AF', '/items/%E0%A4%A', '/inventory/transfers/%ED%A0%80', '/tags/%']) {
      const res = await request('GET', path, { key: ws.ownerKey, query: { workspaceId: ws.id } });
      expect({ path, message: expectError(res, 400, 'bad_request').message }).toEqual({ path, message: expect.stringContaining('not valid percent-encoded UTF-8') });
    }
  });

  it('when a service is called directly with such a path, then it answers 400 too', async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, ['items.read', 'items.write', 'locations.read', 'inventory.read', 'transfers.read']);
    const calls: Array<[ServiceName, string, string]> = [
      ['catalog', 'PATCH', '/items/%ZZ'],
      ['locations', 'GET', '/locations/%C0%AF'],
      ['stock', 'GET', '/inventory/transfers/%ZZ'],
    ];
    for (const [service, method, target] of calls) {
      const res = await callService(service, method, target, { headers: signedHeaders(context, method, target) });
      expect({ service, status: res.status, code: res.body?.error?.code }).toEqual({ service, status: 400, code: 'bad_request' });
    }
  });
});

describe('hostile input: JSON content type, nesting and encoding', () => {
  it('when Content-Type is APPLICATION/JSON in any case, with or without a charset, then the forwarded call completes at once', async () => {
    const ws = await newWorkspace();
    const name = unique('tag');
    const tag = await request('POST', '/tags', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: JSON.stringify({ name }), headers: { 'content-type': 'APPLICATION/JSON' } });
    expect(tag.status).toBe(201);
    expect(tag.body.name).toBe(name);
    const patched = await request('PATCH', `/locations/${ws.defaultLocationId}`, {
      key: ws.ownerKey,
      query: { workspaceId: ws.id },
      rawBody: JSON.stringify({ note: 'caf\u00e9 \ud83d\ude00' }),
      headers: { 'content-type': 'Application/Json; Charset="UTF-8"' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.note).toBe('caf\u00e9 \ud83d\ude00');
  });

  it('when the client sends Expect: 100-continue, then the body is forwarded all the same', async () => {
    const ws = await newWorkspace();
    const res = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { name: 'Van 7' }, headers: { expect: '100-continue' } });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Van 7');
  });

  it('when the charset is not UTF-8 or the bytes are not UTF-8, then 400', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const latin1 = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: '{"name":"Van"}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(expectError(latin1, 400, 'bad_request').message).toContain('charset');
    const invalid = Buffer.concat([Buffer.from('{"name":"Van '), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    const notUtf8 = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: invalid, headers: { 'content-type': 'application/json' } });
    expect(expectError(notUtf8, 400, 'bad_request').message).toContain('UTF-8');
    expect(await footprint(ws)).toEqual(before);
  });

  it('when JSON is nested 5,000 levels deep (or just past 64), then 400 and nothing is stored', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const bodies = [`{"name":"Van","note":${nested(5000)}}`, nested(5000), `{"name":"Van","note":${nested(64)}}`];
    for (const rawBody of bodies) {
      for (const path of ['/locations', '/items/bulk', '/inventory/transfers']) {
        const res = await request('POST', path, { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody, headers: { 'content-type': 'application/json' } });
        expect({ path, message: expectError(res, 400, 'bad_request').message }).toEqual({ path, message: expect.stringContaining('nested more than 64 levels') });
      }
    }
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a body declares Content-Encoding gzip or br, compressed or not, then 400 says compressed bodies are not accepted', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const json = JSON.stringify({ name: 'Van' });
    const cases: Array<[string, string | Buffer]> = [
      ['gzip', json],
      ['br', json],
      ['deflate', json],
      ['gzip', gzipSync(json)],
    ];
    for (const [encoding, rawBody] of cases) {
      const res = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
      expect(expectError(res, 400, 'bad_request').message).toContain('Compressed request bodies are not accepted');
    }
    expect(await footprint(ws)).toEqual(before);
    const identity = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: json, headers: { 'content-type': 'application/json', 'content-encoding': 'identity' } });
    expect(identity.status).toBe(201);
  });
});

describe('hostile input: PATCH /items/{id} with an empty supplierId', () => {
  it('when supplierId is "", then 400 as on create (not an id), and the item is unchanged', async () => {
    const ws = await newWorkspace();
    expectError(await ws.owner.post('/items', { sku: unique('SKU'), supplierId: '' }), 400, 'bad_request');
    const item = (await ws.owner.post('/items', { sku: unique('SKU') })).body;
    expectError(await ws.owner.patch(`/items/${item.id}`, { supplierId: '' }), 400, 'bad_request');
    const [row] = await sql('SELECT supplier_id, updated_at FROM catalog.items WHERE id = $1', [item.id]);
    expect(row.supplier_id).toBeNull();
    expect(row.updated_at.toISOString()).toBe(item.updatedAt);
  });
});

describe('hostile input: requests Node’s HTTP parser refuses', () => {
  const host = () => new URL(process.env.TEST_GATEWAY_URL!).host;

  it('when headers or the URL are too large, then 400 with the envelope saying so', async () => {
    const headers = await rawExchange(`GET /workspaces HTTP/1.1\r\nHost: ${host()}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(expectRawError(headers, 400, 'bad_request')).toMatch(/headers, the URL included, are too large/);
    const url = await rawExchange(`GET /items?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`);
    expect(expectRawError(url, 400, 'bad_request')).toMatch(/too large/);
  });

  it('when the request line is malformed, then 400 with the envelope', async () => {
    expect(expectRawError(await rawExchange(`GET /workspaces HTTP/1.1 extra\r\nHost: ${host()}\r\n\r\n`), 400, 'bad_request')).toMatch(/Malformed HTTP request/);
    expect(expectRawError(await rawExchange('GARBAGE\r\n\r\n'), 400, 'bad_request')).toMatch(/Malformed HTTP request/);
  });

  it('when Content-Length is given twice, or with Transfer-Encoding, then 400 with the envelope and nothing is stored', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const start = `POST /locations?workspaceId=${ws.id} HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${ws.ownerKey}\r\nContent-Type: application/json\r\n`;
    const body = '{"name":"Van"}';
    const twice = await rawExchange(`${start}Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n\r\n${body}`);
    expect(expectRawError(twice, 400, 'bad_request')).toMatch(/Content-Length/);
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const both = await rawExchange(`${start}Content-Length: ${chunked.length}\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`);
    expect(expectRawError(both, 400, 'bad_request')).toMatch(/Transfer-Encoding/);
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a service gets such a request directly, then it answers with the envelope too', async () => {
    for (const service of ['catalog', 'locations', 'stock', 'notifications'] as const) {
      const res = await rawExchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, { service: serviceUrl(service) });
      expectRawError(res, 400, 'bad_request');
    }
  });
});

describe('hostile input: two Authorization headers', () => {
  it('when a request carries two Authorization lines, then 401 says the credentials are ambiguous, even when one is valid', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const send = (...keys: string[]) =>
      rawExchange(`GET /workspaces/${ws.id} HTTP/1.1\r\nHost: localhost\r\n${keys.map((k) => `Authorization: Bearer ${k}\r\n`).join('')}Connection: close\r\n\r\n`);
    expect((await send(ws.ownerKey)).status).toBe(200);
    for (const keys of [
      [ws.ownerKey, other.ownerKey],
      [ws.ownerKey, ws.ownerKey],
      [`sk_${'A'.repeat(32)}`, ws.ownerKey],
    ]) {
      expect(expectRawError(await send(...keys), 401, 'unauthorized')).toMatch(/one Authorization header/);
    }
  });
});

describe('hostile input: the services check bodies and queries themselves', () => {
  it('when a signed call reaches a service with a NUL in the query or the body, then the service answers 400', async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, ['items.read', 'locations.write']);
    const query = '/items?search=a%00';
    const list = await callService('catalog', 'GET', query, { headers: signedHeaders(context, 'GET', query) });
    expect({ status: list.status, message: list.body.error.message }).toEqual({ status: 400, message: expect.stringContaining('query parameter "search"') });
    const body = '{"name":"Van\\u0000"}';
    const created = await callService('locations', 'POST', '/locations', { headers: signedHeaders(context, 'POST', '/locations', body), body });
    expect({ status: created.status, message: created.body.error.message }).toEqual({ status: 400, message: expect.stringContaining('body field "name"') });
    expect((await footprint(ws)).locations).toBe(1);
  });
});

describe('hostile input: a list parameter given with no value', () => {
  it('when any list query parameter of any operation is empty, blank or only commas, then 400 names it as param', async () => {
    const ws = await newWorkspace();
    const spec = await request('GET', '/openapi.json');
    const listParams = Object.entries(spec.body.paths as Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: { type?: string | string[] } }> }>>).flatMap(
      ([path, methods]) =>
        (methods.get?.parameters ?? []).filter((p) => p.in === 'query' && [p.schema?.type].flat().includes('array')).map((p) => [path, p.name] as const),
    );
    // The lists of every service: catalog (items and their count), locations, stock (balances, movements, transfers), notifications (a webhook's deliveries).
    expect(listParams).toEqual(
      expect.arrayContaining([
        ['/items', 'stockHealth'],
        ['/items/count', 'stockHealth'],
        ['/items', 'tagIds'],
        ['/items/count', 'supplierIds'],
        ['/locations', 'type'],
        ['/inventory/balances', 'locationId'],
        ['/inventory/movements', 'reason'],
        ['/inventory/movements', 'transferId'],
        ['/inventory/transfers', 'status'],
        ['/webhooks/{webhookId}/deliveries', 'eventType'],
      ]),
    );
    for (const [path, param] of listParams) {
      // A path parameter is any well-formed id: the query is refused before anything is looked up.
      const target = path.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const value of ['', ' ', ',,']) {
        const res = await ws.owner.get(target, { query: { [param]: value } });
        const error = expectError(res, 400, 'bad_request') as { message: string; param?: string };
        expect({ path, param, value, named: error.param, message: error.message }).toEqual({ path, param, value, named: param, message: expect.stringContaining(`Query parameter ${param} must have at least one value`) });
      }
    }
  });

  it('when stockHealth is given with values, blanks between commas included, then the list answers as before', async () => {
    const ws = await newWorkspace();
    // No balance row: out. A catalog-only item is always ok.
    const tracked = (await ws.owner.post('/items', { sku: unique('SKU') })).body;
    expect((await ws.owner.post('/items', { sku: unique('SKU'), trackStock: false })).status).toBe(201);
    const outOrLow = await ws.owner.get('/items', { query: { stockHealth: 'out,,low' } });
    expect({ status: outOrLow.status, ids: outOrLow.body.map((i: { id: string }) => i.id) }).toEqual({ status: 200, ids: [tracked.id] });
    expect((await ws.owner.get('/items/count', { query: { stockHealth: ['ok', ' '] } })).body).toBe(1);
  });
});

describe('hostile input: param is printable text', () => {
  const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2028\u2029\ufeff]/;

  it('when a query parameter name or a body field name holds control or format characters, then param carries their escapes, not the characters', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const cases: Array<[string, string]> = [
      ['a%00b', 'a\\u0000b'],
      ['a%01b', 'a\\u0001b'],
      ['x%0D%0Ay', 'x\\u000d\\u000ay'],
      ['%E2%80%AEevil', '\\u202eevil'],
    ];
    for (const [name, escaped] of cases) {
      const res = await request('GET', `/locations?workspaceId=${ws.id}&${name}=1`, { key: ws.ownerKey });
      const error = expectError(res, 400, 'bad_request') as { message: string; param?: string };
      expect({ name, param: error.param, message: error.message }).toEqual({ name, param: escaped, message: expect.stringContaining(escaped) });
      expect(error.message).not.toMatch(NOT_PRINTABLE);
    }
    const body = await ws.owner.post('/locations', { name: 'Van', ['no\u0085te\u202e']: 'x' });
    expect((expectError(body, 400, 'bad_request') as { param?: string }).param).toBe('["no\\u0085te\\u202e"]');
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a service is called directly with such a name, then its param is printable too', async () => {
    const ws = await newWorkspace();
    const target = '/items?a%01b=1';
    const res = await callService('catalog', 'GET', target, { headers: signedHeaders(ownerContext(ws, ['items.read']), 'GET', target) });
    expect({ status: res.status, param: res.body.error.param }).toEqual({ status: 400, param: 'a\\u0001b' });
  });
});

describe('hostile input: requests without Host, CONNECT, and bodies that stop short', () => {
  const host = () => new URL(process.env.TEST_GATEWAY_URL!).host;
  const services = ['catalog', 'locations', 'stock', 'notifications'] as const;

  it('when an HTTP/1.1 request has no Host header, then 400 with the envelope names Host, on the gateway and on every service, and nothing is stored', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const body = '{"name":"Van"}';
    const gateway = await rawExchange(`POST /locations?workspaceId=${ws.id} HTTP/1.1\r\nAuthorization: Bearer ${ws.ownerKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(expectRawError(gateway, 400, 'bad_request')).toMatch(/^Missing Host header/);
    expect({ param: gateway.body.error.param, connection: gateway.headers.connection }).toEqual({ param: 'Host', connection: 'close' });
    for (const service of services) {
      const res = await rawExchange('GET /healthz HTTP/1.1\r\n\r\n', { service: serviceUrl(service) });
      expect({ service, message: expectRawError(res, 400, 'bad_request'), param: res.body.error.param }).toEqual({ service, message: expect.stringMatching(/^Missing Host header/), param: 'Host' });
    }
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a CONNECT request comes, with tunnel bytes after it or not, then 400 with the envelope and the connection closed, on the gateway and on every service', async () => {
    const connect = `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`;
    for (const bytes of [connect, `${connect}\u0016\u0003\u0001 a TLS hello`]) {
      const gateway = await rawExchange(bytes);
      expect({ message: expectRawError(gateway, 400, 'bad_request'), connection: gateway.headers.connection }).toEqual({ message: expect.stringMatching(/^CONNECT is not supported/), connection: 'close' });
    }
    for (const service of services) {
      const res = await rawExchange(connect, { service: serviceUrl(service) });
      expect({ service, message: expectRawError(res, 400, 'bad_request') }).toEqual({ service, message: expect.stringMatching(/^CONNECT is not supported/) });
    }
  });

  it('when a body stops short of its Content-Length, then 408 with the envelope says the body did not arrive in time, the connection is closed and nothing is stored', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const res = await rawExchange(
      `POST /locations?workspaceId=${ws.id} HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: Bearer ${ws.ownerKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"Van"`,
    );
    expect(expectRawError(res, 408, 'bad_request')).toMatch(/^The request body did not arrive in time: Content-Length announces 100 bytes, and the whole request must arrive within \d/);
    expect({ param: res.body.error.param, connection: res.headers.connection, requestId: res.headers['x-request-id'] }).toEqual({ param: undefined, connection: 'close', requestId: expect.any(String) });
    expect(await footprint(ws)).toEqual(before);
  });

  it('when a signed call reaches a service with a body that stops short, then the service answers 408 with the envelope too', async () => {
    const ws = await newWorkspace();
    const before = await footprint(ws);
    const body = '{"name":"Van"}';
    const signed = signedHeaders(ownerContext(ws, ['locations.write']), 'POST', '/locations', body);
    const headers = Object.entries(signed).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    const res = await rawExchange(`POST /locations HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`, { service: serviceUrl('locations') });
    expect(expectRawError(res, 408, 'bad_request')).toMatch(/^The request body did not arrive in time/);
    expect(await footprint(ws)).toEqual(before);
  });

  it('when the headers never end, then 408 with the envelope says the headers did not arrive in time', async () => {
    const res = await rawExchange(`GET /workspaces HTTP/1.1\r\nHost: ${host()}\r\n`);
    expect(expectRawError(res, 408, 'bad_request')).toMatch(/^The request headers did not arrive in time/);
  });
});
