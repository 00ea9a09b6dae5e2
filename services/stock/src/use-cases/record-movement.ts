import { canAccessLocation, Forbidden, transact, Unprocessable, type ServiceRuntime } from '@inv/shared';
import { lockLocations } from '../data/projection-repository';
import { locationRefusal } from '../domain/location-rules';
import { toUnits } from '../domain/quantity';
import type { Movement } from '../domain/stock-records';
import type { Actor, EffectGuard } from './actor';
import { labelsFrom } from './labels';
import { postMovements } from './post-movements';
import { resolveItems, resolveLocations } from './resolve-references';

export interface RecordMovementInput {
  type: 'receipt' | 'adjustment';
  itemId: string;
  locationId: string;
  /** Receipts: > 0. Adjustments: the signed change, not 0. */
  quantity: number;
  note?: string;
}

/**
 * Records a receipt or an adjustment. Throws Forbidden without write access to the location;
 * Unprocessable for an unknown or catalog-only item, a location that cannot take the movement,
 * or an adjustment that would take the balance below zero.
 */
export async function recordMovement(runtime: ServiceRuntime, actor: Actor, input: RecordMovementInput, guard: EffectGuard): Promise<Movement> {
  const itemId = input.itemId.toLowerCase();
  const locationId = input.locationId.toLowerCase();
  if (!canAccessLocation(actor.locationAccess, locationId, 'write')) throw new Forbidden(`You need write access to location ${locationId} to record stock there.`);
  const [items, locations] = await Promise.all([
    resolveItems(runtime, actor.workspaceId, [itemId], actor.requestId),
    resolveLocations(runtime, actor.workspaceId, [locationId], actor.requestId),
  ]);
  const item = items.get(itemId);
  if (!item) throw new Unprocessable(`Item ${input.itemId} does not exist.`);
  if (!item.track_stock) throw new Unprocessable(`Item "${item.sku}" (${item.id}) is catalog-only (trackStock: false) and holds no stock.`);
  const use = { addsStock: input.quantity > 0, requireActive: false };
  const before = locationRefusal(locations.get(locationId), input.locationId, use);
  if (before) throw new Unprocessable(before);
  const labels = labelsFrom(items, locations);
  return transact(runtime, async (tx) => {
    await guard.begin(tx);
    const [location] = await lockLocations(tx, actor.workspaceId, [locationId], 'share');
    const refusal = locationRefusal(location, input.locationId, use);
    if (refusal) throw new Unprocessable(refusal);
    const [movement] = await postMovements(
      tx,
      actor,
      [{ itemId, locationId, type: input.type, quantity: toUnits(input.quantity), transferId: null, operationId: null, note: input.note ?? '' }],
      labels,
      new Date(),
    );
    await guard.finish(tx, 201, movement);
    return movement!;
  });
}
