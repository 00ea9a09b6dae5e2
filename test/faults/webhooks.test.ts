import fs from 'node:fs';
import { eventually, sql, type TestWorkspace } from '../support/fixtures';
import { type Stack, waitUntil } from '../support/stack';
import { WebhookReceiver } from '../support/webhook-receiver';
import { expectAllAlive, startFaultStack, stockedWorkspace, stopFaultStack, withLogs } from './fault-stack';

/**
 * Webhook delivery is at least once whatever breaks: the notifications service killed -9 while
 * its messages wait for a retry, killed between a send and its record, and RabbitMQ away while
 * events are made. Every message arrives verified; a repeat carries the same webhook-id.
 */
let stack: Stack;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // Retries 2 s apart: long enough to kill the service while messages wait for one.
  stack = await startFaultStack(['rabbitmq'], { WEBHOOK_RETRY_SCHEDULE: '0,2s,2s,2s,2s' });
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver?.close();
  await stopFaultStack(stack);
});
afterEach(async () => {
  await stack.restore('rabbitmq');
  receiver.respond = () => 200;
});

async function endpointFor(ws: TestWorkspace, events: string[]): Promise<string> {
  const created = await ws.owner.post('/webhooks', { url: receiver.url, events });
  expect(created.status).toBe(201);
  receiver.secrets.push(created.body.secret);
  return created.body.id;
}

/** The verified deliveries of a workspace's events of `type`, by event id, with how many times each arrived. */
function arrivals(ws: TestWorkspace, type: string): Map<string, { webhookIds: Set<string>; count: number; data: any }> {
  const byEvent = new Map<string, { webhookIds: Set<string>; count: number; data: any }>();
  for (const d of receiver.received) {
    if (d.event.workspaceId !== ws.id || d.event.type !== type) continue;
    const seen = byEvent.get(d.event.id) ?? { webhookIds: new Set<string>(), count: 0, data: d.event.data };
    seen.webhookIds.add(d.webhookId);
    seen.count += 1;
    byEvent.set(d.event.id, seen);
  }
  return byEvent;
}

it(
  'when the notifications service is killed -9 while every message waits for its retry, then after its restart every message is delivered, none lost, repeats only under their own webhook-id',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(1, 100);
      const endpointId = await endpointFor(ws, ['transfer.completed']);
      // Each message's first attempt fails: all of them then wait 2 s for the second.
      receiver.respond = ({ n }) => (n === 1 ? 503 : 200);
      const transfers: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[0], quantity: 1 }] });
        expect(res.status).toBe(201);
        transfers.push(res.body.id);
      }
      await waitUntil(
        'all 20 messages failed once and waiting for their retry',
        async () => (await sql("SELECT count(*)::int AS n FROM notifications.messages WHERE endpoint_id = $1 AND status = 'pending' AND attempts = 1", [endpointId]))[0].n === 20,
        15_000,
      );
      await stack.kill('notifications', 'SIGKILL');
      await stack.respawn('notifications');
      await eventually('every transfer delivered', async () => (arrivals(ws, 'transfer.completed').size === 20 ? true : undefined), 30_000);
      const byEvent = arrivals(ws, 'transfer.completed');
      expect([...byEvent.values()].map((a) => a.data.id).sort()).toEqual([...transfers].sort());
      for (const arrival of byEvent.values()) expect(arrival.webhookIds.size).toBe(1);
      expect(receiver.rejected).toEqual([]);
      expectAllAlive(stack);
    },
  ),
);

it(
  'when the service is killed -9 after the receiver got a message but before the success was recorded, then it is sent again with the same webhook-id once the lease ends',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(1, 10);
      await endpointFor(ws, ['transfer.completed']);
      let holding: (() => void) | undefined;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // The first attempt is received, then held unanswered until the service is dead.
      receiver.respond = async ({ n }) => {
        if (n === 1) {
          holding!();
          await new Promise((r) => setTimeout(r, 1500));
        }
        return 200;
      };
      const res = await ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[0], quantity: 1 }] });
      expect(res.status).toBe(201);
      await held;
      await stack.kill('notifications', 'SIGKILL');
      await stack.respawn('notifications');
      const arrival = await eventually('delivered again after the lease', async () => {
        const a = [...arrivals(ws, 'transfer.completed').values()][0];
        return a && a.count >= 2 ? a : undefined;
      }, 30_000);
      expect(arrival.webhookIds.size).toBe(1);
      expect(arrival.data.id).toBe(res.body.id);
    },
  ),
);

