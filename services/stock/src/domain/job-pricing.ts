import { lineAmount, type Money, type Percent, percentOf, roundToCents, taxIncludedIn, withPercentAdded } from './money';
import type { Units } from './quantity';

/**
 * How a completed job is priced (issue 36), without I/O: from the item's prices as the stock
 * service's copy holds them when the job completes (the catalog's, holding every price change
 * acknowledged before the completion), and the job's markup and tax.
 */

/** The catalog's prices of an item. */
export interface ItemPrices {
  cost: Money;
  sellPrice: Money;
}

export interface UnitPrices {
  unitCost: Money;
  unitPrice: Money;
}

/**
 * A line's unit prices, frozen at completion: the cost is the item's cost; the price is its sell
 * price when one is set (> 0), else the cost with the markup added (none when markupPercent is
 * null), rounded to cents.
 */
export function unitPricesOf(item: ItemPrices, markupPercent: Percent | null): UnitPrices {
  const unitPrice = item.sellPrice > 0n ? item.sellPrice : markupPercent === null ? roundToCents(item.cost) : withPercentAdded(item.cost, markupPercent);
  return { unitCost: item.cost, unitPrice };
}

export interface PricedLine extends UnitPrices {
  used: Units;
  billable: boolean;
}

export interface JobTotals {
  cost: Money;
  price: Money;
  tax: Money;
  total: Money;
}

/**
 * The totals of a job's billable lines: each line's cost and price (used × unit, rounded to
 * cents, as an invoice line is) summed; the tax at `taxPercent`, added on top (total = price +
 * tax) or, with `taxIncluded`, taken as included in the price (total = price), rounded to cents.
 */
export function jobTotals(lines: readonly PricedLine[], taxPercent: Percent, taxIncluded: boolean): JobTotals {
  let cost = 0n;
  let price = 0n;
  for (const line of lines) {
    if (!line.billable) continue;
    cost += lineAmount(line.used, line.unitCost);
    price += lineAmount(line.used, line.unitPrice);
  }
  if (taxIncluded) return { cost, price, tax: taxIncludedIn(price, taxPercent), total: price };
  const tax = percentOf(price, taxPercent);
  return { cost, price, tax, total: price + tax };
}
