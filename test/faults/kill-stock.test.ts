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
  timed,
  type Timed,
  totalsByItem,
  withLogs,
} from './fault-stack';

const CLIENTS = 6;
const TRANSFERS_PER_CLIENT = 8;
/** The stock service is killed when this many transfers have been acknowledged, and respawned. */
const KILL_AT = [8, 24];
/** How long a client keeps retrying one transfer before it gives up. */
const RETRY_FOR_MS = 45_000;
/** A client's pause between attempts (its backoff, not a synchronisation). */
const RETRY_PAUSE_MS = 100;

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
          const deadline = Date.now() + RETRY_FOR_MS;
          while (Date.now() < deadline) {
            const attempt = await timed(`POST /inventory/transfers (Idempotency-Key ${outcome.key}, attempt ${outcome.attempts.length + 1})`, () => post(outcome));
            outcome.attempts.push(attempt);
            if (attempt.res?.status === 201) {
              outcome.acknowledged = attempt.res.body;
              acknowledged += 1;
              break;
            }
            // Only server errors and lost answers are worth retrying; anything else is reported below.
            if (attempt.res && attempt.res.status < 500) break;
            await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
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
      expect(problemsWith(attempts, { withinMs: BOUNDS.answerMs, statuses: [201, 500] })).toEqual([]);
      expect(outcomes.filter((o) => !o.acknowledged).map((o) => `${o.key}: ${o.attempts.map(explain).slice(-2).join(' | ')}`)).toEqual([]);
      // The kills hit requests in flight or in the queue: some attempts failed and were retried.
      expect(attempts.length).toBeGreaterThan(outcomes.length);

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
