import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import type { CpuUse } from './cpu-usage';
import { alternate, type Alternation, log, type RoundStats } from './load';
import { type Outcome, ratioOf, roundWarnings } from './report';
import { adjustmentStorm, transferStorm, transferWorkspace } from './transfer-storm';

/** Issue 40: the single-item writes the comparison with other inventory APIs is made on, at this many connections. */
const CONNECTIONS = 8;
/** CPU the load generator spends is the client's, on either side: the path's cost leaves it out. */
const CLIENT_GROUPS = new Set(['load generator']);

/** A floor started by run.ts (floor-transfer-server.ts): its HTTPS URL. */
export interface Floor {
  url: string;
}

/**
 * (m) The cost of the path: the CPU (every process of the machine but the load generator,
 * PostgreSQL's sessions included) of one adjustment and of one one-line transfer at 8
 * connections, through the project and through the floor (floor-transfer-server.ts: a bare HTTPS
 * Express proxy, a bare HTTP service and the baseline's SQL, with no key, validation, idempotency,
 * events or read-your-writes), rounds alternating. What a write costs above the floor is what the
 * project's features cost per write; the ratio is the floor's CPU per operation over the
 * project's (1: no cost above the floor). Reported, not a goal: the goal issue 40 sets, at least
 * 4 times another inventory API's throughput per write, needs that API, which this machine cannot
 * install (docs/benchmarks.md).
 */
export async function pathCost(stack: BenchStack, config: BenchConfig, alternation: Alternation, floor: Floor): Promise<Outcome> {
  const workspaces = [await transferWorkspace(stack, 'bench-m')];
  const ratios = [];
  for (const [what, storm] of [
    ['one-line transfer', transferStorm],
    ['adjustment', adjustmentStorm],
  ] as const) {
    const rounds = await alternate(`(m) ${what}s at ${CONNECTIONS} connections`, { project: storm(stack.gatewayUrl, workspaces, CONNECTIONS), floor: storm(floor.url, workspaces, CONNECTIONS) }, alternation);
    const [project, bare] = [cpuPerOperation(rounds.project), cpuPerOperation(rounds.floor)];
    log(`(m) ${what}: CPU per operation, project ${project.toFixed(2)} ms, floor ${bare.toFixed(2)} ms (${config.BENCH_ROUNDS} rounds each)`);
    ratios.push(ratioOf('m', `CPU ms per ${what} at ${CONNECTIONS} connections: floor vs project (the path's cost above the floor)`, 'CPU ms/op', bare, project, undefined, roundWarnings(rounds)));
  }
  return { ratios, failedChecks: [] };
}

/** CPU (ms) per successful operation over the rounds, without the client's. */
function cpuPerOperation(rounds: RoundStats[]): number {
  const ms = rounds.reduce((sum, r) => sum + serverCpu(r.cpu), 0);
  const operations = rounds.reduce((sum, r) => sum + r.operations - r.non2xx - r.errors, 0);
  return operations === 0 ? Number.NaN : ms / operations;
}

function serverCpu(cpu: CpuUse | undefined): number {
  return Object.entries(cpu?.msByGroup ?? {}).reduce((sum, [group, ms]) => (CLIENT_GROUPS.has(group) ? sum : sum + ms), 0);
}
