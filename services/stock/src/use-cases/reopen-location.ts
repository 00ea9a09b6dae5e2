import { isId } from '@inv/shared/core';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { lockLocations, setLocationClosed } from '../data/projection-repository';

/** Reopens a location whose deletion did not go through. Idempotent. */
export async function reopenLocation(runtime: ServiceRuntime, workspaceId: string, locationId: string): Promise<{ closed: false }> {
  const id = locationId.toLowerCase();
  if (isId(id)) {
    await transact(runtime, async (tx) => {
      await lockLocations(tx, workspaceId, [id], 'update');
      await setLocationClosed(tx, workspaceId, id, false);
    });
  }
  return { closed: false };
}
