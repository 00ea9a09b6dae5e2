import { Conflict, isId, transact, type ServiceRuntime } from '@inv/shared';
import { onHandAt } from '../data/ledger-repository';
import { ensureLocationRow, lockLocations, setLocationClosed } from '../data/projection-repository';
import { fromUnits } from '../domain/quantity';

/**
 * Closes a location to new stock before the locations service deletes it. Takes the location's
 * row lock FOR UPDATE: a movement adding stock there holds it FOR SHARE until it commits, so
 * either that movement committed first and its stock is counted here (Conflict), or it waits
 * and then finds the location closed. Throws Conflict while the location holds stock.
 */
export async function closeLocation(runtime: ServiceRuntime, workspaceId: string, locationId: string): Promise<{ closed: true }> {
  const id = locationId.toLowerCase();
  if (!isId(id)) return { closed: true };
  return transact(runtime, async (tx) => {
    await ensureLocationRow(tx, workspaceId, id);
    const [location] = await lockLocations(tx, workspaceId, [id], 'update');
    if (!location) return { closed: true as const };
    const onHand = await onHandAt(tx, workspaceId, id);
    if (onHand > 0n) throw new Conflict(`The location still holds ${fromUnits(onHand)} on hand; move or adjust that stock out first.`);
    await setLocationClosed(tx, workspaceId, id, true);
    return { closed: true as const };
  });
}
