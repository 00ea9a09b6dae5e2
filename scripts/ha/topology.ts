/**
 * A highly-available set of the project's dependencies on one machine, on loopback, in a fresh
 * temporary directory: a 3-node RabbitMQ cluster, PostgreSQL 15 under Patroni (2 nodes + a Raft
 * witness) behind HAProxy, and Redis with a replica and 3 Sentinels. Used by `npm run start:ha`
 * (start-ha.ts) and by the failover self-check (check-ha.ts); a fault test can start it the same way
 * and kill, freeze or restart any data node through `HaNode`.
 *
 * Nothing here touches the system's PostgreSQL (5432), Redis (6379) or RabbitMQ (rabbit@localhost):
 * every process is started by this module, tracked by pid or node name, and stopped by it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PatroniCluster, type PatroniPorts, type PatroniTimings, startPatroniCluster } from './patroni';
import { assertPortsFree, type Log, makeDir, waitFor } from './processes';
import { type RabbitCluster, type RabbitPorts, startRabbitCluster } from './rabbitmq-cluster';
import { REDIS_MASTER_NAME, type RedisPorts, type RedisSentinelGroup, startRedisSentinel } from './redis-sentinel';

/** One data node of an engine, to break and mend in a test. */
export interface HaNode {
  /** `rabbit-1`, `pg-1`, `redis-1`. */
  name: string;
  /** Client port of the node itself (AMQP, PostgreSQL, Redis), bypassing any proxy. */
  port: number;
  /** kill -9 of the node: RabbitMQ's beam process; Patroni AND its postmaster (both, so Patroni does not restart PostgreSQL in place); the redis-server. Resolves once they are gone. */
  kill(): Promise<void>;
  /**
   * Starts the node again after kill(): it rejoins as a follower (RabbitMQ boots from its mnesia and
   * rejoins the cluster; Patroni starts and, through pg_rewind, follows the new leader; redis-server
   * starts as a replica of the primary the Sentinels name, after waiting for them to fail over if
   * they still name it). Resolves once the process is up, not caught up: waitHealthy is for that.
   */
  start(): Promise<void>;
  /** SIGSTOP of the node's processes (PostgreSQL: Patroni, the postmaster and its children): a node cut off without dying. */
  freeze(): Promise<void>;
  /** SIGCONT of what freeze() stopped. */
  thaw(): Promise<void>;
}

export interface HaTopology {
  /** One per RabbitMQ node; a client tries them in turn. */
  amqpUrls: string[];
  /** Through HAProxy: always the current primary. */
  databaseUrl: string;
  redisSentinels: Array<{ host: string; port: number }>;
  /** 'inventory'. */
  redisMasterName: string;
  /** Data nodes only (not the Sentinels, the Raft witness or HAProxy). */
  rabbit: HaNode[];
  postgres: HaNode[];
  redis: HaNode[];
  /** Where everything lives; removed by stop(). */
  baseDir: string;
  /** Seconds each engine took to come up, and the whole (they start in parallel). */
  startupSeconds: { rabbitmq: number; postgres: number; redis: number; total: number };
  /**
   * The node hosting the leader of quorum queue `queue` in `vhost` (`rabbitmqctl -n <live node>
   * list_queues name leader`). Throws when the queue is missing or has no leader right now.
   */
  rabbitQueueLeader(queue: string, vhost: string): Promise<HaNode>;
  /** `rabbitmqctl <args>` on a running node of the cluster, e.g. to add a test's vhost. */
  rabbitmqctl(args: string[]): Promise<string>;
  /** The Patroni leader (REST `GET /cluster`). Throws during a failover, when there is none: poll. */
  postgresLeader(): Promise<HaNode>;
  /** The Redis primary as the Sentinels name it (`SENTINEL get-master-addr-by-name`, majority). */
  redisPrimary(): Promise<HaNode>;
  /**
   * Waits until everything is whole and healthy again: 3 RabbitMQ nodes running in one cluster; a
   * Patroni leader with a streaming sync standby, and HAProxy routing to the leader; a Redis primary
   * with its replica linked, as every Sentinel sees it. Throws after `timeoutMs`, naming what is missing.
   */
  waitHealthy(timeoutMs: number): Promise<void>;
  /** Stops everything it started (by pid / node name) and removes its directory; never throws. */
  stop(): Promise<void>;
}

