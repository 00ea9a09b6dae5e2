import { randomUUID } from 'node:crypto';
import { type Logger, rateLimitRejections } from '@inv/shared/observability';
import type { Redis } from 'ioredis';
import { identityEpochKey } from '../data/identity-epoch';
import { type KnownWrites, ownerPositionsKey, writePositionsKey, writePositionsSinceKey } from './write-positions';

/**
 * Sliding one-window log in a sorted set, evaluated atomically on Redis's own clock (so
 * gateway instances with skewed clocks agree). A request is recorded only when admitted, and
 * only when ARGV[5] is '1': rejected calls do not push the window forward, and neither do calls
 * the gateway refuses itself (admission control), which only read the window for their headers.
 * Returns { admitted, remaining, resetAtMs, nowMs, identityEpoch }; resetAtMs is when the oldest
 * admitted call leaves the window (a slot frees up), or now + window when the window is empty.
 * The identity epoch (KEYS[2], see identity-epoch.ts) rides along so the gateway can check its
 * identity cache without a round trip of its own; a missing epoch (Redis lost its data) is set
 * to a fresh value (ARGV[4]), which no cached identity carries. So do the key's write positions
 * (KEYS[3], see write-positions.ts), the owner positions of the workspace the call names (KEYS[5])
 * and how long ago this Redis began keeping them (KEYS[4]).
 */
const SLIDING_WINDOW = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local admitted = 0
if count < limit then
  if ARGV[5] == '1' then
    redis.call('ZADD', key, now, member)
    count = count + 1
  end
  admitted = 1
end
local reset = now + window
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window end
if count > 0 then redis.call('PEXPIRE', key, window) end
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[4]
  redis.call('SET', KEYS[2], epoch)
end
local since = tonumber(redis.call('GET', KEYS[4]) or '')
if not since then
  since = now
  redis.call('SET', KEYS[4], now)
