import { StockEvents, StockLevelsChanged, StockSettingsChanged } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyStockSettings } from '../data/stock-settings-repository';
import { recordStockLevels } from '../use-cases/record-stock-level';

/** Keeps the catalog's stock projection (for stockHealth and locationId filters) and its copy of the stock settings in step with the stock service. */
export function subscribeToStockEvents(runtime: ServiceRuntime): void {
  runtime.events.onMany(StockEvents.changed, StockLevelsChanged, (messages, tx) => recordStockLevels(tx, messages));
  runtime.events.onMany(StockEvents.settingsChanged, StockSettingsChanged, (messages, tx) => applyStockSettings(tx, messages));
}
