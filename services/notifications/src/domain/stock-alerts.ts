import type { PublicEventType } from './public-event-types';

/**
 * Crossing-based item stock alerts (issue #23): an alert says that a state was entered, never
 * that it still holds, so nobody gets an alert per movement. (Par levels follow the same rules,
 * decided by the stock service in the transaction that crosses one: services/stock/src/domain/
 * par-levels.ts.) The rules:
 *
 * - An alert is a crossing between two known states. A state that begins (the first observation
 *   of an item, an item made stock-tracked) or ends (stock tracking turned off) is no crossing
 *   and sends nothing. Above all, a new
 *   item starts with 0 on hand, which the API calls `out`: sending `item.stock_out` for every item
 *   created (or imported in bulk) would be exactly the noise these alerts exist to avoid, and it
 *   would tell the user what they just did. What is out, low or below par right now is a query
 *   away (`GET /items?stockHealth=out`, `GET /inventory/par-levels?belowPar=true`).
 * - Alerts are decided per committed transaction, not per movement. The stock service writes one
 *   `stock.changed` per transaction that changes on-hand (docs/consistency.md), carrying each
 *   balance's state after it, so movements inside one transaction that end where they began (a
 *   burst that nets to zero, a transfer between two locations of one item) show no change and
 *   send nothing. Across transactions every crossing is an alert: a ledger that goes ok → low →
 *   ok sends `item.stock_low` then `item.stock_ok`. That is how "a burst that ends where it
 *   began sends nothing new" and "alerts alternate exactly as the committed ledger does" hold
 *   together.
 * - States are applied in the ledger's order and at most once (crossingsInOrder): a stale or
 *   repeated delivery sends nothing. So consecutive alerts of one item always
 *   differ, and the last one names the state it is in.
 */

/** The item health the API defines (catalog: `stockHealth`), and which alert entering it sends. */
export type StockHealth = 'out' | 'low' | 'ok';

export const ITEM_ALERTS = {
  out: 'item.stock_out',
  low: 'item.stock_low',
  ok: 'item.stock_ok',
} as const satisfies Record<StockHealth, PublicEventType>;
export type ItemAlert = (typeof ITEM_ALERTS)[StockHealth];

/** What decides an item's health: its on-hand summed over every location, and its threshold. */
export interface ItemStock {
  onHand: number;
  /** The item's `lowStockThreshold`, else the workspace default (lowStockThreshold). */
  threshold: number;
  trackStock: boolean;
}

/** The threshold an item's health uses: its own `lowStockThreshold` (null: none), else the workspace default. */
export function lowStockThreshold(itemThreshold: number | null | undefined, workspaceDefault: number): number {
  return itemThreshold ?? workspaceDefault;
}

/**
 * The item's health, by the API's definition: out when on-hand ≤ 0, low when 0 < on-hand ≤
 * threshold, ok above it. The catalog has no pure function to share (services never import each
 * other anyway): it writes the rule in SQL, `CASE WHEN s.on_hand <= 0 THEN 'out' WHEN s.on_hand
 * <= COALESCE(i.low_stock_threshold, <default>) THEN 'low' ELSE 'ok' END`, in
 * services/catalog/src/data/item-query.ts (whereOf and healthArms), documented in
 * docs/catalog.md "Stock health"; the tests assert the same table. One difference, on purpose: a
 * catalog-only item (`trackStock: false`) has no health here (undefined), where the catalog's
 * filter counts it as `ok`. It holds no stock to alert about, and making an item catalog-only
 * (refused while it has stock, so from `out`) must not read as a restock.
 */
export function healthOf(stock: ItemStock): StockHealth | undefined {
  if (!stock.trackStock) return undefined;
  if (stock.onHand <= 0) return 'out';
  if (stock.onHand <= stock.threshold) return 'low';
  return 'ok';
}

/**
 * The alert an item's change sends: the new health's alert when both states have a health and
 * they differ; nothing when the health stays, or when either side has none (`previous`
 * undefined is the first observation; see the module comment). A threshold change is one more
 * call with the same on-hand and the new threshold, so it re-evaluates once: 3 on hand with the
 * threshold lowered from 5 to 2 sends `item.stock_ok`, and nothing again until a crossing.
 */
export function itemHealthCrossing(previous: ItemStock | undefined, next: ItemStock): ItemAlert | undefined {
  if (previous === undefined) return undefined;
  const before = healthOf(previous);
  const after = healthOf(next);
  if (before === undefined || after === undefined || before === after) return undefined;
  return ITEM_ALERTS[after];
}

/** A state as of one committed transaction: `version` grows with every transaction that changes it. */
export type Versioned<S> = S & { version: number };

export interface Crossings<S, A> {
  /** In ledger order, each with the state that entered it. */
  alerts: Array<{ alert: A; state: Versioned<S> }>;
  /** The state to keep as the last applied one: the batch's newest, or `last` when nothing was newer. */
  last: Versioned<S> | undefined;
}

/**
 * The alerts a batch of committed states sends, given the last state applied before it (the
 * caller keeps it, with its version, per item or per balance, in the transaction that records
 * what was sent). `crossing` is itemHealthCrossing. Versions only grow, so a
 * state at or below the last applied version is stale or repeated (a redelivery, a retry, a
 * second relay) and is ignored; the rest are applied in version order, whatever order the batch
 * came in, and a version given twice counts once. For items the version is the workspace's stock
 * position (gap-free, in commit order).
 *
 * A state older than the last applied one that arrives late cannot be placed any more: it is
 * dropped, and the alerts still alternate (each compares with the state applied before it), but
 * a crossing there and back inside what was skipped is not sent. Alerts match the ledger exactly
 * when the caller applies states in order, as the catalog's `applied_through` does for positions.
 */
export function crossingsInOrder<S, A>(
  last: Versioned<S> | undefined,
  batch: readonly Versioned<S>[],
  crossing: (previous: S | undefined, next: S) => A | undefined,
): Crossings<S, A> {
  const fresh = batch.filter((state) => last === undefined || state.version > last.version);
  // A version given twice counts once, as first given (the stable sort keeps that order): the
  // caller may attach facts of its own to a redelivery (the item's threshold by then), and a
  // second look at one transaction must not read as a crossing.
  const ordered = [...fresh].sort((a, b) => a.version - b.version);
  const alerts: Crossings<S, A>['alerts'] = [];
  let current = last;
  for (const state of ordered) {
    if (current !== undefined && state.version === current.version) continue;
    const alert = crossing(current, state);
    if (alert !== undefined) alerts.push({ alert, state });
    current = state;
  }
  return { alerts, last: current };
}
