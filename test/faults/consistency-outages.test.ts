import { sql, unique } from '../support/fixtures';
import { type Stack, waitUntil } from '../support/stack';
import { BOUNDS, expectAllAlive, expectLedgerConsistent, Findings, HANG_MS, problemsWith, startFaultStack, stockedWorkspace, stopFaultStack, timed, withLogs } from './fault-stack';

/**
 * docs/consistency.md, "while a dependency is down": a call that needs RabbitMQ or another
 * service for a rule or a read to hold answers within 1 s with the retryable 429 envelope naming what is
 * down, and leaves nothing half-applied; calls that need neither carry on; and everything heals
 * once it is back.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack(['rabbitmq', 'redis']);
});
afterAll(() => stopFaultStack(stack));
// A failed case must not leave the next one without its processes or dependencies.
afterEach(async () => {
  await stack.restore('rabbitmq');
  await stack.restore('redis');
  for (const name of ['stock', 'locations'] as const) if (!(await stack.isReady(name))) await stack.respawn(name);
});

/** The stock service's copies of the location and the item, once their events arrived. */
async function copiesKnown(locationId: string, itemId: string): Promise<void> {
  await waitUntil(
    "the stock service's copies of the location and the item",
    async () =>
      (await sql('SELECT 1 FROM stock.locations WHERE id = $1 AND name IS NOT NULL', [locationId])).length === 1 &&
      (await sql('SELECT 1 FROM stock.items WHERE id = $1 AND confirmed', [itemId])).length === 1,
    10_000,
  );
}

it(
  'when the stock service is down, then a change it enforces or shows answers within 1 s naming it and changes nothing, a change it does not keep succeeds, and once it is back the change holds at once',
  withLogs(
    () => stack,
    async () => {
      const findings = new Findings();
      const { ws, from, to, itemIds } = await stockedWorkspace(1, 10);
      const itemId = itemIds[0]!;
      await stack.kill('stock');
      const fenced = [
        await timed('PATCH /locations (active: false)', () => ws.owner.patch(`/locations/${to}`, { active: false }, { timeoutMs: HANG_MS })),
        await timed('PATCH /locations (name)', () => ws.owner.patch(`/locations/${to}`, { name: unique('Renamed') }, { timeoutMs: HANG_MS })),
        await timed('PATCH /items (trackStock: false)', () => ws.owner.patch(`/items/${itemId}`, { trackStock: false }, { timeoutMs: HANG_MS })),
        await timed('PATCH /items (sku)', () => ws.owner.patch(`/items/${itemId}`, { sku: unique('SKU') }, { timeoutMs: HANG_MS })),
        // Prices are copied and fenced too: a job's completion freezes them (issue 36).
        await timed('PATCH /items (cost)', () => ws.owner.patch(`/items/${itemId}`, { cost: 12.5 }, { timeoutMs: HANG_MS })),
      ];
      findings.add(problemsWith(fenced, { withinMs: BOUNDS.brokerDownMs, statuses: [429], message: /stock service is not running/ }));
      const location = (await ws.owner.get(`/locations/${to}`)).body;
      const item = (await ws.owner.get('/items/info', { query: { itemId } })).body;
      findings.add(location.active === true ? [] : ['the refused deactivation changed the location']);
      findings.add(item.trackStock === true ? [] : ['the refused catalog-only switch changed the item']);
      const unfenced = [
        await timed('PATCH /locations (note)', () => ws.owner.patch(`/locations/${to}`, { note: 'the stock service keeps no note' }, { timeoutMs: HANG_MS })),
        await timed('PATCH /items (externalId)', () => ws.owner.patch(`/items/${itemId}`, { externalId: unique('erp') }, { timeoutMs: HANG_MS })),
      ];
      findings.add(problemsWith(unfenced, { withinMs: BOUNDS.answerMs, statuses: [200] }));

      await stack.respawn('stock');
      findings.add(problemsWith([await timed('PATCH /locations (active: false), stock back', () => ws.owner.patch(`/locations/${to}`, { active: false }))], { withinMs: BOUNDS.answerMs, statuses: [200] }));
      const into = await timed('POST /inventory/transfers into the deactivated van', () =>
        ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity: 1 }] }),
      );
      findings.add(problemsWith([into], { withinMs: BOUNDS.answerMs, statuses: [422], message: /inactive/ }));
      findings.expectNone();
      expectAllAlive(stack);
    },
  ),
);

