import { INTENT_LEASE_MS } from '@inv/shared/core';
import { confirmedAttempt, type OpeningLine, type StockPort, withItemsClosed, withOpenings } from './stock-intents';

const line: OpeningLine = { item: { id: 'i', sku: 's', description: '', trackStock: true, lowStockThreshold: null }, locationId: 'l', quantity: 1 };

/** A stock port that records what it was asked, in order; `fails` names the calls that throw. */
function fakeStock(fails: Partial<Record<'record' | 'close' | 'abandon', string>> = {}) {
  const calls: string[] = [];
  const reported: string[] = [];
  let intent: string | undefined;
  const fail = (what: keyof typeof fails) => {
    if (fails[what]) throw new Error(fails[what]);
  };
  const port: StockPort = {
    recordOpening: async (operationId) => {
      calls.push('record');
      intent = operationId;
      fail('record');
      return { movements: 1, position: 7 };
    },
    closeItems: async (attempt, itemIds, purpose) => {
      calls.push(`close ${purpose}:${itemIds.join(',')}`);
      intent = attempt;
      fail('close');
    },
    abandonOpening: async (operationId) => {
      calls.push(`abandon opening:${operationId === intent ? 'same' : 'other'}`);
      fail('abandon');
    },
    abandonClosing: async (attempt, itemIds) => {
      calls.push(`abandon closing:${attempt === intent ? 'same' : 'other'}:${itemIds.join(',')}`);
      fail('abandon');
    },
    reportAbandonFailure: (err, what) => reported.push(`${what}: ${(err as Error).message}`),
  };
  return { port, calls, reported };
}

describe('withOpenings: the opening is recorded before the catalog commits, and abandoned if it does not', () => {
  it('when the catalog commits, then the opening is recorded once, first, and never abandoned; its stock position is answered', async () => {
    const stock = fakeStock();
    const order: string[] = [];
    const outcome = await withOpenings(stock.port, [{ operationId: 'op', lines: [line] }], async () => (order.push(`commit after ${stock.calls.join(',')}`), 'done'));
    expect(outcome).toEqual({ result: 'done', stockPosition: 7 });
    expect({ calls: stock.calls, order }).toEqual({ calls: ['record'], order: ['commit after record'] });
  });

  it("when the catalog's commit fails after the stock service recorded, then the same opening is abandoned and the error surfaces", async () => {
    const stock = fakeStock();
    await expect(withOpenings(stock.port, [{ operationId: 'op', lines: [line] }], () => Promise.reject(new Error('commit failed')))).rejects.toThrow('commit failed');
    expect(stock.calls).toEqual(['record', 'abandon opening:same']);
  });

  it('when the stock service refuses or does not answer, then nothing is committed, the opening is abandoned (a no-op if never recorded) and the refusal surfaces', async () => {
    const stock = fakeStock({ record: 'refused' });
    let committed = false;
    await expect(withOpenings(stock.port, [{ operationId: 'op', lines: [line] }], async () => (committed = true))).rejects.toThrow('refused');
    expect({ committed, calls: stock.calls }).toEqual({ committed: false, calls: ['record', 'abandon opening:same'] });
  });

  it('when there are no lines, then the stock service hears nothing', async () => {
    const stock = fakeStock();
    await expect(withOpenings(stock.port, [], () => Promise.reject(new Error('conflict')))).rejects.toThrow('conflict');
    expect(await withOpenings(stock.port, [], async () => 'done')).toEqual({ result: 'done', stockPosition: 0 });
    expect(stock.calls).toEqual([]);
  });

  it('when the abandonment itself cannot be recorded, then it is reported and the original error still surfaces', async () => {
    const stock = fakeStock({ abandon: 'broker down' });
    await expect(withOpenings(stock.port, [{ operationId: 'op', lines: [line] }], () => Promise.reject(new Error('commit failed')))).rejects.toThrow('commit failed');
    expect(stock.reported).toEqual(['opening: broker down']);
  });
  it('when half the lease has gone by before the commit, then stillHeld refuses (retryable, nothing changed) and the opening is abandoned', async () => {
    const stock = fakeStock();
    let now = 1_000;
    const slow = withOpenings(
      stock.port,
      [{ operationId: 'op', lines: [line] }],
      async (stillHeld) => {
        now += INTENT_LEASE_MS / 2 + 1;
        stillHeld();
        return 'done';
      },
      () => now,
    );
    await expect(slow).rejects.toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringMatching(/still held the opening stock; nothing was changed/) });
    expect(stock.calls).toEqual(['record', 'abandon opening:same']);
  });
});

const catalogOnly = (...ids: string[]) => new Map(ids.map((id) => [id, 'catalog_only' as const]));

