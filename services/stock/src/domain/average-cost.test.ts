import { averageAfterReceipt, averageAfterRevert, costsOf } from './average-cost';
import { fromMoney, toMoney, toValue, valueToCents, valueToDecimal } from './money';
import { toUnits } from './quantity';

const u = toUnits;
const m = toMoney;

describe('the moving average cost', () => {
  it('when the worked example of docs/purchasing.md runs, then the average is 5, 5.666667, unchanged by use and moves, then 6.333334', () => {
    let average = averageAfterReceipt(0n, m(3), u(10), m(5));
    expect(fromMoney(average)).toBe(5);
    average = averageAfterReceipt(u(10), average, u(20), m(6));
    expect(fromMoney(average)).toBe(5.666667);
    // 20 used and 4 moved leave 10 in the workspace; nothing but a receipt moves the average.
    average = averageAfterReceipt(u(10), average, u(10), m(7));
    expect(fromMoney(average)).toBe(6.333334);
  });

  it('when nothing is on hand (or less than nothing), then a receipt sets the average to its cost', () => {
    expect(fromMoney(averageAfterReceipt(u(-3), m(9), u(2), m(4)))).toBe(4);
  });

  it('when a receipt is reverted, then its quantity leaves at its own cost; with nothing left, the average stays', () => {
    const after = averageAfterReceipt(u(10), m(5), u(10), m(8));
    expect(fromMoney(after)).toBe(6.5);
    expect(fromMoney(averageAfterRevert(u(20), after, u(10), m(8)))).toBe(5);
    expect(fromMoney(averageAfterRevert(u(10), after, u(10), m(8)))).toBe(6.5);
    // An earlier average below this cost would leave a negative value: it stops at 0.
    expect(fromMoney(averageAfterRevert(u(11), m(1), u(10), m(8)))).toBe(0);
  });

  it("when a change's movements are costed, then receipts carry their cost, the others the average at that moment, in order", () => {
    const { costs, averages } = costsOf(
      [
        { itemId: 'a', quantity: u(-2) },
        { itemId: 'a', quantity: u(10), unitCost: m(8) },
        { itemId: 'a', quantity: u(-1) },
        { itemId: 'b', quantity: u(1) },
      ],
      (itemId) => (itemId === 'a' ? { onHand: u(12), average: m(5) } : { onHand: undefined, average: null }),
    );
    expect(costs.map((c) => (c === null ? null : fromMoney(c)))).toEqual([5, 8, 6.5, null]);
    expect([...averages].map(([id, c]) => [id, fromMoney(c)])).toEqual([['a', 6.5]]);
  });
});

describe('exact values of quantity × cost', () => {
  it('when a value is stored and read back, then it is exact, and shown in cents half up', () => {
    const value = u(3) * m(0.333335);
    expect(valueToDecimal(value)).toBe('1.0000050000');
    expect(toValue(valueToDecimal(value))).toBe(value);
    expect(fromMoney(valueToCents(value))).toBe(1);
    expect(fromMoney(valueToCents(toValue('2.005')))).toBe(2.01);
    expect(toValue('-1.5')).toBe(-toValue('1.5'));
  });
});
