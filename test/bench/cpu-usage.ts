import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { PROCESSES } from '../support/stack';

/**
 * CPU time spent by every process of the machine, by the part of the run it belongs to, read from
 * /proc (Linux only; elsewhere a snapshot is empty and nothing is reported). On two saturated
 * cores, throughput is the CPU one operation costs summed over every process, divided into the
 * cores: this says where that CPU went, without a profiler's distortions (a V8 profile charges a
 * process for the time it spends preempted inside a socket write).
 */
export interface CpuSnapshot {
  /** Ticks (user + system, with reaped children's) of each process, by pid, with its parent's pid. */
  byPid: Map<number, { group: string; ticks: number; parent?: number }>;
  /** Ticks of the whole machine: busy and all (from /proc/stat). */
  machine: { busy: number; all: number };
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** What a node process is, from its command line: a stack process, one of the bench's servers (or (w)'s webhook receiver), or the bench itself. */
function nodeGroup(pid: number, args: string[]): string {
  if (pid === process.pid) return 'load generator';
  for (const [name, script] of Object.entries(PROCESSES)) if (args.some((a) => a.endsWith(script))) return name;
  if (args.some((a) => a.endsWith('webhook-receiver-server.ts'))) return 'webhook receiver';
  const server = args.findIndex((a) => a.endsWith('floor-transfer-server.ts') || a.endsWith('baseline-item-server.ts'));
  if (server >= 0) return args[server]!.endsWith('baseline-item-server.ts') ? 'baseline server' : `floor ${args[server + 1] ?? ''}`.trim();
  return 'other';
}

/**
 * A PostgreSQL process by what it does: a session's backend by its client (postgresClients), a
 * background process by its title (checkpointer, walwriter, ...), and the postmaster, whose
 * reaped-children time holds what ended processes used (autovacuum workers, closed sessions).
 */
function postgresGroup(pid: number, postgresClients: ReadonlyMap<number, string>): string {
  const client = postgresClients.get(pid);
  if (client) return `postgres ← ${client}`;
  let title = '';
  try {
    title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return 'postgres';
  }
  const background = title.match(/^postgres: (?:[^:]+: )?(checkpointer|background writer|walwriter|autovacuum launcher|autovacuum worker|logical replication launcher)/);
  if (background) return `postgres (${background[1]})`;
  if (!title.startsWith('postgres:')) return 'postgres (autovacuum, ended sessions)';
  return 'postgres';
}

const GROUP_BY_COMMAND: Record<string, string> = { postgres: 'postgres', 'beam.smp': 'rabbitmq', 'redis-server': 'redis', haproxy: 'haproxy', node: 'node' };

/**
 * A snapshot of every process's CPU. `postgresClients` names PostgreSQL's backends by the
 * application_name of their session (read from pg_stat_activity just before): a backend then
 * counts as "postgres ← stock", so the database's CPU is split by whose statements it ran.
 * `processNames` names processes by pid, before any other rule: a second stack's processes
 * (e.g. `stock ×2`), which their command line alone would count with the first stack's.
 */
export function cpuSnapshot(postgresClients: ReadonlyMap<number, string> = new Map(), processNames: ReadonlyMap<number, string> = new Map()): CpuSnapshot {
  const byPid: CpuSnapshot['byPid'] = new Map();
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return { byPid, machine: { busy: 0, all: 0 } };
  }
  for (const entry of pids) {
    const pid = Number(entry);
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command sits in parentheses and may contain spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime, cutime, cstime are fields 14–17 of the whole line, 12–15 after the command.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      let group = processNames.get(pid);
      if (group === undefined) {
        group = GROUP_BY_COMMAND[command] ?? 'other';
        if (group === 'node') group = nodeGroup(pid, fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
        else if (group === 'postgres') group = postgresGroup(pid, postgresClients);
      }
      byPid.set(pid, { group, ticks, parent: Number(fields[1]) });
    } catch {
      // The process ended while being read: its time is in its parent's reaped-children ticks.
    }
  }
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = cpu.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th values.
  return { byPid, machine: { busy: all - cpu[3]! - cpu[4]!, all } };
}

export interface CpuUse {
  /** Milliseconds of CPU by group between two snapshots. */
  msByGroup: Record<string, number>;
  /** Share of the machine's CPU that was busy, 0–1. */
  machineBusy: number;
}

/**
 * CPU used between two snapshots, by group. A group's use is the sum of its processes' ticks after
 * minus before: a process that ended in between (a database backend) counts again in its
 * parent's reaped-children ticks, so subtracting its last reading keeps it counted once.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const ticks: Record<string, number> = {};
  const add = (group: string, t: number) => (ticks[group] = (ticks[group] ?? 0) + t);
  // A process seen in both counts in its group as of the second (a session may be named late).
  for (const [pid, { group, ticks: t }] of after.byPid) add(group, t - (before.byPid.get(pid)?.ticks ?? 0));
  // One that ended in between: its whole time reappeared in its parent's reaped-children ticks,
  // so its earlier reading comes off the parent's group, which keeps what it used meanwhile.
  for (const [pid, { group, ticks: t, parent }] of before.byPid) {
    if (after.byPid.has(pid)) continue;
    const reaper = (parent !== undefined && (after.byPid.get(parent) ?? before.byPid.get(parent))?.group) || group;
    add(reaper, -t);
  }
  const msByGroup = Object.fromEntries(
    Object.entries(ticks)
      // What is left below zero is a reading's rounding (ticks of 10 ms), not use.
      .filter(([, t]) => t > 0)
      .map(([group, t]) => [group, (t * 1000) / TICKS_PER_SECOND]),
  );
  const all = after.machine.all - before.machine.all;
  return { msByGroup, machineBusy: all > 0 ? (after.machine.busy - before.machine.busy) / all : 0 };
}

/** "CPU ms/op 4.01 (postgres 1.37, stock 1.05, ...)": CPU per operation by group, largest first, after the total. */
export function describeCpuPerOperation(use: CpuUse, operations: number): string {
  if (operations === 0 || Object.keys(use.msByGroup).length === 0) return 'no CPU reading';
  const perOp = Object.entries(use.msByGroup)
    .map(([group, ms]) => [group, ms / operations] as const)
    .sort((a, b) => b[1] - a[1]);
  const total = perOp.reduce((sum, [, ms]) => sum + ms, 0);
  // Idle processes (another side's servers, ticking timers) would only crowd the line.
  const shown = perOp.filter(([, ms]) => ms >= 0.005);
  return `CPU ms/op ${total.toFixed(2)} (${shown.map(([g, ms]) => `${g} ${ms.toFixed(2)}`).join(', ')}); machine ${(use.machineBusy * 100).toFixed(0)} % busy`;
}
