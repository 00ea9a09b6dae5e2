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

  it('when a receipt is reverted before anything else moved, then the average is exactly the one before it, and only rounding is a variance', () => {
    const before = m(5);
    const after = averageAfterReceipt(u(10), before, u(3), m(8.123457));
    const record = { averageBefore: before, averageAfter: after, totalChanges: 7 };
    const reverted = averageAfterRevert({ onHand: u(13), average: after, totalChanges: 7 }, u(3), u(3) * m(8.123457), record);
    expect(reverted.average).toBe(before);
    // 13 × the rounded average held 0.000001 × 13 more or less than 10 × 5 + 3 × 8.123457: that residue is the variance.
    expect(reverted.variance).toBe(u(3) * m(8.123457) - (u(13) * after - u(10) * before));
  });

  it('when the example of issue 44 is reverted (10 @ 10, 10 @ 30, 6 used, the 10 @ 30 taken back), then the 4 left keep the average before that receipt and the 60 the 6 used were costed too high is the variance', () => {
    let average = averageAfterReceipt(0n, m(10), u(10), m(10));
    const before = average;
    average = averageAfterReceipt(u(10), average, u(10), m(30));
    expect(fromMoney(average)).toBe(20);
    const record = { averageBefore: before, averageAfter: average, totalChanges: 2 };
    // The job's use of 6 changed the total since (change 3): the receipt is not undone as if it never came.
    const reverted = averageAfterRevert({ onHand: u(14), average, totalChanges: 3 }, u(10), u(10) * m(30), record);
    expect(fromMoney(reverted.average)).toBe(10);
    expect(fromMoney(valueToCents(reverted.variance))).toBe(60);
    // Reconciles: 14 × 20 on hand − 4 × 10 left + 60 = the 300 the receipt brought.
    expect(u(14) * average - u(4) * reverted.average + reverted.variance).toBe(u(10) * m(30));
  });

  it('when what is left can take the receipt back at its own cost, then the average moves there and there is no variance', () => {
    const before = m(5);
    const after = averageAfterReceipt(u(10), before, u(10), m(8));
    expect(fromMoney(after)).toBe(6.5);
    // 2 more received at 6.5 since: 22 on hand; taking 10 @ 8 back leaves 12 at (143 − 80) / 12 = 5.25, between 5 and 6.5.
    const reverted = averageAfterRevert({ onHand: u(22), average: after, totalChanges: 9 }, u(10), u(10) * m(8), { averageBefore: before, averageAfter: after, totalChanges: 8 });
    expect(fromMoney(reverted.average)).toBe(5.25);
    expect(reverted.variance).toBe(0n);
  });

  it('when a revert is never pushed past the average before the receipt, then a cheap receipt taken back leaves a negative variance (a gain), never an inflated average', () => {
    const before = m(30);
    const after = averageAfterReceipt(u(10), before, u(10), m(10));
    expect(fromMoney(after)).toBe(20);
    // 6 used: own-cost arithmetic would leave the 4 at (280 − 100) / 4 = 45, above the 30 they had before.
    const reverted = averageAfterRevert({ onHand: u(14), average: after, totalChanges: 3 }, u(10), u(10) * m(10), { averageBefore: before, averageAfter: after, totalChanges: 2 });
    expect(fromMoney(reverted.average)).toBe(30);
    expect(fromMoney(-valueToCents(-reverted.variance))).toBe(-60);
  });

  it('when nothing is left, then the average goes back to the one before the receipt, and never to 0 or below', () => {
    const reverted = averageAfterRevert({ onHand: u(4), average: m(888), totalChanges: 5 }, u(4), u(4) * m(1950), { averageBefore: m(180), averageAfter: m(888), totalChanges: 3 });
    expect(fromMoney(reverted.average)).toBe(180);
    expect(fromMoney(valueToCents(reverted.variance))).toBe(4 * 1950 - 4 * 888);
  });

  it("when a change's movements are costed, then receipts carry their cost, the others the average at that moment, in order", () => {
    const { costs, averages, variances } = costsOf(
      [
        { itemId: 'a', quantity: u(-2) },
        { itemId: 'a', quantity: u(10), unitCost: m(8) },
        { itemId: 'a', quantity: u(-1) },
        { itemId: 'b', quantity: u(1) },
      ],
      (itemId) => (itemId === 'a' ? { onHand: u(12), average: m(5) } : { onHand: undefined, average: null }),
    );
    expect(costs.map((c) => (c === null ? null : fromMoney(c)))).toEqual([5, 8, 6.5, null]);
    expect([...averages].map(([id, c]) => [id, c.kind, fromMoney(c.before), fromMoney(c.average)])).toEqual([['a', 'receipt', 5, 6.5]]);
    expect(variances).toEqual([null, null, null, null]);
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
