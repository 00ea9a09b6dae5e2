import fs from 'node:fs';
import { newWorkspace, sql } from '../support/fixtures';
import { type Stack } from '../support/stack';
import { ledgerMismatches, reservationMismatches } from '../stock/stock-fixtures';
import { type Acknowledged, EVERY_WRITE, type LoadResult, type LoadSummary, type LoadWorld, measureCapacity, percentile, prepareWorld, runLoad, summarize } from '../load/mixed-load';
import { expectAllAlive, startFaultStack, stopFaultStack, withLogs } from './fault-stack';

/**
 * Issue 35 and docs/overload.md: past its capacity the stack refuses early, with the documented
 * retryable 429, and never answers 500; clients that retry refusals with the same key lose
 * nothing and double nothing; the work it admits keeps its latency; and it is itself again
 * within seconds of the load ending.
 *
 * The stack's capacity is measured first (the offered rate of the mixed load at which the p99 of
 * admitted calls crosses 1 s), then twice that is offered for 60 s. The mix is every write the API
 * takes, on a few hot items and locations, with reads between them (test/load/mixed-load.ts).
 */
const OVERLOAD_SECONDS = 60;
const ADMITTED_P99_GOAL_MS = 2_000;
const RECOVERY_WITHIN_MS = 10_000;
/** The unloaded rate the latency is measured at, before the load and after it. */
const PROBE_RATE = 10;
const PROBE_SECONDS = 2;

let stack: Stack;
beforeAll(async () => {
  // The load's key must not meet its rate limit: this suite is about the stack's capacity.
  stack = await startFaultStack([], { RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '10', LOG_LEVEL: 'warn' });
}, 120_000);
afterAll(() => stopFaultStack(stack));

function describeSummary(what: string, s: LoadSummary, seconds: number): string {
  const slowest = Object.entries(s.byOperation)
    .sort(([, a], [, b]) => b.p99Ms - a.p99Ms)
    .slice(0, 3)
    .map(([op, o]) => `${op} ${o.p99Ms}`)
    .join(', ');
  return `${what}: ${s.offered} operations in ${seconds} s, ${s.attempts} attempts (${s.refusals} refused 429, ${s.serverErrors} server errors), goodput ${s.goodput.toFixed(1)} writes/s, admitted p50 ${s.p50Ms.toFixed(0)} ms p99 ${s.p99Ms.toFixed(0)} ms (slowest p99: ${slowest}), ${s.abandoned} abandoned, load generator's loop delay p99 ${s.clientLoopDelayP99Ms} ms; statuses ${JSON.stringify(s.byStatus)}`;
}

/** The problems with a run's answers: any 500 (or no answer), anything undocumented. */
function answerProblems(result: LoadResult): string[] {
  const summary = summarize(result);
  const errors = result.attempts.filter((a) => a.status >= 500 || a.status === 0).slice(0, 10);
  return [...errors.map((a) => `${a.op} → ${a.status} ${a.code ?? ''} ${a.message ?? ''} (request ${a.requestId ?? '?'})`), ...summary.undocumented];
}

/** Latency of unloaded calls: the p99 of the mix at PROBE_RATE for PROBE_SECONDS. */
async function probeP99(world: LoadWorld): Promise<{ p99: number; result: LoadResult }> {
  const result = await runLoad(world, { mix: EVERY_WRITE, seconds: PROBE_SECONDS, pace: { rate: PROBE_RATE } });
  return { p99: summarize(result).p99Ms, result };
}

/** Every acknowledged write is stored once, as acknowledged; nothing stored that was not asked for twice. */
async function exactlyOnceProblems(workspaceId: string, acknowledged: Acknowledged[]): Promise<string[]> {
  const problems: string[] = [];
  const transfers = await sql<{ note: string; ids: string[] }>("SELECT note, array_agg(id::text) AS ids FROM stock.transfers WHERE workspace_id = $1 AND note <> '' GROUP BY note", [workspaceId]);
  const transferByKey = new Map(transfers.map((t) => [t.note, t.ids]));
  const movements = await sql<{ note: string; ids: string[] }>("SELECT note, array_agg(id::text) AS ids FROM stock.movements WHERE workspace_id = $1 AND note <> '' AND transfer_id IS NULL GROUP BY note", [workspaceId]);
  const movementByKey = new Map(movements.map((m) => [m.note, m.ids]));
  for (const [key, ids] of [...transferByKey, ...movementByKey]) if (ids.length > 1) problems.push(`key ${key} stored ${ids.length} times: ${ids.join(', ')}`);
  for (const ack of acknowledged) {
    if (ack.op === 'transfer' || (ack.op === 'pending-transfer' && ack.body.note === ack.key)) {
      const stored = transferByKey.get(ack.key!);
      if (!stored || stored[0] !== ack.body.id) problems.push(`${ack.op} ${ack.key} acknowledged as ${ack.body.id}, stored as ${stored?.join(', ') ?? 'nothing'}`);
    }
    // A count that confirms the balance records nothing (its answer's quantity is 0).
    if (ack.op === 'movement' || (ack.op === 'count' && Number(ack.body.quantity) !== 0)) {
      const stored = movementByKey.get(ack.key!);
      const id = ack.body.id ?? ack.body.movement?.id;
      if (!stored || (id !== undefined && stored[0] !== id)) problems.push(`${ack.op} ${ack.key} acknowledged, stored as ${stored?.join(', ') ?? 'nothing'}`);
    }
  }
  return problems;
}

