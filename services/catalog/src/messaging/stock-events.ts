import { type ServiceRuntime, StockChanged, StockEvents } from '@inv/shared';
import { recordStockLevel } from '../use-cases/record-stock-level';

/** Keeps the catalog's stock projection (for stockHealth and locationId filters) in step with the stock service. */
export function subscribeToStockEvents(runtime: ServiceRuntime): void {
  runtime.events.on(StockEvents.changed, StockChanged, (change, message, tx) => recordStockLevel(tx, runtime.logger, message.workspaceId, change));
}
