/**
 * `npm start`: waits for PostgreSQL, Redis and RabbitMQ, creates the database if missing, then
 * runs the gateway and the four services as five supervised processes and prints the gateway
 * URL. A process that dies is restarted with backoff; Ctrl-C, SIGTERM or SIGINT stops them all.
 *
 * package.json runs it as `exec node --import tsx scripts/start.ts`, so that a signal sent to the
 * PID of `npm start` reaches it: npm runs a script through `sh -c` and forwards SIGTERM and SIGINT
 * to that shell only, and the shell (dash) dies of SIGTERM without passing it on; `exec` makes
 * this process npm's child in the shell's place. No `tsx` CLI either: it relays a signal but
 * SIGKILLs its child when the child does not acknowledge it within 30 ms, and a busy supervisor
 * killed that way leaves its five processes running. npm exits once this process has, i.e. once
 * every process has stopped.
 *
 * `npm run start:replicas` (`--replicas N`): the replicated topology of docs/scaling.md on one
 * machine: HAProxy on PORT in front of N gateways, and N replicas of each service behind a
 * balanced address on its usual port (CATALOG_PORT...). Replica i of a service listens on its
 * port + 10 i, gateway i on PORT + i; metrics ports likewise. Needs `haproxy` on the PATH.
 */
import type { ChildProcess } from 'node:child_process';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@inv/shared/config';
import { ensureDatabase } from '@inv/shared/db';
import { redactUrl } from '@inv/shared/messaging';
import { GatewayConfig } from '../gateway/src/config';
import { certificateFile, loadTls } from '../gateway/src/http/tls';
import { createLogger } from '@inv/shared/observability';
import { startBanner } from './start-banner';
import { ENTRY_POINTS, haproxyConfig, type ProcessKind, type Replica, replicaEnv, type ReplicaLayout, SERVICE_KINDS, spawnEntry, spawnReplica, startHaproxy } from './topology/replicas';

const HOW_TO_START: Record<string, string> = {
  PostgreSQL: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  Redis: 'redis-server --daemonize yes',
  RabbitMQ: 'rabbitmq-server -detached',
};

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Waits until PostgreSQL, Redis and RabbitMQ accept connections, saying which and how to start them. */
async function waitForDependencies(config: GatewayConfig): Promise<void> {
  // Each dependency by any of its addresses: a cluster's nodes, or Redis's Sentinels.
  const deps: Array<[string, string[], number]> = [
    ['PostgreSQL', [config.DATABASE_URL], 5432],
    ['Redis', config.REDIS_SENTINELS.length > 0 ? config.REDIS_SENTINELS.map(({ host, port }) => `redis://${host}:${port}`) : [config.REDIS_URL], 6379],
    ['RabbitMQ', config.AMQP_URL, 5672],
  ];
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 5000)) {
    const missing: string[] = [];
    for (const [name, urls, port] of deps) {
      const answered = await Promise.all(urls.map((url) => reachable(url, port)));
      if (!answered.includes(true)) {
        missing.push(`  ${name} is not reachable at ${urls.map(redactUrl).join(', ')}. Start it locally (${HOW_TO_START[name]}) or run: docker compose up -d postgres redis rabbitmq`);
      }
    }
    if (missing.length === 0) return;
    process.stderr.write(`Waiting for dependencies (retrying in ${delayMs / 1000} s, Ctrl-C to stop):\n${missing.join('\n')}\n`);
    await new Promise((r) => setTimeout(r, delayMs));
  }
}

/** Resolves once the gateway reports ready; the processes log what they are waiting for meanwhile. */
function waitForGateway(url: string): Promise<void> {
  const get = url.startsWith('https') ? https.get : http.get;
  return new Promise((resolve) => {
    const attempt = () => {
      const req = get(`${url}/readyz`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        if (res.statusCode === 200) return resolve();
        retry();
      });
      req.on('error', retry);
    };
    const retry = () => setTimeout(attempt, 300);
    attempt();
  });
}

/** Restart delays after a crash: quick at first, backing off to 10 s while a process keeps dying. */
const RESTART_BACKOFF_MS = [250, 500, 1000, 2000, 5000, 10_000];
/** A process that stayed up this long is healthy again; its next crash restarts quickly. */
const HEALTHY_AFTER_MS = 30_000;
/** How often the supervisor looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Calls `gone` once the process that started this one (npm, a process manager) has exited: this
 * one is then adopted by init or a subreaper and its parent id changes. Without it, npm or a
 * process manager killed outright would leave the supervisor and its processes running.
 */
function whenParentGone(gone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.stderr.write(`the process that started the supervisor (pid ${parent}) is gone; stopping every process\n`);
    gone();
  }, PARENT_CHECK_MS);
  timer.unref();
}

/**
 * Keeps the five processes running: one that exits is restarted with backoff (and the restart
 * is logged); all of them stop on Ctrl-C, SIGTERM or SIGINT, or when the process that started
 * this one is gone. The processes themselves stop when this one is gone (spawnEntry).
 */
