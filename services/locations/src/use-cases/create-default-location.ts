import { Conflict, LocationEvents, newId } from '@inv/shared/core';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { insertDefaultLocation, isWorkspaceAbandoned, locationChanged, lockWorkspaceLocations, toLocation } from '../data/location-repository';
import { DEFAULT_LOCATION_NAME, type Location } from '../domain/location';

/**
 * Idempotent: a workspace has one default location, created on the first call. Throws Conflict
 * for a workspace the gateway abandoned while creating it (see discardDefaultLocation), so a
 * retried or late request cannot bring back the location that was discarded.
 */
export async function createDefaultLocation(runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>, workspaceId: string, requestId: string | null): Promise<Location> {
  return transact(runtime, async (tx) => {
    await lockWorkspaceLocations(tx, workspaceId);
    if (await isWorkspaceAbandoned(tx, workspaceId)) {
      throw new Conflict(`Workspace ${workspaceId} was abandoned while it was being created; it gets no default location.`);
    }
    const { row, created } = await insertDefaultLocation(tx, workspaceId, newId(), DEFAULT_LOCATION_NAME);
    if (created) {
      await recordOwnerEvents(tx, LocationEvents.created, workspaceId, [locationChanged(row)], requestId);
    }
    return toLocation(row);
  });
}
