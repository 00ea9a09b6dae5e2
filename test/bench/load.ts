import os from 'node:os';
import autocannon from 'autocannon';
import { cpuBetween, cpuSnapshot, describeCpuPerOperation, type CpuUse } from './cpu-usage';

/** One timed round of load on one side (the project or its baseline). */
export interface RoundStats {
  /** Successful (2xx) operations per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Completed operations, successful or not. */
  operations: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** How many answers of each non-2xx status, e.g. { "500": 3 }. */
  failedStatuses: Record<string, number>;
  /** The CPU every process of the machine used during the round (set by `alternate`). */
  cpu?: CpuUse;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface CannonTarget {
  url: string;
  connections: number;
  /** Called for every request; returns what to send (each call may differ: bodies, keys, paths). */
  next: () => HttpCall;
}

/**
 * Runs autocannon against `target` for `seconds`. Requests are generated one by one by
 * `target.next`, so each carries its own body and headers. TLS is not verified by autocannon
 * (loopback, the run's own certificate).
 */
export function cannon(target: CannonTarget, seconds: number): Promise<RoundStats> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: target.connections,
        duration: seconds,
        timeout: 30,
        requests: [{ setupRequest: (request) => ({ ...request, ...target.next() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        const succeeded = result['2xx'];
        const failedStatuses = Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).flatMap(([status, { count }]) => (status.startsWith('2') || !count ? [] : [[status, count]])),
        );
        resolve({
          rps: succeeded / result.duration,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          operations: result.requests.total,
          errors: result.errors,
          non2xx: result.non2xx,
          failedStatuses,
        });
      },
    );
  });
}

/** A side of a comparison: runs one round of load for the given number of seconds. */
export type Side = (seconds: number) => Promise<RoundStats>;

export interface Alternation {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  /** Runs before every round and warm-up (e.g. waiting for the stack's queues to drain). */
  settle: () => Promise<void>;
  /** Runs before `settle` for each side's warm-up and rounds, outside what a round measures: sets the stack up for that side. */
  prepare?: (side: string) => Promise<void>;
  /** PostgreSQL's backends by the application that opened them (see cpuSnapshot). */
  postgresClients?: () => Promise<ReadonlyMap<number, string>>;
  /** Processes named by pid before any other rule (a second stack's, see cpuSnapshot). */
  processNames?: () => ReadonlyMap<number, string>;
}

/** Each side's rounds, by the side's name. */
export type Rounds<Name extends string = 'project' | 'baseline'> = Record<Name, RoundStats[]>;

/**
 * Warms each side up once, then runs the sides' rounds in turn (project, baseline, project, ...),
 * so slow drifts of a shared machine's load fall on every side. Prints each round.
 */
export async function alternate<Name extends string>(scenario: string, sides: Record<Name, Side>, options: Alternation): Promise<Rounds<Name>> {
  const named = Object.entries(sides) as Array<[Name, Side]>;
  const rounds = Object.fromEntries(named.map(([name]) => [name, []])) as unknown as Rounds<Name>;
  const width = Math.max(...named.map(([name]) => name.length));
  for (const [name, run] of named) {
    await options.prepare?.(name);
    await options.settle();
    await run(options.warmupSeconds);
    log(`${scenario}: ${name} warmed up (${options.warmupSeconds} s)`);
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const [name, run] of named) {
      await options.prepare?.(name);
      await options.settle();
      const before = cpuSnapshot(await options.postgresClients?.(), options.processNames?.());
      const stats = await run(options.seconds);
      stats.cpu = cpuBetween(before, cpuSnapshot(await options.postgresClients?.(), options.processNames?.()));
      rounds[name].push(stats);
      log(`${scenario}: round ${round} ${name.padEnd(width)} ${describe(stats)}`);
      log(`${scenario}: round ${round} ${name.padEnd(width)} ${describeCpuPerOperation(stats.cpu, stats.operations)}`);
    }
  }
  for (const [name] of named) {
    const all = rounds[name];
    const msByGroup: Record<string, number> = {};
    for (const r of all) for (const [group, ms] of Object.entries(r.cpu?.msByGroup ?? {})) msByGroup[group] = (msByGroup[group] ?? 0) + ms;
    const operations = all.reduce((sum, r) => sum + r.operations, 0);
    log(`${scenario}: ${name.padEnd(width)} all rounds: ${describeCpuPerOperation({ msByGroup, machineBusy: mean(all.map((r) => r.cpu?.machineBusy ?? 0)) }, operations)}`);
  }
  return rounds;
}

export function describe(s: RoundStats): string {
  const statuses = Object.keys(s.failedStatuses).length > 0 ? ` ${JSON.stringify(s.failedStatuses)}` : '';
  return `${s.rps.toFixed(0).padStart(6)} ok/s  p50 ${fmt(s.p50Ms)} ms  p99 ${fmt(s.p99Ms)} ms  operations ${s.operations}  errors ${s.errors}  non-2xx ${s.non2xx}${statuses}`;
}

function fmt(ms: number): string {
  return (ms < 10 ? ms.toFixed(2) : ms.toFixed(1)).padStart(6);
}

export const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0–100) of `sorted` by nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** When, on what: the header of a run's output (the load average says how shared the machine was). */
export function machine(): string {
  return `${new Date().toISOString()}  node ${process.version}  ${os.cpus().length} CPUs  load average ${loadAverage()}`;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export function secondsSince(startMs: number): string {
  return ((Date.now() - startMs) / 1000).toFixed(0);
}
