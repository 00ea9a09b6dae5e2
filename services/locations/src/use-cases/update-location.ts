import { type Caller, canAccessLocation, LocationEvents, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { recordEvent } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { DuplicateName, locationChanged, lockLocation, nextLocationVersion, toLocation, updateLocation as updateLocationRow } from '../data/location-repository';
import { changesCopiedFields, changesOf, changesReplenishment, type Location, nameTaken, type UpdateLocationInput, writeDenied } from '../domain/location';
import { checkReplenishment } from './check-replenishment';
import { readableLocation } from './find-locations';

/**
 * Applies the given fields and records location.updated, or returns the location unchanged (no
 * event) when nothing differs. A change of what the stock service keeps of the location (name,
 * type, active, replenishFrom) is fenced there before this transaction commits
 * (docs/consistency.md): from the moment the answer leaves, no stock movement is decided from the
 * location as it was.
 *
 * Throws NotFound for a location the member cannot read, Forbidden when it may only read it,
 * Conflict for a name taken in the workspace or for deactivating a location other live
 * locations are refilled from, Unprocessable for a replenishFrom the location may not be refilled
 * from (see replenishFromRefusal); internal_server_error naming RabbitMQ or the stock service
 * when a fenced change cannot reach it (nothing changes then).
 */
export async function updateLocation(
  runtime: Pick<ServiceRuntime, 'pool' | 'outbox' | 'client' | 'config'>,
  context: Pick<Caller, 'workspace' | 'locationAccess' | 'requestId'>,
  id: string,
  input: UpdateLocationInput,
): Promise<Location> {
  const workspaceId = context.workspace.id;
  return transact(runtime, async (tx) => {
    const row = await readableLocation(context, id, (ws, locationId) => lockLocation(tx, ws, locationId));
    if (!canAccessLocation(context.locationAccess, row.id, 'write')) throw writeDenied();
    const changes = changesOf(toLocation(row), input);
    if (Object.keys(changes).length === 0) return toLocation(row);
    // After the location's lock (the order every write of a location takes) and before the fence:
    // the rules are decided, and the fence placed, only for a change that may commit.
    if (changesReplenishment(changes)) await checkReplenishment(tx, context, row, changes);
    const version = await nextLocationVersion(tx);
    if (changesCopiedFields(changes)) {
      await runtime.client.request(STOCK_SERVICE, StockCommands.fenceLocation, { locationId: row.id, version }, {
        workspaceId,
        requestId: context.requestId,
        timeoutMs: runtime.config.PROJECTION_CALL_TIMEOUT_MS });
    }
    const updated = await updateLocationRow(tx, workspaceId, row.id, changes, version).catch((err) => {
      throw err instanceof DuplicateName ? nameTaken(changes.name ?? row.name) : err;
    });
    if (!updated) throw new Error(`location ${row.id} vanished while locked`);
    await recordEvent(tx, LocationEvents.updated, workspaceId, locationChanged(updated), context.requestId);
    return toLocation(updated);
  });
}
