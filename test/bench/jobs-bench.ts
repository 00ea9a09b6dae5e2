import type { Pool } from '@inv/shared/db';
import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import { newWorkspace, type BenchWorkspace } from './gateway-client';
import { alternate, type Alternation, cannon, log, mean, type RoundStats, type Side } from './load';
import { type Outcome, ratioOf, roundWarnings } from './report';

/**
 * (j) Issue 36: completing jobs of 5 reserved lines (POST /jobs/{id}/complete: 5 movements out of
 * the van, the reservations released, prices and totals frozen, job.completed) against transfers
 * of 5 lines (POST /inventory/transfers: 10 movements), on the same stack, the same workspaces and
 * items, rounds alternating. Goal: at least 0.8× the transfers per second. The jobs a round
 * completes are created and reserved before it (prepare, not measured), more than the fastest
 * round so far could complete. Reports the CPU of each side per operation (every process of the
 * machine, /proc) and, as a reference ratio, the CPU per completed job against the CPU per
 * transfer. Checks afterwards: nothing negative, every balance equal to the sum of its
 * movements, reserved equal to the open jobs' reservations, and every completed job's movements
 * its 5 lines.
 */
const WORKSPACES = 4;
const ITEMS = 10;
const LINES = 5;
const STOCK = 1_000_000;
/** Jobs created at once while preparing a round. */
const CREATING = 16;

interface JobsWorkspace {
  ws: BenchWorkspace;
  van: string;
  warehouse: string;
  items: string[];
}

async function jobsWorkspace(stack: BenchStack, name: string): Promise<JobsWorkspace> {
  const ws = await newWorkspace(stack, name);
  const van = (await ws.client.expect(201, 'POST', '/locations', { body: { name: 'Van', type: 'van' } })).body.id as string;
  const created = await ws.client.expect(201, 'POST', '/items/bulk', {
    body: Array.from({ length: ITEMS }, (_, i) => ({ sku: `J-${i}`, cost: 2.5 + i, sellPrice: i % 2 ? 9.99 : 0, quantity: STOCK, locationId: van })),
  });
  const items = (created.body as Array<{ id: string }>).map((i) => i.id);
  // The transfers' other end holds as much, so they can go either way for as long as a round lasts.
  await ws.client.expect(201, 'POST', '/inventory/transfers', { body: { fromLocationId: van, toLocationId: ws.defaultLocationId, lines: items.map((itemId) => ({ itemId, quantity: STOCK / 2 })) } });
  return { ws, van, warehouse: ws.defaultLocationId, items };
}

/** The 5 items of the n-th call in a workspace: a window sliding over its items. */
const window = (w: JobsWorkspace, n: number) => Array.from({ length: LINES }, (_, i) => w.items[(n + i) % ITEMS]!);

