import type { StockHealth } from '@inv/shared/core';
import fc from 'fast-check';
import { healthCrossing, type HealthFacts, healthOf, type ItemTotal, thresholdOf, totalChanges } from './item-health';
import { toUnits } from './quantity';

const tracked = (onHand: number, threshold = 5): HealthFacts => ({ onHand: toUnits(onHand), threshold: toUnits(threshold), trackStock: true });
const catalogOnly = (onHand = 0, threshold = 5): HealthFacts => ({ ...tracked(onHand, threshold), trackStock: false });
const rule = (threshold = 5) => () => ({ threshold: toUnits(threshold), trackStock: true });

/** The crossings a ledger of one item makes, transaction by transaction (deltas), from a total never changed before. */
function crossingsOf(deltas: number[], threshold = 5): Array<StockHealth | undefined> {
  let total: ItemTotal = { onHand: 0n, changes: 0 };
  return deltas.map((delta) => {
    const [change] = totalChanges(new Map([['i', total]]), rule(threshold), [{ itemId: 'i', delta: toUnits(delta) }]);
    if (!change) return undefined;
    total = { onHand: change.onHand, changes: change.changes };
    return change.crossed;
  });
}

describe("item health (the catalog's stockHealth definition)", () => {
  // The table of services/catalog/src/data/item-query.ts: CASE WHEN on_hand <= 0 THEN 'out'
  // WHEN on_hand <= COALESCE(low_stock_threshold, default) THEN 'low' ELSE 'ok' END.
  it.each([
    [-1, 5, 'out'],
    [0, 5, 'out'],
    [0.5, 5, 'low'],
    [1, 5, 'low'],
    [5, 5, 'low'],
    [5.0001, 5, 'ok'],
    [6, 5, 'ok'],
    [0, 0, 'out'],
    [1, 0, 'ok'],
    [10, 10, 'low'],
    [11, 10, 'ok'],
  ] as const)('when %d is on hand and the threshold is %d, then the item is %s', (onHand, threshold, health) => {
    expect(healthOf(tracked(onHand, threshold))).toBe(health);
  });

  it('when the item is catalog-only, then it has no health, whatever is on hand', () => {
    for (const onHand of [0, 3, 100]) expect(healthOf(catalogOnly(onHand))).toBeUndefined();
  });

  it("when the item has its own threshold, then it is used; when null, the workspace default is", () => {
    expect(thresholdOf(toUnits(2), toUnits(5))).toBe(toUnits(2));
    expect(thresholdOf(0n, toUnits(5))).toBe(0n);
    expect(thresholdOf(null, toUnits(7))).toBe(toUnits(7));
  });

  it('when a threshold has more decimals than the ledger, then it is read truncated, which judges every on-hand the same', () => {
    // PostgreSQL numeric text, truncated to units of 0.0001: on-hand 2.1234 ≤ 2.12349, 2.1235 is not.
    const threshold = toUnits('2.12349');
    expect(healthOf({ onHand: toUnits('2.1234'), threshold, trackStock: true })).toBe('low');
    expect(healthOf({ onHand: toUnits('2.1235'), threshold, trackStock: true })).toBe('ok');
  });
});

describe('item health crossings', () => {
  it.each<[string, HealthFacts | undefined, HealthFacts, StockHealth | undefined]>([
    ['ok to low', tracked(6), tracked(5), 'low'],
    ['low to out', tracked(1), tracked(0), 'out'],
    ['ok to out in one step', tracked(20), tracked(0), 'out'],
    ['out to low', tracked(0), tracked(3), 'low'],
    ['out to ok', tracked(0), tracked(50), 'ok'],
    ['low to ok', tracked(5), tracked(6), 'ok'],
    ['staying ok', tracked(50), tracked(6), undefined],
    ['staying low', tracked(5), tracked(1), undefined],
    ['staying out', tracked(0), tracked(0), undefined],
    ['first observation at out', undefined, tracked(0), undefined],
    ['first observation at low', undefined, tracked(2), undefined],
    ['first observation at ok', undefined, tracked(9), undefined],
    ['stock tracking turned on (from catalog-only)', catalogOnly(0), tracked(0), undefined],
    ['stock tracking turned off (refused unless nothing is on hand)', tracked(0), catalogOnly(0), undefined],
    ['catalog-only throughout', catalogOnly(0), catalogOnly(0), undefined],
  ])('when the item goes %s, then the health entered is %s', (_, before, after, health) => {
    expect(healthCrossing(before, after)).toBe(health);
  });

  it('when the threshold changes, then the same on-hand is judged once, and not again until a crossing', () => {
    expect(healthCrossing(tracked(3, 5), tracked(3, 2))).toBe('ok');
    expect(healthCrossing(tracked(3, 2), tracked(3, 2))).toBeUndefined();
    expect(healthCrossing(tracked(3, 2), tracked(3, 4))).toBe('low');
    expect(healthCrossing(tracked(3, 4), tracked(3, 3))).toBeUndefined();
    expect(healthCrossing(tracked(0, 5), tracked(0, 0))).toBeUndefined();
  });
});

describe('the totals a transaction leaves', () => {
  it('when the first change of an item is its opening, then no crossing; the next one that crosses sends one', () => {
    expect(crossingsOf([8, -4, -4, 3, 10])).toEqual([undefined, 'low', 'out', 'low', 'ok']);
  });

  it('when movements inside one transaction end where they began, then the total stays and nothing crosses', () => {
    const total = { onHand: toUnits(8), changes: 3 };
    expect(totalChanges(new Map([['i', total]]), rule(), [{ itemId: 'i', delta: toUnits(-6) }, { itemId: 'i', delta: toUnits(6) }])).toEqual([]);
  });

  it('when one transaction moves an item across the threshold and back past it, then it is judged once, from before to after', () => {
    const total = { onHand: toUnits(8), changes: 3 };
    const [change] = totalChanges(new Map([['i', total]]), rule(), [{ itemId: 'i', delta: toUnits(-8) }, { itemId: 'i', delta: toUnits(2) }]);
    expect(change).toEqual({ itemId: 'i', onHand: toUnits(2), changes: 4, crossed: 'low', threshold: toUnits(5) });
  });

  it("when an item's total changes but was not locked, then it is a defect, not a silent skip", () => {
    expect(() => totalChanges(new Map(), rule(), [{ itemId: 'i', delta: 1n }])).toThrow(/not locked/);
  });

  it('when the ledger is a random walk, then the crossings are exactly its changes of health, consecutive ones differ, and the last names the final state', () => {
    const walk = fc.array(fc.integer({ min: -12, max: 12 }).filter((d) => d !== 0), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(walk, (deltas) => {
        const totals: number[] = [];
        for (const delta of deltas) totals.push((totals.at(-1) ?? 0) + delta);
        const healths = totals.map((t) => healthOf(tracked(t)) as StockHealth);
        const expected = healths.flatMap((h, i) => (i > 0 && h !== healths[i - 1] ? [h] : []));
        const sent = crossingsOf(deltas).filter((c) => c !== undefined);
        expect(sent).toEqual(expected);
        for (let i = 1; i < sent.length; i++) expect(sent[i]).not.toBe(sent[i - 1]);
        if (sent.length > 0) expect(sent.at(-1)).toBe(healths.at(-1));
      }),
      { seed: 29, numRuns: 1000 },
    );
  });
});
