import { randomUUID } from 'node:crypto';
import type { Logger } from '@inv/shared/observability';
import type { Redis } from 'ioredis';

/**
 * The identity epoch: one Redis value that every gateway reads on every call (in the rate
 * limiter's script, no extra round trip) and that every change to who may do what (a key
 * revoked, a role, location access or plan changed) replaces after its commit. A gateway's
 * cached identity is valid only while the epoch it was read under is still the current one.
 */
export function identityEpochKey(prefix: string): string {
  return `${prefix}identity:epoch`;
}

/**
 * Announces identity changes to the gateways. Call `changed()` after the change has committed:
 * a gateway that read the old rows under the old epoch then stops trusting them on its next call.
 */
export class IdentityEpoch {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** The gateways' IDENTITY_CACHE_TTL_MS: how long a cached identity can live without the epoch. */
    private readonly cacheTtlMs: number,
    private readonly logger: Logger,
    /**
     * Replicas that must hold the new epoch before the change counts as announced (Redis behind
     * Sentinel: 1). Redis replicates asynchronously: a primary lost right after the SET could be
     * replaced by a replica still holding the old epoch, under which gateways would go on trusting
     * the identity the change revoked. WAIT makes the SET reach them first.
     */
    private readonly replicas = 0,
  ) {}

  /**
   * Replaces the epoch. When Redis cannot be told, or its replicas do not confirm it at once,
   * waits until every identity cached before the change has expired (that TTL), so
   * that when this returns no gateway serves the old identity either way.
   */
  async changed(): Promise<void> {
    try {
      await this.redis.set(identityEpochKey(this.prefix), randomUUID());
      if (this.replicas > 0) {
        // A replica in sync confirms within milliseconds; one that does not within a second (or the client's command timeout) is treated as Redis not told.
        const confirmed = await this.redis.wait(this.replicas, 1000);
        if (confirmed < this.replicas) throw new Error(`${confirmed} of ${this.replicas} Redis replicas confirmed the new identity epoch`);
      }
    } catch (err) {
      this.logger.warn(
        { err: (err as Error).message },
        `Redis unavailable: waiting ${this.cacheTtlMs} ms for the gateways' cached identities to expire before reporting the change as effective`,
      );
      await new Promise((resolve) => setTimeout(resolve, this.cacheTtlMs));
    }
  }
}
