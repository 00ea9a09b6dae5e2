import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../gateway/src/data/redis-connection';
import { type RedisSentinelGroup, startRedisSentinel } from '../../scripts/ha/redis-sentinel';
import { waitUntil } from '../support/stack';

/**
 * The gateway's Redis client behind Sentinels (gateway/src/data/redis-connection.ts), on a primary,
 * a replica and 3 Sentinels of its own (ports clear of the HA suite's). The high-availability suite
 * found the client ended for good, now and then, after a primary's kill: ioredis's failover
 * detector cancels the reconnection under way when the Sentinels announce the new primary. Here
 * that cancellation is made to land in that window every time (a Sentinel's answer is held
 * until it is made), as the detector makes it.
 */
/** The part of ioredis's SentinelConnector the test reaches into. */
interface SentinelConnector {
  resolve(...args: unknown[]): Promise<unknown>;
  disconnect(): void;
}

let group: RedisSentinelGroup;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-sentinel-client-'));
  fs.chmodSync(dir, 0o755);
  group = await startRedisSentinel(dir, { data: [6396, 6397], sentinels: [26396, 26397, 26398] }, () => undefined);
}, 60_000);

afterAll(async () => {
  await group?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function gatewayClient(): Redis {
  const redis = connectRedis(
    { REDIS_URL: 'redis://unused:6379', REDIS_SENTINELS: group.sentinelAddresses, REDIS_SENTINEL_MASTER: 'inventory' },
    // The gateway's settings (gateway/src/main.ts).
    { maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 250, commandTimeout: 250, retryStrategy: (times) => Math.min(times * 200, 2000) },
  );
  redis.on('error', () => undefined);
  return redis;
}

describe('the gateway Redis client behind Sentinels', () => {
  jest.setTimeout(90_000);

  it('when its reconnection after the primary is lost is cancelled (as the failover detector does), then it connects again by itself and writes to the new primary', async () => {
    const redis = gatewayClient();
    try {
      await waitUntil('the client to be ready', async () => redis.status === 'ready', 10_000, 20);
      // The window of the race: the connector asking a Sentinel for the primary, during a
      // reconnection. The next such question is held (a slow Sentinel) until the cancellation is made.
      const connector = (redis as unknown as { connector: SentinelConnector }).connector;
      const ask = connector.resolve.bind(connector);
      let asking = false;
      let answer: (() => void) | undefined;
      connector.resolve = async (...args) => {
        if (!asking) {
          asking = true;
          await new Promise<void>((resolve) => (answer = resolve));
        }
        return ask(...args);
      };
      const primary = await group.primary();
      let ended = false;
      redis.once('end', () => (ended = true));
      await primary.kill();
      await waitUntil('the reconnection to ask a Sentinel for the primary', async () => answer !== undefined, 10_000, 5);
      // What FailoverDetector.disconnect() does on +switch-master: ioredis's own connector, cancelled mid-attempt.
      connector.disconnect();
      answer!();
      await waitUntil('the cancelled attempt to end the client', async () => ended, 10_000, 20);
      await waitUntil(
        'a write to succeed on the promoted replica',
        async () => (await redis.set('sentinel-client-probe', '1').then(() => true, () => false)),
        30_000,
        100,
      );
      expect((await group.primary()).name).not.toBe(primary.name);
      await primary.start();
    } finally {
      redis.disconnect();
    }
  });

  it('when its owner disconnects it, then it stays closed', async () => {
    const redis = gatewayClient();
    await waitUntil('the client to be ready', async () => redis.status === 'ready', 10_000, 20);
    redis.disconnect();
    await waitUntil('the client to end', async () => redis.status === 'end', 5_000, 20);
    // Longer than the client's pause before it reconnects after an end nobody asked for.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(redis.status).toBe('end');
  });
});
