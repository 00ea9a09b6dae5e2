import { type CallerWrites, CLOCK_MARGIN_MS, type Owner } from '@inv/shared/core';
import { type Logger, writePositionsUnrecorded } from '@inv/shared/observability';
import type { Redis } from 'ioredis';

/**
 * Where the gateways keep, per API key, the latest stock position each workspace's writes of
 * that key reached (read-your-writes, docs/consistency.md): a Redis hash, field = workspace id.
 * The rate limiter's script reads it on every call (no round trip of its own); a write that moved
 * stock records its position before its answer leaves.
 */
export function writePositionsKey(prefix: string, keyId: string | undefined): string {
  return `${prefix}ryw:key:${keyId ?? '-'}`;
}

/**
 * Where the gateways keep, per workspace, the latest owner position of each owner (the catalog's
 * items, the locations service's locations) that any caller's acknowledged write reached
 * (docs/consistency.md): a Redis hash, field = owner. The rate limiter's script reads the selected
 * workspace's on every call; a write that changed items or locations records its position before
 * its answer leaves.
 */
export function ownerPositionsKey(prefix: string, workspaceId: string | undefined): string {
  return `${prefix}owners:${workspaceId ?? '-'}`;
}

/**
 * When this Redis began keeping positions (its own clock, ms). Redis keeps nothing on disk here:
 * when it restarts empty the marker is set again, and until READ_YOUR_WRITES_RECOVERY_MS later
 * the positions of writes acknowledged before the restart may be missing, so calls carry `since`
 * (stock calls ask the owners, catalog reads the stock service, for their latest positions).
 */
export function writePositionsSinceKey(prefix: string): string {
  return `${prefix}ryw:since`;
}

/** Sets the marker of writePositionsSinceKey to now, on Redis's clock (what the rate limiter's script compares it with). */
const RESTART_HISTORY = `
local t = redis.call('TIME')
redis.call('SET', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
return 1
`;

/** Raises a field to the position given, never lowers it, and keeps the key a day past its last write. */
const RECORD_POSITION = `
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Positions are kept this long after a key's (a workspace's) last write. A copy still behind a
 * write a day later is an outage the metrics show (outbox backlog, dead letters), not lag.
 */
const KEEP_MS = 24 * 3600 * 1000;

/** How often, at most, the gateway repeats that it could not record positions. */
const WARNING_INTERVAL_MS = 10_000;

export class WritePositions {
  private lastWarningAt = 0;
  /** Whether a restart of the history is being retried (an owner position Redis did not take). */
  private restarting = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    redis.defineCommand('recordWritePosition', { numberOfKeys: 1, lua: RECORD_POSITION });
    redis.defineCommand('restartWritePositions', { numberOfKeys: 1, lua: RESTART_HISTORY });
  }

  /**
   * After Redis's primary changed (a failover): the positions of the last writes before it may not
   * have reached the promoted replica, so the keeping starts again now, and for
   * READ_YOUR_WRITES_RECOVERY_MS every call carries `since` (stock calls ask the owners, catalog
   * reads the stock service, for their latest positions), as after a restart that emptied Redis.
   */
  async restartHistory(): Promise<void> {
    const run = (this.redis as unknown as { restartWritePositions: (...args: unknown[]) => Promise<unknown> }).restartWritePositions;
    await run.call(this.redis, writePositionsSinceKey(this.prefix));
  }

  /**
   * Records that the key's write in the workspace reached `position`; bounded by the Redis client's
   * command timeout. A failure is logged and counted, never thrown: the write itself succeeded, and
   * the caller's next reads are then covered by the projection's lag only.
   */
  async record(keyId: string, workspaceId: string, position: number): Promise<void> {
    await this.raise(writePositionsKey(this.prefix, keyId), workspaceId, position, 'Redis unavailable: could not record the stock position of a write; that caller may not read its own write until the projection catches up');
  }

  /**
   * Records that a write reached owner position `position` of `owner` in the workspace, for every
   * later call of the workspace (whatever its key); bounded and never thrown, as record. While
   * Redis cannot take it, it cannot hand positions out either: calls then carry 'unknown', and the
   * stock service asks the owners instead (docs/consistency.md).
   */
  async recordOwner(workspaceId: string, owner: Owner, position: number): Promise<void> {
    const recorded = await this.raise(ownerPositionsKey(this.prefix, workspaceId), owner, position, "Redis unavailable: could not record the owner position of a change of items or locations; the stock service asks the owners while Redis is away");
    // Redis may take the next call's script though it failed this record (a blip): the keeping then
    // starts again, so that every call carries `since` and the stock service asks the owners.
    if (!recorded) await this.restartHistoryUntilTaken();
  }

  /** restartHistory, tried once now and, while Redis refuses it, again every second in the background. */
  private async restartHistoryUntilTaken(): Promise<void> {
    if (this.restarting) return;
    try {
      await this.restartHistory();
    } catch {
      this.restarting = true;
      const retry = setInterval(() => {
        this.restartHistory().then(
          () => {
            clearInterval(retry);
            this.restarting = false;
          },
          () => undefined,
        );
      }, 1_000);
      retry.unref();
    }
  }

  /** Raises the field; false (logged and counted, never thrown) when Redis did not take it. */
  private async raise(key: string, field: string, position: number, warning: string): Promise<boolean> {
    const run = (this.redis as unknown as { recordWritePosition: (...args: unknown[]) => Promise<unknown> }).recordWritePosition;
    try {
      await run.call(this.redis, key, field, position, KEEP_MS);
      return true;
    } catch (err) {
      writePositionsUnrecorded.add(1);
      const now = Date.now();
      if (now - this.lastWarningAt >= WARNING_INTERVAL_MS) {
        this.lastWarningAt = now;
        this.logger.warn({ err: (err as Error).message }, warning);
      }
      return false;
    }
  }
}

/**
 * What the rate limiter's script read of positions: the key's stock positions (workspace →
 * position) and the owner positions of the workspace the call names, with `since` set while Redis
 * may have lost some (it began keeping them less than READ_YOUR_WRITES_RECOVERY_MS ago); or
 * unknown when Redis did not answer.
 */
export type KnownWrites =
  | {
      stock: ReadonlyMap<string, number>;
      /** The workspace the owner positions are of (the call's workspaceId, or the restricted key's). */
      ownersOf: string | undefined;
      owners: Partial<Record<Owner, number>>;
      since: number | undefined;
    }
  | 'unknown';

/**
 * The caller's writes a call into the workspace must reflect. A workspace created after Redis
 * began keeping positions (`since`, with the clock margin) has had every acknowledged change kept
 * since its first: for it `since` says nothing and is left out.
 */
export function callerWrites(known: KnownWrites | undefined, workspace: { id: string; createdAt: number }, now = Date.now()): CallerWrites {
  if (known === undefined || known === 'unknown') return 'unknown';
  const workspaceId = workspace.id;
  const stock = known.stock.get(workspaceId);
  // Owner positions read for another workspace than the one selected (a call naming its workspace by slug) say nothing of this one: the owners are asked.
  const owners = known.ownersOf === workspaceId ? known.owners : {};
  const keptSince = known.ownersOf === workspaceId ? known.since : Math.max(known.since ?? 0, now);
  const since = keptSince !== undefined && workspace.createdAt >= keptSince + CLOCK_MARGIN_MS ? undefined : keptSince;
  return {
    ...(stock === undefined ? {} : { stock }),
    ...(owners.catalog === undefined ? {} : { catalog: owners.catalog }),
    ...(owners.locations === undefined ? {} : { locations: owners.locations }),
    ...(since === undefined ? {} : { since }),
  };
}
