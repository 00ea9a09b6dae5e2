import { Webhook } from 'standardwebhooks';
import { expectError } from '../support/api';
import { eventually, newKey, newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { WebhookReceiver } from '../support/webhook-receiver';
import { createItem, createLocation, receive } from '../stock/stock-fixtures';

const receivers: WebhookReceiver[] = [];
/** Endpoints that receive only what the test sends: the workspace's own creation events may still be on their way. */
const ONLY_TESTS = { events: ['webhook.test'] };
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await WebhookReceiver.start();
  receivers.push(r);
  return r;
}

/** An endpoint of `ws` at a fresh receiver that knows its secret. */
async function subscribed(ws: TestWorkspace, body: Record<string, unknown> = {}) {
  const r = await receiver();
  const created = await ws.owner.post('/webhooks', { url: r.url, ...body });
  expect(created.status).toBe(201);
  r.secrets = [created.body.secret];
  return { receiver: r, endpoint: created.body };
}

async function transfer(ws: TestWorkspace, itemId: string, from: string, to: string, quantity: number, status?: 'pending') {
  const res = await ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity }], ...(status ? { status } : {}) });
  expect(res.status).toBe(201);
  return res.body;
}

describe('webhooks', () => {
  it('when an endpoint is created, then 201 with a whsec_ secret shown once, and it is listed without it', async () => {
    const ws = await newWorkspace();
    const created = await ws.owner.post('/webhooks', { url: 'https://hooks.example.com/inventory', events: ['transfer.*'], description: 'planner' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/inventory',
      events: ['transfer.*'],
      description: 'planner',
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    const { secret, ...shown } = created.body;
    expect((await ws.owner.get('/webhooks')).body).toEqual([shown]);
    expect((await ws.owner.get(`/webhooks/${shown.id}`)).body).toEqual(shown);
    // Sealed at rest: the secret's text is nowhere in the row.
    const [row] = await sql('SELECT secret::text AS sealed FROM notifications.endpoints WHERE id = $1', [shown.id]);
    expect(row.sealed).not.toContain(Buffer.from(secret.slice(6), 'base64').toString('hex'));
  });

  it('when a transfer completes, then the receiver gets transfer.completed, verified with standardwebhooks, with the actor and the transfer as the API returns it', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, { events: ['transfer.*'] });
    const item = await createItem(ws);
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 10);
    const created = await transfer(ws, item.id, ws.defaultLocationId, van.id, 4);
    const delivered = await eventually('transfer.completed delivered', async () => r.ofType('transfer.completed')[0]);
    const got = await ws.owner.get(`/inventory/transfers/${created.id}`);
    expect(delivered.event).toEqual({ id: expect.any(String), type: 'transfer.completed', occurredAt: expect.any(String), workspaceId: ws.id, actor: { userId: expect.any(String), keyId: expect.any(String) }, data: got.body });
    // Only transfer.* reached it: no stock.changed although stock moved.
    expect(r.received.every((d) => d.event.type.startsWith('transfer.'))).toBe(true);
    const deliveries = await eventually('the delivery recorded as succeeded', async () => {
      const res = await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`);
      return res.body.find((d: any) => d.id === delivered.webhookId && d.status === 'succeeded');
    });
    expect(deliveries).toMatchObject({ eventId: delivered.event.id, eventType: 'transfer.completed', attemptCount: 1, nextAttemptAt: null });
    expect(deliveries.attempts).toEqual([{ attemptedAt: expect.any(String), statusCode: 200, durationMs: expect.any(Number), error: null, response: 'answered 200' }]);
  });

  it('when jobs complete, are cancelled and reverted, then the receiver gets job.completed, job.cancelled and job.reverted with the job as the API returns it, and the stock.changed of its movements', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { receiver: r } = await subscribed(ws, { events: ['job.*', 'stock.changed'] });
    const item = await createItem(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 10);
    const job = (body: Record<string, unknown>) => ws.owner.post('/jobs', { sourceLocationId: ws.defaultLocationId, lines: [{ itemId: item.id, quantity: 3 }], ...body });
    const done = (await job({ name: 'Done', reserve: true })).body;
    expect((await ws.owner.post(`/jobs/${done.id}/complete`)).status).toBe(200);
    const dropped = (await job({ name: 'Dropped' })).body;
    expect((await ws.owner.post(`/jobs/${dropped.id}/cancel`)).status).toBe(200);
    expect((await ws.owner.post(`/jobs/${done.id}/revert`)).status).toBe(200);
    const completed = await eventually('job.completed delivered', async () => r.ofType('job.completed')[0]);
    const cancelled = await eventually('job.cancelled delivered', async () => r.ofType('job.cancelled')[0]);
    const reverted = await eventually('job.reverted delivered', async () => r.ofType('job.reverted')[0]);
    expect(completed.event).toMatchObject({ workspaceId: ws.id, actor: { userId: expect.any(String), keyId: expect.any(String) }, data: { id: done.id, status: 'completed', lines: [{ used: 3 }] } });
    expect(cancelled.event.data).toMatchObject({ id: dropped.id, status: 'cancelled' });
    expect(reverted.event.data).toEqual((await ws.owner.get(`/jobs/${done.id}`)).body);
    const changes = await eventually('the job movements as stock.changed', async () => {
      const got = r.ofType('stock.changed').filter((d) => d.event.data.movementType === 'adjustment');
      return got.length >= 2 ? got.map((d) => d.event.data.delta) : undefined;
    });
    expect(changes).toEqual([-3, 3]);
  });

  it('when the secret is rotated, then deliveries carry both signatures for 24 h: a receiver with only the old or only the new secret verifies them', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, ONLY_TESTS);
    const old = r.secrets[0]!;
    const rotated = await ws.owner.post(`/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(old);
    expect(Date.parse(rotated.body.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    r.secrets = [old, rotated.body.secret];
    const test = await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    const delivered = await eventually('webhook.test delivered', async () => r.received.find((d) => d.webhookId === test.body.id));
    expect(delivered.verifiedWith).toEqual([0, 1]);
    expect(delivered.signature.split(' ')).toHaveLength(2);
    expect(delivered.event).toMatchObject({ type: 'webhook.test', data: { webhookId: endpoint.id } });
    // A signature by a secret the endpoint never had verifies nothing.
    expect(() => new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(delivered.body, { 'webhook-id': delivered.webhookId, 'webhook-timestamp': delivered.timestamp, 'webhook-signature': delivered.signature })).toThrow();
  });

  it('when the receiver fails, then the message is retried on the schedule with the same webhook-id until a 2xx', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, ONLY_TESTS);
    r.respond = ({ n }) => (n < 3 ? 503 : 200);
    const test = await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    await eventually('delivered on the third attempt', async () => r.received.find((d) => d.webhookId === test.body.id));
    expect(r.attempts.filter((a) => a.webhookId === test.body.id)).toHaveLength(3);
    const delivery = await eventually('recorded', async () => {
      const res = await ws.owner.get(`/webhooks/${endpoint.id}/deliveries/${test.body.id}`);
      return res.body.status === 'succeeded' ? res.body : undefined;
    });
    expect(delivery.attempts.map((a: any) => a.statusCode)).toEqual([200, 503, 503]);
    expect(delivery.attempts[1]).toMatchObject({ error: 'HTTP 503', response: 'answered 503' });
  });

  it('when every attempt fails, then the delivery fails after the schedule, and a manual retry sends it again with the same webhook-id', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, ONLY_TESTS);
    r.respond = () => 500;
    const test = await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    const failed = await eventually('failed after 4 attempts', async () => {
      const res = await ws.owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { status: 'failed' } });
      return res.body[0];
    });
    expect(failed).toMatchObject({ id: test.body.id, status: 'failed', attemptCount: 4, nextAttemptAt: null });
    r.respond = () => 200;
    // On a busy machine the four attempts can span the stack's 3 s disable window (WEBHOOK_DISABLE_AFTER),
    // and a disabled endpoint takes no retry (409): enabled again first, as its owner would, so the case
    // does not depend on how fast the attempts went. (Disabling is a case of its own.)
    expect((await ws.owner.patch(`/webhooks/${endpoint.id}`, { enabled: true })).status).toBe(200);
    const retried = await ws.owner.post(`/webhooks/${endpoint.id}/deliveries/${test.body.id}/retry`);
    expect(retried.status).toBe(202);
    await eventually('delivered by the manual retry', async () => r.received.find((d) => d.webhookId === test.body.id));
  });

  it('when the receiver answers 410 Gone, then the endpoint is disabled at once with the reason, and nothing more is sent', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, ONLY_TESTS);
    r.respond = () => 410;
    await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    const disabled = await eventually('disabled', async () => {
      const res = await ws.owner.get(`/webhooks/${endpoint.id}`);
      return res.body.enabled ? undefined : res.body;
    });
    expect(disabled.disabledReason).toBe('The endpoint answered 410 Gone.');
    expectError(await ws.owner.post(`/webhooks/${endpoint.id}/test`), 409, 'conflict');
    const enabled = await ws.owner.patch(`/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe('a failing streak', () => {
  it('when every attempt fails for longer than WEBHOOK_DISABLE_AFTER (3 s here, 5 days by default), then the endpoint is disabled with the reason', async () => {
    const ws = await newWorkspace();
    const { receiver: r, endpoint } = await subscribed(ws, ONLY_TESTS);
    r.respond = () => 503;
    const started = Date.now();
    // A message's 4 attempts span about 2 s; a second one keeps the streak failing past 3 s.
    await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ws.owner.post(`/webhooks/${endpoint.id}/test`);
    const disabled = await eventually('disabled by the streak', async () => {
      const res = await ws.owner.get(`/webhooks/${endpoint.id}`);
      return res.body.enabled ? undefined : res.body;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(disabled.disabledReason).toMatch(/^Every attempt failed since .* \(3 seconds or more\)\.$/);
  });
});

describe('a slow receiver', () => {
  it('when an endpoint answers slowly, then at most 4 requests are in flight to it, and another endpoint is served meanwhile', async () => {
    const slowWs = await newWorkspace();
    const slow = await subscribed(slowWs, ONLY_TESTS);
    let inFlight = 0;
    let most = 0;
    slow.receiver.respond = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 600));
      inFlight -= 1;
      return 200;
    };
    for (let i = 0; i < 12; i++) expect((await slowWs.owner.post(`/webhooks/${slow.endpoint.id}/test`)).status).toBe(202);
    const otherWs = await newWorkspace();
    const other = await subscribed(otherWs, ONLY_TESTS);
    await eventually('the slow endpoint saturated', async () => (inFlight === 4 ? true : undefined));
    const sentAt = Date.now();
    const test = await otherWs.owner.post(`/webhooks/${other.endpoint.id}/test`);
    const delivered = await eventually('the other endpoint served', async () => other.receiver.received.find((d) => d.webhookId === test.body.id));
    // Served while the slow endpoint still has a backlog of 12 × 600 ms / 4 in flight.
    expect(delivered.at - sentAt).toBeLessThan(1000);
    await eventually('the slow endpoint drained', async () => (slow.receiver.received.length === 12 ? true : undefined), 15_000);
    expect(most).toBe(4);
  });
});
