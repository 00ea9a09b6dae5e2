/**
 * Three RabbitMQ nodes clustered on loopback, beside the system node `rabbit@localhost` (which this
 * file never addresses: every `rabbitmqctl` call names its node with `-n`). The system's
 * /etc/rabbitmq/rabbitmq.conf pins its listener to 5672, so each node gets a config file of its own
 * (RABBITMQ_CONFIG_FILE) and its own node name, dist port, mnesia, log, pid and plugins files, all
 * in a directory owned by the `rabbitmq` user, as rabbitmq-server runs as that user. The Erlang
 * cookie is the system's (/var/lib/rabbitmq/.erlang.cookie, found through HOME), shared by the
 * servers and the CLI.
 */
import path from 'node:path';
import { type Account, account, GroupProcess, listening, type Log, makeDir, parseCliJson, ProcessGroupNode, run, startedOrStopped, waitFor, writeOwned } from './processes';
import type { HaNode } from './topology';

const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
const CTL = '/usr/lib/rabbitmq/bin/rabbitmqctl';

export interface RabbitPorts {
  amqp: number[];
  dist: number[];
}

/**
 * Runs `ctl` (a `rabbitmqctl`: the cluster's, or the system's) with `args` and `--formatter json`,
 * and answers what it printed, parsed. Throws with the CLI's message, or quoting what it printed
 * when that holds no JSON.
 */
export async function rabbitmqJson<T>(ctl: (args: string[]) => Promise<string>, args: string[]): Promise<T> {
  return parseCliJson<T>(`rabbitmqctl ${args.join(' ')}`, await ctl([...args, '--formatter', 'json']));
}

/** A CLI call boots an Erlang VM of its own: ~1-2 s on this machine, more when the machine is busy. */
const CTL_TIMEOUT_MS = 60_000;
const BOOT_TIMEOUT_MS = 90_000;

class RabbitNode extends ProcessGroupNode implements HaNode {
  readonly name: string;
  readonly nodeName: string;

  constructor(
    private readonly cluster: RabbitCluster,
    index: number,
    readonly port: number,
    private readonly distPort: number,
    private readonly dir: string,
  ) {
    super();
    this.name = `rabbit-${index}`;
    this.nodeName = `inv-ha-${index}@localhost`;
  }

  get amqpUrl(): string {
    return `amqp://guest:guest@127.0.0.1:${this.port}`;
  }

  /** Writes the node's files once; a restart after kill() reuses them, mnesia included, and so rejoins its cluster. */
  prepare(rabbitmq: Account): void {
    makeDir(this.dir, rabbitmq);
    for (const sub of ['mnesia', 'log']) makeDir(path.join(this.dir, sub), rabbitmq);
    writeOwned(
      path.join(this.dir, 'rabbitmq.conf'),
      [
        `listeners.tcp.local = 127.0.0.1:${this.port}`,
        // guest/guest over loopback only: every listener here is on 127.0.0.1.
        'loopback_users = none',
        // Three nodes: the side that sees fewer than two pauses until it sees the others again, so a
        // frozen-then-thawed node heals by itself instead of leaving a partition to resolve by hand.
        'cluster_partition_handling = pause_minority',
        // A frozen node is declared down after ~15 s instead of the default 60 s.
        'net_ticktime = 15',
        'log.file.level = info',
        'log.console = false',
        '',
      ].join('\n'),
      rabbitmq,
    );
    // No plugins: the management plugin alone would double the boot time.
    writeOwned(path.join(this.dir, 'enabled_plugins'), '[].\n', rabbitmq);
  }

