import { Conflict, type EntityId } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { deleteOpeningStock, lockLedger, openingMovements, recordStockChanges } from '../data/ledger';
import { lockOpeningForCancel, markOpeningCancelled } from '../data/opening-repository';
import { deleteUnconfirmedItems } from '../data/projection-repository';
import { removedOpening } from '../domain/ledger-plan';

/**
 * Undoes an opening whose caller (the catalog) could not commit the items: the items never
 * existed, so their opening movements and balances are removed rather than compensated, with
 * their copies and totals (no item health alert: the catalog never announced the items), and a
 * stock.changed (taking the workspace's next stock position) tells projections. Idempotent; an
 * opening that has not arrived yet is blocked from applying later. Throws Conflict when that
 * stock has moved since.
 */
export async function cancelOpening(runtime: ServiceRuntime, workspaceId: string, requestId: string | null, operationId: EntityId): Promise<{ cancelled: true }> {
  return transact(runtime, (tx) => cancelOpeningIn(tx, workspaceId, requestId, operationId));
}

/** cancelOpening inside the caller's transaction (an event consumer's, which records the message id in it). */
export async function cancelOpeningIn(tx: PoolClient, workspaceId: string, requestId: string | null, operationId: EntityId): Promise<{ cancelled: true }> {
  const opening = await lockOpeningForCancel(tx, workspaceId, operationId);
  if (!opening || opening.cancelled_at) return { cancelled: true as const };
  const { movements, movedSince } = await openingMovements(tx, workspaceId, operationId);
  if (movedSince) throw new Conflict(`The stock of opening ${operationId} has moved since; it can no longer be cancelled.`);
  const [, read] = lockLedger(tx, workspaceId, { locationIds: [], itemIds: [], itemsAddedTo: [], totals: [], balances: movements }, new Date());
  const { balances } = await read;
  await deleteOpeningStock(tx, workspaceId, operationId, movements);
  await deleteUnconfirmedItems(tx, workspaceId, [...new Set(movements.map((m) => m.itemId))]);
  await markOpeningCancelled(tx, workspaceId, operationId);
  await recordStockChanges(tx, workspaceId, removedOpening(balances, movements), requestId);
  return { cancelled: true as const };
}
