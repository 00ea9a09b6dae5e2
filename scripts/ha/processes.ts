/**
 * Process, directory and waiting helpers shared by the HA engines (rabbitmq-cluster.ts, patroni.ts,
 * redis-sentinel.ts). Every process is started in a process group of its own, so one signal reaches
 * a whole node (RabbitMQ's shell wrapper, beam and its helpers; PostgreSQL's postmaster and
 * backends), and is remembered until it is gone, so that an exit of this Node process that skipped
 * `stop()` still kills it. Every wait is a poll with a deadline that names what did not happen.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

export type Log = (line: string) => void;

/** A system account a process runs as: the engines' packages own their files under these users. */
export interface Account {
  user: string;
  uid: number;
  gid: number;
  home: string;
}

/** Looks `user` up in /etc/passwd. Throws when it does not exist, naming the user. */
export function account(user: string): Account {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`system user ${user} does not exist: is its package installed?`);
  const [, , uid, gid, , home] = line.split(':');
  return { user, uid: Number(uid), gid: Number(gid), home: home || '/' };
}

/** Creates `dir` (not its parents' ownership) and gives it to `owner`: never a recursive chown, which would take files from a running node. */
export function makeDir(dir: string, owner?: Account, mode = 0o755): string {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return dir;
}

/** Writes `text` to `file`, owned by `owner` when given. */
export function writeOwned(file: string, text: string, owner?: Account, mode = 0o644): void {
  fs.writeFileSync(file, text, { mode });
  if (owner) fs.chownSync(file, owner.uid, owner.gid);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Rejects with `what` after `ms`, so that a probe that hangs (a frozen node) cannot outlive its wait. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface WaitOptions {
  intervalMs?: number;
  signal?: AbortSignal;
}

/**
 * Polls `probe` until it returns a value other than `undefined`, at most `timeoutMs`. A probe says
 * why it is not there yet by throwing; the last reason goes into the error. Throws
 * `Error('<what> not within N s: <last reason>')`, or the abort reason when `signal` fires.
 */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, options: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let reason = 'not checked yet';
  for (;;) {
    options.signal?.throwIfAborted();
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`${what} not within ${(timeoutMs / 1000).toFixed(0)} s: ${reason}`);
    try {
      const value = await withTimeout(probe(), left, what);
      if (value !== undefined) return value;
      reason = 'not yet';
    } catch (error) {
      reason = message(error);
    }
    await sleep(Math.min(options.intervalMs ?? 250, Math.max(0, deadline - Date.now())));
  }
}

/**
 * The spawn options that run a child as `as` (when given): its uid and gid, and `cwd`, or else the
 * account's home. Never this process's own directory, which that user may be unable to read (a
 * checkout inside `mktemp -d` or under /root): Erlang, for one, then prints error reports on
 * stdout ahead of what `rabbitmqctl` prints (issue 35).
 */
function identity(as: Account | undefined, cwd: string | undefined): { uid?: number; gid?: number; cwd?: string } {
  return as ? { uid: as.uid, gid: as.gid, cwd: cwd ?? as.home } : { cwd };
}

export interface RunOptions {
  /** Runs as this account, in `cwd` or its home. */
  as?: Account;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Runs a command to completion and returns its stdout. Throws naming the command, its exit and its stderr. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        ...identity(options.as, options.cwd),
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 30_000,
        killSignal: 'SIGKILL',
        signal: options.signal,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const detail = (stderr || stdout || error.message).trim().split('\n').slice(-3).join(' | ');
        reject(new Error(`${command} ${args.join(' ')} failed (${error.killed ? 'timed out' : `exit ${String(error.code)}`}): ${detail}`));
      },
    );
  });
}

/** What a command printed, for an error message: one line (as a JSON string), at most `max` characters. */
function quote(printed: string, max = 2000): string {
  const text = JSON.stringify(printed.trim());
  return text.length > max ? `${text.slice(0, max)}… (${printed.length} characters)` : text;
}

/**
 * The JSON value a CLI printed (`rabbitmqctl --formatter json`), read from its stdout even when
 * other lines come before it: Erlang prints its error reports there (an unreadable working
 * directory, issue 35). The value is the lines from one that opens an array or object to one that
 * closes it; the one ending last wins, as the CLI prints its answer last. Throws naming `command`
 * and quoting what it printed when no such lines parse.
 */
