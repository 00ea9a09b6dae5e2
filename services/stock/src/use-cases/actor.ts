import type { LocationAccess, PoolClient } from '@inv/shared';

/** Who a use case acts for: the workspace, the member and the request that caused it. */
export interface Actor {
  workspaceId: string;
  userId: string;
  requestId: string | null;
  locationAccess: LocationAccess;
}

/**
 * Runs inside the transaction of an effect: `begin` first (it may throw to stop the effect),
 * `finish` with the response just before commit. The HTTP layer's Idempotency-Key uses it to
 * store the response in the same transaction as the effect.
 */
export interface EffectGuard {
  begin(tx: PoolClient): Promise<void>;
  finish(tx: PoolClient, status: number, body: unknown): Promise<void>;
}

export const UNGUARDED: EffectGuard = {
  begin: async () => undefined,
  finish: async () => undefined,
};
