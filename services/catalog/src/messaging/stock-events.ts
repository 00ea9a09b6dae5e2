import { StockEvents, StockLevelsChanged } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { recordStockLevels } from '../use-cases/record-stock-level';

/** Keeps the catalog's stock projection (for stockHealth and locationId filters) in step with the stock service. */
export function subscribeToStockEvents(runtime: ServiceRuntime): void {
  runtime.events.onMany(StockEvents.changed, StockLevelsChanged, (messages, tx) => recordStockLevels(tx, messages));
}
