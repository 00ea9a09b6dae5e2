import { type Caller, canAccessLocation, LocationEvents, type Positioned } from '@inv/shared/core';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { DuplicateName, locationChanged, lockLocation, nextLocationVersion, toLocation, updateLocation as updateLocationRow } from '../data/location-repository';
import { changesOf, changesReplenishment, type Location, nameTaken, type UpdateLocationInput, writeDenied } from '../domain/location';
import { checkReplenishment } from './check-replenishment';
import { readableLocation } from './find-locations';

/**
 * Applies the given fields and records location.updated, or returns the location unchanged (no
 * event) when nothing differs. Answers the location with the owner position its event took
 * (docs/consistency.md): the gateway passes it with every later call of the workspace, and the
 * stock service decides only from a copy of the location that has applied it, so from the moment
 * the answer leaves no stock movement is decided from the location as it was. Nothing here waits
 * for the stock service.
 *
 * Throws NotFound for a location the member cannot read, Forbidden when it may only read it,
 * Conflict for a name taken in the workspace or for deactivating a location other live
 * locations are refilled from, Unprocessable for a replenishFrom the location may not be refilled
 * from (see replenishFromRefusal).
 */
export async function updateLocation(
  runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>,
  context: Pick<Caller, 'workspace' | 'locationAccess' | 'requestId'>,
  id: string,
  input: UpdateLocationInput,
): Promise<Positioned<Location>> {
  const workspaceId = context.workspace.id;
  return transact(runtime, async (tx) => {
    const row = await readableLocation(context, id, (ws, locationId) => lockLocation(tx, ws, locationId));
    if (!canAccessLocation(context.locationAccess, row.id, 'write')) throw writeDenied();
    const changes = changesOf(toLocation(row), input);
    if (Object.keys(changes).length === 0) return { result: toLocation(row), position: undefined };
    // After the location's lock (the order every write of a location takes): the rules are decided for a change that may commit.
    if (changesReplenishment(changes)) await checkReplenishment(tx, context, row, changes);
    const version = await nextLocationVersion(tx);
    const updated = await updateLocationRow(tx, workspaceId, row.id, changes, version).catch((err) => {
      throw err instanceof DuplicateName ? nameTaken(changes.name ?? row.name) : err;
    });
    if (!updated) throw new Error(`location ${row.id} vanished while locked`);
    const { position } = await recordOwnerEvents(tx, LocationEvents.updated, workspaceId, [locationChanged(updated)], context.requestId);
    return { result: toLocation(updated), position };
  });
}
