import type { PoolClient } from 'pg';

/**
 * Runs inside the transaction of an effect: `begin` first (it may throw to stop the effect, e.g.
 * when a concurrent request with the same Idempotency-Key committed first), `finish` with the
 * use case's result just before commit. The HTTP layer's Idempotency-Key uses it to store its
 * response in the same transaction as the effect, so the two commit or vanish together. The
 * guard knows the response status and how the result is answered; use cases stay HTTP-free.
 */
export interface EffectGuard<Result> {
  begin(tx: PoolClient): Promise<void>;
  finish(tx: PoolClient, result: Result): Promise<void>;
}

/** The guard of a request without Idempotency-Key: nothing to claim or store. */
export const UNGUARDED: EffectGuard<unknown> = {
  begin: async () => undefined,
  finish: async () => undefined,
};