export interface HaPorts {
  rabbit: RabbitPorts;
  postgres: PatroniPorts;
  redis: RedisPorts;
}

/** Defaults chosen clear of the system services (5432, 5672/25672, 6379) and of the project's own ports. */
export const DEFAULT_HA_PORTS: HaPorts = {
  rabbit: { amqp: [5681, 5682, 5683], dist: [25681, 25682, 25683] },
  postgres: { pg: [5441, 5442], rest: [8441, 8442], raft: [5451, 5452, 5453], haproxy: 5440 },
  redis: { data: [6381, 6382], sentinels: [26381, 26382, 26383] },
};

export interface HaOptions {
  /** Parent of the topology's fresh directory; default the OS temp directory. */
  baseDir?: string;
  /** Progress lines; default none. */
  log?: (line: string) => void;
  /** Default DEFAULT_HA_PORTS. */
  ports?: HaPorts;
  /** Patroni's ttl / loop_wait / retry_timeout; default DEFAULT_PATRONI_TIMINGS (5 / 1 / 2). */
  patroniTimings?: PatroniTimings;
  /** Aborting stops a start under way: what was started is stopped, then the start rejects. */
  signal?: AbortSignal;
}

function allPorts(ports: HaPorts): Array<[string, number]> {
  return [
    ...ports.rabbit.amqp.map((p, i): [string, number] => [`rabbit-${i + 1} AMQP`, p]),
    ...ports.rabbit.dist.map((p, i): [string, number] => [`rabbit-${i + 1} dist`, p]),
    ...ports.postgres.pg.map((p, i): [string, number] => [`pg-${i + 1}`, p]),
    ...ports.postgres.rest.map((p, i): [string, number] => [`pg-${i + 1} REST`, p]),
    ...ports.postgres.raft.map((p, i): [string, number] => [`Raft ${i + 1}`, p]),
    ['HAProxy', ports.postgres.haproxy],
    ...ports.redis.data.map((p, i): [string, number] => [`redis-${i + 1}`, p]),
    ...ports.redis.sentinels.map((p, i): [string, number] => [`sentinel-${i + 1}`, p]),
  ];
}

async function timed<T>(start: () => Promise<T>): Promise<[T, number]> {
  const t0 = Date.now();
  const value = await start();
  return [value, (Date.now() - t0) / 1000];
}

/**
 * Starts the three engines in parallel and resolves once each is healthy. Throws if a port is taken
 * (naming it), or if an engine does not come up (naming what is missing): the engines already
 * started are stopped and the directory removed before it rethrows.
 */
