import { ApiId, ApiTimestamp, canAccessLocation, type EntityId, type Forbidden, type LocationAccess, NotFound, type Unprocessable, z } from '@inv/shared/core';
import { available, type BalanceAmounts } from './balance-rules';
import { balanceKey } from './ledger-plan';
import { MAX_QUANTITY, NonNegativeQuantity, QUANTITY_DECIMALS, toUnits, type Units } from './quantity';
import { CatalogOnlyItem, type ItemFacts, LocationClosed, NoWriteAccess, type PlaceFacts } from './stock-policy';

/**
 * Par levels: a minimum of free stock (on-hand − reserved) per item and location (issue 23). The rules are pure: who may set
 * or remove one, what it may name, when a place is below its par level, and when a change crosses
 * it (the stock.below_par / stock.par_restored alerts).
 */

export const SetParLevelBody = z
  .strictObject({
    minimum: NonNegativeQuantity.openapi({
      description: `The minimum on-hand of the item at the location, ≥ 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals (required). Below par means free stock (available = onHand − reserved) < minimum`,
      example: 12,
    }),
    target: NonNegativeQuantity.optional().openapi({
      description: `The free stock a replenishment refills the location up to (counting what is already on its way), ≥ minimum and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals; default: the minimum. A PUT replaces both: leaving it out sets it to the minimum again`,
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

/** A par level's amounts: the minimum, and the target a refill brings the free stock up to (≥ minimum). */
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
    minimum: z.number().openapi({ description: 'The minimum free stock (available) wanted at the location' }),
    target: z.number().openapi({ description: 'The free stock a replenishment refills it up to (≥ minimum; the minimum unless set)' }),
    onHand: z.number().openapi({ description: 'On-hand of the item at the location now; 0 when stock has never been there' }),
    reserved: z.number().openapi({ description: 'Of the on-hand, what pending transfers out of the location and open jobs there hold' }),
    available: z.number().openapi({ description: 'Free stock: onHand − reserved, what may still be used or moved' }),
    belowPar: z.boolean().openapi({ description: 'available < minimum: free stock below the minimum, the rule replenishment refills by (stock promised to a job or a transfer does not count)' }),
    updatedAt: ApiTimestamp.openapi({ description: 'When the minimum was last set' }),
  })
  .openapi('ParLevel', { description: 'A minimum of free stock (par level) of one item at one location, with the on-hand, reserved and available there now.' });
export type ParLevel = z.infer<typeof ParLevel>;

/**
 * Below par: strictly less free stock (available: on-hand − reserved, the one rule of free stock)
 * than the minimum; a minimum of 0 is never below par. The par levels' belowPar, the par alerts and
 * replenishment all judge by it: a van holding 6 with 2 promised to a job and a minimum of 6 is
 * below par, and is refilled.
 */
export function isBelowPar(balance: BalanceAmounts, minimum: Units): boolean {
  return available(balance) < minimum;
}

/** A balance's par state: its amounts and its minimum (undefined: it has no par level). */
export interface ParState {
  balance: BalanceAmounts;
  minimum: Units | undefined;
}

/**
 * Whether a committed change crosses the par level, and which way: true when it drops below the
 * minimum, false when it gets back to it or above, undefined when it crosses nothing. A state
 * without a par level on either side is no crossing: setting a first minimum, or removing one,
 * sends nothing (what is below par now is a query away: GET /inventory/par-levels?belowPar=true).
 * A changed minimum is a crossing like a movement or a reservation is. Decided once per
 * transaction, from the balance before it and after it, so changes that end where they began send
 * nothing.
 */
export function parCrossing(before: ParState, after: ParState): boolean | undefined {
  if (before.minimum === undefined || after.minimum === undefined) return undefined;
  const wasBelow = isBelowPar(before.balance, before.minimum);
  const isBelow = isBelowPar(after.balance, after.minimum);
  return wasBelow === isBelow ? undefined : isBelow;
}

/** A balance that crossed its par level in a transaction, as its alert says it. */
export interface ParCrossing extends BalanceAmounts, ParAmounts {
  itemId: EntityId;
  locationId: EntityId;
  below: boolean;
}

/**
 * The par crossings of one transaction: each balance it changed (on-hand or reserved) that has a
 * par level, from the balance as locked to the balance it leaves.
 */
export function parCrossings(
  before: ReadonlyMap<string, BalanceAmounts>,
  parLevels: ReadonlyMap<string, ParAmounts>,
  after: ReadonlyArray<{ itemId: EntityId; locationId: EntityId } & BalanceAmounts>,
): ParCrossing[] {
  return after.flatMap(({ itemId, locationId, onHand, reserved }) => {
    const key = balanceKey({ itemId, locationId });
    const par = parLevels.get(key);
    const was = before.get(key);
    if (par === undefined || was === undefined) return [];
    const below = parCrossing({ balance: was, minimum: par.minimum }, { balance: { onHand, reserved }, minimum: par.minimum });
    return below === undefined ? [] : [{ itemId, locationId, onHand, reserved, ...par, below }];
  });
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