  private env(rabbitmq: Account): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: rabbitmq.home,
      LANG: 'C.UTF-8',
      RABBITMQ_NODENAME: this.nodeName,
      RABBITMQ_DIST_PORT: String(this.distPort),
      RABBITMQ_CONFIG_FILE: path.join(this.dir, 'rabbitmq'),
      RABBITMQ_MNESIA_BASE: path.join(this.dir, 'mnesia'),
      RABBITMQ_LOG_BASE: path.join(this.dir, 'log'),
      RABBITMQ_PID_FILE: path.join(this.dir, 'rabbitmq.pid'),
      RABBITMQ_ENABLED_PLUGINS_FILE: path.join(this.dir, 'enabled_plugins'),
    };
  }

  /** Runs `rabbitmqctl -n <this node> ...` and returns its stdout. Throws with the CLI's message. */
  ctl(args: string[], timeoutMs = CTL_TIMEOUT_MS): Promise<string> {
    return this.cluster.ctl(['-n', this.nodeName, ...args], timeoutMs);
  }

  /** `ctl` with `--formatter json`, parsed (rabbitmqJson). */
  ctlJson<T>(args: string[], timeoutMs = CTL_TIMEOUT_MS): Promise<T> {
    return this.cluster.ctlJson<T>(['-n', this.nodeName, ...args], timeoutMs);
  }

  /**
   * Starts the server in the foreground of its own process group (the shell wrapper, beam.smp and its
   * helpers), then waits for the RabbitMQ application to run. After kill(), the node boots from its
   * mnesia directory and rejoins the cluster it belonged to. Throws when it does not boot in time,
   * naming the node and its log directory.
   */
  async start(): Promise<void> {
    if (this.process?.running) throw new Error(`${this.name} is already running`);
    const rabbitmq = this.cluster.rabbitmq;
    this.frozen = false;
    this.process = await GroupProcess.start(this.name, {
      command: SERVER,
      args: [],
      as: rabbitmq,
      env: this.env(rabbitmq),
      cwd: this.dir,
      logFile: path.join(this.dir, 'server.out'),
    });
    const proc = this.process;
    // The dist port opens early in the boot; polling it is free, whereas each CLI call boots a VM
    // that competes with the booting nodes for the two cores.
    await waitFor(`${this.name} (${this.nodeName}) to listen on dist port ${this.distPort}; see ${path.join(this.dir, 'log')}`, BOOT_TIMEOUT_MS, async () => {
      if (!proc.running) throw new Error(`rabbitmq-server exited (${proc.exit ?? '?'})`);
      return (await listening(this.distPort)) || undefined;
    }, { intervalMs: 200, signal: this.cluster.signal });
    await this.ctl(['await_startup', '--timeout', String(BOOT_TIMEOUT_MS / 1000)], BOOT_TIMEOUT_MS + 10_000).catch((error: unknown) => {
      throw new Error(`${this.name} (${this.nodeName}) did not boot; see ${path.join(this.dir, 'log')}: ${String(error)}`);
    });
  }

  async stop(): Promise<void> {
    if (!this.process) return;
    // Thawed first, or a SIGTERM would wait for a stopped process.
    this.process.signal('SIGCONT');
    // SIGTERM to the wrapper stops beam cleanly; its files are deleted next anyway, so no long grace.
    await this.process.terminate(5000);
  }
}

/** The three clustered nodes. Create with `startRabbitCluster`. */
export class RabbitCluster {
  readonly nodes: RabbitNode[];
  readonly rabbitmq: Account;

  constructor(
    dir: string,
    ports: RabbitPorts,
    private readonly log: Log,
    readonly signal: AbortSignal | undefined,
  ) {
    this.rabbitmq = account('rabbitmq');
    makeDir(dir, this.rabbitmq);
    this.nodes = ports.amqp.map((port, i) => new RabbitNode(this, i + 1, port, ports.dist[i] ?? port + 20_000, path.join(dir, `rabbit-${i + 1}`)));
  }

  get amqpUrls(): string[] {
    return this.nodes.map((n) => n.amqpUrl);
  }

  /**
   * `rabbitmqctl` as the rabbitmq user with its HOME, where the shared Erlang cookie is, and in that
   * home as its working directory (run's default for another account), never in ours.
   */
  ctl(args: string[], timeoutMs = CTL_TIMEOUT_MS): Promise<string> {
    return run(CTL, ['-q', ...args], {
      as: this.rabbitmq,
      env: { PATH: process.env.PATH, HOME: this.rabbitmq.home, LANG: 'C.UTF-8' },
      timeoutMs,
      signal: this.signal,
    });
  }

