import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TcpProxy } from '../messaging/tcp-proxy';
import type { Infrastructure } from './infrastructure';
import { createWorld, type World } from './world';

const ROOT = path.resolve(__dirname, '../..');

export const PROCESSES = {
  locations: 'services/locations/src/main.ts',
  catalog: 'services/catalog/src/main.ts',
  stock: 'services/stock/src/main.ts',
  notifications: 'services/notifications/src/main.ts',
  gateway: 'gateway/src/main.ts',
} as const;
export type ProcessName = keyof typeof PROCESSES;
export const SERVICES = ['locations', 'catalog', 'stock', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type Dependency = 'postgres' | 'rabbitmq' | 'redis';
/** Which servers each process connects to. */
const USES: Record<ProcessName, Dependency[]> = {
  locations: ['postgres', 'rabbitmq'],
  catalog: ['postgres', 'rabbitmq'],
  stock: ['postgres', 'rabbitmq'],
  notifications: ['postgres', 'rabbitmq'],
  gateway: ['postgres', 'rabbitmq', 'redis'],
};

/** Ports this process has handed out: two calls never answer the same one. */
const handedOut = new Set<number>();
/** Below Linux's default ephemeral range (32768–60999), where outgoing connections take their ports. */
const PORT_RANGE = { from: 20_000, to: 32_000 };

/**
 * A port nothing listens on, for a child process to listen on soon. Not one the kernel picks for
 * `listen(0)`: that comes from the ephemeral range, so before the child starts, an outgoing
 * connection of an earlier child (a pool connecting to PostgreSQL) may be given the same port and
 * the child fails with EADDRINUSE, as the replicas stack, with 26 ports and 8 processes, did.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`No free port between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Starts one process of the stack as a child, the way `npm start` does. */
export function spawnProcess(name: ProcessName, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, PROCESSES[name])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export function httpsReady(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = https.get(`${url}/readyz`, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export async function stopProcess(child: ChildProcess, timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export interface StackOptions {
  infrastructure: Infrastructure;
  /**
   * Dependencies each process reaches through a TcpProxy of its own (one per process and
   * dependency), so a test can cut or silence them for some processes or all.
   */
  proxied?: Dependency[];
  /** Extra environment for every process (timeouts, limits, log level). */
  env?: NodeJS.ProcessEnv;
}

export interface ExitedProcess {
  name: ProcessName;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One isolated world: a fresh database, a fresh RabbitMQ vhost and a Redis key prefix of its own,
 * with the whole stack (gateway + three services) started as child processes on free ports, each
 * logging to a file in a temporary directory. Nothing touches the database, vhost or ports of a
 * running `npm start` or of another stack. The component tests share one (global-setup.ts); a
 * fault test starts its own with proxies, so it can break that stack's connections only.
 */
export class Stack {
  private readonly children = new Map<ProcessName, ChildProcess>();
  private readonly proxies = new Map<string, TcpProxy>();
  private readonly commonEnv: NodeJS.ProcessEnv;

  private constructor(
    readonly infrastructure: Infrastructure,
    readonly world: World,
    readonly workDir: string,
    readonly ports: Record<ProcessName, number>,
    env: NodeJS.ProcessEnv,
  ) {
    this.commonEnv = env;
  }

  get database(): string {
    return this.world.database;
  }

  get vhost(): string {
    return this.world.vhost;
  }

  /** Direct URLs (never through a proxy): what the test itself connects with. */
  get urls(): World['urls'] {
    return this.world.urls;
  }

  static async start(options: StackOptions): Promise<Stack> {
    const { infrastructure } = options;
    const world = await createWorld(infrastructure);
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-test-'));
    const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort(), notifications: await freePort() };
    const metricsPorts = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort(), notifications: await freePort() };
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: world.redisPrefix,
      INTERNAL_SECRET: randomBytes(24).toString('hex'),
      PORT: String(ports.gateway),
      CATALOG_PORT: String(ports.catalog),
      LOCATIONS_PORT: String(ports.locations),
      STOCK_PORT: String(ports.stock),
      NOTIFICATIONS_PORT: String(ports.notifications),
      GATEWAY_METRICS_PORT: String(metricsPorts.gateway),
      CATALOG_METRICS_PORT: String(metricsPorts.catalog),
      LOCATIONS_METRICS_PORT: String(metricsPorts.locations),
      STOCK_METRICS_PORT: String(metricsPorts.stock),
      NOTIFICATIONS_METRICS_PORT: String(metricsPorts.notifications),
      // Webhook receivers in tests listen on loopback over http: opened here, as a deployment would for on-premise receivers.
      WEBHOOK_ALLOW_HTTP: 'true',
      // Test receivers listen on 127.0.0.2 (test/support/webhook-receiver.ts), the one address opened: 127.0.0.1 and localhost stay refused, as anywhere.
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.2/32',
      // The retry schedule and the disabling streak in seconds instead of days: 4 attempts over about 2 s, disabled after 3 s of failures.
      WEBHOOK_RETRY_SCHEDULE: '0,300ms,600ms,900ms',
      WEBHOOK_DISABLE_AFTER: '3s',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_TIMEOUT_MS: '2000',
      DATA_DIR: workDir,
      OUTBOX_POLL_MS: '100',
      TLS_CERT: '',
      TLS_KEY: '',
      TRUST_PROXY: '',
      ...options.env,
    };
    const stack = new Stack(infrastructure, world, workDir, ports, env);
    try {
      for (const dependency of options.proxied ?? []) {
        for (const name of Object.keys(PROCESSES) as ProcessName[]) {
          if (!USES[name].includes(dependency)) continue;
          const target = new URL(stack.directUrl(dependency));
          const proxy = new TcpProxy(target.hostname, Number(target.port || DEFAULT_PORTS[dependency]));
          await proxy.start();
          stack.proxies.set(`${name}:${dependency}`, proxy);
        }
      }
      // Services first (they migrate their own schemas), then the gateway.
      for (const name of SERVICES) stack.spawn(name);
      await stack.waitReady([...SERVICES], 60_000);
      stack.spawn('gateway');
      await stack.waitReady(['gateway'], 60_000);
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  get gatewayUrl(): string {
    return `https://localhost:${this.ports.gateway}`;
  }

  /** The gateway's self-signed certificate, generated at its first start. */
  get caFile(): string {
    return path.join(this.workDir, 'tls/cert.pem');
  }

  serviceUrl(name: ServiceName): string {
    return `http://127.0.0.1:${this.ports[name]}`;
  }

  /** A process's /metrics, on its internal metrics port. */
  metricsUrl(name: ProcessName): string {
    return `http://127.0.0.1:${this.commonEnv[`${name.toUpperCase()}_METRICS_PORT`]}/metrics`;
  }

  /** The PostgreSQL application_name of a process's sessions (each names its pool after itself), to find them in pg_stat_activity. */
  applicationName(name: ProcessName): string {
    return name;
  }

  /** The proxy between one process and one dependency (the stack must proxy that dependency). */
  proxy(name: ProcessName, dependency: Dependency): TcpProxy {
    const proxy = this.proxies.get(`${name}:${dependency}`);
    if (!proxy) throw new Error(`${name} does not reach ${dependency} through a proxy in this stack; start it with proxied: ['${dependency}']`);
    return proxy;
  }

  /** Cuts `dependency` for the given processes (every process using it by default). */
  async cut(dependency: Dependency, names: ProcessName[] = this.usersOf(dependency)): Promise<void> {
    await Promise.all(names.map((n) => this.proxy(n, dependency).cut()));
  }

  async silence(dependency: Dependency, names: ProcessName[] = this.usersOf(dependency)): Promise<void> {
    await Promise.all(names.map((n) => this.proxy(n, dependency).silence()));
  }

  async restore(dependency: Dependency, names: ProcessName[] = this.usersOf(dependency)): Promise<void> {
    await Promise.all(names.map((n) => this.proxy(n, dependency).restore()));
  }

  /** The environment a process is started with: its dependencies' URLs point at its proxies. */
  processEnv(name: ProcessName): NodeJS.ProcessEnv {
    return {
      ...this.commonEnv,
      DATABASE_URL: this.urlFor(name, 'postgres'),
      AMQP_URL: this.urlFor(name, 'rabbitmq'),
      REDIS_URL: this.urlFor(name, 'redis'),
      ...this.sentinelEnv(),
    };
  }

  /** Redis behind Sentinel (an HA infrastructure): where the processes ask for the primary. */
  private sentinelEnv(): NodeJS.ProcessEnv {
    const { redisSentinels, redisMasterName } = this.infrastructure;
    if (!redisSentinels) return {};
    return { REDIS_SENTINELS: redisSentinels.map(({ host, port }) => `${host}:${port}`).join(','), REDIS_SENTINEL_MASTER: redisMasterName ?? 'inventory' };
  }

  logFile(name: ProcessName): string {
    return path.join(this.workDir, `${name}.log`);
  }

  spawn(name: ProcessName): ChildProcess {
    const child = spawnProcess(name, this.processEnv(name), this.logFile(name));
    this.children.set(name, child);
    return child;
  }

  /** Waits until each process answers /readyz with 200; fails at once, with its log, if one exits. */
  async waitReady(names: ProcessName[], timeoutMs = 30_000): Promise<void> {
    await waitUntil(
      `${names.join(', ')} to become ready`,
      async () => {
        const dead = this.exited().filter((e) => names.includes(e.name));
        if (dead.length > 0) throw new Error(`${dead.map(describeExit).join('; ')} while starting\n${this.logTails(dead.map((d) => d.name))}`);
        const ready = await Promise.all(names.map((n) => this.isReady(n)));
        return ready.every(Boolean);
      },
      timeoutMs,
    );
  }

  async isReady(name: ProcessName): Promise<boolean> {
    if (name !== 'gateway') return (await fetch(`${this.serviceUrl(name)}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 200;
    if (!fs.existsSync(this.caFile)) return false;
    return httpsReady(this.gatewayUrl, fs.readFileSync(this.caFile, 'utf8'));
  }

  /** Sends `signal` to a process and waits until it has exited. */
  async kill(name: ProcessName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child(name);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.children.delete(name);
  }

  /** Starts a process again on its port with its environment, as a supervisor would, and waits until it is ready. */
  async respawn(name: ProcessName, timeoutMs = 30_000): Promise<void> {
    this.spawn(name);
    await this.waitReady([name], timeoutMs);
  }

  child(name: ProcessName): ChildProcess {
    const child = this.children.get(name);
    if (!child) throw new Error(`${name} is not running in this stack`);
    return child;
  }

  /** Processes that exited without the test killing them. */
  exited(): ExitedProcess[] {
    return [...this.children.entries()]
      .filter(([, c]) => c.exitCode !== null || c.signalCode !== null)
      .map(([name, c]) => ({ name, code: c.exitCode, signal: c.signalCode }));
  }

  logTail(name: ProcessName, chars = 4000): string {
    try {
      return fs.readFileSync(this.logFile(name), 'utf8').slice(-chars);
    } catch {
      return '(no log)';
    }
  }

  logTails(names: ProcessName[] = Object.keys(PROCESSES) as ProcessName[], chars = 4000): string {
    return names.map((n) => `--- ${n} log (${this.logFile(n)}), last ${chars} characters:\n${this.logTail(n, chars)}`).join('\n');
  }

  /** What test/support/api.ts and fixtures.ts read to reach this stack. */
  testEnv(): Record<string, string> {
    return {
      TEST_GATEWAY_URL: this.gatewayUrl,
      TEST_GATEWAY_CA: this.caFile,
      TEST_DATABASE_URL: this.urls.database,
      TEST_AMQP_URL: this.urls.amqp,
      TEST_AMQP_QUEUE_TYPE: this.commonEnv.AMQP_QUEUE_TYPE ?? 'classic',
      TEST_REDIS_URL: this.urls.redis,
      TEST_REDIS_PREFIX: this.world.redisPrefix,
      ...Object.fromEntries(Object.entries(this.sentinelEnv()).map(([k, v]) => [`TEST_${k}`, v!])),
      TEST_INTERNAL_SECRET: this.commonEnv.INTERNAL_SECRET!,
      TEST_SERVICE_URLS: JSON.stringify(Object.fromEntries(SERVICES.map((s) => [s, this.serviceUrl(s)]))),
      TEST_METRICS_URLS: JSON.stringify(Object.fromEntries((Object.keys(PROCESSES) as ProcessName[]).map((n) => [n, this.metricsUrl(n)]))),
      TEST_WORK_DIR: this.workDir,
      TEST_RUN_ID: this.world.runId,
    };
  }

  /** Stops the processes and proxies, drops the database, vhost and Redis keys, removes the logs (unless TEST_KEEP_LOGS). */
  async stop(): Promise<void> {
    await Promise.all([...this.children.values()].map((c) => stopProcess(c)));
    this.children.clear();
    await Promise.all([...this.proxies.values()].map((p) => p.stop()));
    await this.world.drop();
    if (!process.env.TEST_KEEP_LOGS) fs.rmSync(this.workDir, { recursive: true, force: true });
  }

  private usersOf(dependency: Dependency): ProcessName[] {
    return (Object.keys(PROCESSES) as ProcessName[]).filter((n) => USES[n].includes(dependency));
  }

  private directUrl(dependency: Dependency): string {
    return { postgres: this.urls.database, rabbitmq: this.urls.amqp, redis: this.urls.redis }[dependency];
  }

  private urlFor(name: ProcessName, dependency: Dependency): string {
    const url = this.directUrl(dependency);
    const proxy = this.proxies.get(`${name}:${dependency}`);
    if (!proxy) return url;
    if (url.includes(',')) throw new Error(`${dependency} is a cluster here: a proxy of one node would not cut it`);
    return Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(proxy.port) }).toString();
  }
}

const DEFAULT_PORTS: Record<Dependency, number> = { postgres: 5432, rabbitmq: 5672, redis: 6379 };

export function describeExit(e: ExitedProcess): string {
  return `${e.name} exited (${e.signal ? `signal ${e.signal}` : `code ${e.code}`})`;
}
