/**
 * PostgreSQL 15 under Patroni: two data nodes plus a witness, with Patroni's built-in Raft as the
 * DCS (python3-pysyncobj; no etcd to run), and HAProxy in front routing to whichever node's REST
 * API answers `GET /primary` with 200. Everything runs as the `postgres` user, started directly with
 * spawn's uid/gid: through `su` the pid we hold would be su's, and a kill would leave Patroni alive
 * to restart PostgreSQL in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type Account, account, alive, GroupProcess, httpGet, killAtExit, killTree, listening, type Log, makeDir, run, signalPid, signalTree, startedOrStopped, waitFor, writeOwned } from './processes';
import type { HaNode } from './topology';

const BIN_DIR = '/usr/lib/postgresql/15/bin';
const SCOPE = 'inv-ha';

export interface PatroniPorts {
  /** PostgreSQL of each data node. */
  pg: number[];
  /** Patroni's REST API of each data node: what HAProxy checks. */
  rest: number[];
  /** Raft of each data node, then of the witness. */
  raft: number[];
  /** HAProxy's single client port. */
  haproxy: number;
}

/**
 * Patroni's clock, in seconds. `ttl` is how long a leader that stopped renewing keeps its lock: it
 * bounds the time to promotion after a kill or a freeze. `loop_wait` is the pause between HA cycles;
 * `retry_timeout` bounds each DCS and PostgreSQL call of a cycle, and a leader that cannot renew
 * within it demotes itself, so too low a value turns a busy second into a failover. Patroni
 * requires loop_wait + 2 * retry_timeout <= ttl.
 */
export interface PatroniTimings {
  ttl: number;
  loopWait: number;
  retryTimeout: number;
}

/**
 * The lowest Patroni takes here: it wants whole seconds, and retry_timeout must outlast a Raft
 * election (pysyncobj's election timeout is 0.4-1.4 s), or an election during a lock renewal would
 * demote a healthy primary; so retry_timeout 2, loop_wait 1, ttl 1 + 2 * 2 = 5. Measured stable on
 * this 2-core machine through 150 s idle with four CPU hogs running; a leader kill -9 is followed
 * by writes through HAProxy in ~5 s (8 / 1 / 3 gave ~8.5 s).
 */
export const DEFAULT_PATRONI_TIMINGS: PatroniTimings = { ttl: 5, loopWait: 1, retryTimeout: 2 };

/** Dynamic (DCS) configuration written at bootstrap. */
const dcsConfig = (t: PatroniTimings) => ({
  ttl: t.ttl,
  loop_wait: t.loopWait,
  retry_timeout: t.retryTimeout,
  maximum_lag_on_failover: 1048576,
  // Synchronous, not strict. A commit on the primary waits for the sync standby, so a write
  // acknowledged to a client is on both nodes and survives a failover. Strict mode would also
  // refuse every write while the primary is alone, which with two nodes means: from a failover until
  // the dead node is back. We prefer availability then: a lone primary accepts writes (and the
  // window of loss is a second failover before the standby returns).
  synchronous_mode: true,
  synchronous_mode_strict: false,
  postgresql: {
    // A killed primary rejoins as a standby by itself: Patroni rewinds its diverged timeline.
    use_pg_rewind: true,
    use_slots: true,
    parameters: {
      wal_log_hints: 'on',
      synchronous_commit: 'on',
      max_connections: 200,
      max_wal_senders: 10,
      max_replication_slots: 10,
      wal_keep_size: '128MB',
      // DSM segments as files in the data directory, so a kill -9 leaves nothing in /dev/shm once
      // the directory is removed.
      dynamic_shared_memory_type: 'mmap',
    },
  },
});

const PG_HBA = ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'];

interface ClusterMember {
  name: string;
  role: string;
  state: string;
  port?: number;
  lag?: number | string;
}

class PatroniNode implements HaNode {
  readonly name: string;
  private process: GroupProcess | undefined;
  private frozen = false;
  private readonly dataDir: string;