  /** `ctl` with `--formatter json`, parsed (rabbitmqJson). */
  ctlJson<T>(args: string[], timeoutMs = CTL_TIMEOUT_MS): Promise<T> {
    return rabbitmqJson<T>((json) => this.ctl(json, timeoutMs), args);
  }

  /**
   * Boots the three nodes in parallel, then joins nodes 2 and 3 to node 1 one after the other
   * (stop_app / join_cluster / start_app: two joins at once race on the cluster's membership), then
   * waits for `await_online_nodes 3`, without which declaring a quorum queue fails with
   * `cluster_not_formed`. Throws naming the step that failed; the caller stops what was started.
   */
  async start(): Promise<void> {
    const started = Date.now();
    for (const node of this.nodes) node.prepare(this.rabbitmq);
    await Promise.all(this.nodes.map((n) => n.start()));
    this.log(`rabbitmq: ${this.nodes.length} nodes booted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const [seed, ...others] = this.nodes;
    if (!seed) throw new Error('rabbitmq: no nodes configured');
    for (const node of others) {
      await node.ctl(['stop_app']);
      await node.ctl(['join_cluster', seed.nodeName]);
      await node.ctl(['start_app']);
    }
    await seed.ctl(['await_online_nodes', String(this.nodes.length), '--timeout', '60'], 70_000);
    this.log(`rabbitmq: cluster of ${this.nodes.length} formed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  /** A node that is running and not frozen, to ask the cluster through. Throws when there is none. */
  private witness(): RabbitNode {
    const node = this.nodes.find((n) => n.available);
    if (!node) throw new Error('rabbitmq: no running, unfrozen node to ask');
    return node;
  }

  /**
   * The node hosting the leader of quorum queue `queue` in `vhost`, as `list_queues name leader`
   * reports it on a live node. Throws when the queue does not exist, is not a quorum queue, or has no
   * leader right now (during an election: poll).
   */
  async queueLeader(queue: string, vhost: string): Promise<RabbitNode> {
    const rows = await this.witness().ctlJson<Array<{ name: string; leader?: string }>>(['list_queues', '-p', vhost, 'name', 'leader']);
    const row = rows.find((r) => r.name === queue);
    if (!row) throw new Error(`rabbitmq: no queue ${queue} in vhost ${vhost}`);
    const node = this.nodes.find((n) => n.nodeName === row.leader);
    if (!node) throw new Error(`rabbitmq: queue ${queue} has no leader on a known node (leader: ${String(row.leader)})`);
    return node;
  }

  /** `rabbitmqctl <args>` on a live node (vhosts, permissions and policies are cluster-wide). */
  ctlOnLiveNode(args: string[]): Promise<string> {
    return this.witness().ctl(args);
  }

  /** What keeps the cluster from being whole: empty when all nodes run and see each other, with no partition. */
  async problems(): Promise<string[]> {
    const problems = this.nodes.filter((n) => !n.available).map((n) => `${n.name} is ${n.running ? 'frozen' : 'not running'}`);
    if (problems.length > 0) return problems.map((p) => `rabbitmq: ${p}`);
    const status = await this.witness().ctlJson<{ running_nodes?: string[]; partitions?: Record<string, unknown> }>(['cluster_status'], 20_000);
    for (const node of this.nodes) {
      if (!status.running_nodes?.includes(node.nodeName)) problems.push(`${node.name} (${node.nodeName}) not among the running nodes`);
    }
    if (status.partitions && Object.keys(status.partitions).length > 0) problems.push(`partitions: ${JSON.stringify(status.partitions)}`);
    return problems.map((p) => `rabbitmq: ${p}`);
  }

  /** Stops every node that was started; never throws. */
  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop().catch((error: unknown) => this.log(`rabbitmq: stopping ${n.name}: ${String(error)}`))));
  }
}

/** Starts the cluster in `dir`. On failure, stops what was started and rethrows. */
export async function startRabbitCluster(dir: string, ports: RabbitPorts, log: Log, signal?: AbortSignal): Promise<RabbitCluster> {
  return startedOrStopped(new RabbitCluster(dir, ports, log, signal));
}

