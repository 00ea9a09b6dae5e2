import { isId, type StockLevelsChanged } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';
import { type Envelope } from '@inv/shared/messaging';
import { type Logger } from '@inv/shared/observability';
import { advanceStockFeeds } from '../data/stock-feed-repository';
import { applyStockLevels } from '../data/stock-level-repository';
import { latestPerBalance } from '../domain/stock-level';

/**
 * Applies stock.changed messages to the projection in one statement and records their stock
 * positions as applied. Changes naming ids that cannot be ours are logged and skipped, since
 * retrying cannot fix them; their message's position still counts as applied.
 */
export async function recordStockLevels(tx: PoolClient, logger: Logger, messages: Envelope<StockLevelsChanged>[]): Promise<void> {
  const changes = messages.flatMap(({ payload, id, requestId, workspaceId }) =>
    payload.changes.filter((change) => {
      if (isId(change.itemId) && isId(change.locationId)) return true;
      logger.warn({ messageId: id, requestId, workspaceId, itemId: change.itemId, locationId: change.locationId }, 'stock.changed with malformed ids ignored');
      return false;
    }).map((change) => ({ ...change, workspaceId })),
  );
  const levels = latestPerBalance(changes);
  if (levels.length > 0) await applyStockLevels(tx, levels);
  await advanceStockFeeds(tx, messages.map((m) => ({ workspaceId: m.workspaceId, position: m.payload.position })));
}
