import { applyDelta, available, countDifference, shortages } from './balance-rules';

const balance = (onHand: bigint, reserved: bigint) => ({ onHand, reserved });

describe('balance rules', () => {
  it('when stock is reserved, then what is available is on-hand minus reserved', () => {
    expect(available(balance(10n, 4n))).toBe(6n);
  });

  it('when a change takes out no more than is available, then it applies', () => {
    expect(applyDelta(balance(10n, 4n), { onHand: -6n, reserved: 0n })).toEqual(balance(4n, 4n));
    expect(applyDelta(balance(10n, 4n), { onHand: 0n, reserved: 6n })).toEqual(balance(10n, 10n));
  });

  it('when a change takes more than is free at a balance, then shortages names it with what was free and what was asked; the change itself frees stock first', () => {
    const balances = new Map([
      ['a', balance(10n, 4n)],
      ['b', balance(3n, 0n)],
    ]);
    expect(shortages(balances, [{ key: 'a', takes: 7n, param: 'lines[0].quantity' }, { key: 'b', takes: 2n }])).toEqual([{ key: 'a', requested: 7n, available: 6n, reserved: 4n, param: 'lines[0].quantity' }]);
    expect(shortages(balances, [{ key: 'a', takes: 7n }, { key: 'a', takes: -1n }])).toEqual([]);
    expect(shortages(balances, [{ key: 'c', takes: 1n }])).toEqual([{ key: 'c', requested: 1n, available: 0n, reserved: 0n }]);
  });

  it('when a change releases its own reservation and still takes too much, then the refusal counts only what others hold as reserved', () => {
    const balances = new Map([['a', balance(10n, 4n)]]);
    expect(shortages(balances, [{ key: 'a', takes: -4n, reservation: true }, { key: 'a', takes: 11n }])).toEqual([{ key: 'a', requested: 11n, available: 10n, reserved: 0n }]);
    expect(shortages(balances, [{ key: 'a', takes: -1n, reservation: true }, { key: 'a', takes: 8n }])).toEqual([{ key: 'a', requested: 8n, available: 7n, reserved: 3n }]);
    // stock coming in is not a release: what others hold stays held
    expect(shortages(balances, [{ key: 'a', takes: -1n }, { key: 'a', takes: 8n }])).toEqual([{ key: 'a', requested: 8n, available: 7n, reserved: 4n }]);
  });

  it('when a completion takes out exactly what it releases, then it fits even with nothing else available', () => {
    expect(shortages(new Map([['a', balance(4n, 4n)]]), [{ key: 'a', takes: -4n }, { key: 'a', takes: 4n }])).toEqual([]);
    expect(applyDelta(balance(4n, 4n), { onHand: -4n, reserved: -4n })).toEqual(balance(0n, 0n));
  });

  it('when more would be released than is reserved, or on-hand left below it, then it is a programming error', () => {
    expect(() => applyDelta(balance(4n, 1n), { onHand: 0n, reserved: -2n })).toThrow(/only 1 are reserved/);
    expect(() => applyDelta(balance(4n, 1n), { onHand: -4n, reserved: 0n })).toThrow(/below reserved/);
  });

  it('when a count is taken, then the difference is recorded; below what is reserved it is refused', () => {
    expect(countDifference(balance(10n, 4n), 7n)).toBe(-3n);
    expect(countDifference(balance(10n, 4n), 12n)).toBe(2n);
    expect(countDifference(balance(10n, 4n), 10n)).toBe(0n);
    expect(countDifference(balance(10n, 4n), 4n)).toBe(-6n);
    expect(countDifference(balance(10n, 4n), 3n)).toBeUndefined();
  });
});
