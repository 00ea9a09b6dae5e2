import fs from 'node:fs';
import type { Plan } from '@inv/shared/core';
import { type ApiResponse, request } from '../support/api';
import { newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { provideInfrastructure } from '../support/infrastructure';
import { type Dependency, describeExit, type ProcessName, SERVICES, Stack, waitUntil } from '../support/stack';
import { createItem, createLocation } from '../stock/stock-fixtures';

/** The bounds the fault suite holds the stack to. */
export const BOUNDS = {
  /** A request whose dependency is down or silent answers (the retryable 429 envelope) within this. */
  answerMs: 6000,
  /** /healthz and /readyz answer within this, whatever is down. */
  probeMs: 1000,
  /** With the broker down, a call that needs another service's answer fails within this. */
  brokerDownMs: 1000,
  /** Everything works again within this of the dependency coming back, without a restart. */
  healMs: 5000,
  /** A process that started while a dependency was away finishes starting (migrations, consumers) within this after connecting. */
  startAfterConnectMs: 5000,
};

/** How long the test waits for an answer before calling it a hang (beyond every bound above). */
export const HANG_MS = 10_000;

/**
 * Starts an isolated stack for one fault test file, with each process reaching `proxied` through
 * a TCP proxy of its own, and points the test helpers (api.ts, fixtures.ts) at it. The processes
 * log at info level to files; a failing case prints their tails.
 */
export async function startFaultStack(proxied: Dependency[] = [], env: NodeJS.ProcessEnv = {}): Promise<Stack> {
  const infrastructure = await provideInfrastructure();
  try {
    // Five connections per process: with `npx jest` a fault stack runs beside the component
    // stack, and both together stay within PostgreSQL's default max_connections of 100.
    const stack = await Stack.start({ infrastructure, proxied, env: { LOG_LEVEL: 'info', DB_POOL_SIZE: '5', ...env } });
    Object.assign(process.env, stack.testEnv());
    return stack;
  } catch (err) {
    await infrastructure.stop();
    throw err;
  }
}

export async function stopFaultStack(stack: Stack | undefined): Promise<void> {
  if (!stack) return;
  await stack.stop();
  await stack.infrastructure.stop();
}

/** A fault case's body; when it fails, the error carries the tail of every process's log. */
export function withLogs(stack: () => Stack, body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (err) {
      if (err instanceof Error) err.message += `\n\nProcess logs:\n${stack().logTails()}`;
      throw err;
    }
  };
}

/** An answer (or the failure to get one) and how long it took. */
export interface Timed {
  what: string;
  ms: number;
  res?: ApiResponse;
  error?: Error;
}

export async function timed(what: string, call: () => Promise<ApiResponse>): Promise<Timed> {
  const started = performance.now();
  try {
    const res = await call();
    return { what, ms: Math.round(performance.now() - started), res };
  } catch (error) {
    return { what, ms: Math.round(performance.now() - started), error: error as Error };
  }
}

/** Which failed attempts a client sends again: lost answers always, and the retryable refusal (429) when asked. */
export type RetryOn = 'lost answers' | 'lost answers and refusals';

/**
 * Sends one call (with its Idempotency-Key) again and again, as a client would, while its
 * answer is one `retryOn` names, for at most `forMs`, pausing `pauseMs` between attempts; every
 * attempt goes into `attempts`. Answers the last one.
 */
export async function untilAnswered(
  what: string,
  call: () => Promise<ApiResponse>,
  attempts: Timed[],
  options: { retryOn: RetryOn; forMs: number; pauseMs: number },
): Promise<Timed> {
  const deadline = Date.now() + options.forMs;
  for (;;) {
    const attempt = await timed(`${what} (attempt ${attempts.length + 1})`, call);
    attempts.push(attempt);
    const refused = attempt.res !== undefined && attempt.res.status === 429 && options.retryOn === 'lost answers and refusals';
    if ((attempt.res && !refused) || Date.now() > deadline) return attempt;
    await new Promise((r) => setTimeout(r, options.pauseMs));
  }
}

