import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createPool, type Pool } from '@inv/shared/db';
import { Broker, CommandClient } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { AdminDeps } from '../../gateway/src/admin/admin-commands';
import { IdentityEpoch } from '../../gateway/src/data/identity-epoch';
import { freePort, httpsReady, PROCESSES, stopProcess, waitUntil } from '../support/stack';
import type { BenchConfig } from './bench-config';
import { log } from './load';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** The schemas whose outbox must be empty before the stack counts as quiet. */
const SERVICE_SCHEMAS = ['catalog', 'locations', 'stock', 'notifications'] as const;

export interface BenchStack {
  gatewayUrl: string;
  /** The gateway's self-signed certificate and key (PEM paths), reused by the baseline server. */
  tls: { certPath: string; keyPath: string; ca: string };
  databaseUrl: string;
  /** Schema-qualified SQL on this run's database (bench setup, seeding and checks). */
  db: Pool;
  admin: AdminDeps;
  workDir: string;
  /** Node's arguments and environment for a bench child process (the baseline server), as the stack's own run. */
  child: { nodeArgs: string[]; env: NodeJS.ProcessEnv };
  /** The most PostgreSQL connections the stack's processes and the bench's own pools on it can hold. */
  maxConnections: number;
  /** Connections open on this stack's database right now. */
  openConnections(): Promise<number>;
  /** Resolves once every outbox is relayed and no queue holds a message, so rounds do not overlap. */
  quiesce(): Promise<void>;
  /** This run's PostgreSQL backends by their session's application_name (the stack's processes name theirs). */
  postgresClients(): Promise<ReadonlyMap<number, string>>;
  /** The stack's own processes by pid, named as its CPU is reported (see cpuSnapshot). */
  processNames(): ReadonlyMap<number, string>;
  /**
   * Runs the stack with or without the notifications service: without, its process is stopped
   * and its queues deleted, so events bound to it are routed nowhere, as in a stack that never
   * had it; with, it is started again (it declares its queues) and ready. Only the 1-of-each
   * stack can.
   */
  setNotifications?(running: boolean): Promise<void>;
  /** Stops the stock service and starts it afresh, ready and idle (a measurement of its memory owes nothing to earlier scenarios). Only the 1-of-each stack can. */
  restartStock?(): Promise<void>;
  /**
   * Stops the catalog service (its durable queue goes on taking the events bound to it), or starts
   * it again, resolving once it is ready. Only the 1-of-each stack can.
   */
  setCatalog?(running: boolean): Promise<void>;
  stop(): Promise<void>;
}

export interface BenchStackOptions {
  config: BenchConfig;
  /** PostgreSQL connections the bench opens besides the stack's (baseline pools and workers). */
  extraConnections: number;
}

/** The bench's own pools on a stack's database: setup and checks (4), the identity pool of the admin commands (2). */
export const BENCH_OWN_CONNECTIONS = 6;
/**
 * DB_POOL_SIZE of the notifications service in every bench stack. Only (w) makes webhook
 * endpoints; with 5 its deliveries came no faster than with 2 (calls no longer queued for a
 * connection, but its event consumer, one transaction at a time, is what bounds them; see
 * docs/benchmarks.md), so it keeps 2, which keeps both stacks of (r) within PostgreSQL's 100
 * connections (run.ts).
 */
export const NOTIFICATIONS_POOL_SIZE = 2;
/** The address (w)'s webhook receiver listens on: the one address the stacks open to webhooks (benchProcessEnv). */
export const WEBHOOK_RECEIVER_HOST = '127.0.0.2';
/** The processes' pools: four at the default DB_POOL_SIZE (10), and the notifications service's. */
const PROCESS_CONNECTIONS = 4 * 10 + NOTIFICATIONS_POOL_SIZE;

async function rabbitmqctl(args: string[]): Promise<string> {
  return (await run('rabbitmqctl', ['-q', ...args], { timeout: 30_000 })).stdout;
}

/**
 * A stack's world of its own on the shared servers: a fresh database, RabbitMQ vhost and Redis
 * key prefix, and a directory for the processes' logs (and the gateway's certificate).
 */
export interface BenchWorld {
  database: string;
  vhost: string;
  redisPrefix: string;
  workDir: string;
  databaseUrl: string;
  amqpUrl: string;
  /** Drops the database, vhost and Redis keys; removes the directory unless BENCH_KEEP_LOGS. */
  drop(): Promise<void>;
}

/**
 * Makes a world for a stack whose processes and bench pools may open `connections` PostgreSQL
 * connections, warning when PostgreSQL has fewer free.
 */
