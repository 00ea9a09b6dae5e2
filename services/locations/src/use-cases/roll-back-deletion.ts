import { newId, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { withTransaction } from '@inv/shared/db';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { claimIdleDeletions, type DeletionRow, forgetDeletion, markReverting } from '../data/deletion-repository';
import { findLocation } from '../data/location-repository';

type Deps = Pick<ServiceRuntime, 'pool' | 'client' | 'logger'>;

/**
 * Undoes the stock service's close of a location whose deletion did not go through, unless the
 * location was deleted after all (another attempt completed it: closed is then right). Marks the
 * deletion 'reverting' first, so no attempt can complete it from then on, then reopens.
 *
 * `closeMayFollow`: the close got no answer, so it may still be applied after this reopen. The
 * record then stays, and the sweeper reopens once more after the grace period, by when any late
 * close is long done. Never throws: the caller reports its own failure; whatever is left here
 * is left to the sweeper.
 */
export async function rollBackDeletion(deps: Deps, location: { id: string; workspace_id: string }, options: { closeMayFollow: boolean }): Promise<void> {
  const attemptId = newId();
  try {
    const live = await withTransaction(deps.pool, async (tx) => {
      await markReverting(tx, location.workspace_id, location.id, attemptId);
      if (await findLocation(tx, location.workspace_id, location.id)) return true;
      await forgetDeletion(tx, location.workspace_id, location.id, attemptId);
      return false;
    });
    if (live) await reopen(deps, { location_id: location.id, workspace_id: location.workspace_id, attempt_id: attemptId }, !options.closeMayFollow);
  } catch (err) {
    deps.logger.error({ err, locationId: location.id }, 'rolling back a failed location deletion did not succeed; the location stays closed to new stock until the sweeper reopens it');
  }
}

/**
 * The sweeper: rolls back deletions idle for longer than `graceMs` (their request failed to roll
 * them back, or its process died), at most `limit` per run. Answers how many locations were
 * reopened and how many reopens failed (those are retried after another grace period).
 */
export async function sweepInterruptedDeletions(deps: Deps, options: { graceMs: number; limit?: number }): Promise<{ reopened: number; failed: number }> {
  const claimed = await claimIdleDeletions(deps.pool, options.graceMs, options.limit ?? 100);
  let reopened = 0;
  for (const deletion of claimed) {
    try {
      await reopen(deps, deletion, true);
      reopened += 1;
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, locationId: deletion.location_id }, 'reopening a location after an interrupted deletion failed; the next sweep retries');
    }
  }
  return { reopened, failed: claimed.length - reopened };
}

/** Reopens the location in the stock service (idempotent), then ends the record if asked and still ours. */
async function reopen(deps: Deps, deletion: Pick<DeletionRow, 'location_id' | 'workspace_id' | 'attempt_id'>, endRecord: boolean): Promise<void> {
  await deps.client.request(STOCK_SERVICE, StockCommands.reopenLocation, { locationId: deletion.location_id }, { workspaceId: deletion.workspace_id });
  if (endRecord) await forgetDeletion(deps.pool, deletion.workspace_id, deletion.location_id, deletion.attempt_id);
}
