import { canAccessLocation, type InternalContext, LocationEvents, recordEvent, transact, type ServiceRuntime } from '@inv/shared';
import { DuplicateName, lockLocation, toLocation, toSnapshot, updateLocation as updateLocationRow } from '../data/location-repository';
import { changesOf, type Location, nameTaken, type UpdateLocationInput, writeDenied } from '../domain/location';
import { readableLocation } from './find-locations';

/**
 * Applies the given fields and records location.updated, or returns the location unchanged (no
 * event) when nothing differs. Throws NotFound for a location the member cannot read,
 * Forbidden when it may only read it, Conflict for a name taken in the workspace.
 */
export async function updateLocation(
  runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>,
  context: Pick<InternalContext, 'workspace' | 'locationAccess' | 'requestId'>,
  id: string,
  input: UpdateLocationInput,
): Promise<Location> {
  const workspaceId = context.workspace.id;
  return transact(runtime, async (tx) => {
    const row = await readableLocation(context, id, (ws, locationId) => lockLocation(tx, ws, locationId));
    if (!canAccessLocation(context.locationAccess, row.id, 'write')) throw writeDenied();
    const changes = changesOf(toLocation(row), input);
    if (Object.keys(changes).length === 0) return toLocation(row);
    const updated = await updateLocationRow(tx, workspaceId, row.id, changes).catch((err) => {
      throw err instanceof DuplicateName ? nameTaken(changes.name ?? row.name) : err;
    });
    if (!updated) throw new Error(`location ${row.id} vanished while locked`);
    await recordEvent(tx, LocationEvents.updated, workspaceId, toSnapshot(updated), context.requestId);
    return toLocation(updated);
  });
}
