/**
 * `npm start`: checks PostgreSQL, Redis and RabbitMQ, creates the database if missing, then runs
 * the gateway and the three services as four processes and prints the gateway URL. Stops all of
 * them when one dies or on Ctrl-C.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import https from 'node:https';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ensureDatabase, loadConfig, redactUrl } from '@inv/shared';
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

async function checkDependencies(config: GatewayConfig): Promise<void> {
  const deps: Array<[string, string, number]> = [
    ['PostgreSQL', config.DATABASE_URL, 5432],
    ['Redis', config.REDIS_URL, 6379],
    ['RabbitMQ', config.AMQP_URL, 5672],
  ];
  const missing: string[] = [];
  for (const [name, url, port] of deps) {
    if (!(await reachable(url, port))) missing.push(`  ${name} is not reachable at ${redactUrl(url)}. Start it locally (${HOW_TO_START[name]}) or run: docker compose up -d postgres redis rabbitmq`);
  }
  if (missing.length > 0) throw new Error(`Cannot start:\n${missing.join('\n')}`);
}

function waitForGateway(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const get = url.startsWith('https') ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = get(`${url}/readyz`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        if (res.statusCode === 200) return resolve();
        retry();
      });
      req.on('error', retry);
    };
    const retry = () => (Date.now() > deadline ? reject(new Error('gateway did not become ready')) : setTimeout(attempt, 300));
    attempt();
  });
}

async function main(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  await checkDependencies(config);
  await ensureDatabase(config.DATABASE_URL);
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    const force = setTimeout(() => process.exit(code), config.SHUTDOWN_GRACE_MS + 2000);
    force.unref();
    Promise.all([...children.values()].map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))))).then(() => process.exit(code));
  };
  for (const [name, entry] of Object.entries(PROCESSES)) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '..', entry)], { stdio: 'inherit', env: process.env });
    child.once('exit', (code, signal) => {
      if (!stopping) {
        process.stderr.write(`${name} exited (${signal ?? code}); stopping the others\n`);
        stopAll(1);
      }
    });
    children.set(name, child);
  }
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  const scheme = config.TRUST_PROXY ? 'http' : 'https';
  const url = `${scheme}://localhost:${config.PORT}`;
  await waitForGateway(url, 60_000);
  process.stdout.write(`\nInventory API ready at ${url}  (OpenAPI: ${url}/openapi.json)\n\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
