import { expectError } from '../support/api';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { WebhookReceiver } from '../support/webhook-receiver';
import { createItem, receive } from '../stock/stock-fixtures';

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function subscribed(ws: TestWorkspace, body: Record<string, unknown> = {}) {
  const r = await WebhookReceiver.start();
  receivers.push(r);
  const created = await ws.owner.post('/webhooks', { url: r.url, ...body });
  expect(created.status).toBe(201);
  r.secrets = [created.body.secret];
  return { receiver: r, endpoint: created.body };
}

describe('webhook URLs (SSRF)', () => {
  const refused: Array<[string, RegExp]> = [
    ['http://127.0.0.1:8080/hook', /loopback/],
    ['https://localhost/hook', /resolves to 127\.0\.0\.1.*loopback/],
    ['https://10.1.2.3/hook', /private/],
    ['https://172.16.5.4/hook', /private/],
    ['https://192.168.1.1/hook', /private/],
    ['http://169.254.169.254/latest/meta-data/', /metadata|link-local/],
    ['https://100.64.0.1/hook', /CGNAT|shared/i],
    ['https://0.0.0.0/hook', /unspecified/],
    ['https://224.0.0.1/hook', /multicast/],
    ['https://[::1]/hook', /loopback/],
    ['https://[fc00::1]/hook', /unique local|ULA/i],
    ['https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['https://[::ffff:a9fe:a9fe]/hook', /metadata|link-local/],
    ['https://user:secret@hooks.example.com/hook', /credentials/],
    ['ftp://hooks.example.com/hook', /https:\/\//],
    ['https://hooks.example.com/hook#part', /fragment/],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, /2048/],
    ['not a url', /spaces|valid/],
  ];

  it.each(refused)('when an endpoint is created with %s, then 400 naming url, and nothing is created', async (url, reason) => {
    const ws = await newWorkspace();
    const error = expectError(await ws.owner.post('/webhooks', { url }), 400, 'bad_request');
    expect(error).toMatchObject({ param: 'url' });
    expect(error.message).toMatch(reason);
    expect(await sql('SELECT 1 FROM notifications.endpoints WHERE workspace_id = $1', [ws.id])).toHaveLength(0);
  });

  it('when a URL is changed to a refused one, then 400 naming url, and the endpoint keeps its URL', async () => {
    const ws = await newWorkspace();
    const { endpoint } = await subscribed(ws);
    expect(expectError(await ws.owner.patch(`/webhooks/${endpoint.id}`, { url: 'https://[::ffff:10.0.0.1]/x' }), 400, 'bad_request')).toMatchObject({ param: 'url' });
    expect((await ws.owner.get(`/webhooks/${endpoint.id}`)).body.url).toBe(endpoint.url);
  });

  it('when the host name resolves to a refused address at connect time (DNS changed since create), then the attempt is refused and recorded, and nothing reaches it', async () => {
    const ws = await newWorkspace();
    // Test events only: the workspace's own creation events may still be on their way, and one sent before the URL changes would reach the receiver.
    const { receiver: r, endpoint } = await subscribed(ws, { events: ['webhook.test'] });
    const port = new URL(r.url).port;
    // What a rebinding name does: accepted at create, loopback at connect. localhost resolves to 127.0.0.1, which is not allowlisted.
    await sql('UPDATE notifications.endpoints SET url = $2 WHERE id = $1', [endpoint.id, `http://localhost:${port}/hooks`]);
    const test = await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    const attempt = await eventually('the refused attempt recorded', async () => (await ws.owner.get(`/webhooks/${endpoint.id}/deliveries/${test.body.id}`)).body.attempts[0]);
    expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/refused address 127\.0\.0\.1 \(loopback.*\) for localhost/) });
    expect(r.attempts).toHaveLength(0);
  });
});

