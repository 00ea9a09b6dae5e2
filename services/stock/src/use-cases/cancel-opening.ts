import { Conflict, type StockChanged } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { deleteOperationStock, lockBalances, movementsOfOperation, otherMovementsExist, balanceKey } from '../data/ledger-repository';
import { lockOpeningForCancel, markOpeningCancelled } from '../data/opening-repository';
import { deleteUnconfirmedItems } from '../data/projection-repository';
import { recordStockChanges } from '../data/stock-positions';
import { fromUnits } from '../domain/quantity';

/**
 * Undoes an opening whose caller (the catalog) could not commit the items: the items never
 * existed, so their opening movements and balances are removed rather than compensated, and a
 * stock.changed (taking the workspace's next stock position) tells projections. Idempotent; an opening that has not arrived
 * yet is blocked from applying later. Throws Conflict when that stock has moved since.
 */
export async function cancelOpening(runtime: ServiceRuntime, workspaceId: string, requestId: string | null, operationId: string): Promise<{ cancelled: true }> {
  return transact(runtime, (tx) => cancelOpeningIn(tx, workspaceId, requestId, operationId));
}

/** cancelOpening inside the caller's transaction (an event consumer's, which records the message id in it). */
export async function cancelOpeningIn(tx: PoolClient, workspaceId: string, requestId: string | null, operationId: string): Promise<{ cancelled: true }> {
  const opening = await lockOpeningForCancel(tx, workspaceId, operationId);
  if (!opening || opening.cancelled_at) return { cancelled: true as const };
  const movements = await movementsOfOperation(tx, operationId);
  if (await otherMovementsExist(tx, workspaceId, operationId, movements)) {
    throw new Conflict(`The stock of opening ${operationId} has moved since; it can no longer be cancelled.`);
  }
  const balances = await lockBalances(tx, workspaceId, movements, new Date());
  const changed: StockChanged[] = [...balances.values()].map((balance) => {
    const removed = movements.filter((m) => balanceKey(m) === balanceKey(balance)).reduce((sum, m) => sum + m.quantity, 0n);
    return {
      itemId: balance.itemId,
      locationId: balance.locationId,
      onHand: fromUnits(balance.onHand - removed),
      delta: -fromUnits(removed),
      movementType: 'opening',
      version: balance.version + 1,
    };
  });
  await deleteOperationStock(tx, workspaceId, operationId, movements);
  await deleteUnconfirmedItems(tx, workspaceId, [...new Set(movements.map((m) => m.itemId))]);
  await markOpeningCancelled(tx, operationId);
  await recordStockChanges(tx, workspaceId, changed, requestId);
  return { cancelled: true as const };
}
