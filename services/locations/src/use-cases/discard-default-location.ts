import { LocationEvents } from '@inv/shared/core';
import { releasePlanQuota } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { locationDeleted, lockWorkspaceLocations, markWorkspaceAbandoned, softDeleteDefaultLocation } from '../data/location-repository';

/**
 * The gateway gave up creating the workspace: deletes its default location when it was made, and
 * fences the workspace off so createDefaultLocation refuses it from now on. Both happen under the
 * lock createDefaultLocation takes, so whichever comes second sees the first. Idempotent.
 *
 * The location cannot hold stock: until its creation completes, a workspace has no members, so
 * no caller can reach it.
 */
export async function discardDefaultLocation(runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>, workspaceId: string, requestId: string | null): Promise<{ discarded: true }> {
  return transact(runtime, async (tx) => {
    await lockWorkspaceLocations(tx, workspaceId);
    await markWorkspaceAbandoned(tx, workspaceId);
    const discarded = await softDeleteDefaultLocation(tx, workspaceId);
    if (discarded) {
      await releasePlanQuota(tx, workspaceId, 'locations');
      // The soft delete changes no field a Location shows, so the row it returns is the location as it was.
      await recordOwnerEvents(tx, LocationEvents.deleted, workspaceId, [locationDeleted(discarded)], requestId);
    }
    return { discarded: true as const };
  });
}
