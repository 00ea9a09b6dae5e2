/**
 * Redis 7 with Sentinel: a primary, one replica and three Sentinels (`redis-server <conf>
 * --sentinel`, no separate package), all on 127.0.0.1. Nothing is persisted: the replica holds the
 * only other copy, which is why a restarted node always comes back as a replica (see
 * RedisDataNode.start).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { GroupProcess, type Log, makeDir, ProcessGroupNode, startedOrStopped, waitFor } from './processes';
import type { HaNode } from './topology';

export const REDIS_MASTER_NAME = 'inventory';

export interface RedisPorts {
  /** The data nodes: the first starts as primary, the others as its replicas. */
  data: number[];
  sentinels: number[];
}

/** Runs one command on a fresh connection with 1 s timeouts: a frozen or dead server must read as an error, not a hang. */
async function redisCall(port: number, command: string, ...args: Array<string | number>): Promise<unknown> {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await client.call(command, ...args);
  } finally {
    client.disconnect();
  }
}

/** A Sentinel reply of alternating field names and values, as an object. */
function fields(reply: unknown): Record<string, string> {
  const list = Array.isArray(reply) ? (reply as unknown[]) : [];
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[String(list[i])] = String(list[i + 1]);
  return out;
}

function serverConfig(port: number, dir: string, primaryPort: number | undefined): string {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    'daemonize no',
    'logfile ""',
    'save ""',
    'appendonly no',
    // Full syncs go over the socket at once: the default waits 5 s for more replicas to share one.
    'repl-diskless-sync yes',
    'repl-diskless-sync-delay 0',
    ...(primaryPort === undefined ? [] : [`replicaof 127.0.0.1 ${primaryPort}`]),
    '',
  ].join('\n');
}

class RedisDataNode extends ProcessGroupNode implements HaNode {
  readonly name: string;

  constructor(
    private readonly group: RedisSentinelGroup,
    index: number,
    readonly port: number,
    private readonly dir: string,
  ) {
    super();
    this.name = `redis-${index}`;
  }

  /** Starts redis-server, as a replica of `primaryPort` when given, and waits for it to answer PING. */
  async launch(primaryPort: number | undefined): Promise<void> {
    if (this.process?.running) throw new Error(`${this.name} is already running`);
    makeDir(this.dir);
    const conf = path.join(this.dir, 'redis.conf');
    fs.writeFileSync(conf, serverConfig(this.port, this.dir, primaryPort));
    this.frozen = false;
    this.process = await GroupProcess.start(this.name, { command: 'redis-server', args: [conf], cwd: this.dir, logFile: path.join(this.dir, 'redis.log') });
    const proc = this.process;
    await waitFor(`${this.name} to answer on ${this.port}; see ${path.join(this.dir, 'redis.log')}`, 15_000, async () => {
      if (!proc.running) throw new Error(`redis-server exited (${proc.exit ?? '?'})`);
      return (await redisCall(this.port, 'PING')) === 'PONG' || undefined;
    }, { intervalMs: 100, signal: this.group.signal });
  }

  /**
   * Starts the node again as a replica of the primary the Sentinels name. If they still name this
   * node (it was killed less than a failover ago), waits for the failover first: with no
   * persistence, a primary that came back empty would be copied, empty, to its replica.
   * Throws when the Sentinels name no other primary within 30 s.
   */
  async start(): Promise<void> {
    const primary = await waitFor(`${this.name}: the Sentinels to name another primary before it rejoins`, 30_000, async () => {
      const port = await this.group.primaryPort();
      if (port === this.port) throw new Error(`the Sentinels still name ${this.name} primary`);
      return port;
    }, { intervalMs: 200, signal: this.group.signal });
    await this.launch(primary);
  }

  async stop(): Promise<void> {
    this.process?.signal('SIGCONT');
    await this.process?.kill();
  }
}

/** The data nodes and their Sentinels. Create with `startRedisSentinel`. */
export class RedisSentinelGroup {
  readonly nodes: RedisDataNode[];
  private readonly sentinels: Array<{ port: number; dir: string; process?: GroupProcess }>;

  constructor(
    private readonly dir: string,
    private readonly ports: RedisPorts,
    private readonly log: Log,
    readonly signal: AbortSignal | undefined,
  ) {
    makeDir(dir);
    this.nodes = ports.data.map((port, i) => new RedisDataNode(this, i + 1, port, path.join(dir, `redis-${i + 1}`)));
    this.sentinels = ports.sentinels.map((port, i) => ({ port, dir: path.join(dir, `sentinel-${i + 1}`) }));
  }

  get sentinelAddresses(): Array<{ host: string; port: number }> {
    return this.sentinels.map((s) => ({ host: '127.0.0.1', port: s.port }));
  }

