import type { StockHealth } from '@inv/shared/core';
import type { Units } from './quantity';

/**
 * Item health alerts (item.stock_out, item.stock_low, item.stock_ok), decided where the facts
 * live: in the transaction that changes an item's total on-hand, or the threshold it is judged
 * by, under the lock of that total (issue 29). An alert says that a state was entered, never
 * that it still holds, so nobody gets an alert per movement. The rules:
 *
 * - Health is the API's (catalog `stockHealth`, docs/catalog.md): out when the total on-hand over
 *   every location is ≤ 0, low when it is ≤ the threshold, ok above it; the threshold is the
 *   item's `lowStockThreshold`, else the workspace default. A catalog-only item (`trackStock:
 *   false`) has no health here (the catalog's filter counts it as ok): it holds no stock to
 *   alert about, and making an item catalog-only (refused while it has stock, so from out) must
 *   not read as a restock.
 * - An alert is a crossing between two known states. A state that begins (the first change of an
 *   item's total ever, an item made stock-tracked) or ends (stock tracking turned off) is no
 *   crossing and sends nothing. Above all, a new item starts with 0 on hand, which the API calls
 *   out: an `item.stock_out` for every item created, or its opening stock as a restock, would be
 *   the noise these alerts exist to avoid. What is out or low now is a query away.
 * - Decided once per transaction, from the total before it and after it: movements inside one
 *   transaction that end where they began send nothing, and a transfer never changes a total, so
 *   it never pays. Transactions that change one item's total queue on its lock, so across them
 *   every crossing is an alert, in commit order: the alerts alternate exactly as the ledger does.
 * - A change of the threshold (the item's, or the default for the items that use it) or of stock
 *   tracking is judged once, at the total the item has when it takes effect.
 */

/** What an item's health is judged from. */
export interface HealthFacts {
  onHand: Units;
  threshold: Units;
  trackStock: boolean;
}

/** The item's health; undefined for a catalog-only item. */
export function healthOf(facts: HealthFacts): StockHealth | undefined {
  if (!facts.trackStock) return undefined;
  if (facts.onHand <= 0n) return 'out';
  if (facts.onHand <= facts.threshold) return 'low';
  return 'ok';
}

/**
 * The health an item enters going from `before` to `after`, or undefined when that is no
 * crossing: the health stays, or either side has none (`before` undefined is the first
 * observation). A threshold change is a call with the same on-hand on both sides, so it
 * re-evaluates once: 3 on hand with the threshold lowered from 5 to 2 enters ok, and nothing
 * follows until a crossing.
 */
export function healthCrossing(before: HealthFacts | undefined, after: HealthFacts): StockHealth | undefined {
  if (before === undefined) return undefined;
  const was = healthOf(before);
  const is = healthOf(after);
  return was === undefined || is === undefined || was === is ? undefined : is;
}

/**
 * The threshold an item is judged by: its own, else the workspace default. `own` is in units as
 * PostgreSQL holds it truncated to the ledger's precision: on-hand is a whole number of units, so
 * on-hand ≤ threshold exactly when it is ≤ the threshold truncated.
 */
export function thresholdOf(own: Units | null, workspaceDefault: Units): Units {
  return own ?? workspaceDefault;
}

/** An item's total on-hand over every location as its lock holds it; `changes` 0: it never changed (first observation). */
export interface ItemTotal {
  onHand: Units;
  changes: number;
}

/** What one item is judged by, apart from its on-hand. */
export interface HealthRule {
  threshold: Units;
  trackStock: boolean;
}

/** An item's total after a transaction, and the health it entered if it crossed. */
export interface TotalChange {
  itemId: string;
  onHand: Units;
  changes: number;
  crossed: StockHealth | undefined;
  threshold: Units;
}

/**
 * The totals a transaction leaves and the crossings it makes: each item's net change of on-hand
 * (`deltas`, movement by movement) applied to its locked total, judged by its rule before and
 * after. Items whose net change is zero keep their total and cross nothing. Throws when an item
 * changed but its total was not locked: the unit of work declares what it changes (a defect, not
 * a refusal).
 */
export function totalChanges(
  totals: ReadonlyMap<string, ItemTotal>,
  rules: (itemId: string) => HealthRule,
  deltas: ReadonlyArray<{ itemId: string; delta: Units }>,
): TotalChange[] {
  const net = new Map<string, Units>();
  for (const { itemId, delta } of deltas) net.set(itemId, (net.get(itemId) ?? 0n) + delta);
  const changes: TotalChange[] = [];
  for (const [itemId, delta] of net) {
    if (delta === 0n) continue;
    const total = totals.get(itemId);
    if (!total) throw new Error(`the total of item ${itemId} changed but was not locked`);
    const rule = rules(itemId);
    const onHand = total.onHand + delta;
    const before = total.changes === 0 ? undefined : { ...rule, onHand: total.onHand };
    changes.push({ itemId, onHand, changes: total.changes + 1, crossed: healthCrossing(before, { ...rule, onHand }), threshold: rule.threshold });
  }
  return changes;
}
