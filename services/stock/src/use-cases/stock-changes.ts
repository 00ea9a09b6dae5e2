import { newId, Unprocessable, type StockChanged } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';
import { balanceKey, insertMovements, lockBalances, updateBalances, type LockedBalance, type NewMovement } from '../data/ledger-repository';
import { applyDelta } from '../domain/balance-rules';
import { fromUnits, type Units } from '../domain/quantity';
import type { Movement, MovementReason, MovementType } from '../domain/stock-records';

/** What a use case that may move stock answers: its result, and the stock position its transaction took (undefined: it moved none). */
export interface StockWrite<T> {
  result: T;
  position: number | undefined;
}

export interface MovementDraft {
  itemId: string;
  locationId: string;
  type: MovementType;
  /** Signed: positive adds stock. */
  quantity: Units;
  transferId: string | null;
  operationId: string | null;
  reason: MovementReason | null;
  reference: string;
  note: string;
}

/** A change of what pending transfers hold at a balance: positive reserves, negative releases. */
export interface ReservationDraft {
  itemId: string;
  locationId: string;
  quantity: Units;
}

/** How errors name items and locations, e.g. 'SKU-1 (id)'. */
export interface Labels {
  item(id: string): string;
  location(id: string): string;
}

export class InsufficientStock extends Unprocessable {
  constructor(item: string, location: string, available: Units, requested: Units, reserved: Units) {
    const held = reserved > 0n ? ` (${fromUnits(reserved)} more on hand reserved for pending transfers)` : '';
    super(`Insufficient stock of item ${item} at location ${location}: ${fromUnits(available)} available${held}, ${fromUnits(requested)} requested.`);
  }
}

/** A movement as planned under the balance locks: its new balance and that balance's next version. */
export interface PlannedMovement {
  draft: MovementDraft;
  balanceAfter: Units;
  version: number;
}

/**
 * Works out, on balances locked by the caller, what reservations and then movements do to them:
 * refuses the whole batch when a change would need more than is available (on-hand minus
 * reserved), else answers each movement's balanceAfter and version and the balances' new state.
 * Reservations alone change no version: on-hand did not change.
 * Throws InsufficientStock (422), naming the item, the location and the quantity available.
 */
export function planStockChanges(
  locked: Map<string, LockedBalance>,
  changes: { movements: MovementDraft[]; reservations?: ReservationDraft[] },
  labels: Labels,
): { movements: PlannedMovement[]; balances: LockedBalance[] } {
  const running = new Map<string, LockedBalance>([...locked].map(([k, b]) => [k, { ...b }]));
  const apply = (key: { itemId: string; locationId: string }, delta: { onHand: Units; reserved: Units }) => {
    const balance = running.get(balanceKey(key))!;
    const outcome = applyDelta(balance, delta);
    if (!outcome.ok) throw new InsufficientStock(labels.item(key.itemId), labels.location(key.locationId), outcome.available, outcome.requested, balance.reserved);
    Object.assign(balance, outcome.next);
    return balance;
  };
  for (const r of changes.reservations ?? []) apply(r, { onHand: 0n, reserved: r.quantity });
  const movements = changes.movements.map((draft) => {
    const balance = apply(draft, { onHand: draft.quantity, reserved: 0n });
    balance.version += 1;
    return { draft, balanceAfter: balance.onHand, version: balance.version };
  });
  return { movements, balances: [...running.values()] };
}

/** The change of each planned movement, in order: what the transaction's stock.changed message carries. */
export function stockChangedEvents(planned: PlannedMovement[]): StockChanged[] {
  return planned.map(({ draft: d, balanceAfter, version }) => ({
    itemId: d.itemId,
    locationId: d.locationId,
    onHand: fromUnits(balanceAfter),
    delta: fromUnits(d.quantity),
    movementType: d.type,
    version,
  }));
}

/** The ledger rows of planned movements, as insertMovements takes them. */
export function newMovements(planned: PlannedMovement[], userId: string, now: Date): NewMovement[] {
  return planned.map(({ draft, balanceAfter }) => ({ id: newId(), ...draft, balanceAfter, userId, createdAt: now }));
}

/**
 * Applies reservations, then movements, to their balances in the caller's transaction: locks
 * every balance involved once, in the fixed order, plans the changes (planStockChanges: refused
 * whole when any needs more than is available), then writes the movements with their
 * balanceAfter and the balances. Answers the movements and the changes of on-hand, which the
 * caller records last before COMMIT (recordStockChanges), so that the workspace's stock position
 * is locked for as short a time as possible. Throws InsufficientStock (422), naming the item, the
 * location and the quantity available.
 */
export async function applyStockChanges(
  tx: PoolClient,
  actor: { workspaceId: string; userId: string },
  changes: { movements: MovementDraft[]; reservations?: ReservationDraft[] },
  labels: Labels,
  now: Date,
): Promise<{ movements: Movement[]; changed: StockChanged[] }> {
  const locked = await lockBalances(tx, actor.workspaceId, [...(changes.reservations ?? []), ...changes.movements], now);
  const planned = planStockChanges(locked, changes, labels);
  // One statement each for the movements and the balances, whatever the batch size.
  const movements = await insertMovements(tx, actor.workspaceId, newMovements(planned.movements, actor.userId, now));
  await updateBalances(tx, actor.workspaceId, planned.balances, now);
  return { movements, changed: stockChangedEvents(planned.movements) };
}
