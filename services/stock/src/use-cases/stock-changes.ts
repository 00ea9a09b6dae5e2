import { newId, recordEvents, StockEvents, Unprocessable, type PoolClient, type StockChanged } from '@inv/shared';
import { balanceKey, insertMovements, lockBalances, updateBalances, type LockedBalance } from '../data/ledger-repository';
import { applyDelta } from '../domain/balance-rules';
import { fromUnits, type Units } from '../domain/quantity';
import type { Movement, MovementReason, MovementType } from '../domain/stock-records';

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

/**
 * Applies reservations, then movements, to their balances in the caller's transaction: locks
 * every balance involved once, in the fixed order, and refuses the whole batch when a change
 * would need more than is available (on-hand minus reserved); then writes each movement with
 * its balanceAfter and one stock.changed event carrying the balance's next version.
 * Reservations alone change no version and publish nothing: on-hand did not change.
 * Throws InsufficientStock (422), naming the item, the location and the quantity available.
 */
export async function applyStockChanges(
  tx: PoolClient,
  actor: { workspaceId: string; userId: string; requestId: string | null },
  changes: { movements: MovementDraft[]; reservations?: ReservationDraft[] },
  labels: Labels,
  now: Date,
): Promise<Movement[]> {
  const reservations = changes.reservations ?? [];
  const locked = await lockBalances(tx, actor.workspaceId, [...reservations, ...changes.movements], now);
  const running = new Map<string, LockedBalance>([...locked].map(([k, b]) => [k, { ...b }]));
  const apply = (key: { itemId: string; locationId: string }, delta: { onHand: Units; reserved: Units }) => {
    const balance = running.get(balanceKey(key))!;
    const outcome = applyDelta(balance, delta);
    if (!outcome.ok) throw new InsufficientStock(labels.item(key.itemId), labels.location(key.locationId), outcome.available, outcome.requested, balance.reserved);
    Object.assign(balance, outcome.next);
    return balance;
  };
  for (const r of reservations) apply(r, { onHand: 0n, reserved: r.quantity });
  const applied = changes.movements.map((d) => {
    const balance = apply(d, { onHand: d.quantity, reserved: 0n });
    balance.version += 1;
    return { draft: d, balanceAfter: balance.onHand, version: balance.version };
  });
  // One statement each for the movements, their events and the balances, whatever the batch size.
  const movements = await insertMovements(
    tx,
    actor.workspaceId,
    applied.map(({ draft, balanceAfter }) => ({ id: newId(), ...draft, balanceAfter, userId: actor.userId, createdAt: now })),
  );
  const events: StockChanged[] = applied.map(({ draft: d, version }, i) => ({
    itemId: d.itemId,
    locationId: d.locationId,
    onHand: movements[i]!.balanceAfter,
    delta: movements[i]!.quantity,
    movementType: d.type,
    version,
  }));
  await recordEvents(tx, StockEvents.changed, actor.workspaceId, events, actor.requestId);
  await updateBalances(tx, actor.workspaceId, [...running.values()], now);
  return movements;
}
