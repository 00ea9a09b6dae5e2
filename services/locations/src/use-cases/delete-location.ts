import {
  AppError,
  canAccessLocation,
  Conflict,
  type InternalContext,
  LocationEvents,
  NotFound,
  recordEvent,
  STOCK_SERVICE,
  StockCommands,
  transact,
  type ServiceRuntime,
} from '@inv/shared';
import { findLocation, type LocationRow, softDeleteLocation } from '../data/location-repository';
import { writeDenied } from '../domain/location';
import { readableLocation } from './find-locations';

type Runtime = Pick<ServiceRuntime, 'pool' | 'outbox' | 'client' | 'logger'>;

/**
 * Deletes a location: soft-deletes it and records location.deleted. Throws NotFound for a
 * location the member cannot read, Forbidden when it may only read it, Conflict for the
 * workspace default location or one that holds on-hand stock.
 *
 * Race-free against stock arriving at the same moment: the stock service first closes the
 * location to new stock, refusing while it holds any; only then is the deletion committed here.
 * When the local step fails, the location is reopened so it is not left closed but undeleted.
 */
export async function deleteLocation(runtime: Runtime, context: Pick<InternalContext, 'workspace' | 'locationAccess' | 'requestId'>, id: string): Promise<{ id: string }> {
  const workspaceId = context.workspace.id;
  const row = await readableLocation(context, id, (ws, locationId) => findLocation(runtime.pool, ws, locationId));
  if (!canAccessLocation(context.locationAccess, row.id, 'write')) throw writeDenied();
  if (row.is_default) throw new Conflict(`Location "${row.name}" is the workspace's default location and cannot be deleted.`);

  const stock = (command: string) =>
    runtime.client.request(STOCK_SERVICE, command, { locationId: row.id }, { workspaceId, requestId: context.requestId });
  try {
    await stock(StockCommands.closeLocation);
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') {
      throw new Conflict(`Location "${row.name}" still holds on-hand stock and cannot be deleted. ${err.message}`);
    }
    // No answer (timeout, stock failure): the close may have happened without us hearing of it.
    if (!(err instanceof AppError) || err.status >= 500) await reopen(runtime, row, stock);
    throw err;
  }

  try {
    return await transact(runtime, async (tx) => {
      if (!(await softDeleteLocation(tx, workspaceId, row.id))) throw new NotFound('Location');
      await recordEvent(tx, LocationEvents.deleted, workspaceId, { id: row.id }, context.requestId);
      return { id: row.id };
    });
  } catch (err) {
    await reopen(runtime, row, stock);
    throw err;
  }
}

/**
 * Reopens the location in the stock service unless it is known to be deleted (a concurrent
 * delete of the same location won). Never throws: the caller reports the original failure.
 */
async function reopen(runtime: Runtime, row: LocationRow, stock: (command: string) => Promise<unknown>): Promise<void> {
  try {
    const live = await findLocation(runtime.pool, row.workspace_id, row.id).catch(() => row);
    if (live) await stock(StockCommands.reopenLocation);
  } catch (err) {
    runtime.logger.error({ err, locationId: row.id }, 'location stays closed to new stock: reopening it after a failed delete did not succeed');
  }
}
