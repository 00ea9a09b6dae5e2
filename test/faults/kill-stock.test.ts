import { randomUUID } from 'node:crypto';
import { sql } from '../support/fixtures';
import { type Stack, waitUntil } from '../support/stack';
import {
  BOUNDS,
  expectAllAlive,
  expectLedgerConsistent,
  explain,
  HANG_MS,
  problemsWith,
  startFaultStack,
  stockedWorkspace,
  stopFaultStack,
  type Timed,
  totalsByItem,
  untilAnswered,
  withLogs,
} from './fault-stack';

const CLIENTS = 6;
const TRANSFERS_PER_CLIENT = 8;
/** The stock service is killed when this many transfers have been acknowledged, and respawned. */
const KILL_AT = [8, 24];
/** How a client retries: through retryable refusals and lost answers, for 45 s, pausing 100 ms (its backoff, not a synchronisation). */
const RETRY = { retryOn: 'lost answers and refusals', forMs: 45_000, pauseMs: 100 } as const;

let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack();
});
afterAll(() => stopFaultStack(stack));

interface Outcome {
  key: string;
  body: unknown;
  attempts: Timed[];
  acknowledged?: { id: string };
}

/** The transfers acknowledged by a replay whose every earlier attempt was answered "nothing was changed": one of those answers was untrue. */
function untrueRefusals(outcomes: readonly Outcome[]): string[] {
  return outcomes.flatMap((o) => {
    const made = o.attempts.findIndex((a) => a.res?.status === 201);
    if (made <= 0 || o.attempts[made]!.res!.headers['idempotent-replayed'] !== 'true') return [];
    const earlier = o.attempts.slice(0, made);
    const allSaidUnchanged = earlier.every((a) => a.res?.status === 429 && /nothing was changed/.test(a.res.body?.error?.message ?? ''));
    return allSaidUnchanged ? [`${o.acknowledged?.id} (key ${o.key}) exists, but before it: ${earlier.map(explain).join(' | ')}`] : [];
  });
}

it(
  'when the stock service is killed (-9) and respawned while clients retry POST /inventory/transfers with Idempotency-Key, then every transfer is acknowledged, exists exactly once, replays answer it again, and the ledger holds',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(4, 1000);
      const totalsBefore = await totalsByItem(ws.id);
      const post = (o: Outcome) => ws.owner.post('/inventory/transfers', o.body, { headers: { 'Idempotency-Key': o.key }, timeoutMs: HANG_MS });

      const outcomes: Outcome[] = [];
      let acknowledged = 0;
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < TRANSFERS_PER_CLIENT; i++) {
          const outcome: Outcome = {
            key: randomUUID(),
            body: { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[(c + i) % itemIds.length], quantity: 1 }] },
            attempts: [],
          };
          outcomes.push(outcome);
          // Only refusals and lost answers are worth retrying; anything else (a 500 included) is reported below.
          const last = await untilAnswered(`POST /inventory/transfers (Idempotency-Key ${outcome.key})`, () => post(outcome), outcome.attempts, RETRY);
          if (last.res?.status === 201) {
            outcome.acknowledged = last.res.body;
            acknowledged += 1;
          }
        }
      });
      const storm = Promise.all(clients);

      let kills = 0;
      for (const threshold of KILL_AT) {
        await waitUntil(`${threshold} acknowledged transfers`, async () => acknowledged >= threshold, 60_000, 10);
        await stack.kill('stock', 'SIGKILL');
        kills += 1;
        await stack.respawn('stock');
      }
      await storm;

      expectAllAlive(stack);
      expect(kills).toBe(KILL_AT.length);
      const attempts = outcomes.flatMap((o) => o.attempts);
      expect(problemsWith(attempts, { withinMs: BOUNDS.answerMs, statuses: [201, 429] })).toEqual([]);
      expect(outcomes.filter((o) => !o.acknowledged).map((o) => `${o.key}: ${o.attempts.map(explain).slice(-2).join(' | ')}`)).toEqual([]);
      // The kills hit requests in flight or in the queue: some attempts failed and were retried.
      expect(attempts.length).toBeGreaterThan(outcomes.length);
      // Issue 40: a refusal says "nothing was changed" only when nothing was. A transfer whose 201 was a
      // replay was made by an earlier attempt; when every earlier attempt was answered, and answered
      // "nothing was changed", one of them was not true.
      expect(untrueRefusals(outcomes)).toEqual([]);

      // Exactly once: the workspace holds the acknowledged transfers and nothing else, each complete.
      const ids = outcomes.map((o) => o.acknowledged!.id);
      expect(new Set(ids).size).toBe(CLIENTS * TRANSFERS_PER_CLIENT);
      const stored = await sql<{ id: string; movements: number }>(
        `SELECT t.id, (SELECT count(*)::int FROM stock.movements m WHERE m.transfer_id = t.id) AS movements FROM stock.transfers t WHERE t.workspace_id = $1`,
        [ws.id],
      );
      expect(stored.map((t) => t.id).sort()).toEqual([...ids].sort());
      expect(stored.filter((t) => t.movements !== 2)).toEqual([]);

      // A replay of every key answers the same transfer.
      const replays = await Promise.all(outcomes.map(async (o) => ({ expected: o.acknowledged!.id, res: await post(o) })));
      expect(replays.filter((r) => r.res.status !== 201 || r.res.body.id !== r.expected).map((r) => `${r.expected}: ${r.res.status} ${r.res.text.slice(0, 200)}`)).toEqual([]);

      await expectLedgerConsistent();
      expect(await totalsByItem(ws.id)).toEqual(totalsBefore);
      expectAllAlive(stack);
    },
  ),
);