it(
  'when RabbitMQ is away while stock changes, then after it returns every stock.changed is delivered, in each balance the versions of the ledger',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, itemIds } = await stockedWorkspace(1, 10);
      await endpointFor(ws, ['stock.changed']);
      // A receipt decides from the stock service's copy of the item: it must have arrived before the cut.
      await waitUntil('the stock service knows the item', async () => (await sql('SELECT 1 FROM stock.items WHERE id = $1 AND confirmed', [itemIds[0]])).length === 1, 10_000);
      await stack.cut('rabbitmq');
      for (let i = 0; i < 10; i++) {
        const res = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId: itemIds[0], locationId: from, quantity: 1 });
        expect(res.status).toBe(201);
      }
      await stack.restore('rabbitmq');
      // The opening (quantity 10) and the 10 receipts: on-hand 10 → 20 one by one.
      await eventually('the 10 receipts delivered', async () => ([...arrivals(ws, 'stock.changed').values()].filter((a) => a.data.movementType === 'receipt').length === 10 ? true : undefined), 30_000);
      const receipts = [...arrivals(ws, 'stock.changed').values()].map((a) => a.data).filter((d) => d.movementType === 'receipt');
      expect(receipts.map((d) => d.onHandAfter).sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      for (const d of receipts) expect(d).toMatchObject({ itemId: itemIds[0], locationId: from, delta: 1, onHandBefore: d.onHandAfter - 1 });
      expectAllAlive(stack);
    },
  ),
);

it(
  'when an item crosses its threshold while RabbitMQ is away, and again while the notifications service is dead, then each crossing is delivered once afterwards',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, itemIds } = await stockedWorkspace(1, 10); // the opening: 10, ok by the default 5
      await endpointFor(ws, ['item.*']);
      await waitUntil('the stock service knows the item', async () => (await sql('SELECT 1 FROM stock.items WHERE id = $1 AND confirmed', [itemIds[0]])).length === 1, 10_000);
      const adjust = async (quantity: number) => {
        const res = await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: itemIds[0], locationId: from, quantity });
        expect(res.status).toBe(201);
      };
      await stack.cut('rabbitmq');
      await adjust(-7); // 3: low, committed with its crossing while no message can leave
      await stack.restore('rabbitmq');
      await stack.kill('notifications', 'SIGKILL');
      await adjust(-3); // 0: out, published while nobody consumes
      await stack.respawn('notifications');
      await eventually('both crossings delivered', async () => (arrivals(ws, 'item.stock_low').size + arrivals(ws, 'item.stock_out').size === 2 ? true : undefined), 30_000);
      const low = [...arrivals(ws, 'item.stock_low').values()];
      const out = [...arrivals(ws, 'item.stock_out').values()];
      expect(low.map((a) => [a.data.onHand, a.data.threshold, a.webhookIds.size])).toEqual([[3, 5, 1]]);
      expect(out.map((a) => [a.data.onHand, a.data.threshold, a.webhookIds.size])).toEqual([[0, 5, 1]]);
      expect(arrivals(ws, 'item.stock_ok').size).toBe(0);
      expectAllAlive(stack);
    },
  ),
);

it('when the cases above have run (creates, deliveries, kills, an outage), then no signing secret appears in any process log', () => {
  expect(receiver.secrets.length).toBeGreaterThan(0);
  for (const name of ['gateway', 'notifications', 'stock', 'catalog', 'locations'] as const) {
    const log = fs.readFileSync(stack.logFile(name), 'utf8');
    for (const secret of receiver.secrets) expect([name, log.includes(secret.slice(6))]).toEqual([name, false]);
  }
});