async function main(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    const running = [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    // Past their grace, the ones still stopping are killed: none is left holding its port.
    const force = setTimeout(() => {
      for (const child of running) child.kill('SIGKILL');
      process.exit(0);
    }, config.SHUTDOWN_GRACE_MS + 2000);
    force.unref();
    Promise.all(running.map((c) => new Promise((r) => c.once('exit', r)))).then(() => process.exit(0));
  };
  // Not `once`: a Ctrl-C reaches this process twice (from the terminal, and forwarded by npm),
  // and the second must not kill it while its processes are stopping.
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  whenParentGone(stopAll);
  await waitForDependencies(config);
  await ensureDatabase(config.DATABASE_URL);

  const run = (name: string, start: () => ChildProcess, crashes: number) => {
    const startedAt = Date.now();
    const child = start();
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const recent = Date.now() - startedAt < HEALTHY_AFTER_MS ? crashes + 1 : 1;
      const delayMs = RESTART_BACKOFF_MS[Math.min(recent, RESTART_BACKOFF_MS.length) - 1]!;
      process.stderr.write(`${name} exited (${signal ?? `code ${code}`}); restarting it in ${delayMs} ms (restart ${recent} in a row)\n`);
      setTimeout(() => stopping || run(name, start, recent), delayMs);
    });
  };

  const replicas = replicaCount(process.argv.slice(2));
  if (replicas === 1) {
    for (const name of Object.keys(ENTRY_POINTS) as ProcessKind[]) {
      run(name, () => spawnEntry(name, process.env, ['inherit', 'inherit', 'inherit']), 0);
    }
  } else {
    const layout = localLayout(config, replicas);
    // One certificate for every gateway, made before any starts (each would make its own).
    await loadTls({ cert: config.TLS_CERT, key: config.TLS_KEY, dataDir: config.DATA_DIR, logger: createLogger('start', 'info') });
    const tls = config.TLS_CERT && config.TLS_KEY ? { cert: config.TLS_CERT, key: config.TLS_KEY } : { cert: path.resolve(config.DATA_DIR, 'tls/cert.pem'), key: path.resolve(config.DATA_DIR, 'tls/key.pem') };
    const logs = path.resolve(config.DATA_DIR, 'logs');
    fs.mkdirSync(logs, { recursive: true });
    run('haproxy', () => startHaproxy(haproxyConfig(layout), path.resolve(config.DATA_DIR), path.join(logs, 'haproxy.log')), 0);
    for (const replica of layout.replicas) {
      run(replica.name, () => spawnReplica(replica, replicaEnv(layout, replica, process.env, tls), path.join(logs, `${replica.name}.log`)), 0);
    }
    process.stdout.write(`${layout.replicas.length} processes behind HAProxy; their logs are in ${logs}\n`);
  }
  const scheme = config.TRUST_PROXY ? 'http' : 'https';
  const url = `${scheme}://localhost:${config.PORT}`;
  await waitForGateway(url);
  // The generated certificate is one clients must be told about; one configured with TLS_CERT is the operator's own.
  const certificate = config.TRUST_PROXY || config.TLS_CERT ? undefined : certificateFile({ dataDir: config.DATA_DIR });
  process.stdout.write(`${startBanner({ url, certificate })}\n`);
}

/** `--replicas N` (N from 1 to 8); 1 without it. */
function replicaCount(args: string[]): number {
  const at = args.indexOf('--replicas');
  if (at === -1) return 1;
  const n = Number(args[at + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error('--replicas takes a whole number from 1 to 8');
  return n;
}

/** The fixed local ports of `npm run start:replicas` (see the top of this file). */
function localLayout(config: GatewayConfig, count: number): ReplicaLayout {
  const servicePort = { catalog: config.CATALOG_PORT, locations: config.LOCATIONS_PORT, stock: config.STOCK_PORT, notifications: config.NOTIFICATIONS_PORT };
  const metricsPort = {
    gateway: config.GATEWAY_METRICS_PORT,
    catalog: config.CATALOG_METRICS_PORT,
    locations: config.LOCATIONS_METRICS_PORT,
    stock: config.STOCK_METRICS_PORT,
    notifications: config.NOTIFICATIONS_METRICS_PORT,
  };
  const replicas: Replica[] = [];
  for (let index = 1; index <= count; index++) {
    replicas.push({ kind: 'gateway', index, name: `gateway-${index}`, port: config.PORT + index, metricsPort: metricsPort.gateway + 10 * index });
    for (const kind of SERVICE_KINDS) replicas.push({ kind, index, name: `${kind}-${index}`, port: servicePort[kind] + 10 * index, metricsPort: metricsPort[kind] + 10 * index });
  }
  return { publicPort: config.PORT, publicHost: config.HOST, fronts: servicePort, replicas };
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
