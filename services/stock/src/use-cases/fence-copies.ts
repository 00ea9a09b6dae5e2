import { Conflict, FenceItem, FenceLocation, type z } from '@inv/shared/core';
import { currentActor } from '@inv/shared/messaging';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { lockExclusively } from '../data/ledger';
import { ensureLocationRow, fenceItemCopy, fenceLocationCopy } from '../data/projection-repository';
import { toUnits } from '../domain/quantity';

type Runtime = Pick<ServiceRuntime, 'pool' | 'outbox'>;

/**
 * The catalog is about to commit a change of what the stock service keeps of an item (version
 * `version`): from now on the copy is trusted only once it holds that version (see
 * withTrustedCopies). Takes the item's exclusive lock first, so it waits for the movements in
 * flight on the item (none of them was decided from the item as it was and commits after the
 * change). Throws Conflict, fencing nothing, when the item is to become catalog-only while stock
 * of it is on hand anywhere (reserved stock is on hand too, so pending transfers of it count).
 * Records who makes the change (the catalog's caller), for the item health alert a threshold
 * change may send when the copy learns it (use-cases/item-health-changes.ts).
 */
export async function fenceItem(runtime: Runtime, workspaceId: string, fence: z.output<typeof FenceItem>): Promise<{ fenced: true }> {
  return fenceItems(runtime, workspaceId, [fence]);
}

/**
 * fenceItem for several items in one transaction, their exclusive locks taken in id order (as
 * movements take their shared ones, so no two wait on each other in a circle). All or nothing:
 * Conflict, fencing none, when one of them is to become catalog-only while stock of it is on hand.
 */
export async function fenceItems(runtime: Runtime, workspaceId: string, fences: readonly z.output<typeof FenceItem>[]): Promise<{ fenced: true }> {
  const ordered = [...fences].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  return transact(runtime, async (tx) => {
    for (const fence of ordered) {
      await lockExclusively(tx, 'item', fence.itemId);
      const { onHand } = await fenceItemCopy(tx, workspaceId, fence.itemId, fence.version, fence.requireNoStock, currentActor(), fence.parts);
      if (onHand !== undefined && toUnits(onHand) !== 0n) {
        throw new Conflict(
          `${ordered.length > 1 ? `Item ${fence.itemId}` : 'The item'} has stock on hand, possibly reserved by pending transfers; complete, reject or cancel those and move or adjust the rest to 0 before making the item catalog-only (trackStock false).`,
        );
      }
    }
    return { fenced: true as const };
  });
}

/** fenceItem for a location whose name, type or active flag is about to change: waits for the changes of stock in flight there, then fences the copy. */
export async function fenceLocation(runtime: Runtime, workspaceId: string, fence: z.output<typeof FenceLocation>): Promise<{ fenced: true }> {
  const { locationId } = fence;
  await transact(runtime, async (tx) => {
    await lockExclusively(tx, 'location', locationId);
    await ensureLocationRow(tx, workspaceId, locationId);
    await fenceLocationCopy(tx, workspaceId, locationId, fence.version);
  });
  return { fenced: true };
}
