import { randomUUID } from 'node:crypto';
import { type Logger, rateLimitRejections } from '@inv/shared';
import type { Redis } from 'ioredis';
import { identityEpochKey } from '../data/identity-epoch';

/**
 * Sliding one-window log in a sorted set, evaluated atomically on Redis's own clock (so
 * gateway instances with skewed clocks agree). A request is recorded only when admitted:
 * rejected calls do not push the window forward.
 * Returns { admitted, remaining, resetAtMs, nowMs, identityEpoch }; resetAtMs is when the oldest
 * admitted call leaves the window (a slot frees up), or now + window when the window is empty.
 * The identity epoch (KEYS[2], see identity-epoch.ts) rides along so the gateway can check its
 * identity cache without a round trip of its own; a missing epoch (Redis lost its data) is set
 * to a fresh value (ARGV[4]), which no cached identity carries.
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
  redis.call('ZADD', key, now, member)
  count = count + 1
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
return { admitted, limit - count, reset, now, epoch }
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
}

type WindowResult = [number, number, number, number, string];

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

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly windowMs = 60_000,
  ) {
    redis.defineCommand('slidingWindow', { numberOfKeys: 2, lua: SLIDING_WINDOW });
    rateLimitRejections.add(0);
  }

  async take(subject: string, limit: number, uniqueId: string): Promise<RateDecision> {
    const run = (this.redis as unknown as { slidingWindow: (...args: unknown[]) => Promise<WindowResult> }).slidingWindow;
    let result: WindowResult;
    try {
      result = await run.call(this.redis, `${this.prefix}rl:${subject}`, identityEpochKey(this.prefix), limit, this.windowMs, uniqueId, randomUUID());
    } catch (err) {
      return this.unmetered(limit, err);
    }
    const [admitted, remaining, resetAtMs, nowMs, identityEpoch] = result;
    if (admitted !== 1) rateLimitRejections.add(1);
    return {
      admitted: admitted === 1,
      limit,
      remaining: Math.max(0, remaining),
      resetAt: Math.ceil(resetAtMs / 1000),
      retryAfter: Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
      identityEpoch,
    };
  }

  /** The decision while Redis is away: admitted, with headers describing a fresh window. */
  private unmetered(limit: number, err: unknown): RateDecision {
    const now = Date.now();
    if (now - this.lastWarningAt >= FAIL_OPEN_WARNING_INTERVAL_MS) {
      this.lastWarningAt = now;
      this.logger.warn({ err: (err as Error).message }, 'Redis unavailable: rate limits are not enforced until it returns');
    }
    return { admitted: true, limit, remaining: limit - 1, resetAt: Math.ceil((now + this.windowMs) / 1000), retryAfter: 1, identityEpoch: undefined };
  }
}
