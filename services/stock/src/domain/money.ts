import { type Units, QUANTITY_DECIMALS } from './quantity';

/**
 * Amounts of money as integer units of 0.000001, so sums and products are exact (0.1 + 0.2 is
 * 0.3 here) and rounding happens only where a rule says so: to cents, half away from zero (all
 * amounts here are ≥ 0, so half up). The catalog's prices are kept to 6 decimals (a finer one
 * is rounded there); percentages (markup, tax) to 4.
 */
export type Money = bigint;

export const MONEY_DECIMALS = 6;
const MONEY_SCALE = 10n ** BigInt(MONEY_DECIMALS);
const CENT = 10n ** BigInt(MONEY_DECIMALS - 2);
/** Percentages carry at most this many decimals (a markup of 12.5 %, a tax of 8.875 %). */
export const PERCENT_DECIMALS = 4;
const PERCENT_SCALE = 10n ** BigInt(PERCENT_DECIMALS);
const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

/** a / b rounded half up (a ≥ 0, b > 0). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** A decimal as integer units of 10^-decimals, rounded half up past them; accepts numbers and PostgreSQL numeric strings (≥ 0). */
function parseScaled(value: number | string, decimals: number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`not a non-negative decimal: ${value}`);
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0'));
  // Half up on the first dropped digit: what is past it cannot change a half-up rounding, except to tip an exact half, which "half up" already rounds up.
  return fraction.length > decimals && Number(fraction[decimals]) >= 5 ? kept + 1n : kept;
}

/** A number's shortest decimal text, without the exponent form (1e-7 → "0.0000001"). */
function numberText(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new Error(`not a non-negative amount: ${value}`);
  const text = String(value);
  if (!text.includes('e')) return text;
  // ≥ 1e21 is a whole number; below, toFixed writes it out in full.
  return value >= 1e21 ? BigInt(value).toString() : value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

export function toMoney(value: number | string): Money {
  return parseScaled(value, MONEY_DECIMALS);
}

/** A percentage (0–1000) as units of 0.0001 %. */
export type Percent = bigint;

export function toPercent(value: number | string): Percent {
  return parseScaled(value, PERCENT_DECIMALS);
}

export function fromMoney(amount: Money): number {
  return Number(amount) / Number(MONEY_SCALE);
}

export function fromPercent(percent: Percent): number {
  return Number(percent) / Number(PERCENT_SCALE);
}

/** The numeric literal PostgreSQL stores, exact to the last unit. */
export function moneyToDecimal(amount: Money): string {
  return `${amount / MONEY_SCALE}.${(amount % MONEY_SCALE).toString().padStart(MONEY_DECIMALS, '0')}`;
}

export function percentToDecimal(percent: Percent): string {
  return `${percent / PERCENT_SCALE}.${(percent % PERCENT_SCALE).toString().padStart(PERCENT_DECIMALS, '0')}`;
}

/** Rounded to cents, half up. */
export function roundToCents(amount: Money): Money {
  return divideHalfUp(amount, CENT) * CENT;
}

/** `amount` × (1 + percent/100), rounded to cents. */
export function withPercentAdded(amount: Money, percent: Percent): Money {
  const hundredPercent = 100n * PERCENT_SCALE;
  return divideHalfUp(amount * (hundredPercent + percent), hundredPercent * CENT) * CENT;
}

/** `amount` × percent/100, rounded to cents. */
export function percentOf(amount: Money, percent: Percent): Money {
  return divideHalfUp(amount * percent, 100n * PERCENT_SCALE * CENT) * CENT;
}

/** The tax included in a gross `amount` at `percent`: amount − amount / (1 + percent/100), rounded to cents. */
export function taxIncludedIn(amount: Money, percent: Percent): Money {
  const hundredPercent = 100n * PERCENT_SCALE;
  const net = divideHalfUp(amount * hundredPercent, (hundredPercent + percent) * CENT) * CENT;
  return amount - net;
}

/** A quantity (in the ledger's units) times a unit amount, rounded to cents. */
export function lineAmount(quantity: Units, unit: Money): Money {
  return divideHalfUp(quantity * unit, QUANTITY_SCALE * CENT) * CENT;
}

/**
 * A quantity times a unit amount, exact: integer units of 10^-VALUE_DECIMALS (a purchase order
 * line's received value, Σ quantity × unit cost), rounded to cents only when shown (valueToCents).
 */
export type Value = bigint;
export const VALUE_DECIMALS = MONEY_DECIMALS + QUANTITY_DECIMALS;
const VALUE_SCALE = 10n ** BigInt(VALUE_DECIMALS);

/** A PostgreSQL numeric (text, signed) as a Value. */
export function toValue(text: string): Value {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * VALUE_SCALE + BigInt(fraction.padEnd(VALUE_DECIMALS, '0').slice(0, VALUE_DECIMALS));
  return negative ? -value : value;
}

/** The numeric literal PostgreSQL stores, exact to the last unit. */
export function valueToDecimal(value: Value): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / VALUE_SCALE}.${(abs % VALUE_SCALE).toString().padStart(VALUE_DECIMALS, '0')}`;
}

/** A Value rounded to cents, half away from zero (half up for the values ≥ 0 that most are), as Money. */
export function valueToCents(value: Value): Money {
  return value < 0n ? -valueToCents(-value) : divideHalfUp(value, QUANTITY_SCALE * CENT) * CENT;
}

/** A signed Money (a difference of amounts) as a number. */
export function fromSignedMoney(amount: Money): number {
  return amount < 0n ? -fromMoney(-amount) : fromMoney(amount);
}