export async function startHaTopology(options: HaOptions = {}): Promise<HaTopology> {
  options.signal?.throwIfAborted();
  const log: Log = options.log ?? (() => undefined);
  const ports = options.ports ?? DEFAULT_HA_PORTS;
  await assertPortsFree(allPorts(ports));
  const parent = options.baseDir ?? os.tmpdir();
  fs.mkdirSync(parent, { recursive: true });
  // mkdtemp makes it 0700; the rabbitmq and postgres users must traverse it to reach their own directories.
  const baseDir = makeDir(fs.mkdtempSync(path.join(parent, 'inv-ha-')), undefined, 0o755);
  log(`ha: starting in ${baseDir}`);

  // One engine failing aborts the others, so a failed start ends promptly instead of at the slowest timeout.
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const t0 = Date.now();
  const guard = <T>(p: Promise<T>) => p.catch((error: unknown) => (abort.abort(error), Promise.reject(error)));
  const results = await Promise.allSettled([
    guard(timed(() => startRabbitCluster(path.join(baseDir, 'rabbitmq'), ports.rabbit, log, abort.signal))),
    guard(timed(() => startPatroniCluster(path.join(baseDir, 'postgres'), ports.postgres, log, abort.signal, options.patroniTimings))),
    guard(timed(() => startRedisSentinel(path.join(baseDir, 'redis'), ports.redis, log, abort.signal))),
  ]);
  options.signal?.removeEventListener('abort', onOuterAbort);
  const [rabbitResult, pgResult, redisResult] = results;
  if (rabbitResult?.status !== 'fulfilled' || pgResult?.status !== 'fulfilled' || redisResult?.status !== 'fulfilled') {
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value[0].stop() : undefined)));
    fs.rmSync(baseDir, { recursive: true, force: true });
    // The abort's reason is the cause (the first engine's failure, or the caller's abort); the other failures are mostly that abort.
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const cause: unknown = abort.signal.aborted ? abort.signal.reason : failure?.reason;
    throw cause instanceof Error ? cause : new Error(`ha: start failed: ${String(cause)}`);
  }
  const [rabbit, rabbitSeconds] = rabbitResult.value;
  const [postgres, pgSeconds] = pgResult.value;
  const [redis, redisSeconds] = redisResult.value;
  const total = (Date.now() - t0) / 1000;
  log(`ha: up in ${total.toFixed(1)} s (rabbitmq ${rabbitSeconds.toFixed(1)} s, postgres ${pgSeconds.toFixed(1)} s, redis ${redisSeconds.toFixed(1)} s)`);
  return topology(baseDir, rabbit, postgres, redis, { rabbitmq: rabbitSeconds, postgres: pgSeconds, redis: redisSeconds, total }, log);
}

function topology(baseDir: string, rabbit: RabbitCluster, postgres: PatroniCluster, redis: RedisSentinelGroup, startupSeconds: HaTopology['startupSeconds'], log: Log): HaTopology {
  let stopped: Promise<void> | undefined;
  return {
    amqpUrls: rabbit.amqpUrls,
    databaseUrl: postgres.databaseUrl,
    redisSentinels: redis.sentinelAddresses,
    redisMasterName: REDIS_MASTER_NAME,
    rabbit: rabbit.nodes,
    postgres: postgres.nodes,
    redis: redis.nodes,
    baseDir,
    startupSeconds,
    rabbitQueueLeader: (queue, vhost) => rabbit.queueLeader(queue, vhost),
    rabbitmqctl: (args) => rabbit.ctlOnLiveNode(args),
    postgresLeader: () => postgres.leader(),
    redisPrimary: () => redis.primary(),
    async waitHealthy(timeoutMs) {
      await waitFor('ha: the topology to be healthy', timeoutMs, async () => {
        const problems = (await Promise.all([rabbit.problems(), postgres.problems(), redis.problems()].map((p) => p.catch((error: unknown) => [String(error)])))).flat();
        if (problems.length > 0) throw new Error(problems.join('; '));
        return true;
      }, { intervalMs: 500 });
    },
    stop() {
      stopped ??= (async () => {
        const timedStop = async (engine: string, stop: () => Promise<void>) => {
          const t = Date.now();
          await stop();
          log(`${engine}: stopped in ${((Date.now() - t) / 1000).toFixed(1)} s`);
        };
        await Promise.all([timedStop('rabbitmq', () => rabbit.stop()), timedStop('postgres', () => postgres.stop()), timedStop('redis', () => redis.stop())]);
        fs.rmSync(baseDir, { recursive: true, force: true });
        log(`ha: stopped, ${baseDir} removed`);
      })().catch((error: unknown) => log(`ha: stop: ${String(error)}`));
      return stopped;
    },
  };
}
