import { type Caller, canAccessLocation } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';
import { findLocation, lockWorkspaceReplenishment, replenishedFrom, replenishmentChain } from '../data/location-repository';
import { type LocationChanges, type NamedLocation, REFERRERS_NAMED, replenishFromRefusal, sourceRefusal } from '../domain/location';

/**
 * Takes the workspace's replenishment lock, then decides from what committed before it: the new
 * source exists, is active, readable and closes no cycle; a deactivated location is nobody's
 * source. For a location being created (not yet written) as for one being changed: a new one is
 * in no chain, so the walk finds no cycle. Throws the refusal (Unprocessable or Conflict).
 */
export async function checkReplenishment(
  tx: PoolClient,
  context: Pick<Caller, 'workspace' | 'locationAccess'>,
  location: NamedLocation,
  changes: Pick<LocationChanges, 'replenishFrom' | 'active'>,
): Promise<void> {
  const workspaceId = context.workspace.id;
  await lockWorkspaceReplenishment(tx, workspaceId);
  const sourceId = changes.replenishFrom;
  if (sourceId) {
    const source = await findLocation(tx, workspaceId, sourceId);
    const chain = source && source.id !== location.id ? await replenishmentChain(tx, workspaceId, source.id, location.id) : [];
    const refused = replenishFromRefusal({
      location,
      sourceId,
      source: source && { id: source.id, name: source.name, active: source.active, readable: canAccessLocation(context.locationAccess, source.id, 'read') },
      chain,
    });
    if (refused) throw refused;
  }
  if (changes.active === false) {
    const refused = sourceRefusal(location, await replenishedFrom(tx, workspaceId, location.id, REFERRERS_NAMED));
    if (refused) throw refused;
  }
}
