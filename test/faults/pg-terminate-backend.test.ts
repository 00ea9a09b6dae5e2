import type { Stack } from '../support/stack';
import { sql } from '../support/fixtures';
import { waitUntil } from '../support/stack';
import {
  BOUNDS,
  expectAllAlive,
  expectLedgerConsistent,
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

const TRANSFERS = 160;
const CONCURRENCY = 8;
/** Rounds of terminating the stock service's sessions while some of them are busy. */
const ROUNDS = 5;

let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack();
});
afterAll(() => stopFaultStack(stack));

/** Terminates every session of the stock service that is running a statement or inside a transaction; answers how many. */
async function terminateBusyStockSessions(): Promise<number> {
  const rows = await sql(
    `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
     WHERE datname = $1 AND application_name = $2 AND state <> 'idle' AND pid <> pg_backend_pid()`,
    [stack.database, stack.applicationName('stock')],
  );
  return rows.filter((r) => r.terminated).length;
}

it(
  'when the stock service’s busy PostgreSQL sessions are terminated during a transfer storm, then every answer is prompt and enveloped, no process exits, the stack heals, and the ledger holds',
  withLogs(
    () => stack,
    async () => {
      const { ws, from, to, itemIds } = await stockedWorkspace(4, 1000);
      const totalsBefore = await totalsByItem(ws.id);

      const answers: Timed[] = [];
      let next = 0;
      const storm = Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < TRANSFERS) {
            const n = next++;
            // One way only, with stock enough for all: every answer but a fault's is 201.
            const body = { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[n % itemIds.length], quantity: 1 }] };
            answers.push(await timed(`POST /inventory/transfers #${n}`, () => ws.owner.post('/inventory/transfers', body, { timeoutMs: HANG_MS })));
          }
        }),
      );
      let stormDone = false;
      void storm.finally(() => (stormDone = true));

      // Terminate busy sessions whenever some are seen, then let the storm move on before the next round.
      let terminated = 0;
      let rounds = 0;
      while (!stormDone && rounds < ROUNDS) {
        let killed = 0;
        await waitUntil('busy sessions of the stock service', async () => stormDone || (killed = await terminateBusyStockSessions()) > 0, 30_000, 10);
        if (killed === 0) break;
        terminated += killed;
        rounds += 1;
        const answered = answers.length;
        await waitUntil('the storm to go on after a termination', async () => stormDone || answers.length >= answered + 10, 30_000, 20);
      }
      await storm;

      expectAllAlive(stack);
      expect(problemsWith(answers, { withinMs: BOUNDS.answerMs, statuses: [201, 429] })).toEqual([]);
      // The faults really happened: busy sessions were terminated in every round.
      expect({ rounds, terminated: terminated > 0 }).toEqual({ rounds: ROUNDS, terminated: true });

      // Heals: a transfer succeeds again.
      await waitUntil(
        'a transfer to succeed after the storm',
        async () => (await ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[0], quantity: 1 }] }, { timeoutMs: HANG_MS })).status === 201,
        BOUNDS.healMs,
      );

      // Every acknowledged transfer exists exactly once, completed, with its two movements.
      const acknowledged = answers.filter((t) => t.res?.status === 201).map((t) => t.res!.body.id as string);
      expect(acknowledged.length).toBeGreaterThan(0);
      const stored = await sql<{ id: string; status: string; movements: number }>(
        `SELECT t.id, t.status, (SELECT count(*)::int FROM stock.movements m WHERE m.transfer_id = t.id) AS movements
         FROM stock.transfers t WHERE t.id = ANY($1::uuid[])`,
        [acknowledged],
      );
      expect(stored.length).toBe(new Set(acknowledged).size);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
      expect(stored.filter((t) => t.status !== 'completed' || t.movements !== 2)).toEqual([]);

      await expectLedgerConsistent();
      expect(await totalsByItem(ws.id)).toEqual(totalsBefore);
      expectAllAlive(stack);
    },
  ),
);
