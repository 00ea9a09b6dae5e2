import { fromMoney, lineAmount, moneyToDecimal, percentOf, roundToCents, taxIncludedIn, toMoney, toPercent, withPercentAdded } from './money';
import { toUnits } from './quantity';

describe('money', () => {
  it('when amounts are added, then they are exact (0.1 + 0.2 is 0.3)', () => {
    expect(toMoney(0.1) + toMoney(0.2)).toBe(toMoney('0.3'));
    expect(moneyToDecimal(toMoney(0.1) + toMoney(0.2))).toBe('0.300000');
  });

  it('when an amount has more than 6 decimals, or a number is printed with an exponent, then it is read exactly, rounded half up at the 6th', () => {
    expect(toMoney('1.0000005')).toBe(1_000_001n);
    expect(toMoney('1.00000049')).toBe(1_000_000n);
    expect(toMoney(1e-7)).toBe(0n);
    expect(toMoney(5e-7)).toBe(1n);
    expect(toMoney(1e21)).toBe(10n ** 27n);
  });

  it('when rounded to cents, then halves go up', () => {
    expect(roundToCents(toMoney('2.345'))).toBe(toMoney('2.35'));
    expect(roundToCents(toMoney('2.344999'))).toBe(toMoney('2.34'));
    expect(fromMoney(roundToCents(toMoney('0.005')))).toBe(0.01);
  });

  it('when a markup is added, then the result is rounded to cents', () => {
    expect(withPercentAdded(toMoney('10'), toPercent(25))).toBe(toMoney('12.5'));
    expect(withPercentAdded(toMoney('0.99'), toPercent('33.3333'))).toBe(toMoney('1.32'));
    expect(withPercentAdded(toMoney('1.005'), 0n)).toBe(toMoney('1.01'));
  });

  it('when tax is added on top or taken as included, then each is rounded to cents', () => {
    expect(percentOf(toMoney('19.99'), toPercent('8.875'))).toBe(toMoney('1.77'));
    expect(taxIncludedIn(toMoney('119'), toPercent(19))).toBe(toMoney('19'));
    expect(taxIncludedIn(toMoney('10'), toPercent(20))).toBe(toMoney('1.67'));
    expect(taxIncludedIn(toMoney('10'), 0n)).toBe(0n);
  });

  it('when a fractional quantity is priced, then the line is rounded to cents', () => {
    expect(lineAmount(toUnits(2.5), toMoney('3.33'))).toBe(toMoney('8.33'));
    expect(lineAmount(toUnits(0.0001), toMoney('49.99'))).toBe(toMoney('0.00'));
    expect(lineAmount(toUnits(3), toMoney('0.335'))).toBe(toMoney('1.01'));
  });
});
