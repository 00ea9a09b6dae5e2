import { ApiId, ApiTimestamp, canAccessLocation, type EntityId, type Forbidden, type LocationAccess, NotFound, type Unprocessable, z } from '@inv/shared/core';
import { balanceKey } from './ledger-plan';
import { MAX_QUANTITY, NonNegativeQuantity, QUANTITY_DECIMALS, toUnits, type Units } from './quantity';
import { CatalogOnlyItem, type ItemFacts, LocationClosed, NoWriteAccess, type PlaceFacts } from './stock-policy';

/**
 * Par levels: a minimum on-hand per item and location (issue 23). The rules are pure: who may set
 * or remove one, what it may name, when a place is below its par level, and when a change crosses
 * it (the stock.below_par / stock.par_restored alerts).
 */

export const SetParLevelBody = z
  .strictObject({
    minimum: NonNegativeQuantity.openapi({
      description: `The minimum on-hand of the item at the location, ≥ 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals (required). Below par means on-hand < minimum`,
      example: 12,
    }),
    target: NonNegativeQuantity.optional().openapi({
      description: `The on-hand a replenishment refills the location up to, ≥ minimum and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals; default: the minimum. A PUT replaces both: leaving it out sets it to the minimum again`,
      example: 20,
    }),
  })
  .superRefine((body, check) => {
    if (body.target !== undefined && body.target < body.minimum) {
      check.addIssue({ code: 'custom', path: ['target'], message: `must be at least the minimum (${body.minimum}); leave it out to refill up to the minimum` });
    }
  })
  .openapi('SetParLevel');
export type SetParLevelInput = z.output<typeof SetParLevelBody>;

/** A par level's amounts: the minimum, and the target a refill brings the on-hand up to (≥ minimum). */
export interface ParAmounts {
  minimum: Units;
  target: Units;
}

/** The amounts a request sets: the target defaults to the minimum. */
export function parAmountsOf(input: { minimum: number; target?: number | undefined }): ParAmounts {
  const minimum = toUnits(input.minimum);
  return { minimum, target: input.target === undefined ? minimum : toUnits(input.target) };
}

export const ParLevel = z
  .object({
    itemId: ApiId,
    locationId: ApiId,
    minimum: z.number().openapi({ description: 'The minimum on-hand wanted at the location' }),
    target: z.number().openapi({ description: 'The on-hand a replenishment refills it up to (≥ minimum; the minimum unless set)' }),
    onHand: z.number().openapi({ description: 'On-hand of the item at the location now; 0 when stock has never been there' }),
    belowPar: z.boolean().openapi({ description: 'onHand < minimum' }),
    updatedAt: ApiTimestamp.openapi({ description: 'When the minimum was last set' }),
  })
  .openapi('ParLevel', { description: 'A minimum on-hand (par level) of one item at one location, with the on-hand there now.' });
export type ParLevel = z.infer<typeof ParLevel>;

/** Below par: strictly less on hand than the minimum (a minimum of 0 is never below par). */
export function isBelowPar(onHand: Units, minimum: Units): boolean {
  return onHand < minimum;
}

/** A balance's par state: its on-hand and its minimum (undefined: it has no par level). */
export interface ParState {
  onHand: Units;
  minimum: Units | undefined;
}

/**
 * Whether a committed change crosses the par level, and which way: true when it drops below the
 * minimum, false when it gets back to it or above, undefined when it crosses nothing. A state
 * without a par level on either side is no crossing: setting a first minimum, or removing one,
 * sends nothing (what is below par now is a query away: GET /inventory/par-levels?belowPar=true).
 * A changed minimum is a crossing like a movement is. Decided once per transaction, from the
 * on-hand before it and after it, so movements that end where they began send nothing.
 */
export function parCrossing(before: ParState, after: ParState): boolean | undefined {
  if (before.minimum === undefined || after.minimum === undefined) return undefined;
  const wasBelow = isBelowPar(before.onHand, before.minimum);
  const isBelow = isBelowPar(after.onHand, after.minimum);
  return wasBelow === isBelow ? undefined : isBelow;
}

/**
 * The par crossings of one transaction: each changed balance that has a par level, from its
 * on-hand before (as locked) to its last on-hand after. `changed` is in movement order.
 */
export function parCrossings(
  before: ReadonlyMap<string, { onHand: Units }>,
  parLevels: ReadonlyMap<string, ParAmounts>,
  changed: ReadonlyArray<{ itemId: EntityId; locationId: EntityId; onHand: Units }>,
): Array<{ itemId: EntityId; locationId: EntityId; onHand: Units; below: boolean } & ParAmounts> {
  const after = new Map<string, { itemId: EntityId; locationId: EntityId; onHand: Units }>();
  for (const c of changed) after.set(balanceKey(c), c);
  const crossings: Array<{ itemId: EntityId; locationId: EntityId; onHand: Units; below: boolean } & ParAmounts> = [];
  for (const [key, { itemId, locationId, onHand }] of after) {
    const par = parLevels.get(key);
    const was = before.get(key);
    if (par === undefined || was === undefined) continue;
    const below = parCrossing({ onHand: was.onHand, minimum: par.minimum }, { onHand, minimum: par.minimum });
    if (below !== undefined) crossings.push({ itemId, locationId, onHand, ...par, below });
  }
  return crossings;
}

/**
 * Setting or removing a par level: the caller needs write access to the location (checked first,
 * from the request alone). Once the copies are read (`known`), setting one needs an item of the
 * workspace that tracks stock (unknown: 404, as an unknown id in a path; catalog-only: 422, as
 * receipts answer) and a location of the workspace that is not deleted (404 otherwise) nor being
 * deleted (422, as receipts answer). An inactive location may carry a minimum: no stock moves.
 */
export function parLevelRefusal(facts: {
  access: LocationAccess;
  itemId: EntityId;
  locationId: EntityId;
  known?: boolean;
  item?: ItemFacts | undefined;
  place?: PlaceFacts | undefined;
}): Forbidden | NotFound | Unprocessable | undefined {
  if (!canAccessLocation(facts.access, facts.locationId, 'write')) return new NoWriteAccess(facts.locationId, 'To set or remove a par level there');
  if (!facts.known) return undefined;
  if (!facts.item) return new NotFound('Item');
  if (!facts.item.trackStock) return new CatalogOnlyItem(facts.item, '');
  if (!facts.place || facts.place.deleted) return new NotFound('Location');
  if (facts.place.closed) return new LocationClosed(facts.place);
  return undefined;
}
