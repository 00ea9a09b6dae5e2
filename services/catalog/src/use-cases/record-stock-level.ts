import { type Envelope, isId, type Logger, type PoolClient, type StockChanged } from '@inv/shared';
import { applyStockLevels } from '../data/stock-level-repository';
import { latestPerBalance } from '../domain/stock-level';

/**
 * Applies stock.changed messages to the projection in one statement; ids that cannot be ours are
 * logged and skipped, since retrying cannot fix them.
 */
export async function recordStockLevels(tx: PoolClient, logger: Logger, messages: Envelope<StockChanged>[]): Promise<void> {
  const valid = messages.filter(({ payload: change, id, requestId, workspaceId }) => {
    if (isId(change.itemId) && isId(change.locationId)) return true;
    logger.warn({ messageId: id, requestId, workspaceId, itemId: change.itemId, locationId: change.locationId }, 'stock.changed with malformed ids ignored');
    return false;
  });
  const levels = latestPerBalance(valid.map((m) => ({ ...m.payload, workspaceId: m.workspaceId })));
  if (levels.length > 0) await applyStockLevels(tx, levels);
}
