import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Broker, CommandClient, createLogger, createPool } from '@inv/shared';
import { Client } from 'pg';
import { createWorkspace } from '../../gateway/src/admin/admin-commands';
import { provideInfrastructure } from '../support/infrastructure';
import { freePort, spawnProcess, stopProcess, waitUntil } from '../support/stack';

export interface TracedStack {
  /** Plain-HTTP gateway (TRUST_PROXY): send `x-forwarded-proto: https`. */
  gatewayUrl: string;
  logFile: (name: 'gateway' | 'catalog' | 'locations' | 'stock') => string;
  /** A workspace made as the admin CLI makes it; returns its id, default location and owner key. */
  newWorkspace: () => Promise<{ id: string; defaultLocationId: string; key: string }>;
  stop: () => Promise<void>;
}

/**
 * A second, whole stack (its own database, vhost and ports) whose four processes export their
 * spans over OTLP to `otlpEndpoint`. The shared test stack does not export: tracing there would
 * tax every other test, and its spans could not be told apart by test.
 */
export async function startTracedStack(otlpEndpoint: string): Promise<TracedStack> {
  const infrastructure = await provideInfrastructure();
  const name = `inv_trace_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-trace-'));
  const admin = new Client({ connectionString: infrastructure.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await infrastructure.rabbitmqctl(['add_vhost', name]);
  await infrastructure.rabbitmqctl(['set_permissions', '-p', name, 'guest', '.*', '.*', '.*']);
  const databaseUrl = Object.assign(new URL(infrastructure.databaseUrl), { pathname: `/${name}` }).toString();
  const amqpUrl = Object.assign(new URL(infrastructure.amqpUrl), { pathname: `/${name}` }).toString();
  const ports = { gateway: await freePort(), catalog: await freePort(), locations: await freePort(), stock: await freePort() };
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATABASE_URL: databaseUrl,
    AMQP_URL: amqpUrl,
    REDIS_URL: infrastructure.redisUrl,
    REDIS_PREFIX: `test:${name}:`,
    INTERNAL_SECRET: randomBytes(24).toString('hex'),
    PORT: String(ports.gateway),
    CATALOG_PORT: String(ports.catalog),
    LOCATIONS_PORT: String(ports.locations),
    STOCK_PORT: String(ports.stock),
    METRICS_ENABLED: 'false',
    TRUST_PROXY: 'true',
    DATA_DIR: workDir,
    OUTBOX_POLL_MS: '100',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  const logFile = (process: keyof typeof ports) => path.join(workDir, `${process}.log`);
  const children: ChildProcess[] = [];
  const identity = createPool(databaseUrl, createLogger('test', 'silent'), { max: 2, options: '-c search_path=identity' });
  const broker = new Broker(amqpUrl, 'inventory.events', createLogger('test', 'silent'));
  const client = new CommandClient(broker, 10_000);

  const stop = async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    await client.stop();
    await broker.close();
    await identity.end();
    const cleanup = new Client({ connectionString: infrastructure.databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
    await infrastructure.rabbitmqctl(['delete_vhost', name]).catch(() => undefined);
    if (!process.env.TEST_KEEP_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
    await infrastructure.stop();
  };

  const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200;
  const alive = () => {
    const dead = children.find((c) => c.exitCode !== null);
    if (dead) throw new Error(`a traced process exited during start; logs in ${workDir}`);
    return false;
  };
  try {
    for (const service of ['locations', 'catalog', 'stock'] as const) children.push(spawnProcess(service, env, logFile(service)));
    await waitUntil('the traced services', async () => alive() || ((await ready(ports.locations)) && (await ready(ports.catalog)) && (await ready(ports.stock))), 90_000);
    children.push(spawnProcess('gateway', env, logFile('gateway')));
    await waitUntil('the traced gateway', async () => alive() || ready(ports.gateway), 60_000);
    await broker.waitForConnect(10_000);
    await client.start();
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    logFile,
    newWorkspace: async () => {
      const result = await createWorkspace({ pool: identity, client }, { name: `Traced ${randomBytes(3).toString('hex')}`, ownerEmail: `owner-${randomBytes(4).toString('hex')}@example.test` });
      return { id: result.workspace.id, defaultLocationId: result.workspace.defaultLocationId!, key: result.apiKey };
    },
    stop,
  };
}
