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

/**
 * Free stock, the one rule of what may be moved, adjusted away, used or reserved at a balance:
 * on-hand that no pending transfer or open job holds. Transfers, jobs, replenishment, par levels
 * and everything after them decide by it (shortages, below).
 */
export function available(balance: BalanceAmounts): Units {
  return balance.onHand - balance.reserved;
}

/** What one part of a change does at a balance: a movement's signed quantity, or a reservation (+) or release (−). */
export interface BalanceDemand {
  /** The balance, as `${itemId}/${locationId}` (ledger-plan.ts balanceKey). */
  key: string;
  /** Positive: takes that much of the free stock (a movement out, a reservation); negative: frees it (a movement in, a release). */
  takes: Units;
  /** A reservation or release rather than a movement: what it releases was held for this change's own job or transfer. */
  reservation?: boolean;
  /** The request field that asked for it, when one did: a refusal names the first of each balance. */
  param?: string;
}

/** A balance a change would take more from than is free there. */
export interface Shortage {
  key: string;
  requested: Units;
  /** What was free there (never below 0), what the change frees there included. */
  available: Units;
  /** On hand there but held by other pending transfers and open jobs (what the change itself releases is free to it). */
  reserved: Units;
  param?: string;
}

/**
 * "Is there enough free stock?", decided once for a whole change: every balance whose demands,
 * netted (what the change gives back there counts before what it takes), would take more than is
 * free there (available), in the order first asked. Empty: the change fits, all of it.
 */
export function shortages(balances: ReadonlyMap<string, BalanceAmounts>, demands: readonly BalanceDemand[]): Shortage[] {
  const net = new Map<string, { freed: Units; released: Units; taken: Units; param?: string }>();
  for (const d of demands) {
    const at = net.get(d.key) ?? { freed: 0n, released: 0n, taken: 0n };
    if (d.takes > 0n) {
      at.taken += d.takes;
      at.param ??= d.param;
    } else {
      at.freed -= d.takes;
      if (d.reservation) at.released -= d.takes;
    }
    net.set(d.key, at);
  }
  return [...net].flatMap(([key, d]) => {
    const balance = balances.get(key) ?? { onHand: 0n, reserved: 0n };
    const free = available(balance) + d.freed;
    if (d.taken <= free) return [];
    const heldByOthers = balance.reserved - d.released;
    return [{ key, requested: d.taken, available: free < 0n ? 0n : free, reserved: heldByOthers < 0n ? 0n : heldByOthers, ...(d.param === undefined ? {} : { param: d.param }) }];
  });
}

/**
 * Applies a change to a balance the change was found to fit (shortages): releasing more than is
 * reserved, or leaving on-hand below what is reserved, is a programming error, not a refusal: it
 * throws.
 */
export function applyDelta(balance: BalanceAmounts, delta: BalanceDelta): BalanceAmounts {
  const next = { onHand: balance.onHand + delta.onHand, reserved: balance.reserved + delta.reserved };
  if (next.reserved < 0n) throw new Error(`releasing ${-delta.reserved} units where only ${balance.reserved} are reserved`);
  if (next.onHand < next.reserved) throw new Error(`on-hand ${next.onHand} below reserved ${next.reserved}: a change the shortages let through`);
  return next;
}

/**
 * The movement a physical count records: the difference between the counted and the booked
 * on-hand (0 when the count confirms the balance). Undefined when the count is below what is
 * reserved, since the reserved stock must still be there for its pending transfers.
 */
export function countDifference(balance: BalanceAmounts, counted: Units): Units | undefined {
  return counted < balance.reserved ? undefined : counted - balance.onHand;
}
