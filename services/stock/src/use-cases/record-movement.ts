import { canAccessLocation, Conflict, Forbidden, transact, Unprocessable, type EffectGuard, type ServiceRuntime } from '@inv/shared';
import { lockBalances } from '../data/ledger-repository';
import { lockLocations } from '../data/projection-repository';
import { countDifference } from '../domain/balance-rules';
import { locationRefusal, type LocationState } from '../domain/location-rules';
import { fromUnits, toUnits } from '../domain/quantity';
import { RECORDED_AS, type Movement, type MovementReason, type RecordedMovementKind } from '../domain/stock-records';
import type { Actor } from './actor';
import { labelsFrom } from './labels';
import { resolveItems, resolveLocations } from './resolve-references';
import { applyStockChanges } from './stock-changes';

export interface RecordMovementInput {
  type: RecordedMovementKind;
  itemId: string;
  locationId: string;
  /** Receipts: > 0. Adjustments: the signed change, not 0. Counts: the counted on-hand, ≥ 0. */
  quantity: number;
  /** Default by type: received, correction; a count's reason is always count. */
  reason?: MovementReason;
  reference?: string;
  note?: string;
  /** Adjustments only: apply only if the balance's on-hand is exactly this when written. */
  expectedOnHand?: number;
}

/**
 * Records a receipt, an adjustment or a physical count (one adjustment of the difference, reason
 * count, so that on-hand equals the count; 0 when the count confirms it). Throws Forbidden
 * without write access to the location; Unprocessable for an unknown or catalog-only item, a
 * location that cannot take the movement, a change that needs more than is available (on-hand
 * minus reserved), or a count below what is reserved; Conflict when an adjustment's
 * expectedOnHand differs from the on-hand it finds.
 */
export async function recordMovement(runtime: ServiceRuntime, actor: Actor, input: RecordMovementInput, guard: EffectGuard<Movement>): Promise<Movement> {
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
  // A count adds stock only when it finds more than is booked, which is known under the balance's lock.
  const knownToAdd = input.type !== 'count' && input.quantity > 0;
  const refuse = (location: LocationState | undefined, addsStock: boolean) => {
    const refusal = locationRefusal(location, input.locationId, { addsStock, requireActive: false });
    if (refusal) throw new Unprocessable(refusal);
  };
  refuse(locations.get(locationId), knownToAdd);
  const labels = labelsFrom(items, locations);
  const recorded = RECORDED_AS[input.type];
  return transact(runtime, async (tx) => {
    await guard.begin(tx);
    const now = new Date();
    const [location] = await lockLocations(tx, actor.workspaceId, [locationId], 'share');
    refuse(location, knownToAdd);
    let quantity = toUnits(input.quantity);
    if (input.type === 'count' || input.expectedOnHand !== undefined) {
      const balance = [...(await lockBalances(tx, actor.workspaceId, [{ itemId, locationId }], now)).values()][0]!;
      const where = `item ${labels.item(itemId)} at location ${labels.location(locationId)}`;
      if (input.expectedOnHand !== undefined && balance.onHand !== toUnits(input.expectedOnHand)) {
        throw new Conflict(`The on-hand of ${where} is ${fromUnits(balance.onHand)}, not the expected ${input.expectedOnHand}; nothing was changed. Read the balance again before adjusting.`);
      }
      if (input.type === 'count') {
        const difference = countDifference(balance, quantity);
        if (difference === undefined) {
          throw new Unprocessable(`The count of ${where} (${input.quantity}) is below the ${fromUnits(balance.reserved)} reserved there for pending transfers; complete, reject or cancel them first.`);
        }
        if (difference > 0n) refuse(location, true);
        quantity = difference;
      }
    }
    const [movement] = await applyStockChanges(
      tx,
      actor,
      {
        movements: [
          {
            itemId,
            locationId,
            type: recorded.type,
            quantity,
            transferId: null,
            operationId: null,
            reason: input.type === 'count' ? recorded.defaultReason : (input.reason ?? recorded.defaultReason),
            reference: input.reference ?? '',
            note: input.note ?? '',
          },
        ],
      },
      labels,
      now,
    );
    await guard.finish(tx, movement!);
    return movement!;
  });
}
