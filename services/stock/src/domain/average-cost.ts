import type { EntityId } from '@inv/shared/core';
import type { Money, Value } from './money';
import type { Units } from './quantity';

/**
 * The moving average cost of an item over the whole workspace (docs/purchasing.md): the catalog's
 * cost until a movement brings a cost (a receipt with a unitCost), then moved by receipts, their
 * reverts and revaluations alone:
 *
 *   receipt   avg' = (q·avg + r·c) / (q + r)
 *
 * q: the workspace's on-hand before (0 when ≤ 0), r: the quantity received at cost c. A revert
 * takes the receipt's quantity back and moves the average of the stock left towards the one in
 * force before the receipt (reverted below). Exact: amounts in units of 0.000001 (money.ts),
 * quantities in units of 0.0001, each new average rounded half up to 0.000001 (stored and shown as
 * stored). Nothing here is clamped silently: what a revert cannot take back at the receipt's own
 * cost is its cost variance, recorded on the revert's movement.
 */

/** a / b rounded half up, for b > 0 (a of any sign: half away from zero below 0 is not needed, a < 0 never reaches it). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** The average after receiving `received` at `cost`, from `average` over `onHand` before. */
export function averageAfterReceipt(onHand: Units, average: Money, received: Units, cost: Money): Money {
  const q = onHand > 0n ? onHand : 0n;
  if (q + received <= 0n) return average;
  return divideHalfUp(q * average + received * cost, q + received);
}

/** What the ledger recorded when a receipt moved an item's average: the average before and after, and the item total's change count after. */
export interface ReceiptCostRecord {
  averageBefore: Money;
  averageAfter: Money;
  totalChanges: number;
}

/** The state a revert starts from: the item's workspace on-hand, average and total change count now. */
export interface ItemCostState {
  onHand: Units;
  average: Money;
  totalChanges: number;
}

/**
 * A receipt taken back: `received` units whose value at their own costs is `value` (Σ r·c, exact).
 * The stock left (q − r) takes:
 * 1. exactly the average before the receipt, when nothing moved the item's total or its average
 *    since (the receipt is undone as if it never came);
 * 2. otherwise (q·avg − Σ r·c) / (q − r), the value left after taking the receipt back at its own
 *    cost, kept between the average before the receipt and the average now: the stock left is
 *    never pushed past either by what the receipt's cost did to the stock used in between;
 * 3. with nothing left, the average before the receipt.
 * The cost variance is what the revert could not take back at the receipt's own cost:
 * Σ r·c − (q·avg − (q − r)·avg'), exact (a Value), positive when the stock left keeps more value
 * than own-cost arithmetic would leave it. A receipt whose record is unknown (recorded before
 * records were kept) takes the average now as "before".
 */
export function averageAfterRevert(now: ItemCostState, received: Units, value: Value, record: ReceiptCostRecord | undefined): { average: Money; variance: Value } {
  const q = now.onHand > 0n ? now.onHand : 0n;
  const before = record?.averageBefore ?? now.average;
  const untouched = record !== undefined && record.totalChanges === now.totalChanges && record.averageAfter === now.average;
  const left = q - received;
  let average: Money;
  if (untouched || left <= 0n) average = before;
  else {
    const low = before < now.average ? before : now.average;
    const high = before < now.average ? now.average : before;
    const remaining = q * now.average - value;
    const own = remaining <= 0n ? low : divideHalfUp(remaining, left);
    average = own < low ? low : own > high ? high : own;
  }
  const kept = left > 0n ? left * average : 0n;
  return { average, variance: value - (q * now.average - kept) };
}

/** One change of an item's average cost, as the ledger records it (item_cost_changes): what moved it, from what, to what. */
export interface CostChange {
  kind: 'receipt' | 'receipt_reverted' | 'revaluation';
  before: Money;
  average: Money;
  /** The cost a receipt brought (the last of its lines of the item). */
  unitCost?: Money;
  /** The purchase order receipt or the revaluation behind it. */
  sourceId?: EntityId;
  /** For a receipt: the item total's change count after it (what a later revert compares). */
  totalChanges?: number;
}

/** A movement as costed: its item, its signed quantity, the cost it brings (a receipt's) or takes back (a revert's). */
export interface CostedMovement {
  itemId: string;
  quantity: Units;
  unitCost?: Money;
  revertsCost?: boolean;
  receiptId?: EntityId | null;
}

/**
 * The costs a change's movements carry, their cost variances and the average changes it makes, in
 * the movements' order: a receipt with a cost moves its item's average; the revert of one takes
 * back every line of its item at once (at its first movement of the item: the variance is
 * recorded there); every movement carries its own cost (a receipt's, or the one a revert takes
 * back) or the average at that moment. `before` is the item's on-hand over the workspace and its
 * change count (when the change locked its total; a change that moves no average needs none) and
 * its average in force (the stored one, else the catalog's cost; null: unknown). `receipt` is what
 * was recorded when a reverted receipt moved the item's average.
 */
export function costsOf(
  movements: readonly CostedMovement[],
  before: (itemId: string) => { onHand: Units | undefined; average: Money | null; totalChanges?: number },
  receipt: (receiptId: EntityId, itemId: string) => ReceiptCostRecord | undefined = () => undefined,
): { costs: Array<Money | null>; variances: Array<Value | null>; averages: Map<string, CostChange> } {
  const running = new Map<string, { onHand: Units | undefined; average: Money | null; totalChanges: number }>();
  const averages = new Map<string, CostChange>();
  const reverted = new Set<string>();
  const variances: Array<Value | null> = [];
  const costs = movements.map((m) => {
    let state = running.get(m.itemId);
    if (!state) {
      const initial = before(m.itemId);
      state = { onHand: initial.onHand, average: initial.average, totalChanges: initial.totalChanges ?? 0 };
    }
    running.set(m.itemId, state);
    let cost = state.average;
    let variance: Value | null = null;
    if (m.unitCost !== undefined) {
      if (state.onHand === undefined) throw new Error(`a costed movement of item ${m.itemId} needs its total locked`);
      // Until a movement brings a cost the average is the catalog's (or nothing, for an item without one).
      const from = state.average ?? m.unitCost;
      if (m.revertsCost) {
        if (!reverted.has(m.itemId)) {
          reverted.add(m.itemId);
          const lines = movements.filter((x) => x.itemId === m.itemId && x.revertsCost && x.unitCost !== undefined);
          const received = lines.reduce((sum, x) => sum - x.quantity, 0n);
          const value = lines.reduce((sum, x) => sum - x.quantity * x.unitCost!, 0n);
          const record = m.receiptId ? receipt(m.receiptId, m.itemId) : undefined;
          const after = averageAfterRevert({ onHand: state.onHand, average: from, totalChanges: state.totalChanges }, received, value, record);
          variance = after.variance;
          const first = averages.get(m.itemId);
          averages.set(m.itemId, { kind: 'receipt_reverted', before: first?.before ?? from, average: after.average, ...(m.receiptId ? { sourceId: m.receiptId } : {}) });
          state.average = after.average;
        } else variance = 0n;
      } else {
        state.average = averageAfterReceipt(state.onHand, from, m.quantity, m.unitCost);
        const first = averages.get(m.itemId);
        averages.set(m.itemId, { kind: 'receipt', before: first?.before ?? from, average: state.average, unitCost: m.unitCost, ...(m.receiptId ? { sourceId: m.receiptId } : {}) });
      }
      cost = m.unitCost;
    }
    if (state.onHand !== undefined) state.onHand += m.quantity;
    variances.push(variance);
    return cost;
  });
  return { costs, variances, averages };
}
