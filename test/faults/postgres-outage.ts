import fs from 'node:fs';
import type { ApiResponse } from '../support/api';
import { unique } from '../support/fixtures';
import { type ProcessName, SERVICES, type Stack, waitUntil } from '../support/stack';
import {
  BOUNDS,
  expectAllAlive,
  expectLedgerConsistent,
  Findings,
  HANG_MS,
  probeProblems,
  problemsWith,
  startFaultStack,
  stockedWorkspace,
  stopFaultStack,
  timed,
  withLogs,
} from './fault-stack';

const ALL: ProcessName[] = [...SERVICES, 'gateway'];

/** Error-level lines (pino level ≥ 50) of a process's log that carry `requestId`, as "msg (err.message)". */
/** A request's lines at warn or above: a refusal for a dependency that is away is logged at warn, with its cause. */
function errorLinesFor(stack: Stack, name: ProcessName, requestId: string): string[] {
  return fs
    .readFileSync(stack.logFile(name), 'utf8')
    .split('\n')
    .filter((line) => line.includes(requestId) && /"level":(40|50|60)/.test(line))
    .map((line) => {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } | string };
      return `${entry.msg} (${typeof entry.err === 'string' ? entry.err : entry.err?.message})`;
    });
}

/**
 * PostgreSQL goes away (`cut`: connections dropped, new ones refused; `silence`: connections
 * accepted and kept, nothing answered) first for the stock service only, then for every process.
 * Each time: requests answer the retryable 429 envelope within BOUNDS.answerMs, probes answer within
 * BOUNDS.probeMs with /readyz 503 naming PostgreSQL, no process exits; after the restore
 * everything works again within BOUNDS.healMs, and the ledger holds.
 */
