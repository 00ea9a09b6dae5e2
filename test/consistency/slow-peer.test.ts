import { Client } from 'pg';
import { REQUEST_LOCK_WAIT_MS } from '@inv/shared/db';
import { newWorkspace, unique } from '../support/fixtures';
import { createItem, createLocation, onHand, receive } from '../stock/stock-fixtures';

/**
 * Issue 35 and issue 40: a slow peer is a longer wait or a retryable refusal, never a 500, and an
 * owner never waits for the ledger while it holds a lock. Here the peer is held up for 1.5 s on
 * purpose, by a database session of the test's that holds exactly what the peer waits for.
 */
const HELD_MS = 1_500;

/** A session of its own on the stack's database, holding what `hold` takes inside a transaction, let go after HELD_MS; `released` settles then. */
async function holdingFor(hold: (session: Client) => Promise<unknown>): Promise<{ released: Promise<void> }> {
  const session = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await session.connect();
  await session.query('BEGIN');
  await hold(session);
  const released = new Promise<void>((resolve) =>
    setTimeout(() => {
      void session
        .query('ROLLBACK')
        .then(() => session.end())
        .then(resolve);
    }, HELD_MS),
  );
  return { released };
}

/** What a movement of the item in flight holds: its shared advisory lock, which closing the item (its exclusive one) waits for. */
const movementOf = (itemId: string) => (s: Client) => s.query("SELECT pg_advisory_xact_lock_shared(hashtext('stock.item'), hashtext($1))", [itemId]);

describe('a slow peer is a longer wait or a retryable refusal, not a 500', () => {
  it('when a movement of an item holds it for 1.5 s, then making the item catalog-only is refused after the lock wait with the retryable 429, changes nothing, and succeeds when sent again', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const { released } = await holdingFor(movementOf(item.id));

    // The stock service waits for a lock another holds at most REQUEST_LOCK_WAIT_MS: then it is contention, answered as such.
    const started = Date.now();
    const refused = await ws.owner.patch(`/items/${item.id}`, { trackStock: false }, { retryOverload: false });
    const refusedAfter = Date.now() - started;
    expect({ status: refused.status, code: refused.body?.error?.code, retryAfter: Number(refused.headers['retry-after']) > 0 }).toEqual({ status: 429, code: 'rate_limit_exceeded', retryAfter: true });
    expect(refused.body.error.message).toMatch(/contention.*nothing was changed/);
    expect(refusedAfter).toBeGreaterThanOrEqual(REQUEST_LOCK_WAIT_MS - 100);
    expect(refusedAfter).toBeLessThan(HELD_MS);
    expect((await ws.owner.get(`/items/info?itemId=${item.id}`)).body.trackStock).toBe(true);

    await released;
    const retried = await ws.owner.patch(`/items/${item.id}`, { trackStock: false }, { retryOverload: false });
    expect({ status: retried.status, trackStock: retried.body?.trackStock, error: retried.body?.error }).toEqual({ status: 200, trackStock: false, error: undefined });
  });

  it("when a movement of an item is in flight, then an edit of the item's threshold, SKU or price does not wait for it: owners never ask the ledger", async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const { released } = await holdingFor(movementOf(item.id));

    const started = Date.now();
    const edited = await ws.owner.patch(`/items/${item.id}`, { lowStockThreshold: 7, sku: unique('SKU'), cost: 12.5 }, { retryOverload: false });
    const editedAfter = Date.now() - started;
    await released;

    expect({ status: edited.status, lowStockThreshold: edited.body?.lowStockThreshold, error: edited.body?.error }).toEqual({ status: 200, lowStockThreshold: 7, error: undefined });
    expect(editedAfter).toBeLessThan(HELD_MS / 2);
  });

  it("when the stock service's copy is held up 1.5 s behind an acknowledged change of an item, then a transfer of it waits for the copy and shows the change", async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const [from, to] = [await createLocation(ws), await createLocation(ws)];
    const item = await createItem(ws);
    await receive(ws.owner, item.id, from.id, 10);
    // The copy's row, which the stock service's consumer locks to apply the item's next event.
    // The hold's time counts from its start: the PATCH's own time is part of what the copy is held up.
    const started = Date.now();
    const { released } = await holdingFor((s) => s.query('SELECT 1 FROM stock.items WHERE id = $1 FOR UPDATE', [item.id]));
    const sku = unique('RENAMED');
    expect((await ws.owner.patch(`/items/${item.id}`, { sku }, { retryOverload: false })).status).toBe(200);

    const res = await ws.owner.post('/inventory/transfers', { fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item.id, quantity: 3 }] }, { retryOverload: false });
    await released;

    expect({ status: res.status, error: res.body?.error, sku: res.body?.lines?.[0]?.item?.sku }).toEqual({ status: 201, error: undefined, sku });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS - 100);
    expect(await onHand(ws.owner, item.id, to.id)).toBe(3);
  });
});
