import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { Infrastructure } from './infrastructure';

/**
 * A stack's world of its own on the shared servers: a fresh database, RabbitMQ vhost and Redis
 * key prefix, so nothing touches another run's data or a running `npm start`.
 */
export interface World {
  runId: string;
  database: string;
  vhost: string;
  redisPrefix: string;
  /** Direct URLs (never through a proxy): the processes' defaults and what the test connects with. */
  urls: { database: string; amqp: string; redis: string };
  /** Drops the database, the vhost and the Redis keys. */
  drop(): Promise<void>;
}

export async function createWorld(infrastructure: Infrastructure): Promise<World> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `inv_test_${runId}`;
  const vhost = `inv_test_${runId}`;
  const redisPrefix = `test:${runId}:`;
  await withAdmin(infrastructure, (admin) => admin.query(`CREATE DATABASE "${database}"`));
  await infrastructure.rabbitmqctl(['add_vhost', vhost]);
  await infrastructure.rabbitmqctl(['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);
  return {
    runId,
    database,
    vhost,
    redisPrefix,
    urls: {
      database: Object.assign(new URL(infrastructure.databaseUrl), { pathname: `/${database}` }).toString(),
      // Every node of a cluster, comma-separated, as AMQP_URL takes them.
      amqp: (infrastructure.amqpUrls ?? [infrastructure.amqpUrl]).map((url) => Object.assign(new URL(url), { pathname: `/${encodeURIComponent(vhost)}` }).toString()).join(','),
      redis: infrastructure.redisUrl,
    },
    drop: async () => {
      await withAdmin(infrastructure, (admin) => admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
      await infrastructure.rabbitmqctl(['delete_vhost', vhost]).catch(() => undefined);
      const redis = infrastructure.redisSentinels
        ? new Redis({ sentinels: infrastructure.redisSentinels, name: infrastructure.redisMasterName, lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1 })
        : new Redis(infrastructure.redisUrl, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

async function withAdmin(infrastructure: Infrastructure, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: infrastructure.databaseUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
