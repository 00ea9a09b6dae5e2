import { expectError, request } from '../support/api';
import { newWorkspace } from '../support/fixtures';
import { ownerContext, signedHeaders } from '../support/internal-calls';

describe('error envelope', () => {
  it('when the body is malformed JSON, then 400 bad_request', async () => {
    const ws = await newWorkspace();
    const res = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(expectError(res, 400, 'bad_request').message).toMatch(/JSON/);
  });

  it('when the body is not JSON, then 400 bad_request says which content type is expected', async () => {
    const ws = await newWorkspace();
    const res = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(expectError(res, 400, 'bad_request').message).toContain('application/json');
  });

  it('when the body is larger than 1 MB, then 400 bad_request and the service never sees it', async () => {
    const ws = await newWorkspace();
    const res = await request('POST', '/locations', { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { name: 'x', note: 'a'.repeat(1_100_000) } });
    expect(expectError(res, 400, 'bad_request').message).toMatch(/too large/);
  });

  it('when the route is unknown, then 404 not_found', async () => {
    const ws = await newWorkspace();
    expectError(await request('GET', '/no-such-thing', { key: ws.ownerKey }), 404, 'not_found');
    expectError(await request('GET', '/locations/x/y/z', { key: ws.ownerKey, query: { workspaceId: ws.id } }), 404, 'not_found');
  });

  it('when any response is sent, then it carries X-Request-Id, and a valid incoming one is kept', async () => {
    const ws = await newWorkspace();
    const generated = await request('GET', '/nope', { key: ws.ownerKey });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request('GET', `/workspaces/${ws.id}`, { key: ws.ownerKey, headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('trace-abc.123');
    const replaced = await request('GET', `/workspaces/${ws.id}`, { key: ws.ownerKey, headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('when the OpenAPI document is requested without a key, then it lists the routes with the envelope and the bearer scheme', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/workspaces', '/workspaces/{idOrSlug}', '/locations/{id}']));
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.components.schemas.Error).toBeDefined();
    expect(res.body.components.schemas.Workspace).toBeDefined();
  });
});

describe('internal services', () => {
  const services = () => JSON.parse(process.env.TEST_SERVICE_URLS!) as Record<string, string>;

  it('when a service is called without the gateway signature, then 401 and nothing is served', async () => {
    for (const url of Object.values(services())) {
      const res = await fetch(`${url}/locations/00000000-0000-0000-0000-000000000000`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).error.code).toBe('unauthorized');
    }
  });

  it('when the signature is forged or the context altered, then 401', async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, ['locations.read']);
    const target = `/locations/${ws.defaultLocationId}`;
    const url = `${services().locations}${target}`;
    expect((await fetch(url, { headers: signedHeaders(context, 'GET', target, undefined, 'not-the-real-secret-at-all') })).status).toBe(401);
    const genuine = signedHeaders(context, 'GET', target);
    expect((await fetch(url, { headers: genuine })).status).toBe(200);
    const [issued, digest] = genuine['x-internal-context']!.split('.');
    const altered = Buffer.from(JSON.stringify({ ...context, workspace: { ...context.workspace, id: 'other' } })).toString('base64url');
    expect((await fetch(url, { headers: { ...genuine, 'x-internal-context': `${issued}.${digest}.${altered}` } })).status).toBe(401);
  });
});
