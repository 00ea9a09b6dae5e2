import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '@inv/shared/observability';
import { RateLimiter } from '../../gateway/src/http/rate-limiter';
import { TcpProxy } from '../messaging/tcp-proxy';
import { expectError, request } from '../support/api';
import { newKey, newWorkspace } from '../support/fixtures';
import { waitUntil } from '../support/stack';

describe('rate limits over HTTP', () => {
  it('when a key with a limit of 5 makes a sixth call within the minute, then 429 with Retry-After, and every response carries the headers', async () => {
    const ws = await newWorkspace();
    const rk = await newKey(ws, ws.ownerEmail, { scopes: ['workspaces.read'], rateLimit: 5 });
    const before = Math.floor(Date.now() / 1000);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await rk.client.get(`/workspaces/${ws.id}`);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await rk.client.get(`/workspaces/${ws.id}`);
    const after = Date.now();
    expectError(limited, 429, 'rate_limit_exceeded');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(before);
    // The window's oldest call was made before the answer came: a minute after it at the latest
    // (a bound from `before` alone fails when the first five calls take over a second under load).
    expect(reset).toBeLessThanOrEqual(Math.ceil(after / 1000) + 60);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another key of the same user is not affected.
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).status).toBe(200);
  });

  it('when a full-access key has no custom limit, then the default 600 per minute applies', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.get(`/workspaces/${ws.id}`);
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(res.headers['x-ratelimit-remaining']).toBe('599');
  });

  it('when a call fails authentication, then it still carries the rate-limit headers', async () => {
    const res = await request('GET', '/workspaces');
    expectError(res, 401, 'unauthorized');
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
  });
});

const silentLogger = createLogger('test', 'silent');

describe('when Redis is unreachable', () => {
  it('then the limiter fails open: calls are admitted unmetered with a warning, and metering resumes when Redis returns', async () => {
    const target = new URL(process.env.TEST_REDIS_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const redis = new Redis({ host: '127.0.0.1', port: proxy.port, maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 250, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    const logger = createLogger('test', 'warn');
    jest.spyOn(logger, 'warn').mockImplementation(((_obj: unknown, msg: string) => void warnings.push(msg)) as never);
    const limiter = new RateLimiter(redis, `${process.env.TEST_REDIS_PREFIX}failopen:`, logger, { writesRecoveryMs: 0 });
    const subject = randomUUID();
    try {
      await waitUntil('Redis through the proxy', async () => redis.status === 'ready');
      expect((await limiter.take(subject, 1, randomUUID())).admitted).toBe(true);
      expect((await limiter.take(subject, 1, randomUUID())).admitted).toBe(false);

      await proxy.cut();
      const started = Date.now();
      const during = await limiter.take(subject, 1, randomUUID());
      expect(during).toMatchObject({ admitted: true, limit: 1 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(warnings).toEqual([expect.stringContaining('rate limits are not enforced')]);

      await proxy.restore();
      await waitUntil('Redis to come back', async () => redis.status === 'ready', 10_000);
      expect((await limiter.take(subject, 1, randomUUID())).admitted).toBe(false);
    } finally {
      redis.disconnect();
      await proxy.stop();
    }
  });
});

describe('sliding window (Redis, short window)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => redis.disconnect());

  it('when the window rolls, then slots free up one by one as old calls age out, not all at once', async () => {
    const windowMs = 1500;
    const limiter = new RateLimiter(redis, `${process.env.TEST_REDIS_PREFIX}unit:`, silentLogger, { windowMs, writesRecoveryMs: 0 });
    const subject = randomUUID();
    const take = () => limiter.take(subject, 3, randomUUID());

    expect((await take()).admitted).toBe(true);
    const firstAt = Date.now();
    // The next two calls come at least 700 ms later, so they outlive the first by that much.
    await waitUntil('700 ms to pass', async () => Date.now() - firstAt >= 700, 2000, 20);
    expect((await take()).admitted).toBe(true);
    expect((await take()).admitted).toBe(true);
    const rejected = await take();
    expect(rejected.admitted).toBe(false);
    expect(rejected.remaining).toBe(0);

    // Once the first call ages out exactly one slot is free: a fixed window would free all three.
    await waitUntil('the first call to leave the window', async () => Date.now() - firstAt >= windowMs + 50, 4000, 20);
    expect((await take()).admitted).toBe(true);
    expect((await take()).admitted).toBe(false);
  });

  it('when calls are rejected, then they do not extend the block', async () => {
    const windowMs = 1000;
    const limiter = new RateLimiter(redis, `${process.env.TEST_REDIS_PREFIX}unit:`, silentLogger, { windowMs, writesRecoveryMs: 0 });
    const subject = randomUUID();
    const take = () => limiter.take(subject, 1, randomUUID());
    expect((await take()).admitted).toBe(true);
    const admittedAt = Date.now();
    // Hammer it while blocked; none of these may count.
    while (Date.now() - admittedAt < windowMs - 200) expect((await take()).admitted).toBe(false);
    await waitUntil('the window to pass', async () => Date.now() - admittedAt >= windowMs + 50, 3000, 20);
    expect((await take()).admitted).toBe(true);
  });
});
