import type { Pool, PoolClient } from '@inv/shared/db';
import { advancePositionFeed, appliedThrough } from '@inv/shared/messaging';

/** The catalog's feed of the stock service's positions (shared/src/messaging/position-feeds.ts). */
const STOCK_FEED = 'stock';

/** Marks the stock positions of the messages just applied (in their transaction) and advances each workspace's applied_through. */
export function advanceStockFeeds(tx: PoolClient, applied: Array<{ workspaceId: string; position: number }>): Promise<void> {
  return advancePositionFeed(tx, STOCK_FEED, applied);
}

/** The highest stock position of the workspace up to which every one has been applied (0: none yet). */
export async function stockAppliedThrough(pool: Pool, workspaceId: string): Promise<number> {
  return (await appliedThrough(pool, workspaceId)).get(STOCK_FEED) ?? 0;
}