end
return { admitted, limit - count, reset, now, epoch, redis.call('HGETALL', KEYS[3]), now - since, redis.call('HGETALL', KEYS[5]), since }
`;

export interface RateDecision {
  admitted: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds, for X-RateLimit-Reset. */
  resetAt: number;
  /** Whole seconds until a slot frees, for Retry-After. */
  retryAfter: number;
  /** The identity epoch read in the same call; undefined when Redis did not answer. */
  identityEpoch: string | undefined;
  /** The subject key's write positions and the workspace's owner positions read in the same call; unknown when Redis did not answer. */
  writes: KnownWrites;
}

type WindowResult = [number, number, number, number, string, string[], number, string[], number];

/** Subjects whose last window a process keeps (see lastWindow); the oldest are dropped first. */
const RECENT_WINDOWS = 10_000;

/** How often, at most, the limiter repeats that it is running unmetered. */
const FAIL_OPEN_WARNING_INTERVAL_MS = 10_000;

/**
 * Rolling per-key limits. When Redis is unreachable or slow the limiter fails open: the call
 * is admitted unmetered and a warning is logged (at most every 10 s). Refusing every call
 * because a cache of counters is away would turn a Redis outage into a full API outage; the
 * limit exists to share capacity fairly, not to guard data.
 */
export class RateLimiter {
  private lastWarningAt = 0;
  /** Each subject's window as the last call counted it, newest last (a bounded, approximate copy: see lastWindow). */
  private readonly recent = new Map<string, Pick<RateDecision, 'limit' | 'remaining' | 'resetAt'>>();

  private readonly windowMs: number;
  /** READ_YOUR_WRITES_RECOVERY_MS: how long after Redis began keeping write positions they may be incomplete. */
  private readonly writesRecoveryMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    options: { windowMs?: number; writesRecoveryMs: number },
  ) {
    this.windowMs = options.windowMs ?? 60_000;
    this.writesRecoveryMs = options.writesRecoveryMs;
    redis.defineCommand('slidingWindow', { numberOfKeys: 5, lua: SLIDING_WINDOW });
    rateLimitRejections.add(0);
  }

  /**
   * Counts a call of `subject` (`key:<id>` or `ip:<address>`); `keyId` names the key whose write
   * positions come back, `workspaceId` the workspace whose owner positions do. With `record` false
   * the window is only read (a call refused by admission control gets its headers without using
   * one of the key's calls).
   */
  async take(subject: string, limit: number, uniqueId: string, keyId?: string, record = true, workspaceId?: string): Promise<RateDecision> {
    const run = (this.redis as unknown as { slidingWindow: (...args: unknown[]) => Promise<WindowResult> }).slidingWindow;
    let result: WindowResult;
    try {
      result = await run.call(
        this.redis,
        `${this.prefix}rl:${subject}`,
        identityEpochKey(this.prefix),
        writePositionsKey(this.prefix, keyId),
        writePositionsSinceKey(this.prefix),
        ownerPositionsKey(this.prefix, workspaceId),
        limit,
        this.windowMs,
        uniqueId,
        randomUUID(),
        record ? '1' : '0',
      );
    } catch (err) {
      return this.unmetered(limit, err);
    }
    const [admitted, remaining, resetAtMs, nowMs, identityEpoch, positions, keptForMs, owners, since] = result;
    if (admitted !== 1) rateLimitRejections.add(1);
    this.remember(subject, { limit, remaining: Math.max(0, remaining), resetAt: Math.ceil(resetAtMs / 1000) });
    return {
      admitted: admitted === 1,
      limit,
      remaining: Math.max(0, remaining),
      resetAt: Math.ceil(resetAtMs / 1000),
      retryAfter: Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
      identityEpoch,
      writes: {
        stock: positionsByWorkspace(positions),
        ownersOf: workspaceId,
        owners: Object.fromEntries(positionsByWorkspace(owners)),
        since: keptForMs < this.writesRecoveryMs ? Number(since) : undefined,
      },
    };
  }

  /**
   * The subject's window as this process last counted a call of it, while its reset is still
   * ahead: what a call refused for overload reports in its rate-limit headers without a round
   * trip to Redis (that refusal uses none of the key's calls, so the window it reports is only
   * older by the calls other processes counted meanwhile). Undefined when not known here.
   */
  lastWindow(subject: string, nowMs = Date.now()): Pick<RateDecision, 'limit' | 'remaining' | 'resetAt'> | undefined {
    const window = this.recent.get(subject);
    return window && window.resetAt * 1000 > nowMs ? window : undefined;
  }

  private remember(subject: string, window: Pick<RateDecision, 'limit' | 'remaining' | 'resetAt'>): void {
    this.recent.delete(subject);
    this.recent.set(subject, window);
    if (this.recent.size > RECENT_WINDOWS) this.recent.delete(this.recent.keys().next().value!);
  }

  /** The decision while Redis is away: admitted, with headers describing a fresh window. */
  private unmetered(limit: number, err: unknown): RateDecision {
    const now = Date.now();
    if (now - this.lastWarningAt >= FAIL_OPEN_WARNING_INTERVAL_MS) {
      this.lastWarningAt = now;
      this.logger.warn({ err: (err as Error).message }, 'Redis unavailable: rate limits are not enforced until it returns');
    }
    return { admitted: true, limit, remaining: limit - 1, resetAt: Math.ceil((now + this.windowMs) / 1000), retryAfter: 1, identityEpoch: undefined, writes: 'unknown' };
  }
}

/** HGETALL's flat [field, value, …] as field (a workspace, an owner) → position. */
function positionsByWorkspace(flat: string[]): ReadonlyMap<string, number> {
  const positions = new Map<string, number>();
  for (let i = 0; i + 1 < flat.length; i += 2) positions.set(flat[i]!, Number(flat[i + 1]));
  return positions;
}
