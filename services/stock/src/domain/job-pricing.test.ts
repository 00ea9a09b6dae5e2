import { jobTotals, unitPricesOf } from './job-pricing';
import { fromMoney, toMoney, toPercent } from './money';
import { toUnits } from './quantity';

const prices = (cost: string, sellPrice: string) => ({ cost: toMoney(cost), sellPrice: toMoney(sellPrice) });
const amounts = (t: Record<string, bigint>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fromMoney(v)]));

describe('unitPricesOf', () => {
  it('when the item has a sell price, then it is the unit price whatever the markup', () => {
    expect(unitPricesOf(prices('4.5', '9.99'), toPercent(50))).toEqual({ unitCost: toMoney('4.5'), unitPrice: toMoney('9.99') });
  });

  it('when the item has no sell price (0), then the price is the cost with the markup, rounded to cents', () => {
    expect(unitPricesOf(prices('4.333', '0'), toPercent(20))).toEqual({ unitCost: toMoney('4.333'), unitPrice: toMoney('5.2') });
  });

  it('when the markup is null, then there is no markup: the price is the cost rounded to cents', () => {
    expect(unitPricesOf(prices('4.333', '0'), null)).toEqual({ unitCost: toMoney('4.333'), unitPrice: toMoney('4.33') });
  });

  it('when the item costs nothing and has no sell price, then its price is 0', () => {
    expect(unitPricesOf(prices('0', '0'), toPercent(100)).unitPrice).toBe(0n);
  });
});

describe('jobTotals', () => {
  const lines = [
    { used: toUnits(2), unitCost: toMoney('4.5'), unitPrice: toMoney('9.99'), billable: true },
    { used: toUnits(1.5), unitCost: toMoney('10'), unitPrice: toMoney('12.5'), billable: true },
    { used: toUnits(3), unitCost: toMoney('100'), unitPrice: toMoney('150'), billable: false },
  ];

  it('when tax is added on top, then the totals count billable lines only and total = price + tax', () => {
    // price 19.98 + 18.75 = 38.73; tax 10 % = 3.873 → 3.87
    expect(amounts({ ...jobTotals(lines, toPercent(10), false) })).toEqual({ cost: 24, price: 38.73, tax: 3.87, total: 42.6 });
  });

  it('when tax is included, then it is taken out of the price and the total is the price', () => {
    // 38.73 / 1.1 = 35.209… → 35.21 net, tax 3.52
    expect(amounts({ ...jobTotals(lines, toPercent(10), true) })).toEqual({ cost: 24, price: 38.73, tax: 3.52, total: 38.73 });
  });

  it('when no line is billable, then every total is 0', () => {
    expect(amounts({ ...jobTotals([lines[2]!], toPercent(10), false) })).toEqual({ cost: 0, price: 0, tax: 0, total: 0 });
  });

  it('when a line was not used, then it adds nothing', () => {
    expect(amounts({ ...jobTotals([{ ...lines[0]!, used: 0n }], 0n, false) })).toEqual({ cost: 0, price: 0, tax: 0, total: 0 });
  });
});
