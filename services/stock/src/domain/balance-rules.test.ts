import { applyDelta, available, countDifference } from './balance-rules';

const balance = (onHand: bigint, reserved: bigint) => ({ onHand, reserved });

describe('balance rules', () => {
  it('when stock is reserved, then what is available is on-hand minus reserved', () => {
    expect(available(balance(10n, 4n))).toBe(6n);
  });

  it('when a change takes out no more than is available, then it applies', () => {
    expect(applyDelta(balance(10n, 4n), { onHand: -6n, reserved: 0n })).toEqual({ ok: true, next: balance(4n, 4n) });
    expect(applyDelta(balance(10n, 4n), { onHand: 0n, reserved: 6n })).toEqual({ ok: true, next: balance(10n, 10n) });
  });

  it('when a movement or a reservation needs more than is available, then it is refused with what is available and what was requested', () => {
    expect(applyDelta(balance(10n, 4n), { onHand: -7n, reserved: 0n })).toEqual({ ok: false, available: 6n, requested: 7n });
    expect(applyDelta(balance(10n, 4n), { onHand: 0n, reserved: 7n })).toEqual({ ok: false, available: 6n, requested: 7n });
  });

  it('when a completion takes out exactly what it releases, then it applies even with nothing else available', () => {
    expect(applyDelta(balance(4n, 4n), { onHand: -4n, reserved: -4n })).toEqual({ ok: true, next: balance(0n, 0n) });
  });

  it('when more would be released than is reserved, then it is a programming error', () => {
    expect(() => applyDelta(balance(4n, 1n), { onHand: 0n, reserved: -2n })).toThrow(/only 1 are reserved/);
  });

  it('when a count is taken, then the difference is recorded; below what is reserved it is refused', () => {
    expect(countDifference(balance(10n, 4n), 7n)).toBe(-3n);
    expect(countDifference(balance(10n, 4n), 12n)).toBe(2n);
    expect(countDifference(balance(10n, 4n), 10n)).toBe(0n);
    expect(countDifference(balance(10n, 4n), 4n)).toBe(-6n);
    expect(countDifference(balance(10n, 4n), 3n)).toBeUndefined();
  });
});
