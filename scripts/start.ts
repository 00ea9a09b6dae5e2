/**
 * `npm start`: waits for PostgreSQL, Redis and RabbitMQ, creates the database if missing, then
 * runs the gateway and the three services as four supervised processes and prints the gateway
 * URL. A process that dies is restarted with backoff; Ctrl-C or SIGTERM stops them all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '@inv/shared/config';
import { ensureDatabase } from '@inv/shared/db';
import { redactUrl } from '@inv/shared/messaging';
import { GatewayConfig } from '../gateway/src/config';

const PROCESSES = {
  locations: 'services/locations/src/main.ts',
  catalog: 'services/catalog/src/main.ts',
  stock: 'services/stock/src/main.ts',
  gateway: 'gateway/src/main.ts',
};

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
  const deps: Array<[string, string, number]> = [
    ['PostgreSQL', config.DATABASE_URL, 5432],
    ['Redis', config.REDIS_URL, 6379],
    ['RabbitMQ', config.AMQP_URL, 5672],
  ];
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 5000)) {
    const missing: string[] = [];
    for (const [name, url, port] of deps) {
      if (!(await reachable(url, port))) missing.push(`  ${name} is not reachable at ${redactUrl(url)}. Start it locally (${HOW_TO_START[name]}) or run: docker compose up -d postgres redis rabbitmq`);
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

/**
 * Keeps the four processes running: one that exits is restarted with backoff (and the restart
 * is logged); all of them stop only on Ctrl-C or SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  await waitForDependencies(config);
  await ensureDatabase(config.DATABASE_URL);
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const run = (name: string, entry: string, crashes: number) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '..', entry)], { stdio: 'inherit', env: process.env });
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const recent = Date.now() - startedAt < HEALTHY_AFTER_MS ? crashes + 1 : 1;
      const delayMs = RESTART_BACKOFF_MS[Math.min(recent, RESTART_BACKOFF_MS.length) - 1]!;
      process.stderr.write(`${name} exited (${signal ?? `code ${code}`}); restarting it in ${delayMs} ms (restart ${recent} in a row)\n`);
      setTimeout(() => stopping || run(name, entry, recent), delayMs);
    });
  };

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    const force = setTimeout(() => process.exit(0), config.SHUTDOWN_GRACE_MS + 2000);
    force.unref();
    Promise.all([...children.values()].map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once('exit', r))))).then(() => process.exit(0));
  };
  for (const [name, entry] of Object.entries(PROCESSES)) run(name, entry, 0);
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  const scheme = config.TRUST_PROXY ? 'http' : 'https';
  const url = `${scheme}://localhost:${config.PORT}`;
  await waitForGateway(url);
  process.stdout.write(`\nInventory API ready at ${url}  (OpenAPI: ${url}/openapi.json)\n\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