export async function createWorld(config: BenchConfig, connections: number): Promise<BenchWorld> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `inv_bench_${runId}`;
  const vhost = `inv_bench_${runId}`;
  const redisPrefix = `bench:${runId}:`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-bench-'));

  const admin = new Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query<{ free: number }>("SELECT current_setting('max_connections')::int - count(*)::int AS free FROM pg_stat_activity");
  if (rows[0]!.free < connections) {
    log(`# WARNING: PostgreSQL has ${rows[0]!.free} connections free and this run may open ${connections}; calls may fail with "too many clients already".`);
  }
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await rabbitmqctl(['add_vhost', vhost]);
  await rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);

  return {
    database,
    vhost,
    redisPrefix,
    workDir,
    databaseUrl: Object.assign(new URL(config.DATABASE_URL), { pathname: `/${database}` }).toString(),
    amqpUrl: Object.assign(new URL(config.AMQP_URL), { pathname: `/${encodeURIComponent(vhost)}` }).toString(),
    drop: async () => {
      const cleanup = new Client({ connectionString: config.DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
      await rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
      const redis = new Redis(config.REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      if (!config.BENCH_KEEP_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * What every process of a bench stack runs with: production's settings (NODE_ENV=production,
 * default pool sizes and timeouts) on the world's database, vhost and Redis prefix, except the
 * default per-key rate limit, raised so the limiter still runs on every call but never refuses one,
 * and webhooks allowed to (w)'s local receiver. Ports and TLS are the caller's.
 */
export function benchProcessEnv(config: BenchConfig, world: BenchWorld): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: config.BENCH_LOG_LEVEL,
    DATABASE_URL: world.databaseUrl,
    AMQP_URL: world.amqpUrl,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: world.redisPrefix,
    INTERNAL_SECRET: randomBytes(24).toString('hex'),
    // Production refuses the published development key, as it refuses the development INTERNAL_SECRET.
    WEBHOOK_SECRETS_KEY: randomBytes(24).toString('hex'),
    // (w)'s receiver (webhook-receiver-server.ts) is a local process speaking plain HTTP, which
    // production refuses (https only, loopback refused): allow http, and open only 127.0.0.2/32,
    // the address it alone listens on, so 127.0.0.1, where the stack's own ports are, stays refused.
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOWED_CIDRS: `${WEBHOOK_RECEIVER_HOST}/32`,
    DATA_DIR: world.workDir,
    RATE_LIMIT_PER_MINUTE: '1000000',
    TRUST_PROXY: '',
  };
}

/** Node's arguments for a process of the bench: profiling into <BENCH_CPU_PROF>/<name>/CPU.*.cpuprofile when asked (thread 0 is the app, 1 tsx's loader). */
export function benchNodeArgs(config: BenchConfig, name: string): string[] {
  const profileDir = config.BENCH_CPU_PROF;
  return ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : [])];
}

export const serviceReady = async (port: number): Promise<boolean> =>
  (await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 200;

/**
 * Starts the whole stack the way the component tests do (test/support/global-setup.ts), with a
 * world of its own: a fresh database, RabbitMQ vhost and Redis prefix, free ports. Configured as
 * in production (NODE_ENV=production, default pool sizes and timeouts) except the default
 * per-key rate limit, raised so the limiter still runs on every call but never refuses one.
 */
export async function startBenchStack({ config, extraConnections }: BenchStackOptions): Promise<BenchStack> {
  const world = await createWorld(config, PROCESS_CONNECTIONS + BENCH_OWN_CONNECTIONS + extraConnections);
  const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort(), notifications: await freePort() };
  const env: NodeJS.ProcessEnv = {
    ...benchProcessEnv(config, world),
    PORT: String(ports.gateway),
    CATALOG_PORT: String(ports.catalog),
    LOCATIONS_PORT: String(ports.locations),
    STOCK_PORT: String(ports.stock),
    NOTIFICATIONS_PORT: String(ports.notifications),
    TLS_CERT: '',
    TLS_KEY: '',
  };

  const names = ['locations', 'catalog', 'stock', 'notifications', 'gateway'] as const;
  const children: ChildProcess[] = [];
  const logOf = (name: string) => path.join(world.workDir, `${name}.log`);
  const alive = () => {
    const dead = children.findIndex((c) => c.exitCode !== null);
    if (dead !== -1) throw new Error(`${names[dead]} exited during start; its log:\n${fs.readFileSync(logOf(names[dead]!), 'utf8').slice(-4000)}`);
    return false;
  };
  const certPath = path.join(world.workDir, 'tls/cert.pem');
  const gatewayUrl = `https://127.0.0.1:${ports.gateway}`;
  const stopProcesses = async () => void (await Promise.all(children.map((c) => stopProcess(c))));

  try {
    // Services first (they migrate their schemas), then the gateway.
    for (const name of ['locations', 'catalog', 'stock', 'notifications'] as const) {
      const own = name === 'notifications' ? { ...env, DB_POOL_SIZE: String(NOTIFICATIONS_POOL_SIZE) } : env;
      children.push(spawnStackProcess(name, benchNodeArgs(config, name), own, logOf(name)));
    }
    await waitUntil(
      'the services to become ready',
      async () =>
        alive() ||
        ((await serviceReady(ports.catalog)) && (await serviceReady(ports.locations)) && (await serviceReady(ports.stock)) && (await serviceReady(ports.notifications))),
      120_000,
    );
    children.push(spawnStackProcess('gateway', benchNodeArgs(config, 'gateway'), env, logOf('gateway')));
    await waitUntil('the gateway to become ready', async () => alive() || (fs.existsSync(certPath) && (await httpsReady(gatewayUrl, fs.readFileSync(certPath, 'utf8')))), 120_000);
  } catch (err) {
    await stopProcesses().catch(() => undefined);
    await world.drop().catch(() => undefined);
    throw err;
  }
  const notifications = names.indexOf('notifications');
  const notificationsEnv = { ...env, DB_POOL_SIZE: String(NOTIFICATIONS_POOL_SIZE) };
  const setNotifications = async (running: boolean) => {
    const child = children[notifications]!;
    if (running === (child.exitCode === null && child.signalCode === null)) return;
    if (!running) {
      await stopProcess(child);
      for (const queue of ['notifications.events', 'notifications.events.retry', 'notifications.events.dlq', 'rpc.notifications', 'rpc.notifications.dlq']) {
        await rabbitmqctl(['delete_queue', '-p', world.vhost, queue]).catch(() => undefined);
      }
      return;
    }
    const started = spawnStackProcess('notifications', benchNodeArgs(config, 'notifications'), notificationsEnv, logOf('notifications'));
    children[notifications] = started;
    await waitUntil('the notifications service to become ready again', async () => alive() || (await serviceReady(ports.notifications)), 60_000);
    // Its start (compiling, migrating, its first housekeeping) must not fall into the next round.
    await waitUntil('the notifications service to settle', async () => (await cpuShareOver(started.pid!, 1000)) < 0.03, 60_000);
  };
  const stock = names.indexOf('stock');
  const restartStock = async () => {
    await stopProcess(children[stock]!);
    const started = spawnStackProcess('stock', benchNodeArgs(config, 'stock'), env, logOf('stock'));
    children[stock] = started;
    await waitUntil('the stock service to become ready again', async () => alive() || (await serviceReady(ports.stock)), 60_000);
    await waitUntil('the stock service to settle', async () => (await cpuShareOver(started.pid!, 1000)) < 0.03, 60_000);
  };
  const catalog = names.indexOf('catalog');
  const setCatalog = async (running: boolean) => {
    const child = children[catalog]!;
    if (running === (child.exitCode === null && child.signalCode === null)) return;
    if (!running) return stopProcess(child);
    const started = spawnStackProcess('catalog', benchNodeArgs(config, 'catalog'), env, logOf('catalog'));
    children[catalog] = started;
    // Its own exit only: the notifications service may be stopped on purpose meanwhile.
    await waitUntil(
      'the catalog service to become ready again',
      async () => {
        if (started.exitCode !== null) throw new Error(`catalog exited during start; its log:\n${fs.readFileSync(logOf('catalog'), 'utf8').slice(-4000)}`);
        return serviceReady(ports.catalog);
      },
      60_000,
    );
  };
  return attachBench(config, world, {
    gatewayUrl,
    tls: { certPath, keyPath: path.join(world.workDir, 'tls/key.pem') },
    maxConnections: PROCESS_CONNECTIONS,
    processNames: () => new Map(children.flatMap((c, i) => (c.pid === undefined ? [] : [[c.pid, names[i]!] as const]))),
    stopProcesses,
    setNotifications,
    restartStock,
    setCatalog,
  });
}

export interface StackProcesses {
  /** The public HTTPS address. */
  gatewayUrl: string;
  tls: { certPath: string; keyPath: string };
  /** The most PostgreSQL connections the processes' pools can hold (the bench's own are added). */
  maxConnections: number;
  processNames(): ReadonlyMap<number, string>;
  /** Stops the processes (not the world). */
  stopProcesses(): Promise<void>;
  /** How the stack's processes name their PostgreSQL sessions in CPU readings (default: as they name them). */
  postgresName?: (applicationName: string) => string;
  /** See BenchStack.setNotifications. */
  setNotifications?(running: boolean): Promise<void>;
  /** See BenchStack.restartStock. */
  restartStock?(): Promise<void>;
  /** See BenchStack.setCatalog. */
  setCatalog?(running: boolean): Promise<void>;
}

/**
 * The bench's side of a started stack, whatever its topology: a command client and pools on its
 * world (to create workspaces as the admin CLI does, set up and check rows), quiesce, the CPU
 * accounting's names, and stop (the bench's clients, then the processes, then the world). Stops
 * the processes and drops the world when it cannot be attached.
 */
export async function attachBench(config: BenchConfig, world: BenchWorld, processes: StackProcesses): Promise<BenchStack> {
  const logger = createLogger('bench', 'silent');
  let broker: Broker | undefined;
  let client: CommandClient | undefined;
  let db: Pool | undefined;
  let identity: Pool | undefined;
  let epochRedis: Redis | undefined;

  const stop = async () => {
    await client?.stop().catch(() => undefined);
    await broker?.close().catch(() => undefined);
    await Promise.all([db?.end(), identity?.end()]);
    epochRedis?.disconnect();
    await processes.stopProcesses();
    await world.drop();
  };

  try {
    broker = new Broker([world.amqpUrl], 'inventory.events', logger);
    await broker.waitForConnect(10_000);
    client = new CommandClient(broker, 10_000);
    await client.start();
    db = createPool(world.databaseUrl, logger, { max: 4, application_name: 'bench' });
    identity = createPool(world.databaseUrl, logger, { max: 2, options: '-c search_path=identity' });
    epochRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }

  const quietDb = db;
  const epoch = new IdentityEpoch(epochRedis, world.redisPrefix, 5_000, logger);
  const postgresName = processes.postgresName ?? ((name: string) => name);
  const quiesce = async () => {
    await waitUntil(
      'the outboxes to be relayed and the queues to drain',
      async () => {
        for (const schema of SERVICE_SCHEMAS) {
          const { rows } = await quietDb.query(`SELECT 1 FROM ${schema}.outbox WHERE sent_at IS NULL LIMIT 1`);
          if (rows.length > 0) return false;
        }
        return (await queuedMessages(world.vhost)) === 0;
      },
      120_000,
      250,
    );
  };

  return {
    gatewayUrl: processes.gatewayUrl,
    tls: { ...processes.tls, ca: fs.readFileSync(processes.tls.certPath, 'utf8') },
    databaseUrl: world.databaseUrl,
    db,
    admin: { pool: identity, client, identityChanged: () => epoch.changed() },
    workDir: world.workDir,
    child: { nodeArgs: benchNodeArgs(config, 'baseline'), env: { NODE_ENV: 'production', DATABASE_URL: world.databaseUrl } },
    maxConnections: processes.maxConnections + BENCH_OWN_CONNECTIONS,
    openConnections: async () => (await quietDb.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()')).rows[0]!.n,
    quiesce,
    postgresClients: async () => {
      const { rows } = await quietDb.query<{ pid: number; application_name: string }>(
        "SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database() AND application_name <> ''",
      );
      return new Map(rows.map((r) => [r.pid, postgresName(r.application_name)]));
    },
    processNames: processes.processNames,
    setNotifications: processes.setNotifications,
    restartStock: processes.restartStock,
    setCatalog: processes.setCatalog,
    stop,
  };
}

/** One process of the stack, as test/support/stack.ts starts it, with Node arguments of the bench's choosing (profiling). */
function spawnStackProcess(name: keyof typeof PROCESSES, nodeArgs: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, PROCESSES[name]], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

/** The share of one core a process used over the next `ms` (user + system, from /proc). */
async function cpuShareOver(pid: number, ms: number): Promise<number> {
  const ticks = () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  // Clock ticks are 1/100 s on Linux.
  return ((ticks() - before) * 10) / ms;
}

/** Messages ready or unacknowledged in the vhost's queues, dead-letter queues aside (they keep theirs). */
async function queuedMessages(vhost: string): Promise<number> {
  const out = await rabbitmqctl(['list_queues', '-p', vhost, '--no-table-headers', 'name', 'messages']);
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([name, count]) => name && count && !name.endsWith('.dlq'))
    .reduce((sum, [, count]) => sum + Number(count), 0);
}