it(
  'when the stock service is killed (-9) between pending creates and their completes, then every pending transfer keeps its reservation, each completes exactly once, and reservations and the ledger hold',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(3, 100);
      const totalsBefore = await totalsByItem(ws.id);
      const attempts: Timed[] = [];
      const bodies = Array.from({ length: 12 }, (_, i) => ({
        key: randomUUID(),
        body: { status: 'pending', fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[i % itemIds.length], quantity: 2 }] },
      }));
      const creates = bodies.map((b) =>
        untilAnswered('POST /inventory/transfers (pending)', () => ws.owner.post('/inventory/transfers', b.body, { headers: { 'Idempotency-Key': b.key }, timeoutMs: HANG_MS }), attempts, RETRY),
      );
      await stack.kill('stock', 'SIGKILL');
      await stack.respawn('stock');
      const created = await Promise.all(creates);
      expect(created.filter((c) => c.res?.status !== 201).map(explain)).toEqual([]);
      const ids = created.map((c) => c.res!.body.id as string);
      expect(new Set(ids).size).toBe(bodies.length);

      // Reservations survived the kill: reserved = the sum of the pending lines, per balance.
      const reserved = await sql<{ item_id: string; reserved: string }>('SELECT item_id, reserved::text FROM stock.balances WHERE workspace_id = $1 AND location_id = $2 ORDER BY item_id', [ws.id, from]);
      const expected = new Map<string, number>();
      for (const b of bodies) expected.set(b.body.lines[0]!.itemId!, (expected.get(b.body.lines[0]!.itemId!) ?? 0) + 2);
      expect(Object.fromEntries(reserved.map((r) => [r.item_id, Number(r.reserved)]))).toEqual(Object.fromEntries(expected));

      const completeKeys = ids.map(() => randomUUID());
      const complete = (i: number) => ws.owner.post(`/inventory/transfers/${ids[i]}/complete`, undefined, { headers: { 'Idempotency-Key': completeKeys[i]! }, timeoutMs: HANG_MS });
      const completes = ids.map((_, i) => untilAnswered(`complete ${ids[i]}`, () => complete(i), attempts, RETRY));
      await stack.kill('stock', 'SIGKILL');
      await stack.respawn('stock');
      const completed = await Promise.all(completes);
      expect(completed.filter((c) => c.res?.status !== 200 || c.res.body.status !== 'completed').map(explain)).toEqual([]);
      expect(problemsWith(attempts, { withinMs: BOUNDS.answerMs, statuses: [200, 201, 429] })).toEqual([]);

      const stored = await sql<{ status: string; movements: number }>(
        `SELECT t.status, (SELECT count(*)::int FROM stock.movements m WHERE m.transfer_id = t.id) AS movements FROM stock.transfers t WHERE t.workspace_id = $1`,
        [ws.id],
      );
      expect(stored).toHaveLength(bodies.length);
      expect(stored.filter((t) => t.status !== 'completed' || t.movements !== 2)).toEqual([]);
      expect(await sql('SELECT item_id FROM stock.balances WHERE workspace_id = $1 AND reserved <> 0', [ws.id])).toEqual([]);

      // Replays answer the stored result, and a completed transfer cannot complete twice.
      const replays = await Promise.all(ids.map(async (id, i) => ({ id, res: await complete(i) })));
      expect(replays.filter((r) => r.res.status !== 200 || r.res.body.id !== r.id || r.res.headers['idempotent-replayed'] !== 'true').map((r) => `${r.id}: ${r.res.status}`)).toEqual([]);

      await expectLedgerConsistent();
      expect(await totalsByItem(ws.id)).toEqual(totalsBefore);
      expectAllAlive(stack);
    },
  ),
);

