import { type Caller, Forbidden, LocationEvents, newId, planQuota, type Positioned } from '@inv/shared/core';
import { claimPlanQuota, type EffectGuard } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { DuplicateName, insertLocation, locationChanged, LOCATIONS_IN_USE, toLocation } from '../data/location-repository';
import { type CreateLocationInput, type Location, mayCreateLocation, nameTaken } from '../domain/location';
import { checkReplenishment } from './check-replenishment';

/**
 * Creates a location and records location.created (with its replenishFrom, which the stock
 * service's copy takes). Throws Forbidden for a restricted member that is not an owner,
 * LimitExceeded at the plan's location limit, Conflict for a taken name, Unprocessable for a
 * replenishFrom it may not be refilled from (the rules of PATCH, see checkReplenishment).
 * Answers it with the owner position its event took. The limit holds under concurrency: the
 * shared plan quota is claimed in the transaction, before the owner position (last: its row is
 * the workspace's counter); so does the source, decided under the workspace's replenishment lock,
 * which is taken before the insert as an update takes it before its write.
 */
export async function createLocation(
  runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>,
  context: Pick<Caller, 'workspace' | 'role' | 'locationAccess' | 'requestId'>,
  input: CreateLocationInput,
  guard: EffectGuard<Location>,
): Promise<Positioned<Location>> {
  if (!mayCreateLocation(context)) throw new Forbidden('Your location access is restricted: only workspace owners may create locations.');
  const { id: workspaceId, defaultLocationType } = context.workspace;
  const location = { ...input, type: input.type ?? defaultLocationType };
  return transact(runtime, async (tx) => {
    await guard.begin(tx);
    const id = newId();
    if (location.replenishFrom !== null) await checkReplenishment(tx, context, { id, name: location.name }, { replenishFrom: location.replenishFrom });
    const row = await insertLocation(tx, workspaceId, id, location).catch((err) => {
      throw err instanceof DuplicateName ? nameTaken(location.name) : err;
    });
    await claimPlanQuota(tx, workspaceId, planQuota(context.workspace, 'locations'), LOCATIONS_IN_USE);
    const created = toLocation(row);
    await guard.finish(tx, created);
    const { position } = await recordOwnerEvents(tx, LocationEvents.created, workspaceId, [locationChanged(row)], context.requestId);
    return { result: created, position };
  });
}
