import { Conflict, type EntityId } from '@inv/shared/core';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { lockLocationExclusively, onHandAt } from '../data/ledger';
import { reservingJobIdsAt } from '../data/job-repository';
import { ensureLocationRow, setLocationClosed } from '../data/projection-repository';
import { pendingTransferIdsAt } from '../data/transfer-repository';
import { fromUnits } from '../domain/quantity';
import { pendingTransfersRefusal } from '../domain/transfer-lifecycle';

/**
 * Closes a location to new stock before the locations service deletes it. Takes the location's
 * exclusive lock (lockLocationExclusively): every change of stock there holds its shared lock until it
 * commits, so either it committed first and its stock or pending transfer is counted here
 * (Conflict), or it waits and then finds the location closed. Throws Conflict while the location
 * holds stock, has pending transfers in or out, or holds reservations of open jobs.
 */
export async function closeLocation(runtime: ServiceRuntime, workspaceId: string, id: EntityId): Promise<{ closed: true }> {
  return transact(runtime, async (tx) => {
    await lockLocationExclusively(tx, id);
    await ensureLocationRow(tx, workspaceId, id);
    const pending = pendingTransfersRefusal(await pendingTransferIdsAt(tx, workspaceId, id));
    if (pending) throw new Conflict(pending);
    const jobs = await reservingJobIdsAt(tx, workspaceId, id);
    if (jobs.length > 0) {
      const more = jobs.length > 10 ? ` and ${jobs.length - 10} more` : '';
      throw new Conflict(`The location holds stock reserved for open jobs: ${jobs.slice(0, 10).join(', ')}${more}; complete, cancel or release them first.`);
    }
    const onHand = await onHandAt(tx, workspaceId, id);
    if (onHand > 0n) throw new Conflict(`The location still holds ${fromUnits(onHand)} on hand; move or adjust that stock out first.`);
    await setLocationClosed(tx, workspaceId, id, true);
    return { closed: true as const };
  });
}