describe('withItemsClosed: items are closed before the catalog makes them catalog-only or changes their tracking, and reopened if it does not', () => {
  it('when the change commits and names the attempt, then the items are closed first and never reopened', async () => {
    const stock = fakeStock();
    const result = await withItemsClosed(stock.port, catalogOnly('a', 'b'), async (closing) => {
      closing!.stillHeld();
      return { result: `committed under ${closing!.attempt === undefined ? 'none' : 'the attempt'} after ${stock.calls.join(',')}`, confirmed: ['a', 'b'] };
    });
    expect(result).toBe('committed under the attempt after close catalog_only:a,b');
    expect(stock.calls).toEqual(['close catalog_only:a,b']);
  });

  it('when items are closed for different purposes, then each purpose is a command of its own under the one attempt, and the commit sees each purpose', async () => {
    const stock = fakeStock();
    const closes = new Map([
      ['a', 'tracking' as const],
      ['b', 'catalog_only' as const],
      ['c', 'tracking' as const],
    ]);
    const purposes = await withItemsClosed(stock.port, closes, async (closing) => ({ result: Object.fromEntries(closing!.purposes), confirmed: ['a', 'b', 'c'] }));
    expect(purposes).toEqual({ a: 'tracking', b: 'catalog_only', c: 'tracking' });
    expect(stock.calls).toEqual(['close tracking:a,c', 'close catalog_only:b']);
  });

  it('when the change commits confirming only some items (another request made one catalog-only first), then the closing of the others is abandoned', async () => {
    const stock = fakeStock();
    await withItemsClosed(stock.port, catalogOnly('a', 'b'), async () => ({ result: undefined, confirmed: ['b'] }));
    expect(stock.calls).toEqual(['close catalog_only:a,b', 'abandon closing:same:a']);
  });

  it('when the stock service refuses (stock on hand), then nothing is committed and the refusal surfaces (abandoning the attempt costs nothing)', async () => {
    const stock = fakeStock({ close: 'has stock on hand' });
    let committed = false;
    await expect(withItemsClosed(stock.port, catalogOnly('a'), async () => ((committed = true), { result: undefined, confirmed: ['a'] }))).rejects.toThrow('has stock on hand');
    expect({ committed, calls: stock.calls }).toEqual({ committed: false, calls: ['close catalog_only:a', 'abandon closing:same:a'] });
  });

  it('when half the lease has gone by before the commit, then stillHeld refuses and the closing is abandoned', async () => {
    const stock = fakeStock();
    let now = 1_000;
    const slow = withItemsClosed(
      stock.port,
      catalogOnly('a'),
      async (closing) => {
        now += INTENT_LEASE_MS / 2 + 1;
        closing!.stillHeld();
        return { result: undefined, confirmed: ['a'] };
      },
      () => now,
    );
    await expect(slow).rejects.toThrow(/ran out of its deadline before the catalog could commit while the stock service still held the items closed \(a\); nothing was changed/);
    expect(stock.calls).toEqual(['close catalog_only:a', 'abandon closing:same:a']);
  });

  it('when there are no items, then the stock service hears nothing and the change runs alone', async () => {
    const stock = fakeStock();
    expect(await withItemsClosed(stock.port, new Map(), async (closing) => ({ result: closing, confirmed: [] }))).toBeUndefined();
    expect(stock.calls).toEqual([]);
  });
});

describe('confirmedAttempt: a change that needs the stock service commits only under a closing for what it does', () => {
  const closing = { attempt: 'attempt-1', purposes: new Map([['a', 'tracking' as const]]), stillHeld: () => undefined };
  const unplanned = () => new Error('changed since it was read');

  it('when the change needs the purpose the item was closed for, then its event names the attempt', () => {
    expect(confirmedAttempt(closing, 'a', 'tracking', unplanned)).toBe('attempt-1');
  });

  it('when the change needs no decision (another change did it first), then it names none and commits', () => {
    expect(confirmedAttempt(closing, 'a', undefined, unplanned)).toBeUndefined();
    expect(confirmedAttempt(undefined, 'a', undefined, unplanned)).toBeUndefined();
  });

  it('when the change needs a decision the item was not closed for (it changed since the read), then it must not commit', () => {
    expect(() => confirmedAttempt(undefined, 'a', 'catalog_only', unplanned)).toThrow('changed since it was read');
    expect(() => confirmedAttempt(closing, 'a', 'catalog_only', unplanned)).toThrow('changed since it was read');
    expect(() => confirmedAttempt(closing, 'b', 'tracking', unplanned)).toThrow('changed since it was read');
  });
});
