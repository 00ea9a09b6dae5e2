import type { Pool } from '@inv/shared/db';
import { findActiveKeyMarkingUse, findMemberWorkspace, type ApiKeyRow, type MembershipRow, type WorkspaceRow } from '../data/identity-repository';

export type MemberWorkspace = { workspace: WorkspaceRow; membership: MembershipRow };

interface Entry<T> {
  value: T;
  /** The identity epoch last seen before the rows were read. */
  epoch: string;
  expiresAt: number;
}

/** Bounds the memory a flood of distinct valid keys or workspace selectors can take. */
const MAX_ENTRIES = 10_000;

/**
 * The identity rows the gateway needs per call (the key; the workspace with the key user's
 * membership), read from PostgreSQL and kept in memory so a steady caller costs no identity
 * query. An entry is used only while
 * - the identity epoch (identity-epoch.ts) is still the one seen before its rows were read: every
 *   revocation, role, location-access or plan change replaces the epoch after its commit, and
 *   each call reads the epoch in the rate limiter's Redis round trip, so the first call after a
 *   change reads the rows again;
 * - Redis answered the call's rate-limit round trip: while it does not, the epoch is unknown and
 *   every call reads PostgreSQL, as it did without a cache;
 * - it is younger than `ttlMs`, a safety net (and the bound the admin CLI waits out when it
 *   cannot reach Redis to replace the epoch).
 * Misses are never cached (an unknown key, no membership), so a key, member or workspace created
 * later needs no epoch change to be seen. `ttlMs` 0 turns the cache off.
 */
export class IdentityCache {
  private readonly keys = new Map<string, Entry<ApiKeyRow>>();
  private readonly workspaces = new Map<string, Entry<MemberWorkspace>>();
  /** The epoch of the latest rate-limit round trip; undefined before one, or when Redis did not answer. */
  private epoch: string | undefined;
  /** Reads in flight, by what they read and the epoch they were begun under. */
  private readonly reading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly pool: Pool,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the epoch a call read from Redis (undefined: no answer); any other epoch than the last drops every entry. */
  observe(epoch: string | undefined): void {
    if (epoch === this.epoch) return;
    this.epoch = epoch;
    this.keys.clear();
    this.workspaces.clear();
  }

  /**
   * Drops every cached identity and the epoch last seen: after Redis's primary changed, the epoch
   * it holds may be older than one a change announced (a replica promoted before it had it), so
   * no identity read before is trusted again; each is read from PostgreSQL on its next call.
   */
  forget(): void {
    this.epoch = undefined;
    this.keys.clear();
    this.workspaces.clear();
  }

  /** The active key with this hash, when cached and still valid under the epoch last seen. */
  cachedKey(hash: string): ApiKeyRow | undefined {
    return this.valid(this.keys, hash);
  }

  /**
   * The active key with this hash from PostgreSQL (noting its use there), cached; undefined when
   * unknown or revoked. Calls that miss together share one read, if they saw the same epoch (a
   * read begun before a change was announced serves nobody who saw the announcement).
   */
  loadKey(hash: string): Promise<ApiKeyRow | undefined> {
    const epoch = this.epoch;
    return this.once(`key ${epoch} ${hash}`, async () => {
      const key = await findActiveKeyMarkingUse(this.pool, hash);
      if (key) this.store(this.keys, hash, key, epoch);
      return key;
    });
  }

  /** A provisioned workspace by id or slug with the user's membership, from the cache or PostgreSQL; undefined when either is missing. */
  async memberWorkspace(idOrSlug: string, userId: string): Promise<MemberWorkspace | undefined> {
    const cacheKey = `${userId} ${idOrSlug}`;
    const cached = this.valid(this.workspaces, cacheKey);
    if (cached) return cached;
    const epoch = this.epoch;
    return this.once(`workspace ${epoch} ${cacheKey}`, async () => {
      const found = await findMemberWorkspace(this.pool, idOrSlug, userId);
      if (found) this.store(this.workspaces, cacheKey, found, epoch);
      return found;
    });
  }

  /** Runs `read` unless the same read is in flight under the same epoch, whose answer is then shared: past its TTL, an entry busy callers all miss at once is read once. */
  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    // Without an epoch (Redis away) nothing announces a change: each call reads after it arrived.
    if (this.epoch === undefined) return read();
    const running = this.reading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.reading.delete(key));
    this.reading.set(key, started);
    return started;
  }

  private valid<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.epoch === this.epoch && entry.expiresAt > this.now()) return entry.value;
    map.delete(key);
    return undefined;
  }

  /** Only under the epoch seen before the read, and only if no other has been seen since. */
  private store<T>(map: Map<string, Entry<T>>, key: string, value: T, epoch: string | undefined): void {
    if (this.ttlMs === 0 || epoch === undefined || epoch !== this.epoch) return;
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, { value, epoch, expiresAt: this.now() + this.ttlMs });
  }
}
