import type { Units } from './quantity';

/**
 * A balance as far as the rules care: what is on hand and how much of it is reserved. Reservations
 * are one thing: `reserved` is what pending transfers out of the place and open jobs hold there,
 * and every change of stock (a transfer, an adjustment, a count, a job, a replenishment) is held
 * off it by the rules below.
 */
export interface BalanceAmounts {
  onHand: Units;
  reserved: Units;
}

/** A signed change of a balance: a movement changes onHand; reserving (+) or releasing (−) changes reserved. */
export interface BalanceDelta {
  onHand: Units;
  reserved: Units;
}

export type DeltaOutcome = { ok: true; next: BalanceAmounts } | { ok: false; available: Units; requested: Units };

/** What may be moved, adjusted away, used or reserved: on-hand that no pending transfer or open job holds. */
export function available(balance: BalanceAmounts): Units {
  return balance.onHand - balance.reserved;
}

/**
 * Applies a change to a balance, or says why it may not: it would need more than is available
 * (on-hand may never fall below what is reserved). A completion, which takes out exactly what it
 * releases, never needs anything available. Releasing more than is reserved is a programming
 * error, not a refusal: it throws.
 */
export function applyDelta(balance: BalanceAmounts, delta: BalanceDelta): DeltaOutcome {
  const next = { onHand: balance.onHand + delta.onHand, reserved: balance.reserved + delta.reserved };
  if (next.reserved < 0n) throw new Error(`releasing ${-delta.reserved} units where only ${balance.reserved} are reserved`);
  if (next.onHand < next.reserved) return { ok: false, available: available(balance), requested: delta.reserved - delta.onHand };
  return { ok: true, next };
}

/**
 * The movement a physical count records: the difference between the counted and the booked
 * on-hand (0 when the count confirms the balance). Undefined when the count is below what is
 * reserved, since the reserved stock must still be there for its pending transfers.
 */
export function countDifference(balance: BalanceAmounts, counted: Units): Units | undefined {
  return counted < balance.reserved ? undefined : counted - balance.onHand;
}
