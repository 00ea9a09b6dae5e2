import type { EntityId } from '@inv/shared/core';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { lockLocationExclusively } from '../data/ledger';
import { setLocationClosed } from '../data/projection-repository';

/** Reopens a location whose deletion did not go through. Idempotent. */
export async function reopenLocation(runtime: ServiceRuntime, workspaceId: string, id: EntityId): Promise<{ closed: false }> {
  await transact(runtime, async (tx) => {
    await lockLocationExclusively(tx, id);
    await setLocationClosed(tx, workspaceId, id, false);
  });
  return { closed: false };
}
