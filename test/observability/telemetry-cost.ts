/**
 * `npx tsx test/observability/telemetry-cost.ts`: what telemetry costs per request, as CPU time
 * of each process (from /proc) rather than requests per second, which a busy machine moves far
 * more than a few microseconds of work do. Starts an isolated stack as the tests do, warms up,
 * then sends a bounded number of requests (TELEMETRY_COST_REQUESTS, default 1500, 8 at a time)
 * per scenario. Compare a run with OTEL_SDK_DISABLED=true (metrics only) against one without
 * (trace ids on, nothing exported). `postgres` is the CPU of the database's server processes
 * serving this stack (its backends, found after the warm-up), read the same way. Linux only.
 */
import fs from 'node:fs';
import { Client } from 'pg';
import globalSetup from '../support/global-setup';
import globalTeardown from '../support/global-teardown';
import { request } from '../support/api';
import { closeConnections, newWorkspace } from '../support/fixtures';

const REQUESTS = Number(process.env.TELEMETRY_COST_REQUESTS ?? 1500);
const CONCURRENCY = 8;
const WARM_UP = 200;
const PROCESSES = ['locations', 'catalog', 'stock', 'notifications', 'gateway'] as const;
const CLOCK_TICK_US = 10_000;

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat); 0 once it has exited. */
function ticksOf(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The PostgreSQL backends connected to the stack's database (its pools, warmed up by then). */
async function databaseBackends(): Promise<number[]> {
  const db = new Client({ connectionString: globalThis.__TEST_STACK__!.urls.database });
  await db.connect();
  try {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await db.end();
  }
}

/** CPU ticks of each child, then of the database backends together. */
function cpuTicks(backends: number[]): number[] {
  return [...PROCESSES.map((name) => ticksOf(globalThis.__TEST_STACK__!.child(name).pid!)), backends.reduce((sum, pid) => sum + ticksOf(pid), 0)];
}

async function scenario(name: string, call: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await call();
  const backends = await databaseBackends();
  const before = cpuTicks(backends);
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        sent += 1;
        await call();
      }
    }),
  );
  const after = cpuTicks(backends);
  const perRequest = Object.fromEntries([...PROCESSES, 'postgres'].map((p, i) => [p, Math.round(((after[i]! - before[i]!) * CLOCK_TICK_US) / REQUESTS)]));
  console.log(JSON.stringify({ scenario: name, tracing: process.env.OTEL_SDK_DISABLED === 'true' ? 'disabled' : 'ids only', requests: REQUESTS, cpu_us_per_request: perRequest }));
}

async function main(): Promise<void> {
  process.env.RATE_LIMIT_PER_MINUTE ??= '1000000';
  process.env.TEST_LOG_LEVEL ??= 'error';
  await globalSetup();
  try {
    const ws = await newWorkspace({ plan: 'enterprise' });
    const items = await ws.owner.post<Array<{ id: string }>>('/items/bulk', Array.from({ length: 100 }, (_, i) => ({ sku: `COST-${i}`, description: `Item ${i}` })));
    let lookup = 0;
    await scenario('GET /items/info', () => ws.owner.get('/items/info', { query: { itemId: items.body[lookup++ % items.body.length]!.id } }));
    await scenario('GET /workspaces/{id}', () => ws.owner.get(`/workspaces/${ws.id}`));
    await scenario('GET /locations/{id}', () => ws.owner.get(`/locations/${ws.defaultLocationId}`));
    await scenario('401 unknown key', () => request('GET', '/workspaces', { key: `sk_${'x'.repeat(32)}` }));
  } finally {
    await closeConnections();
    await globalTeardown();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
