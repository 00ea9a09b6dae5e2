import { randomBytes } from 'node:crypto';
import { type Plan, type Role, type Scope } from '@inv/shared/core';
import { createPool, type Pool } from '@inv/shared/db';
import { Broker, CommandClient } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import type { Redis } from 'ioredis';
import { GatewayConfig } from '../../gateway/src/config';
import { connectRedis } from '../../gateway/src/data/redis-connection';
import { addMember, type AdminDeps, createKey, createWorkspace } from '../../gateway/src/admin/admin-commands';
import { IdentityEpoch } from '../../gateway/src/data/identity-epoch';
import { client, type Client } from './api';
import { stackBroker } from './bus';

/**
 * Test-side connections to this run's database and vhost, opened on first use in each jest
 * worker and closed by the afterAll in setup-after-env.ts.
 */
let deps: { pool: Pool; identity: Pool; broker: Broker; client: CommandClient; redis: Redis; admin: AdminDeps } | undefined;

async function connections() {
  if (!deps) {
    const logger = createLogger('test', 'silent');
    const broker = stackBroker(logger);
    const commandClient = new CommandClient(broker, 10_000);
    await broker.waitForConnect(10_000);
    await commandClient.start();
    const identity = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 4, options: '-c search_path=identity' });
    const sentinels = process.env.TEST_REDIS_SENTINELS;
    const redis = connectRedis(
      { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_SENTINELS: GatewayConfig.shape.REDIS_SENTINELS.parse(sentinels), REDIS_SENTINEL_MASTER: process.env.TEST_REDIS_SENTINEL_MASTER ?? 'inventory' },
      { maxRetriesPerRequest: 1 },
    );
    // The fixtures' own connection is not under test: during a failover its reconnections are expected.
    redis.on('error', () => undefined);
    // As the admin CLI announces changes: behind Sentinels, once a replica holds them.
    const epoch = new IdentityEpoch(redis, process.env.TEST_REDIS_PREFIX!, 5_000, logger, sentinels ? 1 : 0);
    deps = {
      pool: createPool(process.env.TEST_DATABASE_URL!, logger, { max: 4 }),
      identity,
      broker,
      client: commandClient,
      redis,
      admin: { pool: identity, client: commandClient, identityChanged: () => epoch.changed() },
    };
  }
  return deps;
}

export async function closeConnections(): Promise<void> {
  if (!deps) return;
  const d = deps;
  deps = undefined;
  await d.client.stop();
  await d.broker.close();
  d.redis.disconnect();
  await Promise.all([d.pool.end(), d.identity.end()]);
}

/** Direct SQL on this run's database (schema-qualified names), for asserting stored state. */
export async function sql<T extends Record<string, any> = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const { pool } = await connections();
  return (await pool.query<T>(text, params)).rows;
}

export function unique(prefix = 't'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface TestWorkspace {
  id: string;
  slug: string;
  defaultLocationId: string;
  ownerKey: string;
  ownerEmail: string;
  /** Client of the owner's full-access key, selecting this workspace. */
  owner: Client;
  workspace: any;
}

/** A fresh workspace with its owner, exactly as `npm run -s admin -- workspace:create` makes it. */
export async function newWorkspace(options: { plan?: Plan; name?: string } = {}): Promise<TestWorkspace> {
  const d = await connections();
  const ownerEmail = `${unique('owner')}@example.test`;
  const result = await createWorkspace(d.admin, { name: options.name ?? unique('Workspace'), plan: options.plan, ownerEmail });
  return {
    id: result.workspace.id,
    slug: result.workspace.slug,
    defaultLocationId: result.workspace.defaultLocationId!,
    ownerKey: result.apiKey,
    ownerEmail,
    owner: client(result.apiKey, result.workspace.id),
    workspace: result.workspace,
  };
}

/** Adds a member and gives it a key: full-access unless scopes are given. */
export async function newMember(
  ws: TestWorkspace,
  options: { role: Role; scopes?: Scope[]; rateLimit?: number; locationAccess?: string },
): Promise<{ email: string; key: string; keyId: string; client: Client; userId: string }> {
  const d = await connections();
  const email = `${unique(options.role)}@example.test`;
  const member = await addMember(d.admin, { workspace: ws.id, email, role: options.role, locationAccess: options.locationAccess });
  const key = await newKey(ws, email, { scopes: options.scopes, rateLimit: options.rateLimit });
  return { email, ...key, userId: member.user.id };
}

export async function newKey(ws: TestWorkspace, email: string, options: { scopes?: Scope[]; rateLimit?: number } = {}) {
  const d = await connections();
  const key = await createKey(d.admin, { workspace: ws.id, email, scopes: options.scopes, rateLimit: options.rateLimit });
  return { key: key.apiKey, keyId: key.id, client: client(key.apiKey, key.restricted ? undefined : ws.id) };
}

/** What the admin commands need, as the admin CLI gives it (the gateways' identity epoch included). */
export async function adminDeps(): Promise<AdminDeps> {
  return (await connections()).admin;
}

/** Polls until `check` returns a value other than undefined; for effects that arrive by message. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
