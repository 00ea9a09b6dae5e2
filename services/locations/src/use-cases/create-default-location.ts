import { LocationEvents, newId, recordEvent, transact, type ServiceRuntime } from '@inv/shared';
import { insertDefaultLocation, toLocation, toSnapshot } from '../data/location-repository';
import { DEFAULT_LOCATION_NAME, type Location } from '../domain/location';

/** Idempotent: a workspace has one default location, created on the first call. */
export async function createDefaultLocation(runtime: ServiceRuntime, workspaceId: string, requestId: string | null): Promise<Location> {
  return transact(runtime, async (tx) => {
    const { row, created } = await insertDefaultLocation(tx, workspaceId, newId(), DEFAULT_LOCATION_NAME);
    if (created) {
      await recordEvent(tx, LocationEvents.created, workspaceId, toSnapshot(row), requestId);
    }
    return toLocation(row);
  });
}