export function postgresOutageCases(fault: 'cut' | 'silence'): () => Stack {
  const outage = fault === 'cut' ? 'cut (connections dropped, new ones refused)' : 'silent (connections accepted, nothing answered)';
  let stack: Stack;
  beforeAll(async () => {
    stack = await startFaultStack(['postgres']);
  });
  afterAll(() => stopFaultStack(stack));
  // A failed case must not leave the next one without a database.
  afterEach(() => stack.restore('postgres'));

  /** Restores PostgreSQL for every process and checks that the stack heals within the bound. */
  async function restoreAndHeal(check: () => Promise<ApiResponse[]>): Promise<void> {
    await stack.restore('postgres');
    const restoredAt = Date.now();
    let last = '';
    await waitUntil(
      'every process ready and every call answered 2xx after PostgreSQL came back',
      async () => {
        const ready = await Promise.all(ALL.map((n) => stack.isReady(n)));
        if (!ready.every(Boolean)) return ((last = `not ready: ${ALL.filter((_, i) => !ready[i]).join(', ')}`), false);
        try {
          const answers = await check();
          last = answers.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('; ');
          return answers.every((r) => r.status < 300);
        } catch (err) {
          return ((last = (err as Error).message), false);
        }
      },
      BOUNDS.healMs,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; last: ${last}`);
    });
    // waitUntil may overrun by one check; the bound is on the time to heal.
    const took = Date.now() - restoredAt;
    if (took > BOUNDS.healMs + 1000) throw new Error(`healed only after ${took} ms`);
  }

  it(
    `when PostgreSQL is ${outage} for the stock service, then its calls answer the retryable 429 envelope in time (logged once), the others keep working, its /readyz says 503 naming PostgreSQL, and it heals once PostgreSQL is back`,
    withLogs(
      () => stack,
      async () => {
        const { ws, from, to, itemIds } = await stockedWorkspace(1, 100);
        const transfer = (toLocationId: string, timeoutMs = HANG_MS) =>
          ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId, lines: [{ itemId: itemIds[0], quantity: 1 }] }, { timeoutMs });

        await stack[fault]('postgres', ['stock']);
        const [failing, workspace, openingStock, unaffected] = await Promise.all([
          Promise.all([
            timed('POST /inventory/transfers', () => transfer(to)),
            timed('GET /inventory/balances', () => ws.owner.get('/inventory/balances', { timeoutMs: HANG_MS })),
          ]),
          timed(`GET /workspaces/${ws.id} (stock's usage counter)`, () => ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: HANG_MS })),
          timed('POST /items with opening stock (stock records it)', () => ws.owner.post('/items', { sku: unique('SKU'), quantity: 5 }, { timeoutMs: HANG_MS })),
          Promise.all([
            timed('POST /locations', () => ws.owner.post('/locations', { name: unique('Van'), type: 'van' }, { timeoutMs: HANG_MS })),
            timed('GET /items', () => ws.owner.get('/items', { timeoutMs: HANG_MS })),
          ]),
        ]);
        expectAllAlive(stack);
        const findings = new Findings();
        findings.add([
          ...problemsWith(failing, { withinMs: BOUNDS.answerMs, statuses: [429] }),
          ...problemsWith([openingStock], { withinMs: BOUNDS.answerMs, statuses: [429] }),
          // Whether the workspace answers without stock's usage counter is the gateway's choice; it must answer in time.
          ...problemsWith([workspace], { withinMs: BOUNDS.answerMs, statuses: [200, 429] }),
          ...problemsWith(unaffected, { withinMs: BOUNDS.answerMs, statuses: [200, 201] }),
          ...(await probeProblems(stack, ['stock'], /postgres/i)),
        ]);
        const failedTransfer = failing[0]!.res?.headers['x-request-id'];
        if (typeof failedTransfer === 'string') {
          await findings.check('the failed transfer is logged once by the stock service, with its request id', async () =>
            expect(errorLinesFor(stack, 'stock', failedTransfer)).toHaveLength(1),
          );
        }
        expectAllAlive(stack);

        // The new location's location.created reached the stock service while its database was away.
        const newLocation = unaffected[0]!.res?.status === 201 ? (unaffected[0]!.res.body.id as string) : to;
        await findings.check('heals within the bound', () =>
          restoreAndHeal(async () => [
            await transfer(newLocation, BOUNDS.healMs),
            await ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: BOUNDS.healMs }),
            await ws.owner.post('/items', { sku: unique('SKU'), quantity: 5 }, { timeoutMs: BOUNDS.healMs }),
          ]),
        );
        await findings.check('ledger', expectLedgerConsistent);
        expectAllAlive(stack);
        findings.expectNone();
      },
    ),
  );

  it(
    `when PostgreSQL is ${outage} for every process, then calls answer the retryable 429 envelope in time, every /readyz says 503 naming PostgreSQL, no process exits, and everything heals once PostgreSQL is back`,
    withLogs(
      () => stack,
      async () => {
        const { ws, from, to, itemIds } = await stockedWorkspace(1, 100);
        const transfer = (timeoutMs = HANG_MS) => ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[0], quantity: 1 }] }, { timeoutMs });

        await stack[fault]('postgres');
        const answers = await Promise.all([
          timed(`GET /workspaces/${ws.id}`, () => ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: HANG_MS })),
          timed('GET /locations', () => ws.owner.get('/locations', { timeoutMs: HANG_MS })),
          timed('POST /inventory/transfers', () => transfer()),
        ]);
        expectAllAlive(stack);
        const findings = new Findings();
        findings.add([...problemsWith(answers, { withinMs: BOUNDS.answerMs, statuses: [429] }), ...(await probeProblems(stack, ALL, /postgres/i))]);
        expectAllAlive(stack);

        await findings.check('heals within the bound', () =>
          restoreAndHeal(async () => [
            await ws.owner.get(`/workspaces/${ws.id}`, { timeoutMs: BOUNDS.healMs }),
            await ws.owner.get('/locations', { timeoutMs: BOUNDS.healMs }),
            await transfer(BOUNDS.healMs),
          ]),
        );
        await findings.check('ledger', expectLedgerConsistent);
        expectAllAlive(stack);
        findings.expectNone();
      },
    ),
  );

  return () => stack;
}
