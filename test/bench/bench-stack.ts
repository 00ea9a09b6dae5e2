import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
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
import { freePort, PROCESSES, waitUntil } from '../support/stack';
import type { BenchConfig } from './bench-config';
import { log } from './load';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** The schemas whose outbox must be empty before the stack counts as quiet. */
const SERVICE_SCHEMAS = ['catalog', 'locations', 'stock'] as const;

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
  /** Resolves once every outbox is relayed and no queue holds a message, so rounds do not overlap. */
  quiesce(): Promise<void>;
  /** This run's PostgreSQL backends by their session's application_name (the stack's processes name theirs). */
  postgresClients(): Promise<ReadonlyMap<number, string>>;
  stop(): Promise<void>;
}

export interface BenchStackOptions {
  config: BenchConfig;
  /** PostgreSQL connections the bench opens besides the stack's (baseline pools and workers). */
  extraConnections: number;
}

/** The four processes' default pools (DB_POOL_SIZE 10) and the bench's own setup pools. */
const STACK_CONNECTIONS = 4 * 10 + 6;

async function rabbitmqctl(args: string[]): Promise<string> {
  return (await run('rabbitmqctl', ['-q', ...args], { timeout: 30_000 })).stdout;
}

async function stopChild(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the whole stack the way the component tests do (test/support/global-setup.ts), with a
 * world of its own: a fresh database, RabbitMQ vhost and Redis prefix, free ports. Configured as
 * in production (NODE_ENV=production, default pool sizes and timeouts) except the default
 * per-key rate limit, raised so the limiter still runs on every call but never refuses one.
 */
export async function startBenchStack({ config, extraConnections }: BenchStackOptions): Promise<BenchStack> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `inv_bench_${runId}`;
  const vhost = `inv_bench_${runId}`;
  const redisPrefix = `bench:${runId}:`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-bench-'));

  const admin = new Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query<{ free: number }>("SELECT current_setting('max_connections')::int - count(*)::int AS free FROM pg_stat_activity");
  const needed = STACK_CONNECTIONS + extraConnections;
  if (rows[0]!.free < needed) {
    log(`# WARNING: PostgreSQL has ${rows[0]!.free} connections free and this run may open ${needed}; calls may fail with "too many clients already".`);
  }
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await rabbitmqctl(['add_vhost', vhost]);
  await rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);

  const databaseUrl = Object.assign(new URL(config.DATABASE_URL), { pathname: `/${database}` }).toString();
  const amqpUrl = Object.assign(new URL(config.AMQP_URL), { pathname: `/${encodeURIComponent(vhost)}` }).toString();
  const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort() };
  /** Each process profiles into a directory named after it: <cpuProfileDir>/<name>/CPU.*.cpuprofile (thread 0 is the app, 1 tsx's loader). */
  const profileDir = config.BENCH_CPU_PROF;
  const nodeArgs = (name: string) => ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : [])];
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: config.BENCH_LOG_LEVEL,
    DATABASE_URL: databaseUrl,
    AMQP_URL: amqpUrl,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_SECRET: randomBytes(24).toString('hex'),
    PORT: String(ports.gateway),
    CATALOG_PORT: String(ports.catalog),
    LOCATIONS_PORT: String(ports.locations),
    STOCK_PORT: String(ports.stock),
    DATA_DIR: workDir,
    RATE_LIMIT_PER_MINUTE: '1000000',
    TLS_CERT: '',
    TLS_KEY: '',
    TRUST_PROXY: '',
  };

  const names = ['locations', 'catalog', 'stock', 'gateway'] as const;
  const children: ChildProcess[] = [];
  const logOf = (name: string) => path.join(workDir, `${name}.log`);
  const alive = () => {
    const dead = children.findIndex((c) => c.exitCode !== null);
    if (dead !== -1) throw new Error(`${names[dead]} exited during start; its log:\n${fs.readFileSync(logOf(names[dead]!), 'utf8').slice(-4000)}`);
    return false;
  };
  const serviceReady = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
  const certPath = path.join(workDir, 'tls/cert.pem');
  const gatewayUrl = `https://127.0.0.1:${ports.gateway}`;
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
    await Promise.all(children.map((c) => stopChild(c)));
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
  };

  try {
    // Services first (they migrate their schemas), then the gateway.
    for (const name of ['locations', 'catalog', 'stock'] as const) children.push(spawnStackProcess(name, nodeArgs(name), env, logOf(name)));
    await waitUntil(
      'the services to become ready',
      async () => alive() || ((await serviceReady(ports.catalog)) && (await serviceReady(ports.locations)) && (await serviceReady(ports.stock))),
      120_000,
    );
    children.push(spawnStackProcess('gateway', nodeArgs('gateway'), env, logOf('gateway')));
    await waitUntil('the gateway to become ready', async () => alive() || (fs.existsSync(certPath) && (await gatewayReady(gatewayUrl, certPath))), 120_000);

    broker = new Broker(amqpUrl, 'inventory.events', logger);
    await broker.waitForConnect(10_000);
    client = new CommandClient(broker, 10_000);
    await client.start();
    db = createPool(databaseUrl, logger, { max: 4, application_name: 'bench' });
    identity = createPool(databaseUrl, logger, { max: 2, options: '-c search_path=identity' });
    epochRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }

  const quietDb = db;
  const epoch = new IdentityEpoch(epochRedis!, redisPrefix, 5_000, logger);
  const quiesce = async () => {
    await waitUntil(
      'the outboxes to be relayed and the queues to drain',
      async () => {
        for (const schema of SERVICE_SCHEMAS) {
          const { rows } = await quietDb.query(`SELECT 1 FROM ${schema}.outbox WHERE sent_at IS NULL LIMIT 1`);
          if (rows.length > 0) return false;
        }
        return (await queuedMessages(vhost)) === 0;
      },
      120_000,
      250,
    );
  };

  return {
    gatewayUrl,
    tls: { certPath, keyPath: path.join(workDir, 'tls/key.pem'), ca: fs.readFileSync(certPath, 'utf8') },
    databaseUrl,
    db,
    admin: { pool: identity, client, identityChanged: () => epoch.changed() },
    workDir,
    child: { nodeArgs: nodeArgs('baseline'), env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl } },
    quiesce,
    postgresClients: async () => {
      const { rows } = await quietDb.query<{ pid: number; application_name: string }>(
        "SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database() AND application_name <> ''",
      );
      return new Map(rows.map((r) => [r.pid, r.application_name]));
    },
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

function gatewayReady(gatewayUrl: string, certPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = https.get(`${gatewayUrl}/readyz`, { ca: fs.readFileSync(certPath, 'utf8') }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
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
