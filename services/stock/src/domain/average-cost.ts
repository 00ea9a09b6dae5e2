import type { Money } from './money';
import type { Units } from './quantity';

/**
 * The moving average cost of an item over the whole workspace (docs/purchasing.md): the catalog's
 * cost until a movement brings a cost (a receipt with a unitCost), then moved by receipts alone:
 *
 *   avg' = (q·avg + r·c) / (q + r)
 *
 * q: the workspace's on-hand before the receipt (0 when ≤ 0), r: the quantity received at cost c.
 * A reverted receipt takes its quantity back at its own cost: (q·avg − r·c) / (q − r) when q − r > 0,
 * otherwise the average stays. Exact: amounts in units of 0.000001 (money.ts), quantities in units
 * of 0.0001, each result rounded half up to 0.000001 (stored and shown as stored).
 */

/** a / b rounded half up, for a ≥ 0 and b > 0. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** The average after receiving `received` at `cost`, from `average` over `onHand` before. */
export function averageAfterReceipt(onHand: Units, average: Money, received: Units, cost: Money): Money {
  const q = onHand > 0n ? onHand : 0n;
  if (q + received <= 0n) return average;
  return divideHalfUp(q * average + received * cost, q + received);
}

/** The average after taking back a receipt of `received` at `cost`, from `average` over `onHand` before the revert. */
export function averageAfterRevert(onHand: Units, average: Money, received: Units, cost: Money): Money {
  const q = onHand > 0n ? onHand : 0n;
  const left = q - received;
  if (left <= 0n) return average;
  const value = q * average - received * cost;
  // Taking back more value than the stock held (an earlier average lower than this cost) leaves nothing negative.
  return value <= 0n ? 0n : divideHalfUp(value, left);
}

/**
 * The costs a change's movements carry and the averages it leaves, in the movements' order: a
 * receipt with a cost (or the revert of one) moves its item's average from the workspace's on-hand
 * before it; every movement carries its own cost (a receipt's) or the average at that moment.
 * `before` is the item's on-hand over the workspace (when the change locked its total; a change
 * that moves no average needs none) and its average in force (the stored one, else the catalog's
 * cost; null: unknown). Answers each movement's cost and the averages that changed.
 */
export function costsOf(
  movements: ReadonlyArray<{ itemId: string; quantity: Units; unitCost?: Money; revertsCost?: boolean }>,
  before: (itemId: string) => { onHand: Units | undefined; average: Money | null },
): { costs: Array<Money | null>; averages: Map<string, Money> } {
  const running = new Map<string, { onHand: Units | undefined; average: Money | null }>();
  const averages = new Map<string, Money>();
  const costs = movements.map((m) => {
    const state = running.get(m.itemId) ?? { ...before(m.itemId) };
    running.set(m.itemId, state);
    let cost = state.average;
    if (m.unitCost !== undefined) {
      if (state.onHand === undefined) throw new Error(`a costed movement of item ${m.itemId} needs its total locked`);
      const r = m.revertsCost ? -m.quantity : m.quantity;
      // Until a movement brings a cost the average is the catalog's (or nothing, for an item without one).
      const from = state.average ?? m.unitCost;
      state.average = m.revertsCost ? averageAfterRevert(state.onHand, from, r, m.unitCost) : averageAfterReceipt(state.onHand, from, r, m.unitCost);
      averages.set(m.itemId, state.average);
      cost = m.unitCost;
    }
    if (state.onHand !== undefined) state.onHand += m.quantity;
    return cost;
  });
  return { costs, averages };
}