describe('webhook tenancy, scopes and input', () => {
  it("when workspace A changes stock, then only A's endpoint receives it; B cannot read or change A's endpoints or deliveries", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const atA = await subscribed(a);
    const atB = await subscribed(b);
    const item = await createItem(a);
    await receive(a.owner, item.id, a.defaultLocationId, 3);
    await eventually("A's stock.changed delivered", async () => atA.receiver.ofType('stock.changed')[0]);
    const bTest = await b.owner.post(`/webhooks/${atB.endpoint.id}/test`);
    await eventually("B's test delivered", async () => atB.receiver.received.find((d) => d.webhookId === bTest.body.id));
    expect(atB.receiver.received.map((d) => d.event.workspaceId)).toEqual([b.id]);
    expect(atA.receiver.received.every((d) => d.event.workspaceId === a.id)).toBe(true);
    const [aDelivery] = (await a.owner.get(`/webhooks/${atA.endpoint.id}/deliveries`)).body;
    expectError(await b.owner.get(`/webhooks/${atA.endpoint.id}`), 404, 'not_found');
    expectError(await b.owner.get(`/webhooks/${atA.endpoint.id}/deliveries`), 404, 'not_found');
    expectError(await b.owner.patch(`/webhooks/${atA.endpoint.id}`, { enabled: false }), 404, 'not_found');
    expectError(await b.owner.post(`/webhooks/${atA.endpoint.id}/rotate-secret`), 404, 'not_found');
    expectError(await b.owner.delete(`/webhooks/${atA.endpoint.id}`), 404, 'not_found');
    expectError(await b.owner.post(`/webhooks/${atB.endpoint.id}/deliveries/${aDelivery.id}/retry`), 404, 'not_found');
    expect((await b.owner.get('/webhooks')).body.map((e: { id: string }) => e.id)).toEqual([atB.endpoint.id]);
    expect((await a.owner.get(`/webhooks/${atA.endpoint.id}`)).body.enabled).toBe(true);
  });

  it('scopes: webhooks.read reads, webhooks.write manages, both with valuation.read; a viewer reads only; a member restricted to some locations gets 403', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const { endpoint } = await subscribed(ws);
    const other = await newMember(ws, { role: 'member', scopes: ['items.read'] });
    const reader = await newMember(ws, { role: 'member', scopes: ['webhooks.read', 'valuation.read'] });
    const writer = await newMember(ws, { role: 'member', scopes: ['webhooks.write', 'valuation.read'] });
    const costBlind = await newMember(ws, { role: 'member', scopes: ['webhooks.read', 'webhooks.write'] });
    const viewer = await newMember(ws, { role: 'viewer' });
    const restricted = await newMember(ws, { role: 'member', locationAccess: `${ws.defaultLocationId}:write` });
    expect(expectError(await other.client.get('/webhooks'), 403, 'forbidden').message).toMatch(/webhooks\.read/);
    expect((await reader.client.get('/webhooks')).status).toBe(200);
    expect((await reader.client.get(`/webhooks/${endpoint.id}/deliveries`)).status).toBe(200);
    expect(expectError(await reader.client.post('/webhooks', { url: 'https://hooks.example.com/a' }), 403, 'forbidden').message).toMatch(/webhooks\.write/);
    expect((await writer.client.post('/webhooks', { url: 'https://hooks.example.com/b' })).status).toBe(201);
    // Deliveries carry costs: a key without valuation.read neither reads nor manages them (issue 44).
    expect(expectError(await costBlind.client.get('/webhooks'), 403, 'forbidden').message).toMatch(/valuation\.read/);
    expectError(await costBlind.client.post('/webhooks', { url: 'https://hooks.example.com/d' }), 403, 'forbidden');
    expect((await viewer.client.get('/webhooks')).status).toBe(200);
    expectError(await viewer.client.post(`/webhooks/${endpoint.id}/rotate-secret`), 403, 'forbidden');
    expect(expectError(await restricted.client.get('/webhooks'), 403, 'forbidden').message).toMatch(/restricted location access/);
    expectError(await restricted.client.post('/webhooks', { url: 'https://hooks.example.com/c' }), 403, 'forbidden');
  });

  it('when the plan allows 2 endpoints, then the third is refused 403 exceeded_limit; deleting one frees its place', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const first = await ws.owner.post('/webhooks', { url: 'https://hooks.example.com/1' });
    expect((await ws.owner.post('/webhooks', { url: 'https://hooks.example.com/2' })).status).toBe(201);
    expect(expectError(await ws.owner.post('/webhooks', { url: 'https://hooks.example.com/3' }), 403, 'exceeded_limit').message).toMatch(/2 webhook endpoints/);
    expect((await ws.owner.delete(`/webhooks/${first.body.id}`)).status).toBe(204);
    expect((await ws.owner.post('/webhooks', { url: 'https://hooks.example.com/3' })).status).toBe(201);
    expect((await ws.owner.get('/webhooks')).body).toHaveLength(2);
  });

  it.each([
    ['no body field url', {}, 'url'],
    ['an unknown event type', { url: 'https://hooks.example.com/x', events: ['transfer.*', 'transfer.shipped'] }, 'events[1]'],
    ['a wildcard in the middle', { url: 'https://hooks.example.com/x', events: ['*.completed'] }, 'events[0]'],
    ['an event twice', { url: 'https://hooks.example.com/x', events: ['item.created', 'item.created'] }, 'events[1]'],
    ['a description over 500 characters', { url: 'https://hooks.example.com/x', description: 'd'.repeat(501) }, 'description'],
    ['enabled not a boolean', { url: 'https://hooks.example.com/x', enabled: 'yes' }, 'enabled'],
    ['an unknown field', { url: 'https://hooks.example.com/x', secret: 'whsec_mine' }, undefined],
  ])('when an endpoint is created with %s, then 400 naming it', async (_case, body, param) => {
    const ws = await newWorkspace();
    const error = expectError(await ws.owner.post('/webhooks', body), 400, 'bad_request');
    if (param) expect(error).toMatchObject({ param });
    else expect(error.message).toMatch(/secret/);
  });

  it('bad ids, filters and cursors are 400 naming the parameter; an empty change is 400', async () => {
    const ws = await newWorkspace();
    const { endpoint } = await subscribed(ws);
    expect(expectError(await ws.owner.get('/webhooks/not-an-id'), 400, 'bad_request')).toMatchObject({ param: 'webhookId' });
    expect(expectError(await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { status: 'lost' } }), 400, 'bad_request')).toMatchObject({ param: 'status' });
    expect(expectError(await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { eventType: 'nope' } }), 400, 'bad_request')).toMatchObject({ param: 'eventType' });
    expect(expectError(await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { cursor: 'garbage' } }), 400, 'bad_request').message).toMatch(/cursor/);
    expect(expectError(await ws.owner.post(`/webhooks/${endpoint.id}/deliveries/nope/retry`), 400, 'bad_request')).toMatchObject({ param: 'deliveryId' });
    expectError(await ws.owner.patch(`/webhooks/${endpoint.id}`, {}), 400, 'bad_request');
    expectError(await ws.owner.get('/webhooks/7c9e6679-7425-40de-944b-e07fc1f90ae7'), 404, 'not_found');
  });

  it('deliveries page by cursor, newest first, and filter by status and event type', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, { events: ['webhook.test'] });
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push((await ws.owner.post(`/webhooks/${endpoint.id}/test`)).body.id);
    await eventually('all delivered', async () => (r.received.length === 3 ? true : undefined));
    const first = await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { pageSize: 2 } });
    expect(first.body.map((d: { id: string }) => d.id)).toEqual([sent[2], sent[1]]);
    const next = new URL(String(first.headers.link).match(/<([^>]+)>/)![1]!, 'https://x');
    const second = await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { pageSize: 2, cursor: next.searchParams.get('cursor')! } });
    expect(second.body.map((d: { id: string }) => d.id)).toEqual([sent[0]]);
    expect(second.headers.link).toBeUndefined();
    await eventually('all recorded as succeeded', async () => ((await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { status: 'succeeded' } })).body.length === 3 ? true : undefined));
    expect((await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { status: 'failed' } })).body).toEqual([]);
    expect((await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { eventType: 'transfer.completed' } })).body).toEqual([]);
    expect((await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { eventType: 'webhook.test' } })).body).toHaveLength(3);
  });
});
