import { toMoney } from './money';
import { toUnits } from './quantity';
import { shownAmounts, valuationInstant, valuationTotals, valueRow } from './valuation';

describe('valuation', () => {
  it('when a row is valued, then its value is onHand × averageCost rounded to cents, half up', () => {
    expect(valueRow({ onHand: '3.0000', averageCost: '1.115000' })).toEqual({ onHand: toUnits(3), averageCost: toMoney('1.115'), value: toMoney('3.35') });
    expect(valueRow({ onHand: '1', averageCost: '0.004999' }).value).toBe(0n);
    expect(valueRow({ onHand: '1', averageCost: '0.005' }).value).toBe(toMoney('0.01'));
    expect(valueRow({ onHand: '0.3333', averageCost: '5.666667' }).value).toBe(toMoney('1.89'));
  });

  it('when the cost is unknown, then the row has no value', () => {
    expect(valueRow({ onHand: '4', averageCost: null })).toEqual({ onHand: toUnits(4), averageCost: null, value: null });
  });

  it('when rows are totalled, then the rounded values are summed exactly and a row without a value adds none', () => {
    const rows = [valueRow({ onHand: '0.1', averageCost: '0.1' }), valueRow({ onHand: '0.2', averageCost: '0.1' }), valueRow({ onHand: '1', averageCost: '0.1' }), valueRow({ onHand: '2.5', averageCost: null })];
    // 0.01 + 0.02 + 0.10: each row rounded first, so the total is what the rows show (0.1 × 0.1 = 0.01 exactly).
    expect(valuationTotals(rows)).toEqual({ onHand: toUnits(3.8), value: toMoney('0.13') });
    expect(valuationTotals([])).toEqual({ onHand: 0n, value: 0n });
  });

  it('when a total of rounded values differs from the rounded product of the sums, then the rows win', () => {
    const rows = [valueRow({ onHand: '1', averageCost: '0.005' }), valueRow({ onHand: '1', averageCost: '0.005' })];
    expect(valuationTotals(rows).value).toBe(toMoney('0.02'));
  });

  it('when amounts are shown, then they are numbers, null kept', () => {
    expect(shownAmounts(valueRow({ onHand: '12.5000', averageCost: '5.666667' }))).toEqual({ onHand: 12.5, averageCost: 5.666667, value: 70.83 });
    expect(shownAmounts(valueRow({ onHand: '2', averageCost: null }))).toEqual({ onHand: 2, averageCost: null, value: null });
  });

  it('when asOf is absent or not in the past, then the valuation reads now; in the past, that instant', () => {
    const now = new Date('2026-12-01T10:00:00.000Z');
    expect(valuationInstant(undefined, now)).toBeUndefined();
    expect(valuationInstant('2026-12-01T10:00:00.000Z', now)).toBeUndefined();
    expect(valuationInstant('2026-12-01T11:00:00+01:00', now)).toBeUndefined();
    expect(valuationInstant('2027-01-01T00:00:00Z', now)).toBeUndefined();
    expect(valuationInstant('2026-12-01T10:59:59.999+01:00', now)).toEqual(new Date('2026-12-01T09:59:59.999Z'));
  });
});
