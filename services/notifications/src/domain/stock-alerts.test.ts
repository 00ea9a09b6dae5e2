import fc from 'fast-check';
import {
  crossingsInOrder,
  healthOf,
  type ItemAlert,
  itemHealthCrossing,
  type ItemStock,
  lowStockThreshold,
  type StockHealth,
  type Versioned,
} from './stock-alerts';

const tracked = (onHand: number, threshold = 5): ItemStock => ({ onHand, threshold, trackStock: true });
const catalogOnly = (onHand = 0, threshold = 5): ItemStock => ({ onHand, threshold, trackStock: false });
/** The committed ledger of one item: the total on-hand after each transaction, versions 1, 2, 3, … */
const ledger = (onHands: number[], threshold = 5): Versioned<ItemStock>[] => onHands.map((onHand, i) => ({ ...tracked(onHand, threshold), version: i + 1 }));
const alertsOf = (states: readonly Versioned<ItemStock>[], last?: Versioned<ItemStock>) => crossingsInOrder(last, states, itemHealthCrossing).alerts.map((a) => a.alert);

describe('stock health (the catalog\'s definition)', () => {
  // The table of services/catalog/src/data/item-query.ts: CASE WHEN on_hand <= 0 THEN 'out'
  // WHEN on_hand <= COALESCE(low_stock_threshold, default) THEN 'low' ELSE 'ok' END.
  it.each([
    [-1, 5, 'out'],
    [0, 5, 'out'],
    [0.5, 5, 'low'],
    [1, 5, 'low'],
    [5, 5, 'low'],
    [5.001, 5, 'ok'],
    [6, 5, 'ok'],
    [1000, 5, 'ok'],
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

  it('when the item has its own threshold, then it is used; when null, the workspace default is', () => {
    expect(lowStockThreshold(2, 5)).toBe(2);
    expect(lowStockThreshold(0, 5)).toBe(0);
    expect(lowStockThreshold(null, 5)).toBe(5);
    expect(lowStockThreshold(undefined, 7)).toBe(7);
  });
});

describe('item health crossings', () => {
  it.each<[string, ItemStock | undefined, ItemStock, ItemAlert | undefined]>([
    ['ok to low', tracked(6), tracked(5), 'item.stock_low'],
    ['low to out', tracked(1), tracked(0), 'item.stock_out'],
    ['ok to out in one step', tracked(20), tracked(0), 'item.stock_out'],
    ['out to low (first stock received, below the threshold)', tracked(0), tracked(3), 'item.stock_low'],
    ['out to ok', tracked(0), tracked(50), 'item.stock_ok'],
    ['low to ok', tracked(5), tracked(6), 'item.stock_ok'],
    ['staying ok', tracked(50), tracked(6), undefined],
    ['staying low', tracked(5), tracked(1), undefined],
    ['staying out', tracked(0), tracked(0), undefined],
    ['first observation at out (a new item)', undefined, tracked(0), undefined],
    ['first observation at low', undefined, tracked(2), undefined],
    ['first observation at ok', undefined, tracked(9), undefined],
    ['stock tracking turned on (from catalog-only)', catalogOnly(0), tracked(0), undefined],
    ['stock tracking turned off (refused unless nothing is on hand)', tracked(0), catalogOnly(0), undefined],
    ['catalog-only throughout', catalogOnly(0), catalogOnly(0), undefined],
  ])('when the item goes %s, then the alert is %s', (_, previous, next, alert) => {
    expect(itemHealthCrossing(previous, next)).toBe(alert);
  });

  it('when the threshold changes, then the same on-hand is re-evaluated once, and not again until a crossing', () => {
    const before = tracked(3, 5);
    const lowered = tracked(3, 2);
    expect(itemHealthCrossing(before, lowered)).toBe('item.stock_ok');
    expect(itemHealthCrossing(lowered, tracked(3, 2))).toBeUndefined();
    expect(itemHealthCrossing(lowered, tracked(3, 4))).toBe('item.stock_low');
    expect(itemHealthCrossing(tracked(3, 4), tracked(3, 3))).toBeUndefined();
    expect(itemHealthCrossing(tracked(0, 5), tracked(0, 0))).toBeUndefined();
  });
});

describe('crossings in ledger order', () => {
  it('when the ledger goes ok → low → ok over three transactions, then two alerts, in that order', () => {
    expect(alertsOf(ledger([8, 4, 8]))).toEqual(['item.stock_low', 'item.stock_ok']);
  });

  it('when a burst of movements in one transaction ends where it began, then its one committed state sends nothing', () => {
    // -4 then +4 inside one transaction: stock.changed carries only the state after it, 8.
    const last = { ...tracked(8), version: 1 };
    expect(alertsOf([{ ...tracked(8), version: 2 }], last)).toEqual([]);
  });

  it('when the ledger stays in one state, or only moves within it, then nothing is sent', () => {
    expect(alertsOf(ledger([9, 7, 100, 6]))).toEqual([]);
    expect(alertsOf(ledger([5, 1, 3]))).toEqual([]);
  });

  it('when the first state of an item is out, then no alert; the first receipt then crosses', () => {
    expect(alertsOf(ledger([0, 3, 10, 0]))).toEqual(['item.stock_low', 'item.stock_ok', 'item.stock_out']);
  });

  it('when each alert is given, then it carries the committed state that entered it', () => {
    const { alerts, last } = crossingsInOrder(undefined, ledger([8, 4, 2, 9]), itemHealthCrossing);
    expect(alerts).toEqual([
      { alert: 'item.stock_low', state: { ...tracked(4), version: 2 } },
      { alert: 'item.stock_ok', state: { ...tracked(9), version: 4 } },
    ]);
    expect(last).toEqual({ ...tracked(9), version: 4 });
  });

  it('when a batch arrives out of order, then it is applied in version order', () => {
    const [v1, v2, v3, v4] = ledger([8, 4, 8, 0]) as [Versioned<ItemStock>, Versioned<ItemStock>, Versioned<ItemStock>, Versioned<ItemStock>];
    expect(alertsOf([v4, v2, v3], v1)).toEqual(['item.stock_low', 'item.stock_ok', 'item.stock_out']);
  });

  it('when a version is delivered again, in the batch or after it was applied, then it sends nothing', () => {
    const [v1, v2, v3] = ledger([8, 4, 8]) as [Versioned<ItemStock>, Versioned<ItemStock>, Versioned<ItemStock>];
    expect(alertsOf([v2, v2, v3, v2], v1)).toEqual(['item.stock_low', 'item.stock_ok']);
    const applied = crossingsInOrder(v1, [v2, v3], itemHealthCrossing).last;
    expect(applied).toEqual(v3);
    expect(crossingsInOrder(applied, [v2, v3, v1], itemHealthCrossing)).toEqual({ alerts: [], last: v3 });
  });

  it('when one version is given twice with different facts, then the first counts and the second is no crossing', () => {
    const v1 = { ...tracked(8, 5), version: 1 };
    // Position 2 redelivered after the threshold was raised: the same transaction, seen twice.
    expect(alertsOf([{ ...tracked(4, 5), version: 2 }, { ...tracked(4, 3), version: 2 }], v1)).toEqual(['item.stock_low']);
  });

  it('when a stale state arrives after a newer one was applied, then it is ignored rather than sent as a crossing', () => {
    const [v1, v2, v3] = ledger([8, 4, 4]) as [Versioned<ItemStock>, Versioned<ItemStock>, Versioned<ItemStock>];
    const afterV3 = crossingsInOrder(v1, [v3], itemHealthCrossing);
    expect(afterV3.alerts.map((a) => a.alert)).toEqual(['item.stock_low']);
    // v2 (low) compared with v3 (low) or with v1 (ok) would say nothing or repeat stock_low.
    expect(crossingsInOrder(afterV3.last, [v2], itemHealthCrossing)).toEqual({ alerts: [], last: v3 });
  });

  it('when the batch is empty, then nothing is sent and the last state is kept', () => {
    const v1 = { ...tracked(8), version: 1 };
    expect(crossingsInOrder(v1, [], itemHealthCrossing)).toEqual({ alerts: [], last: v1 });
    expect(crossingsInOrder(undefined, [], itemHealthCrossing)).toEqual({ alerts: [], last: undefined });
  });
});

describe('crossings in ledger order: properties', () => {
  const THRESHOLD = 5;
  /** On-hand around the threshold, so walks cross it often. */
  const walk = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 60 });
  const changesOf = (onHands: number[]) => {
    const healths = onHands.map((onHand) => healthOf(tracked(onHand, THRESHOLD)) as StockHealth);
    return healths.flatMap((health, i) => (i > 0 && health !== healths[i - 1] ? [`item.stock_${health}`] : []));
  };

  it('when the ledger is a random walk, then the alerts are its crossings, consecutive alerts differ, and the last names the final state', () => {
    fc.assert(
      fc.property(walk, (onHands) => {
        const alerts = alertsOf(ledger(onHands, THRESHOLD));
        expect(alerts).toEqual(changesOf(onHands));
        for (let i = 1; i < alerts.length; i++) expect(alerts[i]).not.toBe(alerts[i - 1]);
        if (alerts.length > 0) expect(alerts.at(-1)).toBe(`item.stock_${healthOf(tracked(onHands.at(-1) as number, THRESHOLD))}`);
      }),
      { seed: 23, numRuns: 1000 },
    );
  });

  it('when 20 clients move one item back and forth across the threshold, then the alerts alternate exactly as the committed ledger does', () => {
    // Each client's transaction is ±3 around a threshold of 5; the ledger is the order they committed in.
    const interleaving = fc.array(fc.record({ client: fc.integer({ min: 0, max: 19 }), up: fc.boolean() }), { minLength: 20, maxLength: 200 });
    fc.assert(
      fc.property(interleaving, (commits) => {
        const onHands = [6];
        for (const { up } of commits) onHands.push(Math.max(0, (onHands.at(-1) as number) + (up ? 3 : -3)));
        expect(alertsOf(ledger(onHands, THRESHOLD))).toEqual(changesOf(onHands));
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it('when the ledger is delivered in batches, each shuffled, with repeats and replays of applied versions, then the alerts are the same as in order', () => {
    const delivery = walk.chain((onHands) =>
      fc.record({
        onHands: fc.constant(onHands),
        cuts: fc.uniqueArray(fc.integer({ min: 1, max: onHands.length }), { maxLength: 8 }),
        seed: fc.integer(),
      }),
    );
    fc.assert(
      fc.property(delivery, ({ onHands, cuts, seed }) => {
        const states = ledger(onHands, THRESHOLD);
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), states.length];
        const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed, numRuns: 4 * states.length + 8 });
        let r = 0;
        const next = (n: number) => (random[r++ % random.length] as number) % n;
        let last: Versioned<ItemStock> | undefined;
        const sent: string[] = [];
        for (let b = 1; b < bounds.length; b++) {
          const chunk = states.slice(bounds[b - 1], bounds[b]);
          const replays = states.slice(0, bounds[b - 1]).filter(() => next(3) === 0);
          const repeats = chunk.filter(() => next(3) === 0);
          const batch = [...chunk, ...replays, ...repeats].sort(() => next(3) - 1);
          const result = crossingsInOrder(last, batch, itemHealthCrossing);
          sent.push(...result.alerts.map((a) => a.alert));
          last = result.last;
        }
        expect(sent).toEqual(alertsOf(states));
        expect(last).toEqual(states.at(-1));
      }),
      { seed: 23, numRuns: 500 },
    );
  });

  it('when versions arrive in any order, one at a time, then no version is sent twice and consecutive alerts still differ', () => {
    const arrival = walk.chain((onHands) => fc.record({ onHands: fc.constant(onHands), order: fc.shuffledSubarray(onHands.map((_, i) => i), { minLength: onHands.length }) }));
    fc.assert(
      fc.property(arrival, ({ onHands, order }) => {
        const states = ledger(onHands, THRESHOLD);
        let last: Versioned<ItemStock> | undefined;
        const sent: Array<{ alert: string; version: number }> = [];
        for (const index of [...order, ...order]) {
          const result = crossingsInOrder(last, [states[index] as Versioned<ItemStock>], itemHealthCrossing);
          sent.push(...result.alerts.map((a) => ({ alert: a.alert, version: a.state.version })));
          last = result.last;
        }
        expect(new Set(sent.map((s) => s.version)).size).toBe(sent.length);
        for (let i = 1; i < sent.length; i++) {
          expect(sent[i]?.alert).not.toBe(sent[i - 1]?.alert);
          expect(sent[i]?.version).toBeGreaterThan(sent[i - 1]?.version as number);
        }
      }),
      { seed: 23, numRuns: 500 },
    );
  });
});
