/**
 * `npm run bench`: issue 9's scenarios (a), (b) and (d), each against its baseline in the same run,
 * on an isolated stack of its own, and issue 22's (r): (b)'s transfers through 2 replicas of each
 * process behind HAProxy against the same stack of 1 of each; and (w): (b)'s transfers with a
 * webhook endpoint per workspace against none, the delivery delay, and that no delivery was lost;
 * issue 30's (i): CSV import and export; issue 31's (p): replenishment in one call against the same
 * transfers one by one; issue 35's (o): goodput at twice the capacity against the peak; issue 36's (j): completing
 * jobs of 5 reserved lines against transfers of 5 lines, with the CPU per completed job; issue 45's (s): 10-line
 * transfers of serials against untracked ones, and the serial scan and trace over 200,000 serials. Prints every round, one JSON line per ratio and a summary table. Exits non-zero when a
 * correctness check fails (oversold stock, ledger ≠ balances, a webhook lost, duplicated, failed
 * or refused); goals not met are reported, not failed: they are what optimisation works
 * towards. See docs/benchmarks.md.
 */
import type { Pool } from '@inv/shared/db';
import { startBaselineServer, startTransferFloor } from './baseline-process';
import { csvScenario } from './csv-bench';
import { jobsScenario } from './jobs-bench';
import { loadBenchConfig, type BenchConfig } from './bench-config';
import { startBenchStack, type BenchStack } from './bench-stack';
import { newWorkspace } from './gateway-client';
import { alternate, cannon, describe, loadAverage, log, machine, mean, median, percentile, type RoundStats, type Rounds, secondsSince, type Alternation, type Side } from './load';
import { catalogCatchUp, type CatchUp } from './projection-catch-up';
import { ProjectionLagSampler } from './projection-lag';
import { replicaStackConnections, startReplicaBenchStack } from './replica-bench-stack';
import { overloadScenario } from './overload-bench';
import { pathCost } from './path-cost';
import { purchasingScenario } from './purchasing-bench';
import { replenishmentScenario } from './replenishment-bench';
import { serialsScenario } from './serials-bench';
import { type Outcome, printRatio, printTable, ratioOf, type Ratio, roundWarnings } from './report';
import { SqlTransfers } from './transfer-lanes';
import { HOT_ITEM_STOCK, interleave, transferStorm, transferWorkspace, type TransferWorkspace } from './transfer-storm';
import { webhookDelivery } from './webhook-delivery';

const LOOKUP_ITEMS = 100;
const BULK_SIZE = 100;
const BULK_WARMUP_SAMPLES = 3;
/** (r): replicas of each process in the replicated stack. */
const REPLICAS = 2;
/**
 * (r): DB_POOL_SIZE of each replica (the notifications service's aside: NOTIFICATIONS_POOL_SIZE).
 * PostgreSQL allows 100 connections, and while (r) runs both stacks are up: the 1-of-each stack's
 * four pools of 10, the notifications service's 2 and the bench's 6 on it (48), and with the
 * default of 10 the replicas' 8 pools would take 80 more. With 5 they take 40 (50 with the two
 * notifications replicas' 2 each and the bench's own): 98 in all. The replicas stack warns at its
 * start when fewer are free.
 */
const REPLICA_POOL_SIZE = 5;