describe('saturation: twice the capacity for 60 s (issue 35)', () => {
  it(
    'when twice its capacity is offered, then every call succeeds or gets the documented retryable 429, never a 500; admitted calls keep a p99 within 2 s; nothing is lost or doubled; and within 10 s of the end the p99 is back to its unloaded value',
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace({ plan: 'enterprise' });
        const world = await prepareWorld({ baseUrl: stack.gatewayUrl, ca: fs.readFileSync(process.env.TEST_GATEWAY_CA!, 'utf8'), key: ws.ownerKey, workspaceId: ws.id });
        const runs: LoadResult[] = [];
        const lines: string[] = [];

        const unloaded = await probeP99(world);
        runs.push(unloaded.result);

        const capacity = await measureCapacity(world, EVERY_WRITE, { start: 40, step: 30, secondsEach: 8, p99Ms: 1_000, max: 2_000 });
        for (const step of capacity.steps) lines.push(describeSummary(`capacity step at ${step.rate}/s`, step.summary, 8));
        expect(capacity.rate).toBeGreaterThan(0);

        const offered = capacity.rate * 2;
        const overload = await runLoad(world, { mix: EVERY_WRITE, seconds: OVERLOAD_SECONDS, pace: { rate: offered } });
        const ended = Date.now();
        runs.push(overload);
        const overloadSummary = summarize(overload);
        lines.push(describeSummary(`overload at ${offered}/s (2 × ${capacity.rate}/s)`, overloadSummary, OVERLOAD_SECONDS));

        // Back to the unloaded latency: probe windows, one after the other, until one is.
        const backTo = Math.max(unloaded.p99 * 1.5, unloaded.p99 + 50);
        let recoveredAfterMs: number | undefined;
        while (recoveredAfterMs === undefined && Date.now() - ended < RECOVERY_WITHIN_MS + PROBE_SECONDS * 1000) {
          const probe = await probeP99(world);
          runs.push(probe.result);
          if (probe.p99 <= backTo) recoveredAfterMs = Date.now() - ended;
        }
        lines.push(`unloaded p99 ${unloaded.p99.toFixed(0)} ms; back to ${backTo.toFixed(0)} ms after ${recoveredAfterMs ?? 'more than ' + RECOVERY_WITHIN_MS} ms`);
        process.stdout.write(`saturation:\n  ${lines.join('\n  ')}\n`);

        expectAllAlive(stack);
        expect(runs.flatMap(answerProblems)).toEqual([]);
        expect(capacity.steps.flatMap((s) => s.summary.undocumented)).toEqual([]);
        expect(overloadSummary.refusals).toBeGreaterThan(0);
        // Operations whose client gave up (four refusals, as the typed client) are not failures: at twice the
        // capacity half the demand cannot be served. What was acknowledged must all be there (below).
        expect(percentile(overload.attempts.filter((a) => a.status !== 429).map((a) => a.ms), 99)).toBeLessThanOrEqual(ADMITTED_P99_GOAL_MS);
        expect(recoveredAfterMs).toBeLessThanOrEqual(RECOVERY_WITHIN_MS);

        // Nothing lost or doubled, and the ledger is whole.
        expect(await exactlyOnceProblems(ws.id, runs.flatMap((r) => r.acknowledged))).toEqual([]);
        expect(await ledgerMismatches(ws.id)).toEqual([]);
        expect(await reservationMismatches(ws.id)).toEqual([]);
        const imports = runs.flatMap((r) => r.acknowledged).filter((a) => a.op === 'import');
        for (const job of imports) {
          const [row] = await sql<{ status: string }>('SELECT status FROM catalog.imports WHERE id = $1', [job.body.id]);
          expect({ id: job.body.id, status: row?.status === 'failed' ? 'failed' : 'not failed' }).toEqual({ id: job.body.id, status: 'not failed' });
        }
      },
    ),
    600_000,
  );
});