/** "POST /x → 500 internal_server_error "message" in 120 ms", for failure messages. */
export function explain(t: Timed): string {
  if (t.error) return `${t.what} → no answer (${t.error.message}) after ${t.ms} ms`;
  const res = t.res!;
  const code = res.body?.error?.code;
  const detail = code ? `${code} ${JSON.stringify(res.body.error.message)}` : res.text.slice(0, 200);
  return `${t.what} → ${res.status} ${detail} in ${t.ms} ms (request id ${res.headers['x-request-id']})`;
}

/** True when the answer is the error envelope with a code of the spec's table and no stack trace. */
export function isEnvelope(res: ApiResponse): boolean {
  const error = res.body?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' && error.message.length > 0 && !/\n\s+at /.test(res.text);
}

/**
 * Checks each answer: it came within `withinMs`, its status is one of `statuses`, and an error
 * is the envelope (matching `message` when given). Answers the list of problems, empty when fine.
 */
export function problemsWith(answers: Timed[], expected: { withinMs: number; statuses: number[]; message?: RegExp }): string[] {
  const problems: string[] = [];
  for (const t of answers) {
    const res = t.res;
    if (!res) problems.push(`${explain(t)}: expected an answer within ${expected.withinMs} ms`);
    else if (t.ms > expected.withinMs) problems.push(`${explain(t)}: slower than ${expected.withinMs} ms`);
    else if (!expected.statuses.includes(res.status)) problems.push(`${explain(t)}: expected status ${expected.statuses.join(' or ')}`);
    else if (res.status >= 400 && !isEnvelope(res)) problems.push(`${explain(t)}: not the error envelope`);
    else if (res.status >= 400 && expected.message && !expected.message.test(res.body.error.message)) problems.push(`${explain(t)}: message should match ${expected.message}`);
  }
  return problems;
}

/** One probe of a process's /healthz or /readyz. */
export async function probe(stack: Stack, name: ProcessName, endpoint: '/healthz' | '/readyz'): Promise<Timed> {
  const what = `${name} GET ${endpoint}`;
  if (name === 'gateway') return timed(what, () => request('GET', endpoint, { timeoutMs: HANG_MS }));
  return timed(what, async () => {
    const res = await fetch(`${stack.serviceUrl(name)}${endpoint}`, { signal: AbortSignal.timeout(HANG_MS) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* stays text */
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), body, text };
  });
}

/**
 * The probes while `dependency` is down for `affected`: every /healthz answers 200 and every
 * /readyz answers, within BOUNDS.probeMs; an affected process's /readyz is 503 naming the dependency.
 */
export async function probeProblems(stack: Stack, affected: ProcessName[], dependency: RegExp, all: ProcessName[] = [...SERVICES, 'gateway']): Promise<string[]> {
  const problems: string[] = [];
  for (const name of all) {
    const [health, ready] = [await probe(stack, name, '/healthz'), await probe(stack, name, '/readyz')];
    problems.push(...problemsWith([health], { withinMs: BOUNDS.probeMs, statuses: [200] }));
    if (!ready.res || ready.ms > BOUNDS.probeMs) problems.push(`${explain(ready)}: expected an answer within ${BOUNDS.probeMs} ms`);
    else if (affected.includes(name) && (ready.res.status !== 503 || !dependency.test(ready.res.text))) problems.push(`${explain(ready)}: expected 503 naming ${dependency}`);
  }
  return problems;
}

/** Every process alive: none exited unless the test killed it (and then it was respawned). */
export function expectAllAlive(stack: Stack): void {
  expect(stack.exited().map(describeExit)).toEqual([]);
}

/**
 * The ledger's invariants over the whole stack: each balance equals the sum of its movements,
 * and no balance or running balance is negative (nothing oversold).
 */
