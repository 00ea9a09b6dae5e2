import { type ServiceRuntime, StockChanged, StockEvents } from '@inv/shared';
import { recordStockLevels } from '../use-cases/record-stock-level';

/** Keeps the catalog's stock projection (for stockHealth and locationId filters) in step with the stock service. */
export function subscribeToStockEvents(runtime: ServiceRuntime): void {
  runtime.events.onMany(StockEvents.changed, StockChanged, (messages, tx) => recordStockLevels(tx, runtime.logger, messages));
}
