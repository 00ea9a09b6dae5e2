import { newId, recordEvent, StockEvents, Unprocessable, type PoolClient, type StockChanged } from '@inv/shared';
import { balanceKey, insertMovement, lockBalances, updateBalance, type LockedBalance } from '../data/ledger-repository';
import { fromUnits, type Units } from '../domain/quantity';
import type { Movement, MovementType } from '../domain/stock-records';

export interface MovementDraft {
  itemId: string;
  locationId: string;
  type: MovementType;
  /** Signed: positive adds stock. */
  quantity: Units;
  transferId: string | null;
  operationId: string | null;
  note: string;
}

/** How errors name items and locations, e.g. 'SKU-1 (id)'. */
export interface Labels {
  item(id: string): string;
  location(id: string): string;
}

export class InsufficientStock extends Unprocessable {
  constructor(item: string, location: string, available: Units, requested: Units) {
    super(`Insufficient stock of item ${item} at location ${location}: ${fromUnits(available)} available, ${fromUnits(requested)} requested.`);
  }
}

/**
 * Applies movements to their balances in the caller's transaction: locks the balances in the
 * fixed order, refuses the whole batch when one would go below zero, then writes each movement
 * with its balanceAfter and one stock.changed event carrying the balance's next version.
 * Throws InsufficientStock (422), naming the item, the location and the quantity available.
 */
export async function postMovements(
  tx: PoolClient,
  actor: { workspaceId: string; userId: string; requestId: string | null },
  drafts: MovementDraft[],
  labels: Labels,
  now: Date,
): Promise<Movement[]> {
  const locked = await lockBalances(tx, actor.workspaceId, drafts, now);
  const current = new Map<string, LockedBalance>([...locked].map(([k, b]) => [k, { ...b }]));
  for (const d of drafts) {
    const balance = current.get(balanceKey(d))!;
    const next = balance.onHand + d.quantity;
    if (next < 0n) throw new InsufficientStock(labels.item(d.itemId), labels.location(d.locationId), balance.onHand, -d.quantity);
    balance.onHand = next;
  }
  const movements: Movement[] = [];
  const running = new Map<string, LockedBalance>([...locked].map(([k, b]) => [k, { ...b }]));
  for (const d of drafts) {
    const balance = running.get(balanceKey(d))!;
    balance.onHand += d.quantity;
    balance.version += 1;
    const movement = await insertMovement(tx, actor.workspaceId, {
      id: newId(),
      itemId: d.itemId,
      locationId: d.locationId,
      type: d.type,
      quantity: d.quantity,
      balanceAfter: balance.onHand,
      userId: actor.userId,
      transferId: d.transferId,
      operationId: d.operationId,
      note: d.note,
      createdAt: now,
    });
    movements.push(movement);
    const changed: StockChanged = {
      itemId: d.itemId,
      locationId: d.locationId,
      onHand: movement.balanceAfter,
      delta: movement.quantity,
      movementType: d.type,
      version: balance.version,
    };
    await recordEvent(tx, StockEvents.changed, actor.workspaceId, changed, actor.requestId);
  }
  for (const balance of running.values()) await updateBalance(tx, actor.workspaceId, balance, now);
  return movements;
}