it(
  'when the stock service is killed (-9) and respawned while clients send receipts against a purchase order with Idempotency-Key, some carrying serials, then every receipt is acknowledged and received exactly once, every serial once, never more than ordered',
  withLogs(
    () => stack,
    async () => {
      const stocked = await stockedWorkspace(4, 10);
      const { ws, to } = stocked;
      const supplier = await ws.owner.post('/suppliers', { name: `Supplier ${randomUUID()}` });
      expect(supplier.status).toBe(201);
      // A serial-tracked item beside the others: its receipts carry one serial each (issue 45).
      const meter = await ws.owner.post('/items', { sku: `MTR-${randomUUID().slice(0, 8)}`, description: 'Gas meter', tracking: 'serial' });
      expect(meter.status).toBe(201);
      const itemIds = [...stocked.itemIds, meter.body.id as string];
      const ordered = 100;
      const order = await ws.owner.post('/purchase-orders', { supplierId: supplier.body.id, locationId: to, lines: itemIds.map((itemId) => ({ itemId, quantity: ordered, unitCost: 2 })) });
      expect(order.status).toBe(201);
      expect((await ws.owner.post(`/purchase-orders/${order.body.id}/submit`, {})).status).toBe(200);
      const post = (o: Outcome) => ws.owner.post(`/purchase-orders/${order.body.id}/receipts`, o.body, { headers: { 'Idempotency-Key': o.key }, timeoutMs: HANG_MS });

      const outcomes: Outcome[] = [];
      let acknowledged = 0;
      const clients = Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = 0; i < TRANSFERS_PER_CLIENT; i++) {
          const itemId = itemIds[(c + i) % itemIds.length]!;
          const serials = itemId === meter.body.id ? { serials: [`SN-${c}-${i}`] } : {};
          const outcome: Outcome = { key: randomUUID(), body: { lines: [{ itemId, quantity: 1, unitCost: 3, ...serials }] }, attempts: [] };
          outcomes.push(outcome);
          const last = await untilAnswered(`POST receipts (Idempotency-Key ${outcome.key})`, () => post(outcome), outcome.attempts, RETRY);
          if (last.res?.status === 201) {
            outcome.acknowledged = last.res.body;
            acknowledged += 1;
          }
        }
      });
      const storm = Promise.all(clients);
      for (const threshold of KILL_AT) {
        await waitUntil(`${threshold} acknowledged receipts`, async () => acknowledged >= threshold, 60_000, 10);
        await stack.kill('stock', 'SIGKILL');
        await stack.respawn('stock');
      }
      await storm;

      expectAllAlive(stack);
      const attempts = outcomes.flatMap((o) => o.attempts);
      expect(problemsWith(attempts, { withinMs: BOUNDS.answerMs, statuses: [201, 429] })).toEqual([]);
      expect(outcomes.filter((o) => !o.acknowledged).map((o) => `${o.key}: ${o.attempts.map(explain).slice(-2).join(' | ')}`)).toEqual([]);
      // The kills hit receipts in flight or in the queue: some attempts failed and were sent again.
      expect(attempts.length).toBeGreaterThan(outcomes.length);
      expect(untrueRefusals(outcomes)).toEqual([]);

      // Exactly once: the order holds the acknowledged receipts and nothing else, each with its one movement.
      const ids = outcomes.map((o) => o.acknowledged!.id);
      expect(new Set(ids).size).toBe(CLIENTS * TRANSFERS_PER_CLIENT);
      const stored = await sql<{ id: string; movements: number }>(
        'SELECT r.id, (SELECT count(*)::int FROM stock.movements m WHERE m.receipt_id = r.id) AS movements FROM stock.purchase_order_receipts r WHERE r.workspace_id = $1',
        [ws.id],
      );
      expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(stored.filter((r) => r.movements !== 1)).toEqual([]);
      const received = new Map<string, number>();
      for (const o of outcomes) {
        const itemId = (o.body as { lines: Array<{ itemId: string }> }).lines[0]!.itemId;
        received.set(itemId, (received.get(itemId) ?? 0) + 1);
      }
      const shown = (await ws.owner.get(`/purchase-orders/${order.body.id}`)).body;
      expect(Object.fromEntries(shown.lines.map((l: { itemId: string; received: number }) => [l.itemId, l.received]))).toEqual(Object.fromEntries(itemIds.map((id) => [id, received.get(id) ?? 0])));
      const onHand = await sql<{ item_id: string; on_hand: string }>('SELECT item_id, on_hand::text FROM stock.balances WHERE workspace_id = $1 AND location_id = $2', [ws.id, to]);
      expect(Object.fromEntries(onHand.map((b) => [b.item_id, Number(b.on_hand)]))).toEqual(Object.fromEntries([...received]));

      // Every serial received once, in stock where it arrived, and the schema's units agree with the balance.
      const sent = outcomes.flatMap((o) => (o.body as { lines: Array<{ serials?: string[] }> }).lines[0]!.serials ?? []).sort();
      const serials = await sql<{ serial: string; status: string; location_id: string }>('SELECT serial, status, location_id FROM stock.serials WHERE workspace_id = $1 ORDER BY serial', [ws.id]);
      expect(serials).toEqual(sent.map((serial) => ({ serial, status: 'in_stock', location_id: to })));
      expect(received.get(meter.body.id) ?? 0).toBe(sent.length);

      const replays = await Promise.all(outcomes.map(async (o) => ({ expected: o.acknowledged!.id, res: await post(o) })));
      expect(replays.filter((r) => r.res.status !== 201 || r.res.body.id !== r.expected).map((r) => `${r.expected}: ${r.res.status} ${r.res.text.slice(0, 200)}`)).toEqual([]);
      await expectLedgerConsistent();
      expectAllAlive(stack);
    },
  ),
);
