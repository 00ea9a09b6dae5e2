/**
 * `npm run bench`: starts an isolated stack (as the tests do), then measures gateway latency and
 * throughput on loopback for a few representative calls. Bounded: a fixed number of requests
 * per scenario. Prints one JSON line per scenario.
 */
import { performance } from 'node:perf_hooks';
import globalSetup from '../support/global-setup';
import globalTeardown from '../support/global-teardown';
import { request } from '../support/api';
import { closeConnections, newWorkspace } from '../support/fixtures';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function scenario(name: string, call: () => Promise<{ status: number }>): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await call();
        latencies.push(performance.now() - t0);
        if (res.status >= 400) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2));
  console.log(JSON.stringify({ scenario: name, requests: latencies.length, concurrency: CONCURRENCY, failures, rps: Math.round(latencies.length / seconds), p50_ms: pct(50), p95_ms: pct(95), p99_ms: pct(99) }));
}

async function main(): Promise<void> {
  process.env.RATE_LIMIT_PER_MINUTE ??= '1000000';
  process.env.TEST_LOG_LEVEL ??= 'error';
  await globalSetup();
  try {
    const ws = await newWorkspace({ plan: 'enterprise' });
    await scenario('GET /workspaces/{id} (auth, rate limit, 3 request/reply usage counters)', () => ws.owner.get(`/workspaces/${ws.id}`));
    await scenario('GET /locations/{id} (auth, rate limit, signed forward, one row)', () => ws.owner.get(`/locations/${ws.defaultLocationId}`));
    await scenario('401 unknown key (auth miss + rate limit by address)', () => request('GET', '/workspaces', { key: `sk_${'x'.repeat(32)}` }));
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
