import { bodyDigest, SIGNATURE_LIFETIME_MS, signContext } from '@inv/shared/http';
import { request } from '../support/api';
import { newWorkspace, sql, unique } from '../support/fixtures';
import { callService, ownerContext, signedHeaders } from '../support/internal-calls';

const EVERY_SCOPE = ['items.read', 'items.write', 'tags.read', 'tags.write', 'locations.read', 'inventory.read'] as const;

describe('internal trust: a signature holds for one request only', () => {
  // Each header is signed just before it is used, so its 10 s life cannot be what refuses it.
  it('when headers signed for a GET /items are replayed on another method, path, query or service, then 401; on their own request they work', async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, [...EVERY_SCOPE]);
    const captured = () => signedHeaders(context, 'GET', '/items?sku=a');
    const tagBody = JSON.stringify({ name: unique('tag') });
    const replays = [
      await callService('catalog', 'POST', '/tags', { headers: captured(), body: tagBody }),
      await callService('catalog', 'GET', '/items?sku=b', { headers: captured() }),
      await callService('catalog', 'GET', '/items', { headers: captured() }),
      await callService('locations', 'GET', '/locations', { headers: captured() }),
      await callService('stock', 'GET', '/inventory/balances', { headers: captured() }),
    ];
    for (const res of replays) expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 401, code: 'unauthorized' });
    expect(await sql('SELECT 1 FROM catalog.tags WHERE workspace_id = $1', [ws.id])).toHaveLength(0);
    expect((await callService('catalog', 'GET', '/items?sku=a', { headers: captured() })).status).toBe(200);
  });

  it('when headers signed for one body are sent with another, then 401 and nothing is created', async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, [...EVERY_SCOPE]);
    const signedFor = JSON.stringify({ name: unique('blue') });
    const headers = () => signedHeaders(context, 'POST', '/tags', signedFor);
    const swapped = JSON.stringify({ name: unique('red') });
    const refused = await callService('catalog', 'POST', '/tags', { headers: headers(), body: swapped });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 'unauthorized' });
    const noBody = await callService('catalog', 'POST', '/tags', { headers: headers() });
    expect(noBody.status).toBe(401);
    expect(await sql('SELECT 1 FROM catalog.tags WHERE workspace_id = $1', [ws.id])).toHaveLength(0);
    const accepted = await callService('catalog', 'POST', '/tags', { headers: headers(), body: signedFor });
    expect(accepted.status).toBe(201);
    expect(accepted.body.name).toBe(JSON.parse(signedFor).name);
  });

  it(`when headers were signed more than ${SIGNATURE_LIFETIME_MS / 1000} s ago, then 401`, async () => {
    const ws = await newWorkspace();
    const context = ownerContext(ws, [...EVERY_SCOPE]);
    const request = { method: 'GET', target: '/locations', bodyDigest: bodyDigest(undefined) };
    const stale = signContext(context, request, process.env.TEST_INTERNAL_SECRET!, Date.now() - SIGNATURE_LIFETIME_MS - 1000);
    expect((await callService('locations', 'GET', '/locations', { headers: stale })).status).toBe(401);
    const fresh = signContext(context, request, process.env.TEST_INTERNAL_SECRET!);
    expect((await callService('locations', 'GET', '/locations', { headers: fresh })).status).toBe(200);
  });
});

describe('internal trust: through the gateway', () => {
  it('when a client sends its own internal headers, then the gateway replaces them and the call runs as the key', async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const forged = signedHeaders(ownerContext(other, [...EVERY_SCOPE]), 'GET', `/locations/${other.defaultLocationId}`);
    const res = await request('GET', `/locations/${ws.defaultLocationId}`, { key: ws.ownerKey, query: { workspaceId: ws.id }, headers: forged });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(ws.defaultLocationId);
  });
});
