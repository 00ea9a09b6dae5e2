import { type Caller, NotFound, parseEntityId } from '@inv/shared/core';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { deleteParLevel } from '../data/par-level-repository';
import { parLevelRefusal } from '../domain/par-levels';

/**
 * Removes the par level of an item at a location. Needs write access to the location (403);
 * throws NotFound when there is none (or the ids cannot be ids). Needs no copy: it decides from
 * the par level alone.
 */
export async function removeParLevel(runtime: Pick<ServiceRuntime, 'pool'>, caller: Caller, path: { itemId: string; locationId: string }): Promise<void> {
  const itemId = parseEntityId(path.itemId);
  const locationId = parseEntityId(path.locationId);
  if (!itemId || !locationId) throw new NotFound('Par level');
  const key = { itemId, locationId };
  const refusal = parLevelRefusal({ access: caller.locationAccess, ...key });
  if (refusal) throw refusal;
  if (!(await deleteParLevel(runtime.pool, caller.workspace.id, key))) throw new NotFound('Par level');
}
