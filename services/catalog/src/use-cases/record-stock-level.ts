import { isId, type Logger, type PoolClient, type StockChanged } from '@inv/shared';
import { applyStockLevel } from '../data/stock-level-repository';

/** Applies one stock.changed to the projection; ids that cannot be ours are logged and skipped, since retrying cannot fix them. */
export async function recordStockLevel(tx: PoolClient, logger: Logger, workspaceId: string, change: StockChanged): Promise<void> {
  if (!isId(change.itemId) || !isId(change.locationId)) {
    logger.warn({ itemId: change.itemId, locationId: change.locationId }, 'stock.changed with malformed ids ignored');
    return;
  }
  await applyStockLevel(tx, workspaceId, change);
}
