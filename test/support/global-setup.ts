import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { provideInfrastructure, type Infrastructure } from './infrastructure';
import { freePort, httpsReady, spawnProcess, stopProcess, waitUntil } from './stack';

/** What global-teardown needs to undo this run. */
export interface TestRun {
  infrastructure: Infrastructure;
  children: ChildProcess[];
  databaseUrl: string;
  database: string;
  vhost: string;
  workDir: string;
}

declare global {
  var __TEST_RUN__: TestRun | undefined;
}

/**
 * One isolated world per test run: a fresh database, a fresh RabbitMQ vhost and a Redis key
 * prefix of its own, with the whole stack (gateway + three services) started as child
 * processes on free ports. Nothing touches the database, vhost or ports of a running `npm start`.
 */
export default async function globalSetup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `inv_test_${runId}`;
  const vhost = `inv_test_${runId}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-test-'));

  const admin = new Client({ connectionString: infrastructure.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await infrastructure.rabbitmqctl(['add_vhost', vhost]);
  await infrastructure.rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);

  const databaseUrl = Object.assign(new URL(infrastructure.databaseUrl), { pathname: `/${database}` }).toString();
  const amqp = new URL(infrastructure.amqpUrl);
  amqp.pathname = `/${encodeURIComponent(vhost)}`;
  const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort() };
  const metricsPorts = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort() };
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    AMQP_URL: amqp.toString(),
    REDIS_URL: infrastructure.redisUrl,
    REDIS_PREFIX: `test:${runId}:`,
    INTERNAL_SECRET: randomBytes(24).toString('hex'),
    PORT: String(ports.gateway),
    CATALOG_PORT: String(ports.catalog),
    LOCATIONS_PORT: String(ports.locations),
    STOCK_PORT: String(ports.stock),
    GATEWAY_METRICS_PORT: String(metricsPorts.gateway),
    CATALOG_METRICS_PORT: String(metricsPorts.catalog),
    LOCATIONS_METRICS_PORT: String(metricsPorts.locations),
    STOCK_METRICS_PORT: String(metricsPorts.stock),
    DATA_DIR: workDir,
    OUTBOX_POLL_MS: '100',
    TLS_CERT: '',
    TLS_KEY: '',
    TRUST_PROXY: '',
  };

  const children: ChildProcess[] = [];
  globalThis.__TEST_RUN__ = { infrastructure, children, databaseUrl, database, vhost, workDir };
  // Services first (they migrate their schemas), then the gateway.
  for (const name of ['locations', 'catalog', 'stock'] as const) children.push(spawnProcess(name, env, path.join(workDir, `${name}.log`)));
  const names = ['locations', 'catalog', 'stock', 'gateway'] as const;
  /** Fails the wait at once, with the process's log, when a child died during start. */
  const alive = () => {
    const dead = children.findIndex((c) => c.exitCode !== null);
    if (dead !== -1) {
      const name = names[dead];
      throw new Error(`${name} exited during start; its log:\n${fs.readFileSync(path.join(workDir, `${name}.log`), 'utf8').slice(-4000)}`);
    }
    return false;
  };
  const serviceReady = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
  try {
    await waitUntil(
      'services to become ready',
      async () => alive() || ((await serviceReady(ports.catalog)) && (await serviceReady(ports.locations)) && (await serviceReady(ports.stock))),
      60_000,
    );
    children.push(spawnProcess('gateway', env, path.join(workDir, 'gateway.log')));
    await waitUntil('the TLS certificate', async () => alive() || fs.existsSync(path.join(workDir, 'tls/cert.pem')), 60_000);
    const ca = fs.readFileSync(path.join(workDir, 'tls/cert.pem'), 'utf8');
    const gatewayUrl = `https://localhost:${ports.gateway}`;
    await waitUntil('the gateway to become ready', async () => alive() || httpsReady(gatewayUrl, ca), 60_000);

    Object.assign(process.env, {
      TEST_GATEWAY_URL: gatewayUrl,
      TEST_GATEWAY_CA: path.join(workDir, 'tls/cert.pem'),
      TEST_DATABASE_URL: databaseUrl,
      TEST_AMQP_URL: amqp.toString(),
      TEST_REDIS_URL: infrastructure.redisUrl,
      TEST_REDIS_PREFIX: env.REDIS_PREFIX,
      TEST_INTERNAL_SECRET: env.INTERNAL_SECRET,
      TEST_SERVICE_URLS: JSON.stringify({
        catalog: `http://127.0.0.1:${ports.catalog}`,
        locations: `http://127.0.0.1:${ports.locations}`,
        stock: `http://127.0.0.1:${ports.stock}`,
      }),
      TEST_METRICS_URLS: JSON.stringify(Object.fromEntries(Object.entries(metricsPorts).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`]))),
      TEST_WORK_DIR: workDir,
      TEST_RUN_ID: runId,
    });
  } catch (err) {
    await Promise.all(children.map((c) => stopProcess(c)));
    throw err;
  }
}
