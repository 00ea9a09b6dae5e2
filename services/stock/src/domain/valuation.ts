import { ApiId, z } from '@inv/shared/core';
import { fromMoney, lineAmount, type Money, toMoney } from './money';
import { fromUnits, toUnits, type Units } from './quantity';

/**
 * Stock valuation (docs/valuation.md): each balance's on-hand at the item's average cost, in force
 * now or at an instant. A row's value is onHand × averageCost rounded to cents half up (lineAmount);
 * the total is the sum of the rows' rounded values, so it adds up to what the rows show. A row of
 * an item whose cost is unknown (no receipt at cost, no catalog cost) has no value and adds none.
 */

/** One balance as read: its quantity and the average cost in force (PostgreSQL numeric text), null when unknown. */
export interface StoredValuationRow {
  onHand: string;
  averageCost: string | null;
}

export interface ValuedRow {
  onHand: Units;
  averageCost: Money | null;
  value: Money | null;
}

export function valueRow(row: StoredValuationRow): ValuedRow {
  const onHand = toUnits(row.onHand);
  const averageCost = row.averageCost === null ? null : toMoney(row.averageCost);
  return { onHand, averageCost, value: averageCost === null ? null : lineAmount(onHand, averageCost) };
}

/** The rows' on-hand and value summed exactly; a row without a value adds none. */
export function valuationTotals(rows: ReadonlyArray<Pick<ValuedRow, 'onHand' | 'value'>>): { onHand: Units; value: Money } {
  let onHand = 0n;
  let value = 0n;
  for (const row of rows) {
    onHand += row.onHand;
    value += row.value ?? 0n;
  }
  return { onHand, value };
}

/** A valued row's amounts as the API shows them. */
export function shownAmounts(row: ValuedRow): { onHand: number; averageCost: number | null; value: number | null } {
  return {
    onHand: fromUnits(row.onHand),
    averageCost: row.averageCost === null ? null : fromMoney(row.averageCost),
    value: row.value === null ? null : fromMoney(row.value),
  };
}

/**
 * The instant a valuation reads: undefined for the current state, when no asOf was given or it is
 * not in the past. The ledger knows nothing after now, so a later instant answers what it holds now
 * (a clock a little ahead of ours is not a refusal).
 */
export function valuationInstant(asOf: string | undefined, now: Date): Date | undefined {
  if (asOf === undefined) return undefined;
  const instant = new Date(asOf);
  return instant.getTime() < now.getTime() ? instant : undefined;
}

const Amount = z.number();

export const ValuationRow = z
  .object({
    itemId: ApiId,
    item: z.object({ id: ApiId, sku: z.string(), description: z.string() }).openapi({ description: 'The item as the stock service\'s copy names it ("" until the copy knows it)' }),
    locationId: ApiId,
    location: z.object({ id: ApiId, name: z.string() }).openapi({ description: 'The location as the stock service\'s copy names it' }),
    onHand: Amount.openapi({ description: 'On-hand now, or at asOf (the balance after its last movement created at or before asOf)', example: 12 }),
    averageCost: Amount.nullable().openapi({
      description: "The item's average cost in force (now, or the last change at or before asOf), else its catalog cost; null when neither is known",
      example: 5.666667,
    }),
    value: Amount.nullable().openapi({ description: 'onHand × averageCost rounded to cents, half up; null when averageCost is', example: 68 }),
  })
  .openapi('ValuationRow', { description: 'The value of one item at one location.' });
export type ValuationRow = z.infer<typeof ValuationRow>;

export const Valuation = z
  .object({
    rows: z.array(ValuationRow).openapi({ description: 'Balances with stock (onHand ≠ 0), by itemId then locationId' }),
    totals: z
      .object({
        onHand: Amount.openapi({ description: 'Sum of the rows\' onHand', example: 12 }),
        value: Amount.openapi({ description: 'Sum of the rows\' values (each already rounded to cents); rows of unknown cost add nothing', example: 68 }),
      })
      .openapi({ description: 'Sums over the rows' }),
  })
  .openapi('Valuation', { description: 'Stock on hand at its average cost, now or at an instant (docs/valuation.md).' });
export type Valuation = z.infer<typeof Valuation>;
