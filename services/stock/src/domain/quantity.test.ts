import { fromUnits, hasAllowedPrecision, toUnits, unitsToDecimal } from './quantity';

describe('quantity units', () => {
  it('when decimals are added as units, then the sum is exact', () => {
    expect(fromUnits(toUnits(0.1) + toUnits(0.2))).toBe(0.3);
  });

  it('when PostgreSQL numeric strings are read, then they become the same units as numbers', () => {
    expect(toUnits('12.5000')).toBe(toUnits(12.5));
    expect(toUnits('-0.0001')).toBe(-1n);
    expect(toUnits('7')).toBe(70000n);
  });

  it('when units are written back, then the literal is exact', () => {
    expect(unitsToDecimal(toUnits(-3.25))).toBe('-3.2500');
    expect(unitsToDecimal(1n)).toBe('0.0001');
  });

  it('when a quantity has more than 4 decimals, then it is refused', () => {
    expect(hasAllowedPrecision(1.0001)).toBe(true);
    expect(hasAllowedPrecision(1.00001)).toBe(false);
    expect(hasAllowedPrecision(1e-7)).toBe(false);
  });
});