  /**
   * Starts the primary and its replicas, then the Sentinels, each told of the others and of the
   * replicas up front (fixed `myid`s, `known-sentinel`, `known-replica`): discovering them through
   * hello messages and INFO would take up to 10 s. Waits until the Sentinels see one primary with
   * every replica linked. Throws naming what is missing; the caller stops what was started.
   */
  async start(): Promise<void> {
    const started = Date.now();
    const [primary, ...replicas] = this.nodes;
    if (!primary) throw new Error('redis: no data nodes configured');
    await primary.launch(undefined);
    await Promise.all(replicas.map((r) => r.launch(primary.port)));
    const ids = this.sentinels.map(() => randomBytes(20).toString('hex'));
    await Promise.all(
      this.sentinels.map(async (sentinel, i) => {
        makeDir(sentinel.dir);
        const conf = path.join(sentinel.dir, 'sentinel.conf');
        // Sentinel rewrites this file as it learns: it must stay writable.
        fs.writeFileSync(
          conf,
          [
            `port ${sentinel.port}`,
            'bind 127.0.0.1',
            `dir ${sentinel.dir}`,
            'daemonize no',
            'logfile ""',
            `sentinel myid ${ids[i]}`,
            `sentinel monitor ${REDIS_MASTER_NAME} 127.0.0.1 ${primary.port} 2`,
            `sentinel down-after-milliseconds ${REDIS_MASTER_NAME} 1000`,
            `sentinel failover-timeout ${REDIS_MASTER_NAME} 5000`,
            `sentinel parallel-syncs ${REDIS_MASTER_NAME} 1`,
            ...replicas.map((r) => `sentinel known-replica ${REDIS_MASTER_NAME} 127.0.0.1 ${r.port}`),
            ...this.sentinels.flatMap((other, j) => (j === i ? [] : [`sentinel known-sentinel ${REDIS_MASTER_NAME} 127.0.0.1 ${other.port} ${ids[j]}`])),
            '',
          ].join('\n'),
        );
        sentinel.process = await GroupProcess.start(`sentinel-${i + 1}`, { command: 'redis-server', args: [conf, '--sentinel'], cwd: sentinel.dir, logFile: path.join(sentinel.dir, 'sentinel.log') });
      }),
    );
    await waitFor('redis: the Sentinels to see a primary with its replica', 30_000, async () => {
      const problems = await this.problems();
      if (problems.length > 0) throw new Error(problems.join('; '));
      return true;
    }, { intervalMs: 200, signal: this.signal });
    this.log(`redis: primary, ${replicas.length} replica(s) and ${this.sentinels.length} Sentinels up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  /**
   * The primary's port as most answering Sentinels name it (`SENTINEL get-master-addr-by-name`).
   * During a failover they may disagree for a moment; the majority is what clients follow.
   * Throws when no Sentinel answers.
   */
  async primaryPort(): Promise<number> {
    const answers = await Promise.all(
      this.sentinels.map((s) =>
        redisCall(s.port, 'SENTINEL', 'get-master-addr-by-name', REDIS_MASTER_NAME)
          .then((reply) => Number((reply as string[])[1]))
          .catch(() => undefined),
      ),
    );
    const votes = new Map<number, number>();
    for (const port of answers) if (port !== undefined) votes.set(port, (votes.get(port) ?? 0) + 1);
    const best = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
    if (!best) throw new Error('redis: no Sentinel answered');
    return best[0];
  }

  /** The data node the Sentinels name primary. Throws when they name none of ours. */
  async primary(): Promise<RedisDataNode> {
    const port = await this.primaryPort();
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`redis: the Sentinels name 127.0.0.1:${port}, not one of our nodes`);
    return node;
  }

  /** What keeps the group from being whole, as each Sentinel sees it; empty when healthy. */
  async problems(): Promise<string[]> {
    const problems = this.nodes.filter((n) => !n.available).map((n) => `${n.name} is ${n.running ? 'frozen' : 'not running'}`);
    for (const [i, sentinel] of this.sentinels.entries()) {
      const name = `sentinel-${i + 1}`;
      if (!sentinel.process?.running) {
        problems.push(`${name} is not running`);
        continue;
      }
      try {
        const master = fields(await redisCall(sentinel.port, 'SENTINEL', 'master', REDIS_MASTER_NAME));
        if (master.flags !== 'master') problems.push(`${name}: primary ${master.port} flags ${master.flags}`);
        if (Number(master['num-other-sentinels']) < this.sentinels.length - 1) problems.push(`${name}: knows ${master['num-other-sentinels']} other Sentinels`);
        const replicas = ((await redisCall(sentinel.port, 'SENTINEL', 'replicas', REDIS_MASTER_NAME)) as unknown[]).map(fields);
        for (const node of this.nodes.filter((n) => String(n.port) !== master.port)) {
          const seen = replicas.find((r) => r.port === String(node.port));
          if (!seen) problems.push(`${name}: ${node.name} is not a replica of ${master.port}`);
          else if (seen.flags !== 'slave' || seen['master-link-status'] !== 'ok') problems.push(`${name}: replica ${node.name} flags ${seen.flags}, link ${seen['master-link-status']}`);
        }
      } catch (error) {
        problems.push(`${name}: ${String(error)}`);
      }
    }
    return problems.map((p) => `redis: ${p}`);
  }

  /** Stops every server and Sentinel started; never throws. */
  async stop(): Promise<void> {
    await Promise.all([
      ...this.nodes.map((n) => n.stop()),
      ...this.sentinels.map((s) => s.process?.kill()),
    ].map((p) => Promise.resolve(p).catch((error: unknown) => this.log(`redis: stopping: ${String(error)}`))));
  }
}

/** Starts the group in `dir`. On failure, stops what was started and rethrows. */
export async function startRedisSentinel(dir: string, ports: RedisPorts, log: Log, signal?: AbortSignal): Promise<RedisSentinelGroup> {
  return startedOrStopped(new RedisSentinelGroup(dir, ports, log, signal));
}
