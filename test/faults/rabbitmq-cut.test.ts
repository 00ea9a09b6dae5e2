import type { Envelope } from '@inv/shared/messaging';
import { listenToEvents } from '../support/bus';
import { sql, unique } from '../support/fixtures';
import { type ProcessName, SERVICES, type Stack, waitUntil } from '../support/stack';
import {
  BOUNDS,
  expectAllAlive,
  expectLedgerConsistent,
  expectStartUpWaitsFor,
  Findings,
  HANG_MS,
  probeProblems,
  problemsWith,
  startFaultStack,
  stockedWorkspace,
  stopFaultStack,
  timed,
  type Timed,
  withLogs,
} from './fault-stack';

const ALL: ProcessName[] = [...SERVICES, 'gateway'];

let stack: Stack;
beforeAll(async () => {
  // Redis as it is once it has kept positions past the recovery window (READ_YOUR_WRITES_RECOVERY_MS): this suite cuts
  // RabbitMQ alone; while Redis may have lost positions, stock calls ask the owners over RabbitMQ (consistency-outages).
  stack = await startFaultStack(['rabbitmq'], { READ_YOUR_WRITES_RECOVERY_MS: '0' });
});
afterAll(() => stopFaultStack(stack));
// A failed case must not leave the next one without a broker.
afterEach(() => stack.restore('rabbitmq'));

it(
  'when RabbitMQ is cut, then calls needing another service fail within 1 s naming RabbitMQ, local writes still succeed, /readyz says 503 naming RabbitMQ, and after the restore everything heals and the held events are published',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(1, 10);
      const itemId = itemIds[0]!;
      // The stock service must know the van and the item from their events before the cut, or a
      // transfer would rightly need to ask their owners over the broker.
      await waitUntil(
        "the stock service's projections of the van and the item",
        async () =>
          (await sql('SELECT 1 FROM stock.locations WHERE id = $1', [to])).length === 1 &&
          (await sql('SELECT 1 FROM stock.items WHERE id = $1 AND confirmed', [itemId])).length === 1,
        10_000,
      );
      const bus = await listenToEvents('#');
      try {
        await stack.cut('rabbitmq');
        await waitUntil('every process to notice that RabbitMQ is gone', async () => (await Promise.all(ALL.map((n) => stack.isReady(n)))).every((ready) => !ready), 3000);

        const openingSku = unique('SKU');
        // One at a time: each must be fast on its own, not merely overlap with the others.
        const needsAnotherService = [
          await timed(`GET /workspaces/${ws.id} (usage counters by request/reply)`, () => ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: HANG_MS })),
          await timed('POST /items with opening stock (catalog asks stock)', () => ws.owner.post('/items', { sku: openingSku, quantity: 5 }, { timeoutMs: HANG_MS })),
        ];
        const receipt = await timed('POST /inventory/movements (receipt)', () =>
          ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId: from, quantity: 3 }, { timeoutMs: HANG_MS }),
        );
        const transfer = await timed('POST /inventory/transfers', () =>
          ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity: 1 }] }, { timeoutMs: HANG_MS }),
        );
        const location = await timed('POST /locations', () => ws.owner.post('/locations', { name: unique('Van'), type: 'van' }, { timeoutMs: HANG_MS }));
        const list = await timed('GET /locations', () => ws.owner.get('/locations', { timeoutMs: HANG_MS }));
        expectAllAlive(stack);
        const findings = new Findings();
        findings.add([
          ...problemsWith(needsAnotherService, { withinMs: BOUNDS.brokerDownMs, statuses: [429], message: /rabbitmq/i }),
          ...problemsWith([receipt, transfer, location], { withinMs: BOUNDS.answerMs, statuses: [201] }),
          ...problemsWith([list], { withinMs: BOUNDS.answerMs, statuses: [200] }),
          ...(await probeProblems(stack, ALL, /rabbitmq/i)),
        ]);

        await stack.restore('rabbitmq');
        const restoredAt = Date.now();
        const healLeft = () => Math.max(0, restoredAt + BOUNDS.healMs - Date.now());
        const requestId = (t: Timed) => t.res?.headers['x-request-id'];
        const published = (type: string, t: Timed) => bus.messages.some((m: Envelope) => m.type === type && m.requestId === requestId(t));
        await findings.check('events written during the outage published within the heal bound', () =>
          waitUntil(
            'stock.changed (receipt), transfer.completed and location.created on the bus',
            async () => published('stock.changed', receipt) && published('transfer.completed', transfer) && published('location.created', location),
            healLeft(),
          ),
        );
        // The catalog's consumer took the stock level written during the outage (10 + 3 - 1 at the source).
        await findings.check('the catalog consumer applies stock.changed within the heal bound', () =>
          waitUntil(
            'catalog.stock_levels to show 12 at the source',
            async () => (await sql('SELECT on_hand::float8 AS n FROM catalog.stock_levels WHERE item_id = $1 AND location_id = $2', [itemId, from]))[0]?.n === 12,
            healLeft(),
          ),
        );
        await findings.check('calls needing another service succeed again within the heal bound', () =>
          waitUntil(
            'GET /workspaces/{id} 200 and POST /items with opening stock 201',
            async () => {
              const [workspace, item] = await Promise.all([
                ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: BOUNDS.healMs }),
                ws.owner.post('/items', { sku: unique('SKU'), quantity: 5 }, { timeoutMs: BOUNDS.healMs }),
              ]);
              return workspace.status === 200 && item.status === 201;
            },
            healLeft(),
          ),
        );
        // The failed create left nothing behind.
        await findings.check('the item whose opening stock failed does not exist', async () =>
          expect(await sql('SELECT id FROM catalog.items WHERE workspace_id = $1 AND sku = $2', [ws.id, openingSku])).toEqual([]),
        );
        await findings.check('ledger', expectLedgerConsistent);
        expectAllAlive(stack);
        findings.expectNone();
      } finally {
        await bus.close();
      }
    },
  ),
);

it(
  'when the catalog service starts while RabbitMQ is cut, then it waits, saying so, without exiting, and is ready soon after RabbitMQ is back',
  withLogs(
    () => stack,
    () => expectStartUpWaitsFor(stack, 'catalog', 'rabbitmq', /waiting for RabbitMQ/),
  ),
);
