/**
 * `npm run bench:scale`: issue 9's scenario (c). Seeds one enterprise workspace by SQL at a small
 * level, measures the listed calls (median of sequential calls), grows the workspace to
 * 1,000,000 movements / 100,000 transfers / 50,000 items, measures again and prints each
 * call's ratio large / small as a JSON line and a summary table. See docs/benchmarks.md.
 */
import { loadBenchConfig } from './bench-config';
import { startBenchStack, type BenchStack } from './bench-stack';
import { newWorkspace, type ApiResponse, type BenchWorkspace, type Query } from './gateway-client';
import { loadAverage, log, machine, median, percentile, secondsSince } from './load';
import { printRatio, printTable, ratioOf } from './report';
import { SEARCH_TERM, seededItemId, seedLevel, type ScaleLevel, type ScaleWorkspace } from './scale-seed';

/** The reference level: 10,000 items; 5,000 transfers, the fewest that fill page 100 (50 a page). */
const SMALL: ScaleLevel = { label: '10k', items: 10_000, transfers: 5_000, movements: 20_000 };
const LARGE: ScaleLevel = { label: '1M', items: 50_000, transfers: 100_000, movements: 1_000_000 };
/** Locations besides the default one; the seeded stock is spread over all of them. */
const EXTRA_LOCATIONS = 10;
/** How far back the billing cycle starts, so the seeded history lies inside the current cycle. */
const CYCLE_AGE_DAYS = 20;
const WARMUP_CALLS = 3;
/** A call failing this often at one level is not sampled further (a timeout would cost minutes). */
const MAX_FAILURES = 3;

interface Call {
  name: string;
  run: (ws: BenchWorkspace, scale: ScaleWorkspace) => Promise<Answer>;
}

interface Answer {
  ok: boolean;
  status: number;
  ms: number;
}

const answer = (expected: number) => (res: ApiResponse): Answer => ({ ok: res.status === expected, status: res.status, ms: res.ms });
const get = (path: string, query: Query = {}) => (ws: BenchWorkspace) => ws.client.call('GET', path, { query }).then(answer(200));

const CALLS: Call[] = [
  {
    name: 'POST /inventory/transfers',
    run: (ws, scale) =>
      ws.client
        .call('POST', '/inventory/transfers', {
          body: { fromLocationId: scale.locationIds[0], toLocationId: scale.locationIds[1], lines: [{ itemId: seededItemId(scale.id, 0), quantity: 1 }] },
        })
        .then(answer(201)),
  },
  { name: 'GET /inventory/transfers page 1', run: get('/inventory/transfers') },
  { name: 'GET /inventory/transfers page 100', run: get('/inventory/transfers', { page: 100 }) },
  { name: 'GET /inventory/movements page 1', run: get('/inventory/movements') },
  { name: 'GET /items/count?stockHealth=low', run: get('/items/count', { stockHealth: 'low' }) },
  { name: `GET /items?search=${SEARCH_TERM}`, run: get('/items', { search: SEARCH_TERM }) },
];

async function main(): Promise<void> {
  const config = loadBenchConfig();
  log(`# npm run bench:scale  ${machine()}`);
  log(`# ${JSON.stringify({ small: SMALL, large: LARGE, samples: config.BENCH_SAMPLES, logLevel: config.BENCH_LOG_LEVEL })}`);
  const started = Date.now();
  const stack = await startBenchStack({ config, extraConnections: 0 });
  log(`# stack up in ${secondsSince(started)} s (logs in ${stack.workDir})`);
  const results = new Map<string, Partial<Record<string, Measured>>>();
  try {
    const { ws, scale } = await scaleWorkspace(stack);
    for (const level of [SMALL, LARGE]) {
      await stack.quiesce();
      const seeding = Date.now();
      const steps = await seedLevel(stack.db, scale, level);
      log(`# ${level.label}: seeded ${level.items} items, ${level.transfers} transfers, ${level.movements} movements in ${secondsSince(seeding)} s ${JSON.stringify(steps)}`);
      for (const call of CALLS) {
        const measured = await measure(() => call.run(ws, scale), config.BENCH_SAMPLES);
        results.set(call.name, { ...results.get(call.name), [level.label]: measured });
        log(`${level.label.padStart(4)}: ${call.name.padEnd(36)} ${describe(measured)}`);
      }
    }
  } finally {
    await stack.stop();
  }
  const ratios = CALLS.map((call) => {
    const small = results.get(call.name)?.[SMALL.label];
    const large = results.get(call.name)?.[LARGE.label];
    const warnings = [small, large].flatMap((m, i) => (m && m.failures.length > 0 ? [`${[SMALL, LARGE][i]!.label}: ${m.failures.length} failed (${[...new Set(m.failures)].join(', ')})`] : []));
    return ratioOf('c', `${call.name}: median, ${LARGE.label} vs ${SMALL.label}`, 'ms', large?.medianMs ?? NaN, small?.medianMs ?? NaN, { atMost: 2 }, warnings);
  });
  log('');
  for (const r of ratios) printRatio(r);
  printTable(ratios);
  log('');
  log(`# finished in ${secondsSince(started)} s; load average ${loadAverage()}`);
}

interface Measured {
  medianMs: number;
  p90Ms: number;
  samples: number;
  /** Statuses of the calls that did not answer as expected, warm-ups included. */
  failures: number[];
}

/** Sequential calls: WARMUP_CALLS unmeasured, then `samples` measured (failed ones too, for their latency). */
async function measure(call: () => Promise<Answer>, samples: number): Promise<Measured> {
  const latencies: number[] = [];
  const failures: number[] = [];
  for (let i = -WARMUP_CALLS; i < samples && failures.length < MAX_FAILURES; i++) {
    const { ok, status, ms } = await call();
    if (!ok) failures.push(status);
    if (i >= 0) latencies.push(ms);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return { medianMs: median(latencies), p90Ms: percentile(sorted, 90), samples: latencies.length, failures };
}

function describe(m: Measured): string {
  const failed = m.failures.length > 0 ? `  FAILED ${m.failures.length}× (${[...new Set(m.failures)].join(', ')})` : '';
  return `median ${m.medianMs.toFixed(1).padStart(7)} ms  p90 ${m.p90Ms.toFixed(1).padStart(7)} ms  (${m.samples} sequential calls)${failed}`;
}

/**
 * The enterprise workspace of the run, with extra locations made through the API (so every
 * service knows them) and its billing cycle started CYCLE_AGE_DAYS ago, so the whole seeded
 * history counts in the current cycle as it would for a busy workspace.
 */
async function scaleWorkspace(stack: BenchStack): Promise<{ ws: BenchWorkspace; scale: ScaleWorkspace }> {
  const ws = await newWorkspace(stack, 'bench-scale');
  const locationIds = [ws.defaultLocationId];
  for (let i = 1; i <= EXTRA_LOCATIONS; i++) {
    locationIds.push(((await ws.client.expect(201, 'POST', '/locations', { body: { name: `Scale location ${i}` } })).body as { id: string }).id);
  }
  const { rows } = await stack.db.query<{ billing_anchor: Date }>(
    `UPDATE identity.workspaces SET billing_anchor = now() - make_interval(days => $2) WHERE id = $1 RETURNING billing_anchor`,
    [ws.id, CYCLE_AGE_DAYS],
  );
  return { ws, scale: { id: ws.id, ownerUserId: ws.ownerUserId, locationIds, cycleStart: rows[0]!.billing_anchor } };
}

main().then(
  () => process.exit(),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
