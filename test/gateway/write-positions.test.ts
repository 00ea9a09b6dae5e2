import { Redis } from 'ioredis';
import pino from 'pino';
import { ownerPositionsKey, WritePositions, writePositionsSinceKey } from '../../gateway/src/http/write-positions';

/**
 * The gateway's record of owner positions against the real Redis: a position Redis does not take
 * (here: the workspace's hash key holds a string, so HSET fails with WRONGTYPE while Redis itself
 * answers) restarts the keeping, so every later call carries `since` and the stock service asks
 * the owners instead of trusting positions that lack this one (docs/consistency.md).
 */
describe('owner positions the gateway records', () => {
  const prefix = `test:wp:${process.pid}:${Date.now()}:`;
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  const positions = new WritePositions(redis, prefix, pino({ level: 'silent' }));
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('when Redis takes the position, then the hash holds the highest one and the keeping is not restarted', async () => {
    await positions.recordOwner('ws-a', 'catalog', 7);
    await positions.recordOwner('ws-a', 'catalog', 5);
    expect(await redis.hgetall(ownerPositionsKey(prefix, 'ws-a'))).toEqual({ catalog: '7' });
    expect(await redis.get(writePositionsSinceKey(prefix))).toBeNull();
  });

  it('when Redis answers but does not take the position, then the keeping starts again now, before the answer leaves', async () => {
    await redis.set(ownerPositionsKey(prefix, 'ws-b'), 'not a hash');
    const [seconds, micros] = await redis.time();
    await positions.recordOwner('ws-b', 'locations', 3);
    const since = Number(await redis.get(writePositionsSinceKey(prefix)));
    expect(since).toBeGreaterThanOrEqual(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000));
  });
});