export async function jobsScenario(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const workspaces: JobsWorkspace[] = [];
  for (let i = 1; i <= WORKSPACES; i++) workspaces.push(await jobsWorkspace(stack, `bench-j-${i}`));
  const ready: Array<{ w: JobsWorkspace; id: string }> = [];
  const completed: string[] = [];
  let made = 0;
  let fastest = 0;

  /** Open, reserved jobs enough for a round at the fastest rate seen, with half as many again to spare. */
  const prepareJobs = async (seconds: number) => {
    const wanted = Math.max(600, Math.ceil(Math.max(fastest, 150) * seconds * 1.5)) - ready.length;
    let next = 0;
    const worker = async () => {
      while (next < wanted) {
        const n = made++;
        next += 1;
        const w = workspaces[n % WORKSPACES]!;
        const res = await w.ws.client.expect(201, 'POST', '/jobs', {
          body: { name: `Job ${n}`, sourceLocationId: w.van, reserve: true, lines: window(w, n).map((itemId) => ({ itemId, quantity: 1 })) },
        });
        ready.push({ w, id: res.body.id });
      }
    };
    if (wanted > 0) await Promise.all(Array.from({ length: CREATING }, worker));
  };

  let last: { w: JobsWorkspace; id: string } | undefined;
  const completions: Side = async (seconds) => {
    const stats = await cannon(
      {
        url: stack.gatewayUrl,
        connections: config.BENCH_CONNECTIONS,
        next: () => {
          // Were the prepared jobs ever to run out, the last one is completed again: a 409, counted as a failed call in the round.
          const job = ready.shift() ?? last!;
          last = job;
          completed.push(job.id);
          return { method: 'POST', path: job.w.ws.client.pathOf(`/jobs/${job.id}/complete`), headers: { authorization: job.w.ws.client.authorization, 'content-type': 'application/json' }, body: '{}' };
        },
      },
      seconds,
    );
    fastest = Math.max(fastest, stats.rps);
    return stats;
  };

  let t = 0;
  const transfers: Side = async (seconds) => {
    const stats = await cannon(
      {
        url: stack.gatewayUrl,
        connections: config.BENCH_CONNECTIONS,
        next: () => {
          const n = t++;
          const w = workspaces[n % WORKSPACES]!;
          const [from, to] = Math.floor(n / WORKSPACES) % 2 === 0 ? [w.van, w.warehouse] : [w.warehouse, w.van];
          return {
            method: 'POST',
            path: w.ws.client.pathOf('/inventory/transfers'),
            headers: { authorization: w.ws.client.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ fromLocationId: from, toLocationId: to, lines: window(w, n).map((itemId) => ({ itemId, quantity: 1 })) }),
          };
        },
      },
      seconds,
    );
    fastest = Math.max(fastest, stats.rps);
    return stats;
  };

  // The jobs a round completes are made before it (prepare runs before the round's settle and CPU reading).
  const rounds = await alternate(`(j) ${LINES}-line jobs completed vs ${LINES}-line transfers, ${WORKSPACES} workspaces × ${ITEMS} items`, { 'jobs completed': completions, transfers }, {
    ...alternation,
    prepare: async (side) => {
      if (side === 'jobs completed') await prepareJobs(Math.max(alternation.seconds, alternation.warmupSeconds));
    },
  });
  log(`(j) ${made} jobs created and reserved, ${completed.length} completion calls sent, ${ready.length} left open`);

  const rate = (side: keyof typeof rounds) => mean(rounds[side].map((r) => r.rps));
  const cpuPerOperationUs = (stats: RoundStats[]) => {
    const ms = stats.reduce((sum, r) => sum + Object.values(r.cpu?.msByGroup ?? {}).reduce((a, b) => a + b, 0), 0);
    const operations = stats.reduce((sum, r) => sum + r.operations, 0);
    return operations === 0 ? 0 : (ms * 1000) / operations;
  };
  const perJob = cpuPerOperationUs(rounds['jobs completed']);
  const perTransfer = cpuPerOperationUs(rounds.transfers);
  log(`(j) CPU per completed job ${(perJob / 1000).toFixed(2)} ms, per ${LINES}-line transfer ${(perTransfer / 1000).toFixed(2)} ms (whole machine, all rounds)`);
  const warnings = roundWarnings(rounds);
  const ratios = [
    ratioOf('j', `${LINES}-line jobs completed/s vs ${LINES}-line transfers/s, ${WORKSPACES} workspaces`, 'ops/s', rate('jobs completed'), rate('transfers'), { atLeast: 0.8 }, warnings),
    ratioOf('j', `CPU per completed ${LINES}-line job vs CPU per ${LINES}-line transfer (whole machine)`, 'µs', perJob, perTransfer, undefined, warnings),
  ];
  await stack.quiesce();
  return { ratios, failedChecks: (await checkJobs(stack.db, workspaces.map((w) => w.ws.id))).map((c) => `(j) ${c}`) };
}

/** The ledger's invariants on (j)'s workspaces, with reservations counted as the open jobs' (no transfer here is pending). */
async function checkJobs(db: Pool, workspaceIds: string[]): Promise<string[]> {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql, [workspaceIds])).rows[0]!.n;
  const results = {
    negativeOrOverReserved: await count('SELECT count(*)::int AS n FROM stock.balances WHERE workspace_id = ANY($1) AND (on_hand < 0 OR reserved < 0 OR reserved > on_hand)'),
    balancesNotSumOfMovements: await count(
      `SELECT count(*)::int AS n FROM stock.balances b
         LEFT JOIN (SELECT workspace_id, item_id, location_id, sum(quantity) AS total FROM stock.movements WHERE workspace_id = ANY($1) GROUP BY 1, 2, 3) m USING (workspace_id, item_id, location_id)
        WHERE b.workspace_id = ANY($1) AND b.on_hand <> coalesce(m.total, 0)`,
    ),
    reservedNotOpenJobs: await count(
      `SELECT count(*)::int AS n FROM stock.balances b
         LEFT JOIN (SELECT l.workspace_id, l.item_id, coalesce(l.location_id, j.source_location_id) AS location_id, sum(l.reserved) AS held
                      FROM stock.jobs j JOIN stock.job_lines l ON l.workspace_id = j.workspace_id AND l.job_id = j.id
                     WHERE j.workspace_id = ANY($1) AND j.status = 'open' GROUP BY 1, 2, 3) h USING (workspace_id, item_id, location_id)
        WHERE b.workspace_id = ANY($1) AND b.reserved <> coalesce(h.held, 0)`,
    ),
    completedJobsWithoutTheirMovements: await count(
      `SELECT count(*)::int AS n FROM stock.jobs j
        WHERE j.workspace_id = ANY($1) AND j.status = 'completed'
          AND (SELECT count(*) FROM stock.movements m WHERE m.workspace_id = j.workspace_id AND m.job_id = j.id AND m.reason = 'job') <> ${LINES}`,
    ),
  };
  log(JSON.stringify({ bench: 'check', scenario: 'j', ...results }));
  return Object.entries(results)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name}: ${n}`);
}
