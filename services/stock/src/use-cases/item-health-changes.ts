import { type Actor, type ItemHealthCrossed, StockEvents } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import { recordEvents } from '@inv/shared/messaging';
import { lockDefaultThresholdShared, lockTotals } from '../data/item-health-repository';
import type { CopyChange, JudgedFields } from '../data/projection-repository';
import { healthCrossing, type HealthFacts, type TotalChange, thresholdOf } from '../domain/item-health';
import { fromUnits, toUnits, type Units } from '../domain/quantity';

/** Who caused a change of a copy, for the alert it sends. */
export interface Cause {
  actor: Actor | null;
  requestId: string | null;
}

const ownThreshold = (fields: JudgedFields): Units | null => (fields.lowStockThreshold === null ? null : toUnits(fields.lowStockThreshold));

/** Whether a change of a copy changes what the item's health is judged by. */
function changesJudgement(change: CopyChange): change is CopyChange & { before: JudgedFields } {
  if (change.before === undefined) return false;
  return change.before.trackStock !== change.after.trackStock || ownThreshold(change.before) !== ownThreshold(change.after);
}

/**
 * In the transaction that changed the copies: judges again, once, the health of each item whose
 * threshold or tracking changed, at the total it has when the change takes effect (locked: a
 * movement of the item in flight commits first, and the next waits for this one), and records
 * the crossings. A copy that held nothing vouched for before (the first the stock service learns
 * of the item) is no crossing, as in domain/item-health.ts.
 */
export async function judgeCopyChanges(tx: PoolClient, changes: readonly CopyChange[], causeOf: (change: CopyChange) => Cause): Promise<void> {
  const judged = changes.filter(changesJudgement);
  const byWorkspace = new Map<string, typeof judged>();
  for (const change of judged) byWorkspace.set(change.workspaceId, [...(byWorkspace.get(change.workspaceId) ?? []), change]);
  for (const [workspaceId, group] of byWorkspace) {
    const workspaceDefault = await lockDefaultThresholdShared(tx, workspaceId);
    const totals = await lockTotals(tx, workspaceId, group.map((c) => c.item.id));
    for (const change of group) {
      const total = totals.get(change.item.id);
      if (!total || total.changes === 0) continue;
      const facts = (fields: JudgedFields): HealthFacts => ({ onHand: total.onHand, trackStock: fields.trackStock, threshold: thresholdOf(ownThreshold(fields), workspaceDefault) });
      const after = facts(change.after);
      const health = healthCrossing(facts(change.before), after);
      if (health === undefined) continue;
      const { actor, requestId } = causeOf(change);
      const crossing = itemHealthCrossed(change.item, { itemId: change.item.id, onHand: total.onHand, changes: total.changes, crossed: health, threshold: after.threshold });
      await recordEvents(tx, StockEvents.itemHealthCrossed, workspaceId, [crossing], requestId, actor);
    }
  }
}

/** A crossing as its stock.item_health_crossed event says it. */
export function itemHealthCrossed(item: { id: string; sku: string | null; description: string | null }, change: TotalChange & { crossed: NonNullable<TotalChange['crossed']> }): ItemHealthCrossed {
  return {
    itemId: change.itemId,
    health: change.crossed,
    onHand: fromUnits(change.onHand),
    threshold: fromUnits(change.threshold),
    item: { id: item.id, sku: item.sku ?? '', description: item.description ?? '' },
  };
}
