import { z } from '@inv/shared/core';

/** Quantities carry at most this many decimal places (0.0001 is the smallest unit). */
export const QUANTITY_DECIMALS = 4;
/** Upper bound of one quantity given in a request, so sums stay exact as JSON numbers. */
export const MAX_QUANTITY = 1_000_000_000;
const SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

export function hasAllowedPrecision(value: number): boolean {
  return Number(value.toFixed(QUANTITY_DECIMALS)) === value;
}

const precise = (schema: z.ZodNumber) =>
  schema.refine(hasAllowedPrecision, { message: `must have at most ${QUANTITY_DECIMALS} decimal places` });

/** A quantity > 0, ≤ MAX_QUANTITY, with at most QUANTITY_DECIMALS decimals. */
export const PositiveQuantity = precise(z.number().positive().max(MAX_QUANTITY));
/** A quantity ≥ 0 (a counted or expected on-hand) with the bounds of PositiveQuantity. */
export const NonNegativeQuantity = precise(z.number().min(0).max(MAX_QUANTITY));
/** A signed, non-zero change with the bounds of PositiveQuantity. */
export const SignedQuantity = precise(z.number().min(-MAX_QUANTITY).max(MAX_QUANTITY)).refine((v) => v !== 0, { message: 'must not be 0' });

/**
 * Quantities as integer units of 0.0001, so adding and comparing them is exact (0.1 + 0.2 is
 * 0.3 here). Accepts numbers and PostgreSQL numeric strings.
 */
export type Units = bigint;

export function toUnits(value: number | string): Units {
  const text = typeof value === 'number' ? value.toFixed(QUANTITY_DECIMALS) : value;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(QUANTITY_DECIMALS, '0').slice(0, QUANTITY_DECIMALS));
  return negative ? -units : units;
}

export function fromUnits(units: Units): number {
  return Number(units) / Number(SCALE);
}

/** The numeric literal PostgreSQL stores, exact to the last unit. */
export function unitsToDecimal(units: Units): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const text = `${abs / SCALE}.${(abs % SCALE).toString().padStart(QUANTITY_DECIMALS, '0')}`;
  return negative ? `-${text}` : text;
}
