import { type Caller, AppError, canAccessLocation, Conflict, LocationEvents, newId, NotFound, type Positioned, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { releasePlanQuota, withTransaction } from '@inv/shared/db';
import { CommandUnanswered, recordOwnerEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { endDeletion, forgetDeletion, joinDeletion, lockDeletion } from '../data/deletion-repository';
import { findLocation, locationDeleted, lockLocation, lockWorkspaceReplenishment, type LocationRow, replenishedFrom, softDeleteLocation } from '../data/location-repository';
import { REFERRERS_NAMED, sourceRefusal, writeDenied } from '../domain/location';
import { readableLocation } from './find-locations';
import { rollBackDeletion } from './roll-back-deletion';

type Runtime = Pick<ServiceRuntime, 'pool' | 'outbox' | 'client' | 'logger'>;

/**
 * Deletes a location: soft-deletes it and records location.deleted. Throws NotFound for a
 * location the member cannot read, Forbidden when it may only read it, Conflict for the
 * workspace default location, one that holds on-hand stock, one other live locations are
 * refilled from (replenishFrom), or one whose interrupted deletion is still being rolled back.
 *
 * Race-free against stock arriving at the same moment: the stock service first closes the
 * location to new stock, refusing while it holds any; only then is the deletion committed here.
 * Before asking, a deletion record is written, so a close that is never followed by the deletion
 * (a failure here, no answer from stock, this process dying) is always undone: at once when this
 * request can, else by the sweeper (sweepInterruptedDeletions).
 */
export async function deleteLocation(runtime: Runtime, context: Pick<Caller, 'workspace' | 'locationAccess' | 'requestId'>, id: string): Promise<Positioned<{ id: string }>> {
  const row = await readableLocation(context, id, (ws, locationId) => findLocation(runtime.pool, ws, locationId));
  if (!canAccessLocation(context.locationAccess, row.id, 'write')) throw writeDenied();
  if (row.is_default) throw new Conflict(`Location "${row.name}" is the workspace's default location and cannot be deleted.`);
  // Early, so the common refusal does not close the location in the stock service first;
  // completeDeletion decides again under the lock, for a location named since.
  const named = sourceRefusal(row, await replenishedFrom(runtime.pool, row.workspace_id, row.id, REFERRERS_NAMED));
  if (named) throw named;

  const attemptId = newId();
  await startDeletion(runtime, row, attemptId);
  try {
    await runtime.client.request(STOCK_SERVICE, StockCommands.closeLocation, { locationId: row.id }, { workspaceId: row.workspace_id, requestId: context.requestId });
  } catch (err) {
    if (err instanceof AppError && err.status < 500 && !(err instanceof CommandUnanswered)) {
      // Refused, so not closed: a closed location holds no stock and can receive none.
      await forgetDeletion(runtime.pool, row.workspace_id, row.id, attemptId).catch((e: Error) =>
        runtime.logger.warn({ err: e.message, locationId: row.id }, 'the record of a refused location deletion stays until the sweeper removes it'),
      );
      if (err.code === 'conflict') throw new Conflict(`Location "${row.name}" cannot be deleted: ${err.message}`);
      throw err;
    }
    // No answer (timeout, stock failure): the close may have happened, or may still happen; the
    // rollback reopens it either way, so the location is certainly not deleted.
    await rollBackDeletion(runtime, row, { closeMayFollow: true });
    throw err instanceof CommandUnanswered ? err.undone : err;
  }

  const outcome = await completeDeletion(runtime, row, context.requestId).catch(async (err: unknown) => {
    await rollBackDeletion(runtime, row, { closeMayFollow: false });
    throw err;
  });
  if (typeof outcome === 'number') return { result: { id: row.id }, position: outcome };
  if (outcome === 'gone') throw new NotFound('Location');
  // Another attempt rolled the deletion back, possibly reopening before our close: undo ours too.
  await rollBackDeletion(runtime, row, { closeMayFollow: false });
  throw new Conflict(`The deletion of location "${row.name}" was rolled back while this request was under way; try again.`);
}

/** Writes (or joins) the deletion record. Throws NotFound when the location is gone, Conflict while a rollback is under way. */
async function startDeletion(runtime: Runtime, row: LocationRow, attemptId: string): Promise<void> {
  await withTransaction(runtime.pool, async (tx) => {
    // The location's lock orders this against a concurrent attempt completing the deletion.
    if (!(await lockLocation(tx, row.workspace_id, row.id))) throw new NotFound('Location');
    if (!(await joinDeletion(tx, row.workspace_id, row.id, attemptId))) {
      throw new Conflict(`An earlier deletion of location "${row.name}" is being rolled back; try again in a few minutes.`);
    }
  });
}

/**
 * Commits the deletion, provided the record still says 'closing' (nobody rolled it back), and
 * answers the owner position its location.deleted took. 'gone': another attempt completed it
 * first; 'rolled-back': the location stays. Throws Conflict when a live location has come to name
 * it as replenishFrom (the caller rolls back).
 */
async function completeDeletion(runtime: Runtime, row: LocationRow, requestId: string): Promise<number | 'gone' | 'rolled-back'> {
  return transact(runtime, async (tx) => {
    // The location's lock first, then the record's: the order startDeletion takes them in.
    const live = await lockLocation(tx, row.workspace_id, row.id);
    if (!live) return 'gone';
    if ((await lockDeletion(tx, row.workspace_id, row.id))?.state !== 'closing') return 'rolled-back';
    // Under the replenishment lock, no location can come to name this one between the check and the commit.
    await lockWorkspaceReplenishment(tx, row.workspace_id);
    const named = sourceRefusal(live, await replenishedFrom(tx, row.workspace_id, row.id, REFERRERS_NAMED));
    if (named) throw named;
    await softDeleteLocation(tx, row.workspace_id, row.id);
    await releasePlanQuota(tx, row.workspace_id, 'locations');
    await endDeletion(tx, row.workspace_id, row.id);
    // From the locked row, not `row`: GET's last answer includes any change committed since `row` was read.
    const { position } = await recordOwnerEvents(tx, LocationEvents.deleted, row.workspace_id, [locationDeleted(live)], requestId);
    return position!;
  });
}