async function main(): Promise<void> {
  const config = loadBenchConfig();
  log(`# npm run bench  ${machine()}`);
  log(`# ${JSON.stringify({ scenarios: config.BENCH_SCENARIOS, seconds: config.BENCH_SECONDS, warmupSeconds: config.BENCH_WARMUP_SECONDS, rounds: config.BENCH_ROUNDS, connections: config.BENCH_CONNECTIONS, samples: config.BENCH_SAMPLES, logLevel: config.BENCH_LOG_LEVEL })}`);
  const started = Date.now();
  // (a)'s baseline server pool (10), or (b)'s direct-SQL workers and the floor service's pool (10),
  // or (r)'s replicated stack: one at a time. (w)'s webhook receiver opens none.
  const extraConnections = Math.max(
    ...config.BENCH_SCENARIOS.map((s) => ({ a: 10, b: config.BENCH_CONNECTIONS + 10, d: 0, w: 0, r: replicaStackConnections(REPLICAS, REPLICA_POOL_SIZE), i: 2, p: 0, o: 0, m: 10, q: 0, j: 0, s: 0 })[s]),
  );
  const stack = await startBenchStack({ config, extraConnections });
  log(`# stack up in ${secondsSince(started)} s (logs in ${stack.workDir})`);
  const outcome: Outcome = { ratios: [], failedChecks: [] };
  const alternation: Alternation = {
    seconds: config.BENCH_SECONDS,
    warmupSeconds: Math.min(config.BENCH_WARMUP_SECONDS, config.BENCH_SECONDS),
    rounds: config.BENCH_ROUNDS,
    settle: stack.quiesce,
    postgresClients: stack.postgresClients,
  };
  try {
    if (config.BENCH_SCENARIOS.includes('a')) outcome.ratios.push(...(await itemLookup(stack, config, alternation)));
    if (config.BENCH_SCENARIOS.includes('b')) {
      const b = await transfers(stack, config, alternation);
      outcome.ratios.push(...b.ratios);
      outcome.failedChecks.push(...b.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('d')) outcome.ratios.push(...(await bulkCreate(stack, config)));
    if (config.BENCH_SCENARIOS.includes('w')) {
      const w = await webhookDelivery(stack, config, alternation);
      outcome.ratios.push(...w.ratios);
      outcome.failedChecks.push(...w.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('r')) {
      const r = await replicated(stack, config, alternation);
      outcome.ratios.push(...r.ratios);
      outcome.failedChecks.push(...r.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('i')) {
      const i = await csvScenario(stack, config);
      outcome.ratios.push(...i.ratios);
      outcome.failedChecks.push(...i.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('p')) {
      const p = await replenishmentScenario(stack, config);
      outcome.ratios.push(...p.ratios);
      outcome.failedChecks.push(...p.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('o')) {
      const o = await overloadScenario(stack);
      outcome.ratios.push(...o.ratios);
      outcome.failedChecks.push(...o.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('m')) {
      const floor = await startTransferFloor(stack);
      try {
        const m = await pathCost(stack, config, alternation, floor);
        outcome.ratios.push(...m.ratios);
        outcome.failedChecks.push(...m.failedChecks);
      } finally {
        await floor.stop();
      }
    }
    if (config.BENCH_SCENARIOS.includes('q')) {
      const q = await purchasingScenario(stack, config, alternation);
      outcome.ratios.push(...q.ratios);
      outcome.failedChecks.push(...q.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('j')) {
      const j = await jobsScenario(stack, config, alternation);
      outcome.ratios.push(...j.ratios);
      outcome.failedChecks.push(...j.failedChecks);
    }
    if (config.BENCH_SCENARIOS.includes('s')) {
      const serials = await serialsScenario(stack, config, alternation);
      outcome.ratios.push(...serials.ratios);
      outcome.failedChecks.push(...serials.failedChecks);
    }
  } finally {
    await stack.stop();
  }
  log('');
  for (const r of outcome.ratios) printRatio(r);
  printTable(outcome.ratios);
  log('');
  log(`# finished in ${secondsSince(started)} s; load average ${loadAverage()}`);
  if (outcome.failedChecks.length > 0) {
    log(`# FAILED CHECKS: ${outcome.failedChecks.join('; ')}`);
    process.exitCode = 1;
  }
}

/** (a) GET /items/info through the gateway vs the bare HTTPS Express + pg lookup of the same rows. */
async function itemLookup(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Ratio[]> {
  const ws = await newWorkspace(stack, 'bench-a');
  const created = await ws.client.expect(201, 'POST', '/items/bulk', {
    body: Array.from({ length: LOOKUP_ITEMS }, (_, i) => ({ sku: `A-${i}`, description: `Lookup item ${i}` })),
  });
  const ids = (created.body as Array<{ id: string }>).map((item) => item.id);
  // The same path and query on both sides; the baseline ignores the key.
  const lookup = (n: number) => ws.client.pathOf('/items/info', { itemId: ids[n % ids.length]! });
  const baseline = await startBaselineServer(stack);
  try {
    let p = 0;
    let b = 0;
    const headers = { authorization: ws.client.authorization };
    const project: Side = (s) => cannon({ url: stack.gatewayUrl, connections: config.BENCH_CONNECTIONS, next: () => ({ method: 'GET', path: lookup(p++), headers }) }, s);
    const bare: Side = (s) => cannon({ url: baseline.url, connections: config.BENCH_CONNECTIONS, next: () => ({ method: 'GET', path: lookup(b++), headers: {} }) }, s);
    const rounds = await alternate('(a) GET /items/info', { project, baseline: bare }, alternation);
    const warnings = roundWarnings(rounds);
    return [
      ratioOf('a', 'GET /items/info req/s', 'req/s', mean(rounds.project.map((r) => r.rps)), mean(rounds.baseline.map((r) => r.rps)), { atLeast: 0.6 }, warnings),
      ratioOf('a', 'GET /items/info p99', 'ms', mean(rounds.project.map((r) => r.p99Ms)), mean(rounds.baseline.map((r) => r.p99Ms)), { atMost: 2 }, warnings),
    ];
  } finally {
    await baseline.stop();
  }
}

/**
 * (b) POST /inventory/transfers (one unit of one hot item between two locations) vs the same
 * transfer as a direct SQL transaction, on the same rows: 10 hot items in one workspace, then
 * 80 spread over 8 workspaces. A third side, the floor (floor-transfer-server.ts), sends the same
 * calls through a bare HTTPS proxy to a bare service running the baseline's SQL: the part of the
 * gap the two hops alone cost, printed as reference ratios. In one more round of the project's
 * storm, a sampler measures how far the catalog's stock projection lags the transfers for other
 * callers (projection-lag.ts), against its 1 s bound at that round's rate. Last, the catalog is
 * stopped during a storm and started again while it goes on, to measure how fast its consumer
 * applies what it is behind on against how fast the storm adds to it (projection-catch-up.ts): the
 * bound holds only while the first outruns the second. Then checks nothing was oversold and the
 * ledger adds up.
 */
async function transfers(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const single = [await transferWorkspace(stack, 'bench-b1')];
  const spread: TransferWorkspace[] = [];
  for (let i = 1; i <= 8; i++) spread.push(await transferWorkspace(stack, `bench-b8-${i}`));
  const variants = [
    { label: '1 workspace, 10 hot items', workspaces: single, goal: 0.5 },
    { label: '8 workspaces, 80 hot items', workspaces: spread, goal: 0.6 },
  ];
  const withoutNotifications = 'without notifications';
  // The goal is a few percent: more rounds than the others, alternating, so the machine's drift falls on both sides.
  const notificationRounds = Math.max(4, config.BENCH_ROUNDS);
  const ratios: Ratio[] = [];
  const floor = await startTransferFloor(stack);
  try {
    for (const variant of variants) {
      const lanes = interleave(variant.workspaces.map((w) => w.lanes));
      const lag = new ProjectionLagSampler(stack.db, variant.workspaces.map((w) => w.ws.id));
      const transferCalls = (url: string): Side => transferStorm(url, variant.workspaces, config.BENCH_CONNECTIONS);
      const sql = new SqlTransfers(stack.databaseUrl, lanes, config.BENCH_CONNECTIONS);
      // Every round starts from the hot rows as vacuumed: the direct SQL of the baseline and the floor
      // updates them ~10,000 times a round, and the dead row versions it leaves would otherwise slow
      // whichever side comes next (the project, in P F B order) until autovacuum catches up.
      const cleanStart = { ...alternation, settle: async () => (await alternation.settle(), await vacuumHotRows(stack.db)) };
      const rounds = await alternate(
        `(b) transfers, ${variant.label}`,
        { project: transferCalls(stack.gatewayUrl), floor: transferCalls(floor.url), baseline: (s) => sql.round(s) },
        cleanStart,
      );
      // The same project calls with the notifications service running (no endpoint anywhere) and with it gone.
      let listening: Rounds<'with notifications' | typeof withoutNotifications>;
      try {
        listening = await alternate(
          `(b) transfers, ${variant.label}, notifications`,
          { 'with notifications': transferCalls(stack.gatewayUrl), [withoutNotifications]: transferCalls(stack.gatewayUrl) },
          { ...cleanStart, rounds: notificationRounds, prepare: async (side) => stack.setNotifications?.(side !== withoutNotifications) },
        );
      } finally {
        await stack.setNotifications?.(true);
      }
      // A storm of its own, after the rounds: the sampler's queries would cost the project's rounds
      // throughput. Twice as long, so that one workspace too gives the 1,000 samples p99.9 needs.
      const lagRound = await lag.during(transferCalls(stack.gatewayUrl)(2 * config.BENCH_SECONDS));
      log(`(b) transfers, ${variant.label}: projection lag round ${describe(lagRound)}`);
      const rate = (side: keyof typeof rounds) => mean(rounds[side].map((r) => r.rps));
      const listeningRate = (side: keyof typeof listening) => mean(listening[side].map((r) => r.rps));
      const warnings = roundWarnings(rounds);
      ratios.push(
        ratioOf('b', `transfers/s, ${variant.label}`, 'tx/s', rate('project'), rate('baseline'), { atLeast: variant.goal }, warnings),
        ratioOf('b', `floor (bare HTTPS Express proxy + bare HTTP service + baseline SQL) vs baseline, ${variant.label}`, 'tx/s', rate('floor'), rate('baseline'), undefined, warnings),
        ratioOf('b', `project vs floor, ${variant.label}`, 'tx/s', rate('project'), rate('floor'), { atLeast: 0.35 }, warnings),
        ratioOf(
          'b',
          `transfers/s with the notifications service running (no endpoint) vs the same stack without it, ${variant.label}`,
          'tx/s',
          listeningRate('with notifications'),
          listeningRate(withoutNotifications),
          { atLeast: 0.97 },
          roundWarnings(listening),
        ),
        projectionLag(variant.label, lag, lagRound),
      );
    }
  } finally {
    await floor.stop();
  }
  // Last, as it stops and restarts the catalog: its ceiling under each storm.
  for (const variant of variants) {
    const catchUp = await catalogCatchUp(stack, variant.workspaces.map((w) => w.ws.id), transferStorm(stack.gatewayUrl, variant.workspaces, config.BENCH_CONNECTIONS), config.BENCH_SECONDS);
    log(`(b) transfers, ${variant.label}: catch-up round ${describe(catchUp.storm)}`);
    ratios.push(consumerCeiling(variant.label, catchUp));
  }
  await stack.quiesce();
  const failedChecks = await checkLedger(
    stack.db,
    [...single, ...spread].map((w) => w.ws.id),
  );
  return { ratios, failedChecks: failedChecks.map((c) => `(b) ${c}`) };
}

/**
 * (r) Issue 22: (b)'s 8-workspace transfers (80 hot items) through the replicated topology, 2 of
 * each process behind HAProxy (replica-bench-stack.ts), against the same calls to the stack of 1
 * of each, rounds alternating so the two never load the machine at once. The replicated stack
 * runs only for this scenario. Each side gets workspaces of its own, made through its own
 * gateway; then (b)'s ledger checks on both sides' workspaces. On 2 cores the replicas cannot add
 * CPU, only processes sharing it: the goal is that they cost at most 15 % of the throughput.
 */
async function replicated(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const started = Date.now();
  // What the 1-of-each stack may still open on top of what PostgreSQL already counts.
  const replicas = await startReplicaBenchStack({ config, replicas: REPLICAS, poolSize: REPLICA_POOL_SIZE, extraConnections: stack.maxConnections - (await stack.openConnections()) });
  log(`# (r) ${REPLICAS} of each behind HAProxy up in ${secondsSince(started)} s (logs in ${replicas.workDir})`);
  try {
    const sides = [
      { name: '1 of each', stack },
      { name: `${REPLICAS} of each`, stack: replicas },
    ] as const;
    const workspaces: TransferWorkspace[][] = [];
    for (const side of sides) {
      const spread: TransferWorkspace[] = [];
      for (let i = 1; i <= 8; i++) spread.push(await transferWorkspace(side.stack, `bench-r-${i}`));
      workspaces.push(spread);
    }
    const label = '8 workspaces, 80 hot items';
    const rounds = await alternate(
      `(r) transfers, ${label}`,
      {
        '1 of each': transferStorm(stack.gatewayUrl, workspaces[0]!, config.BENCH_CONNECTIONS),
        [`${REPLICAS} of each`]: transferStorm(replicas.gatewayUrl, workspaces[1]!, config.BENCH_CONNECTIONS),
      },
      {
        ...alternation,
        // Both quiet before every round: the other stack's leftover deliveries would run in it.
        settle: async () => {
          await stack.quiesce();
          await replicas.quiesce();
        },
        postgresClients: async () => new Map([...(await stack.postgresClients()), ...(await replicas.postgresClients())]),
        processNames: () => new Map([...stack.processNames(), ...replicas.processNames()]),
      },
    );
    const rate = (side: keyof typeof rounds) => mean(rounds[side].map((r) => r.rps));
    const ratios = [
      ratioOf('r', `transfers/s, ${REPLICAS} replicas of each behind HAProxy vs 1 of each, 8 workspaces`, 'tx/s', rate(`${REPLICAS} of each`), rate('1 of each'), { atLeast: 0.85 }, roundWarnings(rounds)),
    ];
    const failedChecks: string[] = [];
    for (const [i, side] of sides.entries()) {
      await side.stack.quiesce();
      const failed = await checkLedger(side.stack.db, workspaces[i]!.map((w) => w.ws.id), { scenario: 'r', side: side.name });
      failedChecks.push(...failed.map((c) => `(r, ${side.name}) ${c}`));
    }
    return { ratios, failedChecks };
  } finally {
    await replicas.stop();
  }
}

/**
 * VACUUM of the rows every transfer of (b) updates (a few dozen rows: quick), so that no side
 * inherits another's dead row versions, and a CHECKPOINT, so that none pays for the checkpoint
 * (and the full-page writes after it) that another's WAL made due.
 */
async function vacuumHotRows(db: Pool): Promise<void> {
  await db.query('VACUUM stock.balances, stock.stock_positions, stock.plan_usage');
  await db.query('CHECKPOINT');
}

/**
 * The catalog's stock projection lag for other callers (a caller's own writes it reads at once)
 * during one storm at the stack's full rate: p50 and p99 logged, p99.9 against its 1 s bound as a
 * ratio row that names the rate it was measured at.
 */
function projectionLag(label: string, lag: ProjectionLagSampler, round: RoundStats): Ratio {
  const sorted = [...lag.lagsMs].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p);
  const rate = round.rps.toFixed(0);
  log(
    `(b) transfers, ${label}: catalog stock projection lag from commit to applied at ${rate} transfers/s: p50 ${at(50).toFixed(1)} ms  p99 ${at(99).toFixed(1)} ms  p99.9 ${at(99.9).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1)} ms  (${sorted.length} samples)`,
  );
  const warnings = roundWarnings({ 'lag round': [round] });
  if (sorted.length < 1000) warnings.push(`only ${sorted.length} samples: p99.9 needs 1000`);
  if (lag.unfinished > 0) warnings.push(`${lag.unfinished} samples not applied a minute after the round`);
  return ratioOf('b', `catalog stock projection lag for other callers, p99.9 at ${rate} transfers/s (full rate) vs its 1 s bound, ${label}`, 'ms', at(99.9), 1000, { atMost: 1 }, warnings);
}

/**
 * How fast the catalog's stock.changed consumer applies what it is behind on, under the storm,
 * against the storm's rate (projection-catch-up.ts; one stock position, and one message, per
 * transfer). Below 1 it can never catch up at full rate, and its lag grows without bound; at 2 a
 * backlog drains at least as fast as it built up.
 */
function consumerCeiling(label: string, catchUp: CatchUp): Ratio {
  log(
    `(b) transfers, ${label}: catalog stock.changed consumer behind: ${catchUp.appliedPerSecond.toFixed(0)} positions/s applied over ${(catchUp.windowMs / 1000).toFixed(1)} s from its first apply (largest backlog ${catchUp.largestBacklog}${catchUp.caughtUp ? ', caught up' : ', not caught up when the storm ended'}), while the storm committed ${catchUp.committedPerSecond.toFixed(0)}/s (${catchUp.storm.rps.toFixed(0)}/s over its round)`,
  );
  const warnings = roundWarnings({ 'catch-up round': [catchUp.storm] });
  if (catchUp.windowMs < 500) warnings.push(`measured over ${catchUp.windowMs.toFixed(0)} ms only`);
  return ratioOf('b', `catalog stock.changed consumer while behind vs the storm's transfers/s, ${label}`, '/s', catchUp.appliedPerSecond, catchUp.storm.rps, { atLeast: 2 }, warnings);
}

/**
 * Jepsen's bank invariants on the workspaces of (b): no balance below zero; each item's stock
 * conserved across locations; every balance equal to the sum of its movements and to the
 * balanceAfter of its latest movement. Returns what failed.
 */
async function checkLedger(db: Pool, workspaceIds: string[], tag: Record<string, string> = { scenario: 'b' }): Promise<string[]> {
  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, [workspaceIds, ...params])).rows[0]!.n;
  const results = {
    negativeBalances: await count('SELECT count(*)::int AS n FROM stock.balances WHERE workspace_id = ANY($1) AND on_hand < 0'),
    itemsNotConserved: await count(
      `SELECT count(*)::int AS n FROM (SELECT item_id, sum(on_hand) AS total FROM stock.balances WHERE workspace_id = ANY($1) GROUP BY item_id) t WHERE total <> $2`,
      [HOT_ITEM_STOCK],
    ),
    balancesNotSumOfMovements: await count(
      `SELECT count(*)::int AS n FROM stock.balances b
         LEFT JOIN (SELECT workspace_id, item_id, location_id, sum(quantity) AS total FROM stock.movements WHERE workspace_id = ANY($1) GROUP BY 1, 2, 3) m
           USING (workspace_id, item_id, location_id)
        WHERE b.workspace_id = ANY($1) AND b.on_hand <> coalesce(m.total, 0)`,
    ),
    balancesNotLastBalanceAfter: await count(
      `SELECT count(*)::int AS n FROM stock.balances b
         CROSS JOIN LATERAL (SELECT balance_after FROM stock.movements m
                              WHERE m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id
                              ORDER BY seq DESC LIMIT 1) last
        WHERE b.workspace_id = ANY($1) AND last.balance_after <> b.on_hand`,
    ),
    movements: await count('SELECT count(*)::int AS n FROM stock.movements WHERE workspace_id = ANY($1)'),
  };
  log(JSON.stringify({ bench: 'check', ...tag, ...results }));
  return Object.entries(results)
    .filter(([name, n]) => name !== 'movements' && n > 0)
    .map(([name, n]) => `${name}: ${n}`);
}

/**
 * (d) POST /items/bulk with 100 items vs one POST /items: sequential calls, single and bulk
 * alternating, median of BENCH_SAMPLES each. Once with plain items, once with opening stock.
 */
async function bulkCreate(stack: BenchStack, config: BenchConfig): Promise<Ratio[]> {
  await stack.quiesce();
  const ws = await newWorkspace(stack, 'bench-d');
  let sku = 0;
  const ratios: Ratio[] = [];
  for (const variant of [
    { label: 'plain items', fields: {} },
    { label: 'with opening stock', fields: { quantity: 5 } },
  ]) {
    const item = () => ({ sku: `D-${sku++}`, description: 'Bulk benchmark item', ...variant.fields });
    const single: number[] = [];
    const bulk: number[] = [];
    for (let i = -BULK_WARMUP_SAMPLES; i < config.BENCH_SAMPLES; i++) {
      const one = await ws.client.expect(201, 'POST', '/items', { body: item() });
      const many = await ws.client.expect(201, 'POST', '/items/bulk', { body: Array.from({ length: BULK_SIZE }, item) });
      if (i < 0) continue;
      single.push(one.ms);
      bulk.push(many.ms);
    }
    for (const [call, samples] of [
      ['POST /items', single],
      [`POST /items/bulk (${BULK_SIZE})`, bulk],
    ] as const) {
      const sorted = [...samples].sort((a, b) => a - b);
      log(`(d) ${variant.label}: ${call.padEnd(24)} median ${median(samples).toFixed(1)} ms  p90 ${percentile(sorted, 90).toFixed(1)} ms  (${samples.length} sequential samples)`);
    }
    ratios.push(ratioOf('d', `POST /items/bulk (${BULK_SIZE}) vs POST /items, ${variant.label}: median`, 'ms', median(bulk), median(single), { atMost: 3 }));
  }
  return ratios;
}

main().then(
  () => process.exit(),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