export async function expectLedgerConsistent(): Promise<void> {
  const mismatches = await sql(
    `SELECT b.workspace_id, b.item_id, b.location_id, b.on_hand::text, coalesce(sum(m.quantity), 0)::text AS movements
     FROM stock.balances b LEFT JOIN stock.movements m ON m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id
     GROUP BY b.workspace_id, b.item_id, b.location_id, b.on_hand
     HAVING b.on_hand <> coalesce(sum(m.quantity), 0)`,
  );
  expect(mismatches).toEqual([]);
  const negative = await sql(`SELECT 'balance' AS what, item_id, location_id, on_hand::text AS value FROM stock.balances WHERE on_hand < 0
     UNION ALL SELECT 'movement', item_id, location_id, balance_after::text FROM stock.movements WHERE balance_after < 0`);
  expect(negative).toEqual([]);
}

/** Total on hand per item over every location; transfers must leave it unchanged. */
export async function totalsByItem(workspaceId: string): Promise<Record<string, string>> {
  const rows = await sql<{ item_id: string; total: string }>('SELECT item_id, sum(on_hand)::text AS total FROM stock.balances WHERE workspace_id = $1 GROUP BY item_id', [workspaceId]);
  return Object.fromEntries(rows.map((r) => [r.item_id, r.total]));
}

/** A workspace (pro unless said) with a second location (a van) and `items` items holding `quantity` each at the default location. */
export async function stockedWorkspace(items: number, quantity: number, plan: Plan = 'pro'): Promise<{ ws: TestWorkspace; from: string; to: string; itemIds: string[] }> {
  const ws = await newWorkspace({ plan });
  const van = await createLocation(ws);
  const itemIds: string[] = [];
  for (let i = 0; i < items; i++) itemIds.push((await createItem(ws, { quantity })).id);
  return { ws, from: ws.defaultLocationId, to: van.id, itemIds };
}

/**
 * What a fault case found wrong, collected across its phases so one run reports every broken
 * promise (a slow probe does not hide a failed heal); `expectNone` fails the case with the list.
 */
export class Findings {
  readonly problems: string[] = [];

  add(problems: string[]): void {
    this.problems.push(...problems);
  }

  /** Runs a check that throws on failure (waitUntil, expect) and records its failure. */
  async check(what: string, body: () => Promise<unknown>): Promise<void> {
    try {
      await body();
    } catch (err) {
      this.problems.push(`${what}: ${(err as Error).message.slice(0, 1500)}`);
    }
  }

  expectNone(): void {
    expect(this.problems).toEqual([]);
  }
}

/** Warn-level lines a process logged after `offset` (bytes into its log) whose message matches `what`. */
function warningsSince(stack: Stack, name: ProcessName, offset: number, what: RegExp): number {
  return fs
    .readFileSync(stack.logFile(name))
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter((line) => /"level":40/.test(line) && what.test(line)).length;
}

/**
 * Restarts `name` while `dependency` is cut for it: the process must wait, logging that it waits
 * (matching `waitingFor`) on every retry, rather than exit; and once the dependency is back it
 * must become ready within the heal bound plus the rest of its start-up.
 */
export async function expectStartUpWaitsFor(stack: Stack, name: ProcessName, dependency: Dependency, waitingFor: RegExp): Promise<void> {
  await stack.kill(name, 'SIGTERM');
  await stack.cut(dependency, [name]);
  const offset = fs.existsSync(stack.logFile(name)) ? fs.statSync(stack.logFile(name)).size : 0;
  stack.spawn(name);
  try {
    await waitUntil(
      `${name} to log twice that it is waiting for ${waitingFor}`,
      async () => {
        const exited = stack.exited().find((e) => e.name === name);
        if (exited) throw new Error(`${describeExit(exited)} while ${dependency} was cut`);
        return warningsSince(stack, name, offset, waitingFor) >= 2;
      },
      30_000,
    );
    expectAllAlive(stack);
  } finally {
    await stack.restore(dependency, [name]);
  }
  await stack.waitReady([name], BOUNDS.healMs + BOUNDS.startAfterConnectMs);
  expectAllAlive(stack);
}
