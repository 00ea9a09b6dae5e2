import type { StockLevelsChanged } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';
import { type Envelope } from '@inv/shared/messaging';
import { advanceStockFeeds } from '../data/stock-feed-repository';
import { applyStockLevels } from '../data/stock-level-repository';
import { latestPerBalance } from '../domain/stock-level';

/**
 * Applies stock.changed messages to the projection in one statement and records their stock
 * positions as applied. (A message naming ids that cannot be ours failed its contract before
 * reaching here: it is in the dead-letter queue.)
 */
export async function recordStockLevels(tx: PoolClient, messages: Envelope<StockLevelsChanged>[]): Promise<void> {
  const changes = messages.flatMap(({ payload, workspaceId }) => payload.changes.map((change) => ({ ...change, workspaceId })));
  const levels = latestPerBalance(changes);
  if (levels.length > 0) await applyStockLevels(tx, levels);
  await advanceStockFeeds(tx, messages.map((m) => ({ workspaceId: m.workspaceId, position: m.payload.position })));
}