export function parseCliJson<T>(command: string, printed: string): T {
  const lines = printed.split('\n');
  const opening = lines.flatMap((line, i) => (/^\s*[[{]/.test(line) ? [i] : []));
  const closing = lines.flatMap((line, i) => (/[\]}]\s*$/.test(line) ? [i] : [])).reverse();
  for (const last of closing) {
    for (const first of opening) {
      if (first > last) break;
      try {
        return JSON.parse(lines.slice(first, last + 1).join('\n')) as T;
      } catch {
        // Not this span: a report's line, or part of the value.
      }
    }
  }
  throw new Error(`${command} printed no JSON: ${quote(printed)}`);
}

/** True when something accepts TCP connections on `port` of 127.0.0.1. */
export function listening(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Throws naming every port of `ports` that something already listens on: a clash would join a stranger's node. */
export async function assertPortsFree(ports: Array<[purpose: string, port: number]>): Promise<void> {
  const busy: string[] = [];
  await Promise.all(
    ports.map(async ([purpose, port]) => {
      if (await listening(port)) busy.push(`${port} (${purpose})`);
    }),
  );
  if (busy.length > 0) throw new Error(`ports already in use on 127.0.0.1: ${busy.sort().join(', ')}; pass other ports to startHaTopology`);
}

/** GET on loopback with a timeout: a frozen server must read as "no answer", not as a hung probe. */
export function httpGet(port: number, urlPath: string, timeoutMs = 1000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET :${port}${urlPath} timed out`)));
    req.on('error', reject);
  });
}

/**
 * The live (not zombie) processes whose process group is `pgid`. Zombies are left out because PID 1
 * on this machine does not reap orphans: a killed postmaster or beam stays `<defunct>` forever,
 * and `kill(pid, 0)` still succeeds on it.
 */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.pgrp === pgid && stat.state !== 'Z') members.push(Number(entry));
  }
  return members;
}

/** State, parent and process group of `pid` from /proc, or undefined once it is gone. */
export function procStat(pid: number): { state: string; ppid: number; pgrp: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '?', ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}

/** The live children of `pid`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.ppid === pid && stat.state !== 'Z') children.push(Number(entry));
  }
  return children;
}

/** Sends `signal` to `pid`; false when it is already gone. */
export function signalPid(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Sends `signal` to `pid` and to its children: for a postmaster, whose children each call setsid()
 * and so are in no group of its. SIGSTOP and SIGKILL stop the parent first, so it forks nothing
 * that the list of children would miss (and, for a kill, the children are listed while still its own).
 */
export function signalTree(pid: number, signal: NodeJS.Signals): number[] {
  const parentFirst = signal === 'SIGSTOP' || signal === 'SIGKILL';
  if (parentFirst) signalPid(pid, 'SIGSTOP');
  const children = childrenOf(pid);
  if (signal === 'SIGKILL') signalPid(pid, signal);
  for (const child of children) signalPid(child, signal);
  if (signal !== 'SIGKILL') signalPid(pid, signal);
  return [pid, ...children];
}

/** SIGKILLs `pid` and its children and waits until none runs. Throws if one survives `timeoutMs`. */
export async function killTree(pid: number, what: string, timeoutMs = 10_000): Promise<void> {
  const pids = signalTree(pid, 'SIGKILL');
  await waitFor(`${what} to die`, timeoutMs, async () => {
    const left = pids.filter(alive);
    if (left.length === 0) return true;
    for (const p of left) signalPid(p, 'SIGKILL');
    throw new Error(`still running: pids ${left.join(', ')}`);
  }, { intervalMs: 50 });
}

/** Whether `pid` is a process that still runs (zombies do not). */
export function alive(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/** Sends `signal` to every process of group `pgid`; false when the group is already gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** SIGKILLs group `pgid` and waits until none of its processes runs. Throws if one survives `timeoutMs` (a process in uninterruptible sleep). */
export async function killGroup(pgid: number, what: string, timeoutMs = 10_000): Promise<void> {
  signalGroup(pgid, 'SIGKILL');
  await waitFor(`${what} to die`, timeoutMs, async () => {
    const left = groupMembers(pgid);
    if (left.length === 0) return true;
    signalGroup(pgid, 'SIGKILL');
    throw new Error(`still running: pids ${left.join(', ')}`);
  }, { intervalMs: 50 });
}

/**
 * What to SIGKILL if this process exits without stopping it (an uncaught error, `process.exit`).
 * Functions, because some targets change over time (Patroni restarts its postmaster).
 */
const exitReapers = new Set<() => void>();
process.once('exit', () => {
  for (const reap of exitReapers) {
    try {
      reap();
    } catch {
      // Already gone.
    }
  }
});

/** Registers `reap` (synchronous) to run at exit; returns the function that unregisters it. */
export function killAtExit(reap: () => void): () => void {
  exitReapers.add(reap);
  return () => exitReapers.delete(reap);
}

export interface SpawnSpec {
  command: string;
  args: string[];
  logFile: string;
  /** Runs as this account, in `cwd` or its home. */
  as?: Account;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * One process started as the leader of a new process group (`detached`), as the given account
 * directly (uid/gid in spawn, not `su`, which would fork and leave the pid we hold to `su`),
 * with stdout and stderr appended to its log file.
 */
export class GroupProcess {
  readonly pid: number;
  readonly exited: Promise<void>;
  private exitCode: string | undefined;
  private readonly unregister: () => void;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    if (child.pid === undefined) throw new Error(`${name}: spawn returned no pid`);
    this.pid = child.pid;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitCode = signal ?? String(code);
        resolve();
      });
    });
    this.unregister = killAtExit(() => signalGroup(this.pid, 'SIGKILL'));
  }

  /** Starts `spec`. Throws if it cannot be started (missing binary, bad account), naming it. */
  static async start(name: string, spec: SpawnSpec): Promise<GroupProcess> {
    const out = fs.openSync(spec.logFile, 'a');
    try {
      const child = spawn(spec.command, spec.args, {
        detached: true,
        ...identity(spec.as, spec.cwd),
        env: spec.env ?? process.env,
        stdio: ['ignore', out, out],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', (error) => reject(new Error(`${name}: cannot start ${spec.command}: ${error.message}`)));
      });
      return new GroupProcess(name, child);
    } finally {
      fs.closeSync(out);
    }
  }

  /** The leader has not exited (its group may still hold helpers; `kill` takes care of those). */
  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** How it ended, for error messages: undefined while running. */
  get exit(): string | undefined {
    return this.exitCode;
  }

  signal(signal: NodeJS.Signals): void {
    signalGroup(this.pid, signal);
  }

  /** SIGKILLs the whole group and waits for it; never throws for a group already gone. */
  async kill(): Promise<void> {
    await killGroup(this.pid, this.name);
    await withTimeout(this.exited, 5000, `${this.name} exit`).catch(() => undefined);
    this.unregister();
  }

  /** SIGTERM to the leader only, up to `graceMs` for it to finish, then `kill()`. */
  async terminate(graceMs: number): Promise<void> {
    if (this.running) {
      try {
        process.kill(this.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await withTimeout(this.exited, graceMs, this.name).catch(() => undefined);
    }
    await this.kill();
  }
}

/**
 * A data node run as one process group (a RabbitMQ node, a redis-server): kill -9, freeze and
 * thaw act on the whole group, and a frozen node counts as unavailable.
 */
export abstract class ProcessGroupNode {
  protected process: GroupProcess | undefined;
  protected frozen = false;

  /** Whether the server process runs (leader of its group not exited). */
  get running(): boolean {
    return this.process?.running === true;
  }

  /** Neither killed nor frozen: a node that can be asked. */
  get available(): boolean {
    return this.running && !this.frozen;
  }

  /** kill -9 of the node's process group. */
  async kill(): Promise<void> {
    await this.process?.kill();
    this.frozen = false;
  }

  async freeze(): Promise<void> {
    this.process?.signal('SIGSTOP');
    this.frozen = true;
  }

  async thaw(): Promise<void> {
    this.process?.signal('SIGCONT');
    this.frozen = false;
  }
}

/** Starts `engine` and answers it; when the start fails, stops what it started and rethrows. */
export async function startedOrStopped<T extends { start(): Promise<void>; stop(): Promise<void> }>(engine: T): Promise<T> {
  try {
    await engine.start();
    return engine;
  } catch (error) {
    await engine.stop();
    throw error;
  }
}
