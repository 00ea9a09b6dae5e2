import { expectError, request } from '../support/api';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { type ReceivedDelivery, WebhookReceiver } from '../support/webhook-receiver';
import { createLocation, receive } from '../stock/stock-fixtures';

const receivers: WebhookReceiver[] = [];
/**
 * How long alerts may take under the whole suite's load: a batch the consumer retries waits out
 * its retry delay, and a delivery that must be repeated waits for its lease (7 s in the test stack).
 */
const ALERTS_WITHIN_MS = 30_000;
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function subscribed(ws: TestWorkspace, events: string[]): Promise<WebhookReceiver> {
  const r = await WebhookReceiver.start();
  receivers.push(r);
  const created = await ws.owner.post('/webhooks', { url: r.url, events });
  expect(created.status).toBe(201);
  r.secrets = [created.body.secret];
  return r;
}

const adjust = async (ws: TestWorkspace, itemId: string, locationId: string, quantity: number) => {
  const res = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId, locationId, quantity });
  expect(res.status).toBe(201);
};

/** The alerts received so far, in the order their events were recorded (message ids are time-ordered). */
const inOrder = (deliveries: ReceivedDelivery[]) => [...deliveries].sort((a, b) => (a.webhookId < b.webhookId ? -1 : 1));

describe('stock alerts', () => {
  it('par levels: the van below its par level is named once per crossing; a raised minimum re-evaluates once', async () => {
    const ws = await newWorkspace();
    const r = await subscribed(ws, ['stock.below_par', 'stock.par_restored']);
    const item = (await ws.owner.post('/items', { sku: `PAR-${Date.now()}`, description: 'Fuse 10A' })).body;
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, van.id, 10);
    const put = (minimum: number) => import('../support/api').then(({ request }) => request('PUT', `/inventory/par-levels/${item.id}/${van.id}`, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { minimum } }));
    expect((await put(5)).status).toBe(200); // a first par level, met: nothing
    await adjust(ws, item.id, van.id, -6); // 10 → 4: below par
    await adjust(ws, item.id, van.id, -1); // 4 → 3: still below, nothing
    await receive(ws.owner, item.id, van.id, 2); // 3 → 5: restored
    expect((await put(8)).status).toBe(200); // 5 < 8: below par by the new minimum
    const alerts = await eventually('three par alerts', async () => (r.received.length >= 3 ? inOrder(r.received) : undefined), ALERTS_WITHIN_MS);
    expect(alerts.map((d) => [d.event.type, d.event.data.onHand, d.event.data.minimum])).toEqual([
      ['stock.below_par', 4, 5],
      ['stock.par_restored', 5, 5],
      ['stock.below_par', 5, 8],
    ]);
    expect(alerts[0]!.event.data).toEqual({ item: { id: item.id, sku: item.sku, description: 'Fuse 10A' }, location: { id: van.id, name: van.name, type: 'van' }, onHand: 4, available: 4, minimum: 5, target: 5 });
    expect(alerts[0]!.event.actor.userId).toEqual(expect.any(String));
    expect(r.received).toHaveLength(3);
  });

  it('par levels judge free stock: a job reserving parts at the van names it below par with nothing moved, and releasing them restores it', async () => {
    const ws = await newWorkspace();
    const r = await subscribed(ws, ['stock.below_par', 'stock.par_restored']);
    const item = (await ws.owner.post('/items', { sku: `PARR-${Date.now()}`, description: 'Breaker' })).body;
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, van.id, 8);
    expect((await request('PUT', `/inventory/par-levels/${item.id}/${van.id}`, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { minimum: 5 } })).status).toBe(200);
    const job = await ws.owner.post('/jobs', { name: 'Panel swap', sourceLocationId: van.id, reserve: true, lines: [{ itemId: item.id, quantity: 6 }] });
    expect(job.status).toBe(201); // 8 on hand, 6 promised: 2 free, below 5
    expect((await ws.owner.post(`/jobs/${job.body.id}/release`, {})).status).toBe(200); // 8 free again
    const alerts = await eventually('two par alerts', async () => (r.received.length >= 2 ? inOrder(r.received) : undefined), ALERTS_WITHIN_MS);
    expect(alerts.map((d) => [d.event.type, d.event.data.onHand, d.event.data.available, d.event.data.minimum])).toEqual([
      ['stock.below_par', 8, 2, 5],
      ['stock.par_restored', 8, 8, 5],
    ]);
  });

  it('item health: one alert per crossing of the total over every location; a threshold change re-evaluates once', async () => {
    const ws = await newWorkspace();
    const r = await subscribed(ws, ['item.*']);
    const item = (await ws.owner.post('/items', { sku: `HLT-${Date.now()}`, description: 'Filter' })).body;
    const van = await createLocation(ws);
    await receive(ws.owner, item.id, ws.defaultLocationId, 8); // first observation (out → ok): nothing
    await receive(ws.owner, item.id, van.id, 2); // 10: ok, nothing
    await adjust(ws, item.id, ws.defaultLocationId, -6); // total 4 ≤ 5: low
    await adjust(ws, item.id, van.id, -2); // total 2: still low
    await adjust(ws, item.id, ws.defaultLocationId, -2); // total 0: out
    await receive(ws.owner, item.id, van.id, 20); // total 20: ok
    expect((await ws.owner.patch(`/items/${item.id}`, { lowStockThreshold: 25 })).status).toBe(200); // 20 ≤ 25: low
    const alerts = await eventually('four health alerts', async () => {
      const health = r.received.filter((d) => d.event.type.startsWith('item.stock_'));
      return health.length >= 4 ? inOrder(health) : undefined;
    }, ALERTS_WITHIN_MS);
    expect(alerts.map((d) => [d.event.type, d.event.data.onHand, d.event.data.threshold])).toEqual([
      ['item.stock_low', 4, 5],
      ['item.stock_out', 0, 5],
      ['item.stock_ok', 20, 5],
      ['item.stock_low', 20, 25],
    ]);
    expect(alerts[0]!.event.data).toEqual({ item: { id: item.id, sku: item.sku, description: 'Filter' }, health: 'low', onHand: 4, threshold: 5 });
  });

  it('when 20 clients move one item back and forth across the threshold, then the alerts alternate exactly as the committed ledger does', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const r = await subscribed(ws, ['item.*', 'stock.changed']);
    const item = (await ws.owner.post('/items', { sku: `RACE-${Date.now()}`, description: 'Contested' })).body;
    await receive(ws.owner, item.id, ws.defaultLocationId, 8);
    // Each client takes 4 (8 → 4: low) and puts 4 back (→ 8: ok); interleaved, the ledger wanders between 0 and 8.
    let takes = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let round = 0; round < 3; round++) {
          const taken = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: ws.defaultLocationId, quantity: -4 });
          if (taken.status !== 201) continue;
          takes++;
          await receive(ws.owner, item.id, ws.defaultLocationId, 4);
        }
      }),
    );
    expect(takes).toBeGreaterThan(0);
    const committedVersions = 1 + 2 * takes; // the opening receipt, then each take and its return
    const finalOnHand = (await ws.owner.get('/inventory/balances', { query: { itemId: item.id } })).body[0].onHand;
    expect(finalOnHand).toBe(8);
    // The committed ledger as announced: the balance after each transaction, by its version.
    const ledger = await eventually('every change announced', async () => {
      const changes = r.ofType('stock.changed').map((d) => d.event.data);
      return new Set(changes.map((c) => c.version)).size === committedVersions ? changes : undefined;
    }, ALERTS_WITHIN_MS);
    expect(Math.max(...ledger.map((c) => c.version))).toBe(committedVersions);
    const health = (onHand: number) => (onHand <= 0 ? 'out' : onHand <= 5 ? 'low' : 'ok');
    const expected: string[] = [];
    let previous: string | undefined;
    for (const c of [...ledger].sort((a, b) => a.version - b.version)) {
      const now = health(c.onHandAfter);
      if (previous !== undefined && now !== previous) expected.push(`item.stock_${now}`);
      previous = now;
    }
    expect(expected.length).toBeGreaterThan(1);
    const alerts = await eventually('every alert', async () => {
      const got = r.received.filter((d) => d.event.type.startsWith('item.stock_'));
      return got.length >= expected.length ? got : undefined;
    });
    expect(inOrder(alerts).map((d) => d.event.type)).toEqual(expected);
  });

  it("when the owner changes the workspace default threshold, then every item judged by it is judged once, by the new default from the answer on", async () => {
    const ws = await newWorkspace();
    const r = await subscribed(ws, ['item.stock_low', 'item.stock_ok', 'item.stock_out']);
    const settings = (body: unknown, key = ws.ownerKey) => request('PATCH', '/inventory/settings', { key, query: { workspaceId: ws.id }, body });
    expect((await ws.owner.get('/inventory/settings')).body).toEqual({ defaultLowStockThreshold: 5 });
    const onDefault = (await ws.owner.post('/items', { sku: `DEF-${Date.now()}`, description: 'On the default' })).body;
    const own = (await ws.owner.post('/items', { sku: `OWN-${Date.now()}`, description: 'Own threshold', lowStockThreshold: 2 })).body;
    await receive(ws.owner, onDefault.id, ws.defaultLocationId, 8); // first observation: nothing
    await receive(ws.owner, own.id, ws.defaultLocationId, 8);
    const changed = await settings({ defaultLowStockThreshold: 10 }); // 8 ≤ 10: low, for onDefault only
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ defaultLowStockThreshold: 10 });
    expect((await settings({ defaultLowStockThreshold: 10 })).status).toBe(200); // the same value: nothing more
    // The catalog's health filter follows the default once the change reaches it: 8 is low by 10, not by 5.
    await eventually('the catalog filters by the new default', async () => ((await ws.owner.get('/items/count', { query: { stockHealth: 'low' } })).body === 1 ? true : undefined));
    await receive(ws.owner, onDefault.id, ws.defaultLocationId, 3); // 11 > 10: ok
    const health = () => r.received.filter((d) => d.event.type.startsWith('item.stock_'));
    const alerts = await eventually('two alerts', async () => (health().length >= 2 ? inOrder(health()) : undefined), ALERTS_WITHIN_MS);
    expect(alerts.map((d) => [d.event.type, d.event.data.item.id, d.event.data.onHand, d.event.data.threshold])).toEqual([
      ['item.stock_low', onDefault.id, 8, 10],
      ['item.stock_ok', onDefault.id, 11, 10],
    ]);
    expect(alerts[0]!.event.actor.userId).toEqual(expect.any(String));
    expect(health()).toHaveLength(2);
  });

  it('when the default threshold is changed by a member, or to a value out of bounds, then the envelope says why and nothing changes', async () => {
    const ws = await newWorkspace();
    const member = await newMember(ws, { role: 'member' });
    const patch = (body: unknown, key = ws.ownerKey) => request('PATCH', '/inventory/settings', { key, query: { workspaceId: ws.id }, body });
    expectError(await patch({ defaultLowStockThreshold: 7 }, member.key), 403, 'forbidden');
    expectError(await patch({ defaultLowStockThreshold: -1 }), 400, 'bad_request');
    expectError(await patch({ defaultLowStockThreshold: 1_000_001 }), 400, 'bad_request');
    expectError(await patch({ defaultLowStockThreshold: 1.23456 }), 400, 'bad_request');
    expectError(await patch({ defaultLowStockThreshold: '7' }), 400, 'bad_request');
    expectError(await patch({}), 400, 'bad_request');
    expectError(await patch({ defaultLowStockThreshold: 7, lowStockThreshold: 7 }), 400, 'bad_request');
    expect((await ws.owner.get('/inventory/settings')).body).toEqual({ defaultLowStockThreshold: 5 });
    expect(await sql("SELECT 1 FROM stock.outbox WHERE workspace_id = $1 AND type = 'stock.settings_changed'", [ws.id])).toEqual([]);
  });

  it('when an endpoint is created and a transfer made right after its answer, then the transfer is delivered, every time', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const item = (await ws.owner.post('/items', { sku: `NEWEP-${Date.now()}`, description: 'Cable', quantity: 50, locationId: ws.defaultLocationId })).body;
    const van = await createLocation(ws);
    const rounds: Array<{ receiver: WebhookReceiver; transferId: string }> = [];
    for (let round = 0; round < 5; round++) {
      const receiver = await subscribed(ws, ['transfer.completed']);
      const moved = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] });
      expect(moved.status).toBe(201);
      rounds.push({ receiver, transferId: moved.body.id });
    }
    for (const [i, { receiver, transferId }] of rounds.entries()) {
      await eventually(`round ${i}'s transfer delivered to its new endpoint`, async () => (receiver.ofType('transfer.completed').some((d) => d.event.data.id === transferId) ? true : undefined), ALERTS_WITHIN_MS);
    }
  });
});
