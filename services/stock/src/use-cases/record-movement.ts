import { canAccessLocation, Conflict, Forbidden, isId, Unprocessable } from '@inv/shared/core';
import { inOneRoundTrip, type EffectGuard } from '@inv/shared/db';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { lockBalances } from '../data/ledger-repository';
import { isKnownItem, isKnownLocation, lockItemsForMovement, lockLocations } from '../data/projection-repository';
import { recordStockChanges } from '../data/stock-positions';
import { countDifference } from '../domain/balance-rules';
import { locationRefusal, type LocationState } from '../domain/location-rules';
import { fromUnits, toUnits } from '../domain/quantity';
import { RECORDED_AS, type Movement, type MovementReason, type RecordedMovementKind } from '../domain/stock-records';
import type { Actor } from './actor';
import { labelsFrom } from './labels';
import { requireTrusted, withTrustedCopies } from './projection-gate';
import { applyStockChanges, type StockWrite } from './stock-changes';

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
 * count, so that on-hand equals the count; 0 when the count confirms it), and answers it with the
 * stock position it took. The item and the location are decided from the stock service's copies
 * under their locks (location FOR SHARE, item FOR KEY SHARE), which an owner's fence waits for, and
 * only once those copies hold every change their owners acknowledged (withTrustedCopies).
 *
 * Throws Forbidden without write access to the location; Unprocessable for an unknown or
 * catalog-only item, a location that cannot take the movement, a change that needs more than is
 * available (on-hand minus reserved), or a count below what is reserved; Conflict when an
 * adjustment's expectedOnHand differs from the on-hand it finds, or when the item or location
 * changes twice while the movement is being decided.
 */
export async function recordMovement(runtime: ServiceRuntime, actor: Actor, input: RecordMovementInput, guard: EffectGuard<Movement>): Promise<StockWrite<Movement>> {
  const itemId = input.itemId.toLowerCase();
  const locationId = input.locationId.toLowerCase();
  if (!canAccessLocation(actor.locationAccess, locationId, 'write')) throw new Forbidden(`You need write access to location ${locationId} to record stock there.`);
  if (!isId(itemId)) throw new Unprocessable(`Item ${input.itemId} does not exist.`);
  // A count adds stock only when it finds more than is booked, which is known under the balance's lock.
  const knownToAdd = input.type !== 'count' && input.quantity > 0;
  const refuse = (location: LocationState | undefined, addsStock: boolean) => {
    const refusal = locationRefusal(location, input.locationId, { addsStock, requireActive: false });
    if (refusal) throw new Unprocessable(refusal);
  };
  if (!isId(locationId)) refuse(undefined, knownToAdd);
  const recorded = RECORDED_AS[input.type];

  return withTrustedCopies(runtime, actor.workspaceId, actor.requestId, (final) =>
    transact(runtime, async (tx) => {
      const now = new Date();
      const [, locationRows, itemRows] = await inOneRoundTrip(tx, () => [
        guard.begin(tx),
        lockLocations(tx, actor.workspaceId, [locationId], 'share'),
        lockItemsForMovement(tx, actor.workspaceId, [itemId]),
      ]);
      const items = new Map(itemRows.map((i) => [i.id, i]));
      const locations = new Map(locationRows.map((l) => [l.id, l]));
      requireTrusted({ itemIds: [itemId], locationIds: [locationId] }, { items, locations }, final);
      const item = itemRows.find(isKnownItem);
      if (!item) throw new Unprocessable(`Item ${input.itemId} does not exist.`);
      if (!item.track_stock) throw new Unprocessable(`Item "${item.sku ?? ''}" (${item.id}) is catalog-only (trackStock: false) and holds no stock.`);
      const location = locationRows.find(isKnownLocation);
      refuse(location, knownToAdd);
      const labels = labelsFrom(items, locations);
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
      const { movements, changed } = await applyStockChanges(
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
      const movement = movements[0]!;
      await guard.finish(tx, movement);
      const position = await recordStockChanges(tx, actor.workspaceId, changed, actor.requestId);
      return { result: movement, position };
    }),
  );
}
