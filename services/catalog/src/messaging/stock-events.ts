import { StockEvents, StockLevelsChanged, StockSettingsChanged } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyStockSettings } from '../data/stock-settings-repository';
import { recordStockLevels } from '../use-cases/record-stock-level';

/**
 * How the catalog's queue (nothing but the stock service's events) is consumed. Every transfer
 * makes one stock.changed, and most of what applying them costs is per transaction (four round
 * trips and a commit), not per message. Given 16 at a time, and the next ones only once a
 * transaction had acknowledged its own, the consumer applied about 8 per transaction and 320–630
 * a second under the transfer storm, no more than the stack commits on a quiet machine (510–540):
 * there it fell behind for good (issue 35). Behind, a transaction now takes up to 256, and the
 * next ones are delivered while it runs (880–3,050 a second under the storm); caught up, batches
 * stay what arrives within the linger. See docs/consistency.md.
 */
export const STOCK_EVENTS_CONSUMPTION = { batchSize: 256, prefetch: 512 } as const;

/** Keeps the catalog's stock projection (for stockHealth and locationId filters) and its copy of the stock settings in step with the stock service. */
export function subscribeToStockEvents(runtime: ServiceRuntime): void {
  runtime.events.onMany(StockEvents.changed, StockLevelsChanged, (messages, tx) => recordStockLevels(tx, messages));
  runtime.events.onMany(StockEvents.settingsChanged, StockSettingsChanged, (messages, tx) => applyStockSettings(tx, messages));
}
