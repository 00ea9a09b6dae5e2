import { createPool, type Pool } from '@inv/shared/db';
import { createLogger } from '@inv/shared/observability';
import { Redis } from 'ioredis';
import { identityEpochKey } from '../../gateway/src/data/identity-epoch';
import { IdentityCache } from '../../gateway/src/http/identity-cache';
import { hashApiKey } from '../../gateway/src/domain/api-key';
import { expectError } from '../support/api';
import { newMember, newWorkspace, unique, type TestWorkspace } from '../support/fixtures';
import { admin } from './admin-cli';

/**
 * The gateway keeps keys and memberships in memory (gateway/src/http/identity-cache.ts). These
 * cases warm that cache with a few calls, change the identity with the admin CLI, and expect the
 * very next call to see the change: no waiting, no retry.
 */
const WARM_CALLS = 5;

async function warm(call: () => Promise<{ status: number }>, status = 200): Promise<void> {
  for (let i = 0; i < WARM_CALLS; i++) expect((await call()).status).toBe(status);
}

function ok(result: Awaited<ReturnType<typeof admin>>): void {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
}

describe('identity changes take effect on the next call, cached or not', () => {
  let ws: TestWorkspace;
  beforeAll(async () => {
    ws = await newWorkspace({ plan: 'enterprise' });
  });

  it('when a key in steady use is revoked, then its next call is 401 and the owner\'s key still works', async () => {
    const member = await newMember(ws, { role: 'member' });
    await warm(() => member.client.get(`/locations/${ws.defaultLocationId}`));

    ok(await admin(['key:revoke', '--id', member.keyId]));

    expectError(await member.client.get(`/locations/${ws.defaultLocationId}`), 401, 'unauthorized');
    expect((await ws.owner.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
  });

  it('when a member\'s role drops to viewer, then its next write is 403 and reads still work', async () => {
    const member = await newMember(ws, { role: 'member' });
    await warm(() => member.client.get('/locations'));
    expect((await member.client.post('/locations', { name: unique('Van'), type: 'van' })).status).toBe(201);

    ok(await admin(['member:add', '--workspace', ws.id, '--email', member.email, '--role', 'viewer']));

    expectError(await member.client.post('/locations', { name: unique('Van'), type: 'van' }), 403, 'forbidden');
    expect((await member.client.get('/locations')).status).toBe(200);
  });

  it('when a member\'s location access is restricted, then its next call to another location is refused', async () => {
    const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    expect(van.status).toBe(201);
    const member = await newMember(ws, { role: 'member' });
    await warm(() => member.client.get(`/locations/${van.body.id}`));

    ok(await admin(['member:add', '--workspace', ws.id, '--email', member.email, '--role', 'member', '--location-access', `${ws.defaultLocationId}:read`]));

    expect((await member.client.get(`/locations/${van.body.id}`)).status).toBe(404);
    expect((await member.client.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
  });

  it('when the admin CLI cannot reach Redis, then it reports a revocation only once the gateways\' cached identities have expired', async () => {
    const member = await newMember(ws, { role: 'member' });
    await warm(() => member.client.get('/locations'));
    const started = Date.now();

    // Nothing listens on port 1; the stack's gateway caches for the default 5 s, which the CLI is told too.
    const revoked = await admin(['key:revoke', '--id', member.keyId], { REDIS_URL: 'redis://127.0.0.1:1', IDENTITY_CACHE_TTL_MS: '5000' });

    expect(revoked.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expectError(await member.client.get('/locations'), 401, 'unauthorized');
  }, 20_000);

  it('when the plan changes, then the next call sees the new plan', async () => {
    const own = await newWorkspace({ plan: 'free' });
    await warm(() => own.owner.get(`/workspaces/${own.id}`));

    ok(await admin(['plan:set', '--workspace', own.id, '--plan', 'enterprise']));

    const after = await own.owner.get(`/workspaces/${own.id}`);
    expect(after.status).toBe(200);
    expect(after.body.plan).toBe('enterprise');
  });
});

describe('the identity cache without the epoch', () => {
  let pool: Pool;
  let redis: Redis;
  beforeAll(() => {
    pool = createPool(process.env.TEST_DATABASE_URL!, createLogger('test', 'silent'), { max: 1, options: '-c search_path=identity' });
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await pool.end();
    redis.disconnect();
  });

  it('when the rate limiter\'s round trip got no answer from Redis, then a cached key is not used: the next call reads PostgreSQL', async () => {
    const ws = await newWorkspace();
    const hash = hashApiKey(ws.ownerKey);
    const cache = new IdentityCache(pool, 60_000);
    cache.observe('epoch-1');
    expect(await cache.loadKey(hash)).toBeDefined();
    expect(cache.cachedKey(hash)?.user_id).toBe(ws.workspace.users[0].id);

    cache.observe(undefined);

    expect(cache.cachedKey(hash)).toBeUndefined();
    // Nor is what is read while Redis is away kept for later.
    expect(await cache.loadKey(hash)).toBeDefined();
    expect(cache.cachedKey(hash)).toBeUndefined();
  });

  it('when the epoch moved between the read and the next call, then the entry read under the old epoch is not used', async () => {
    const ws = await newWorkspace();
    const hash = hashApiKey(ws.ownerKey);
    const cache = new IdentityCache(pool, 60_000);
    cache.observe('epoch-1');
    const read = cache.loadKey(hash);
    // A change commits and replaces the epoch while the rows are being read.
    cache.observe('epoch-2');
    expect(await read).toBeDefined();

    expect(cache.cachedKey(hash)).toBeUndefined();
  });

  it('when Redis has lost the epoch, then the rate limiter sets a fresh one, which no cached entry carries', async () => {
    const { RateLimiter } = await import('../../gateway/src/http/rate-limiter');
    const prefix = `${process.env.TEST_REDIS_PREFIX}${unique('epoch')}:`;
    const limiter = new RateLimiter(redis, prefix, createLogger('test', 'silent'), { writesRecoveryMs: 0 });
    const first = await limiter.take('ip:test', 100, unique('call'));
    expect(first.identityEpoch).toEqual(expect.any(String));
    expect((await limiter.take('ip:test', 100, unique('call'))).identityEpoch).toBe(first.identityEpoch);

    await redis.del(identityEpochKey(prefix));

    const after = await limiter.take('ip:test', 100, unique('call'));
    expect(after.identityEpoch).toEqual(expect.any(String));
    expect(after.identityEpoch).not.toBe(first.identityEpoch);
  });
});