  constructor(
    private readonly cluster: PatroniCluster,
    index: number,
    readonly port: number,
    readonly restPort: number,
    private readonly raftPort: number,
    private readonly raftPartners: number[],
    readonly dir: string,
  ) {
    this.name = `pg-${index}`;
    this.dataDir = path.join(dir, 'data');
  }

  get available(): boolean {
    return this.process?.running === true && !this.frozen;
  }

  get running(): boolean {
    return this.process?.running === true;
  }

  prepare(postgres: Account): void {
    makeDir(this.dir, postgres, 0o700);
    makeDir(path.join(this.dir, 'raft'), postgres, 0o700);
    const config = {
      scope: SCOPE,
      namespace: '/service/',
      name: this.name,
      log: { level: 'INFO', format: '%(asctime)s %(levelname)s: %(message)s' },
      restapi: { listen: `127.0.0.1:${this.restPort}`, connect_address: `127.0.0.1:${this.restPort}` },
      raft: {
        data_dir: path.join(this.dir, 'raft'),
        self_addr: `127.0.0.1:${this.raftPort}`,
        partner_addrs: this.raftPartners.map((p) => `127.0.0.1:${p}`),
      },
      bootstrap: { dcs: dcsConfig(this.cluster.timings), initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }] },
      postgresql: {
        listen: `127.0.0.1:${this.port}`,
        connect_address: `127.0.0.1:${this.port}`,
        data_dir: this.dataDir,
        bin_dir: BIN_DIR,
        pgpass: path.join(this.dir, 'pgpass'),
        authentication: {
          superuser: { username: 'postgres' },
          replication: { username: 'postgres' },
          rewind: { username: 'postgres' },
        },
        // Off the system cluster's /var/run/postgresql, where 5441 would be a stranger's socket name.
        parameters: { unix_socket_directories: this.dir },
        pg_hba: PG_HBA,
        // A fast checkpoint: the standby's base backup does not wait for a spread one.
        basebackup: [{ checkpoint: 'fast' }],
        // If a rewind is impossible, start over from a fresh base backup rather than stay down.
        remove_data_directory_on_rewind_failure: true,
        remove_data_directory_on_diverged_timelines: true,
      },
    };
    // JSON is YAML: Patroni reads it as its YAML configuration.
    writeOwned(path.join(this.dir, 'patroni.yml'), JSON.stringify(config, null, 2), postgres, 0o600);
  }

  /** The running postmaster's pid from its pid file (0 when the file names a dead one), and its System V segment id. */
  postmaster(): { pid: number; shmId?: string } | undefined {
    let lines: string[];
    try {
      lines = fs.readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n');
    } catch {
      return undefined;
    }
    const pid = Number(lines[0]);
    const shmId = lines[6]?.trim().split(/\s+/)[1];
    let comm = '';
    try {
      comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return { pid: 0, shmId };
    }
    return comm === 'postgres' && alive(pid) ? { pid, shmId } : { pid: 0, shmId };
  }

  /** Starts Patroni; resolves once its REST API answers (PostgreSQL may still be starting or rewinding). */
  async start(): Promise<void> {
    if (this.process?.running) throw new Error(`${this.name} is already running`);
    const postgres = this.cluster.postgres;
    this.frozen = false;
    this.process = await GroupProcess.start(this.name, {
      command: '/usr/bin/patroni',
      args: [path.join(this.dir, 'patroni.yml')],
      as: postgres,
      env: { PATH: `${BIN_DIR}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: this.dir, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      cwd: this.dir,
      logFile: path.join(this.dir, 'patroni.log'),
    });
    const proc = this.process;
    await waitFor(`${this.name}: Patroni REST API on ${this.restPort}; see ${path.join(this.dir, 'patroni.log')}`, 60_000, async () => {
      if (!proc.running) throw new Error(`patroni exited (${proc.exit ?? '?'})`);
      await httpGet(this.restPort, '/patroni', 1000);
      return true;
    }, { intervalMs: 200, signal: this.cluster.signal });
  }

  /** Kills the postmaster and its children at exit of this process (Patroni may have restarted it since). */
  killPostmasterNow(): void {
    const pm = this.postmaster();
    if (pm && pm.pid > 0) signalTree(pm.pid, 'SIGKILL');
  }

  /**
   * kill -9 of Patroni first (so it cannot restart PostgreSQL), then of the postmaster and its
   * children. The children are killed too: each is its own process group (PostgreSQL calls
   * setsid() in them), and a backend outliving its postmaster would keep the shared memory busy.
   */
  async kill(): Promise<void> {
    await this.process?.kill();
    // Read after Patroni is dead: it may have been starting a postmaster as it died.
    const pm = this.postmaster();
    if (pm && pm.pid > 0) await killTree(pm.pid, `${this.name} postmaster`);
    this.frozen = false;
  }

  /** SIGSTOP of Patroni, then of the postmaster and each of its children (backends, walsender, checkpointer...). */
  async freeze(): Promise<void> {
    this.process?.signal('SIGSTOP');
    const pm = this.postmaster();
    if (pm && pm.pid > 0) signalTree(pm.pid, 'SIGSTOP');
    this.frozen = true;
  }

  /** SIGCONT of PostgreSQL first, so that Patroni wakes up to a database that answers. */
  async thaw(): Promise<void> {
    const pm = this.postmaster();
    if (pm && pm.pid > 0) signalTree(pm.pid, 'SIGCONT');
    this.process?.signal('SIGCONT');
    this.frozen = false;
  }

  /**
   * Kills Patroni (its own shutdown takes ~10 s: it hands over and checks the other member), then
   * asks PostgreSQL for a fast shutdown, which releases its shared memory; a postmaster that does
   * not finish within 10 s is killed and its System V segment removed.
   */
  async stop(): Promise<void> {
    await this.thaw();
    await this.process?.kill();
    const pm = this.postmaster();
    if (!pm || pm.pid === 0) return;
    signalPid(pm.pid, 'SIGINT');
    const stopped = await waitFor(`${this.name} postmaster to shut down`, 10_000, async () => (alive(pm.pid) ? undefined : true), { intervalMs: 100 }).catch(() => false);
    if (stopped) return;
    await killTree(pm.pid, `${this.name} postmaster`);
    if (pm.shmId) await run('ipcrm', ['-m', pm.shmId]).catch(() => undefined);
  }

  /** GET /cluster from this node's REST API. */
  async clusterView(): Promise<ClusterMember[]> {
    const res = await httpGet(this.restPort, '/cluster', 1000);
    if (res.status !== 200) throw new Error(`${this.name} GET /cluster: ${res.status}`);
    return (JSON.parse(res.body) as { members?: ClusterMember[] }).members ?? [];
  }
}

/** Runs `sql` on a fresh connection to `port` with a 2 s connect and query timeout. */
async function query<R extends Record<string, unknown>>(port: number, sql: string): Promise<R[]> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000, query_timeout: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function haproxyConfig(nodes: PatroniNode[], port: number): string {
  return [
    'global',
    '  maxconn 2000',
    '',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    // Idle pooled connections must outlive the services' pool idle timeouts.
    '  timeout client 30m',
    '  timeout server 30m',
    // A frozen node's REST API does not answer: the check gives up after 1 s.
    '  timeout check 1s',
    '',
    'listen postgres',
    `  bind 127.0.0.1:${port}`,
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // Down after two failed checks (~1 s), up after one; a node marked down has its client
    // connections cut, so no client keeps talking to a demoted primary.
    '  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check port ${n.restPort}`),
    '',
  ].join('\n');
}

/** Two Patroni nodes, the Raft witness and HAProxy. Create with `startPatroniCluster`. */
export class PatroniCluster {
  readonly nodes: PatroniNode[];
  readonly postgres: Account;
  private witness: GroupProcess | undefined;
  private haproxy: GroupProcess | undefined;
  private readonly unregister: () => void;

  constructor(
    private readonly dir: string,
    private readonly ports: PatroniPorts,
    private readonly log: Log,
    readonly signal: AbortSignal | undefined,
    readonly timings: PatroniTimings = DEFAULT_PATRONI_TIMINGS,
  ) {
    if (timings.loopWait + 2 * timings.retryTimeout > timings.ttl) throw new Error(`postgres: Patroni requires loop_wait + 2 * retry_timeout <= ttl (got ${JSON.stringify(timings)})`);
    // A Unix socket path holds at most 107 bytes; PostgreSQL would fail to start with a less obvious message.
    const socket = path.join(dir, 'pg-1', `.s.PGSQL.${ports.pg[0] ?? 0}`);
    if (socket.length > 100) throw new Error(`postgres: ${dir} is too long for a Unix socket directory: pass a shorter baseDir`);
    this.postgres = account('postgres');
    makeDir(dir, this.postgres, 0o755);
    const raft = ports.raft;
    this.nodes = ports.pg.map((port, i) => {
      const self = raft[i];
      if (self === undefined || ports.rest[i] === undefined) throw new Error(`postgres: node ${i + 1} has no REST or Raft port`);
      return new PatroniNode(this, i + 1, port, ports.rest[i] ?? 0, self, raft.filter((p) => p !== self), path.join(dir, `pg-${i + 1}`));
    });
    this.unregister = killAtExit(() => this.nodes.forEach((n) => n.killPostmasterNow()));
  }

  get databaseUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.ports.haproxy}/postgres`;
  }

  /**
   * Starts the witness, both Patroni nodes at once (one wins the bootstrap, the other base-backs up
   * from it) and HAProxy, then waits until a leader runs with a streaming sync standby and HAProxy
   * routes to the leader. Throws naming what did not come up; the caller stops what was started.
   */
  async start(): Promise<void> {
    const started = Date.now();
    const witnessPort = this.ports.raft[this.nodes.length];
    if (witnessPort === undefined) throw new Error('postgres: no Raft port for the witness');
    const witnessDir = makeDir(path.join(this.dir, 'witness'), this.postgres, 0o700);
    makeDir(path.join(witnessDir, 'raft'), this.postgres, 0o700);
    const witnessConfig = {
      log: { level: 'INFO' },
      raft: {
        data_dir: path.join(witnessDir, 'raft'),
        self_addr: `127.0.0.1:${witnessPort}`,
        partner_addrs: this.ports.raft.filter((p) => p !== witnessPort).map((p) => `127.0.0.1:${p}`),
      },
    };
    writeOwned(path.join(witnessDir, 'raft.yml'), JSON.stringify(witnessConfig, null, 2), this.postgres, 0o600);
    this.witness = await GroupProcess.start('raft-witness', {
      command: '/usr/bin/patroni_raft_controller',
      args: [path.join(witnessDir, 'raft.yml')],
      as: this.postgres,
      env: { PATH: process.env.PATH, HOME: witnessDir, LANG: 'C.UTF-8' },
      cwd: witnessDir,
      logFile: path.join(witnessDir, 'raft.log'),
    });

    for (const node of this.nodes) node.prepare(this.postgres);
    await Promise.all(this.nodes.map((n) => n.start()));

    const haproxyDir = makeDir(path.join(this.dir, 'haproxy'));
    fs.writeFileSync(path.join(haproxyDir, 'haproxy.cfg'), haproxyConfig(this.nodes, this.ports.haproxy));
    this.haproxy = await GroupProcess.start('haproxy', {
      command: 'haproxy',
      args: ['-db', '-f', path.join(haproxyDir, 'haproxy.cfg')],
      logFile: path.join(haproxyDir, 'haproxy.log'),
    });
    const haproxy = this.haproxy;
    await waitFor(`postgres: HAProxy listening on ${this.ports.haproxy}`, 10_000, async () => {
      if (!haproxy.running) throw new Error(`haproxy exited (${haproxy.exit ?? '?'}); see ${path.join(haproxyDir, 'haproxy.log')}`);
      return (await listening(this.ports.haproxy)) || undefined;
    }, { intervalMs: 100, signal: this.signal });

    await waitFor('postgres: a leader with a streaming sync standby behind HAProxy', 120_000, async () => {
      const problems = await this.problems();
      if (problems.length > 0) throw new Error(problems.join('; '));
      return true;
    }, { intervalMs: 500, signal: this.signal });
    this.log(`postgres: leader and sync standby up behind HAProxy in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  /** The members as the first node whose REST API answers sees them. Throws when none answers. */
  async members(): Promise<ClusterMember[]> {
    const reasons: string[] = [];
    for (const node of this.nodes.filter((n) => n.available)) {
      try {
        return await node.clusterView();
      } catch (error) {
        reasons.push(`${node.name}: ${String(error)}`);
      }
    }
    throw new Error(`postgres: no Patroni REST API answered (${reasons.join('; ') || 'none running'})`);
  }

  /** The node Patroni names leader, with PostgreSQL running. Throws when there is none right now (during a failover: poll). */
  async leader(): Promise<PatroniNode> {
    const members = await this.members();
    const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
    const node = leader && this.nodes.find((n) => n.name === leader.name);
    if (!node) throw new Error(`postgres: no running leader (members: ${describe(members)})`);
    return node;
  }

  /** What keeps the cluster from being whole; empty when healthy. */
  async problems(): Promise<string[]> {
    const problems = this.nodes.filter((n) => !n.available).map((n) => `${n.name} is ${n.running ? 'frozen' : 'not running'}`);
    if (this.witness && !this.witness.running) problems.push('the Raft witness is not running');
    if (this.haproxy && !this.haproxy.running) problems.push('HAProxy is not running');
    let members: ClusterMember[] = [];
    try {
      members = await this.members();
    } catch (error) {
      return [...problems, String(error)].map((p) => `postgres: ${p}`);
    }
    const leader = members.find((m) => m.role === 'leader' && m.state === 'running');
    const sync = members.find((m) => m.role === 'sync_standby' && (m.state === 'streaming' || m.state === 'running'));
    if (!leader) problems.push(`no running leader (${describe(members)})`);
    if (!sync) problems.push(`no sync standby running (${describe(members)})`);
    const leaderNode = leader && this.nodes.find((n) => n.name === leader.name);
    if (leaderNode && sync) {
      // Patroni's view lags PostgreSQL's by up to a loop: ask the primary itself that the standby streams synchronously.
      const rows = await query<{ application_name: string; state: string; sync_state: string }>(leaderNode.port, 'SELECT application_name, state, sync_state FROM pg_stat_replication').catch((error: unknown) => {
        problems.push(`${leaderNode.name}: ${String(error)}`);
        return [];
      });
      if (!rows.some((r) => r.application_name === sync.name && r.state === 'streaming' && r.sync_state === 'sync')) {
        problems.push(`${sync.name} not streaming synchronously from ${leaderNode.name} (${JSON.stringify(rows)})`);
      }
    }
    if (leaderNode && haproxyReady(this.haproxy)) {
      const routed = await query<{ port: number; standby: boolean }>(this.ports.haproxy, 'SELECT inet_server_port() AS port, pg_is_in_recovery() AS standby').catch((error: unknown) => {
        problems.push(`HAProxy: ${String(error)}`);
        return [];
      });
      const row = routed[0];
      if (row && (row.port !== leaderNode.port || row.standby)) problems.push(`HAProxy routes to ${row.port} (standby: ${row.standby}), not to the leader ${leaderNode.port}`);
    }
    return problems.map((p) => `postgres: ${p}`);
  }

  /** Stops HAProxy, both nodes and the witness; never throws. */
  async stop(): Promise<void> {
    const parts: Array<Promise<void>> = [
      ...this.nodes.map((n) => n.stop()),
      ...[this.haproxy, this.witness].map((p) => p?.terminate(5000)),
    ].map((p) => Promise.resolve(p).catch((error: unknown) => this.log(`postgres: stopping: ${String(error)}`)));
    await Promise.all(parts);
    this.unregister();
  }
}

function haproxyReady(haproxy: GroupProcess | undefined): boolean {
  return haproxy?.running === true;
}

function describe(members: ClusterMember[]): string {
  return members.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ') || 'no members';
}

/** Starts the PostgreSQL cluster in `dir`. On failure, stops what was started and rethrows. */
export async function startPatroniCluster(dir: string, ports: PatroniPorts, log: Log, signal?: AbortSignal, timings?: PatroniTimings): Promise<PatroniCluster> {
  return startedOrStopped(new PatroniCluster(dir, ports, log, signal, timings));
}

