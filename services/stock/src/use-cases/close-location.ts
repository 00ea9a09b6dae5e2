import { Conflict, isId } from '@inv/shared/core';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { onHandAt } from '../data/ledger-repository';
import { ensureLocationRow, lockLocations, setLocationClosed } from '../data/projection-repository';
import { pendingTransferIdsAt } from '../data/transfer-repository';
import { fromUnits } from '../domain/quantity';
import { pendingTransfersRefusal } from '../domain/transfer-lifecycle';

/**
 * Closes a location to new stock before the locations service deletes it. Takes the location's
 * row lock FOR UPDATE: a movement adding stock there holds it FOR SHARE until it commits, so
 * either that movement committed first and its stock is counted here (Conflict), or it waits
 * and then finds the location closed. Throws Conflict while the location holds stock or has
 * pending transfers in or out (a pending transfer takes the same row lock FOR SHARE).
 */
export async function closeLocation(runtime: ServiceRuntime, workspaceId: string, locationId: string): Promise<{ closed: true }> {
  const id = locationId.toLowerCase();
  if (!isId(id)) return { closed: true };
  return transact(runtime, async (tx) => {
    await ensureLocationRow(tx, workspaceId, id);
    const [location] = await lockLocations(tx, workspaceId, [id], 'update');
    if (!location) return { closed: true as const };
    const pending = pendingTransfersRefusal(await pendingTransferIdsAt(tx, workspaceId, id));
    if (pending) throw new Conflict(pending);
    const onHand = await onHandAt(tx, workspaceId, id);
    if (onHand > 0n) throw new Conflict(`The location still holds ${fromUnits(onHand)} on hand; move or adjust that stock out first.`);
    await setLocationClosed(tx, workspaceId, id, true);
    return { closed: true as const };
  });
}
