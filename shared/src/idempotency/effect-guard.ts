import type { PoolClient } from 'pg';

/**
 * Runs inside the transaction of an effect: `begin` first (it may throw to stop the effect, e.g.
 * when a concurrent request with the same Idempotency-Key committed first), `finish` with the
 * use case's result just before commit. The HTTP layer's Idempotency-Key uses it to store its
 * response in the same transaction as the effect, so the two commit or vanish together. The
 * guard knows the response status and how the result is answered; use cases stay HTTP-free.
 */
export interface EffectGuard<Result> {
  /**
   * For an effect that reaches outside its transaction (a command to another service first): claims
   * the key before it, in a transaction of its own, so a twin request with the same key waits for
   * this one's answer instead of causing that outside effect too. Call it before the outside
   * effect; `begin` then only confirms the claim. May throw as `begin` does.
   */
  claimAhead(): Promise<void>;
  begin(tx: PoolClient): Promise<void>;
  finish(tx: PoolClient, result: Result): Promise<void>;
}

/** The guard of a request without Idempotency-Key: nothing to claim or store. */
export const UNGUARDED: EffectGuard<unknown> = {
  claimAhead: async () => undefined,
  begin: async () => undefined,
  finish: async () => undefined,
};
