import { randomBytes } from 'node:crypto';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { type Caller, newId } from '@inv/shared/core';
import { Client } from 'pg';
import type { RunningService, ServiceRuntime } from '@inv/shared/runtime';
import { provideInfrastructure } from './infrastructure';
import { freePort } from './stack';

/**
 * One service, started in the test's own process on a world of its own (a fresh database and
 * RabbitMQ vhost), for use-case tests: they call the service's use cases with its runtime, with
 * the real PostgreSQL and RabbitMQ and no HTTP in between. The other services are not running:
 * a use case that would ask one gets the answer a caller gets while it is down.
 */
export interface ServiceWorld {
  runtime: ServiceRuntime;
  /** SQL on the world's database, in the service's schema. */
  sql<T extends Record<string, any> = any>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startServiceWorld(start: (config: BaseConfig) => Promise<RunningService>): Promise<ServiceWorld> {
  const infrastructure = await provideInfrastructure();
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const name = `inv_uc_${runId}`;
  const admin = new Client({ connectionString: infrastructure.databaseUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await infrastructure.rabbitmqctl(['add_vhost', name]);
  await infrastructure.rabbitmqctl(['set_permissions', '-p', name, 'guest', '.*', '.*', '.*']);
  const config = loadConfig(BaseConfig, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: Object.assign(new URL(infrastructure.databaseUrl), { pathname: `/${name}` }).toString(),
    AMQP_URL: Object.assign(new URL(infrastructure.amqpUrl), { pathname: `/${encodeURIComponent(name)}` }).toString(),
    REDIS_URL: infrastructure.redisUrl,
    REDIS_PREFIX: `test:${runId}:`,
    INTERNAL_SECRET: randomBytes(24).toString('hex'),
    CATALOG_PORT: String(await freePort()),
    LOCATIONS_PORT: String(await freePort()),
    STOCK_PORT: String(await freePort()),
    NOTIFICATIONS_PORT: String(await freePort()),
    CATALOG_METRICS_PORT: String(await freePort()),
    LOCATIONS_METRICS_PORT: String(await freePort()),
    STOCK_METRICS_PORT: String(await freePort()),
    NOTIFICATIONS_METRICS_PORT: String(await freePort()),
  });
  const service = await start(config);
  const { runtime } = service;
  return {
    runtime,
    sql: async (text, params = []) => (await runtime.pool.query(text, params)).rows,
    stop: async () => {
      await service.stop();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      await infrastructure.rabbitmqctl(['delete_vhost', name]).catch(() => undefined);
      await infrastructure.stop();
    },
  };
}

/** A caller as the gateway would vouch for it: the owner of a workspace of its own, unrestricted, on `plan`. */
export function ownerOf(workspaceId = newId() as string, plan: Caller['workspace']['plan'] = 'business'): Caller {
  return {
    requestId: `uc-${randomBytes(4).toString('hex')}`,
    keyId: 'uc-key',
    user: { id: newId(), email: 'owner@example.test' },
    role: 'owner',
    scopes: [],
    locationAccess: { restricted: false, locations: [] },
    workspace: {
      id: workspaceId,
      slug: `ws-${workspaceId.slice(0, 8)}`,
      plan,
      defaultLocationId: null,
      defaultLocationType: 'warehouse',
      fiscalYearStartMonth: 1,
      defaultTransferFromLocationId: null,
      defaultInvoiceSourceLocationId: null,
      defaultCurrency: 'USD',
      defaultMarkupPercent: null,
      defaultTaxPercent: 0,
      defaultTaxIncluded: false,
      billingCycleStart: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString(),
    },
    writes: {},
  };
}
