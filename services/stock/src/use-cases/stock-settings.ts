import { actorOf, type Caller, StockEvents } from '@inv/shared/core';
import { recordEvent, recordEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { defaultThreshold, lockDefaultThreshold, lockTotalsJudgedByDefault, saveDefaultThreshold } from '../data/item-health-repository';
import { healthCrossing } from '../domain/item-health';
import { toUnits } from '../domain/quantity';
import { settingsChangeRefusal, type StockSettings, type UpdateStockSettingsInput } from '../domain/stock-settings';
import { itemHealthCrossed } from './item-health-changes';

/** The workspace's stock settings as they are committed. */
export async function readStockSettings(runtime: Pick<ServiceRuntime, 'pool'>, caller: Caller): Promise<StockSettings> {
  return { defaultLowStockThreshold: await defaultThreshold(runtime.pool, caller.workspace.id) };
}

/**
 * Changes the workspace's default low-stock threshold, in one transaction placed in the ledger's
 * order: it locks the settings (waiting for a change of an item's own threshold in flight) and
 * the totals of every stock-tracked item judged by the default (waiting for the movements in
 * flight on them; the next ones wait for it), judges each once at its total now, and records the
 * crossings with the change (stock.item_health_crossed), and stock.settings_changed for the
 * catalog's health filters. A change to the same value writes nothing. Throws Forbidden for a
 * caller other than the owner.
 */
export async function updateStockSettings(runtime: ServiceRuntime, caller: Caller, input: UpdateStockSettingsInput): Promise<StockSettings> {
  const refusal = settingsChangeRefusal(caller);
  if (refusal) throw refusal;
  const workspaceId = caller.workspace.id;
  const next = toUnits(input.defaultLowStockThreshold);
  await transact(runtime, async (tx) => {
    const previous = await lockDefaultThreshold(tx, workspaceId);
    if (previous === next) return;
    const items = await lockTotalsJudgedByDefault(tx, workspaceId);
    const crossings = items.flatMap(({ item, onHand, changes }) => {
      const crossed = healthCrossing({ onHand, threshold: previous, trackStock: true }, { onHand, threshold: next, trackStock: true });
      return crossed === undefined ? [] : [itemHealthCrossed(item, { itemId: item.id, onHand, changes, crossed, threshold: next })];
    });
    await recordEvents(tx, StockEvents.itemHealthCrossed, workspaceId, crossings, caller.requestId, actorOf(caller));
    await saveDefaultThreshold(tx, workspaceId, next, new Date());
    await recordEvent(tx, StockEvents.settingsChanged, workspaceId, { defaultLowStockThreshold: input.defaultLowStockThreshold }, caller.requestId);
  });
  return { defaultLowStockThreshold: input.defaultLowStockThreshold };
}