it(
  'when RabbitMQ is cut, then a fenced change answers within 1 s naming RabbitMQ and changes nothing',
  withLogs(
    () => stack,
    async () => {
      const findings = new Findings();
      const { ws, to, itemIds } = await stockedWorkspace(1, 10);
      await stack.cut('rabbitmq');
      await waitUntil('the locations and catalog services to notice RabbitMQ is gone', async () => !(await stack.isReady('locations')) && !(await stack.isReady('catalog')), 3000);
      const fenced = [
        await timed('PATCH /locations (active: false)', () => ws.owner.patch(`/locations/${to}`, { active: false }, { timeoutMs: HANG_MS })),
        await timed('PATCH /items (trackStock: false)', () => ws.owner.patch(`/items/${itemIds[0]}`, { trackStock: false }, { timeoutMs: HANG_MS })),
      ];
      findings.add(problemsWith(fenced, { withinMs: BOUNDS.brokerDownMs, statuses: [429], message: /RabbitMQ/ }));
      await stack.restore('rabbitmq');
      await stack.waitReady(['locations', 'catalog'], BOUNDS.healMs);
      findings.add((await ws.owner.get(`/locations/${to}`)).body.active === true ? [] : ['the refused deactivation changed the location']);
      findings.add((await ws.owner.get('/items/info', { query: { itemId: itemIds[0] } })).body.trackStock === true ? [] : ['the refused catalog-only switch changed the item']);
      findings.expectNone();
      expectAllAlive(stack);
    },
  ),
);

it(
  "when the locations service is down and the stock service's copy of a location is fenced, then a transfer involving it answers within 1 s naming the service and moves nothing, others go through, and once it is back a fence no committed change reached is lifted",
  withLogs(
    () => stack,
    async () => {
      const findings = new Findings();
      const { ws, from, to, itemIds } = await stockedWorkspace(1, 10);
      const itemId = itemIds[0]!;
      const other = (await ws.owner.post('/locations', { name: unique('Other'), type: 'van' })).body.id as string;
      await copiesKnown(to, itemId);
      await copiesKnown(other, itemId);
      // As a location change that fenced the copy and never committed leaves it (the locations
      // service died between its fence and its commit).
      await sql('UPDATE stock.locations SET fence = version + 1 WHERE id = $1', [to]);
      await stack.kill('locations');
      const refused = await timed('POST /inventory/transfers into the fenced van', () =>
        ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity: 1 }] }, { timeoutMs: HANG_MS }),
      );
      findings.add(problemsWith([refused], { withinMs: BOUNDS.brokerDownMs, statuses: [429], message: /locations service is not running/ }));
      const elsewhere = await timed('POST /inventory/transfers between trusted copies', () =>
        ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: other, lines: [{ itemId, quantity: 1 }] }, { timeoutMs: HANG_MS }),
      );
      findings.add(problemsWith([elsewhere], { withinMs: BOUNDS.answerMs, statuses: [201] }));
      findings.add((await sql('SELECT 1 FROM stock.balances WHERE location_id = $1 AND on_hand > 0', [to])).length === 0 ? [] : ['the refused transfer moved stock']);

      await stack.respawn('locations');
      const healed = await timed('POST /inventory/transfers into the van, locations back', () =>
        ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity: 1 }] }),
      );
      findings.add(problemsWith([healed], { withinMs: BOUNDS.answerMs, statuses: [201] }));
      findings.add((await sql('SELECT fence FROM stock.locations WHERE id = $1', [to]))[0]?.fence === null ? [] : ['the fence of the change that never committed was not lifted']);
      findings.expectNone();
      await expectLedgerConsistent();
      expectAllAlive(stack);
    },
  ),
);

it(
  'when Redis is cut, then a caller still reads its own stock change at once (reads ask the stock service for its latest position), and while the stock service is down too such a read answers within 1 s naming it',
  withLogs(
    () => stack,
    async () => {
      const findings = new Findings();
      const { ws, from, itemIds } = await stockedWorkspace(1, 0);
      const sku = (await ws.owner.get('/items/info', { query: { itemId: itemIds[0] } })).body.sku as string;
      await stack.cut('redis');
      for (let i = 0; i < 10; i++) {
        const receipt = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: itemIds[0], locationId: from, quantity: 10 });
        findings.add(receipt.status === 201 ? [] : [`receipt ${i} answered ${receipt.status}`]);
        const out = await ws.owner.get('/items/count', { query: { sku, stockHealth: 'out' } });
        findings.add(out.status === 200 && out.body === 0 ? [] : [`round ${i}: right after the receipt, stockHealth=out answered ${out.status} ${out.text}`]);
        await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: itemIds[0], locationId: from, quantity: -10 });
      }
      await stack.kill('stock');
      const read = await timed('GET /items/count?stockHealth=out (Redis and stock down)', () => ws.owner.get('/items/count', { query: { sku, stockHealth: 'out' }, timeoutMs: HANG_MS }));
      findings.add(problemsWith([read], { withinMs: BOUNDS.brokerDownMs, statuses: [429], message: /stock service is not running/ }));
      findings.expectNone();
      expectAllAlive(stack);
    },
  ),
);
