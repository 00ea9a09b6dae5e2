import { Client } from 'pg';
import { eventually, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { createItem } from './catalog-helpers';

/**
 * Issue 44 §6: a PATCH decides what the stock service must close (to make the item catalog-only,
 * or to change its tracking) from a read made before its lock. Here the read is made stale on purpose, with the order of a real race pinned by database
 * sessions of the test's own that hold exactly what the requests queue on (as in
 * test/consistency/slow-peer.test.ts): the workspace's owner-position counter, which every change
 * of an item takes last before COMMIT. Each hold lasts a few steps, well inside the requests' lock
 * wait (REQUEST_LOCK_WAIT_MS).
 */

/** A session of the test's on the stack's database, in a transaction. */
async function session(): Promise<Client & { pid: number; release(): Promise<void> }> {
  const s = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await s.connect();
  await s.query('BEGIN');
  const [{ pid }] = (await s.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  return Object.assign(s, { pid, release: () => s.query('ROLLBACK').then(() => s.end()) });
}

/** The backend that waits for a lock `holder` holds (waits for it to be there). */
function waiterOn(holder: number, what: string): Promise<number> {
  return eventually(what, async () => (await sql<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holder]))[0]?.pid);
}

/** Waits until the backend `pid` waits for a lock another holds. */
function blocked(pid: number, what: string): Promise<true> {
  return eventually(what, async () => ((await sql<{ n: number }>('SELECT cardinality(pg_blocking_pids($1)) AS n', [pid]))[0]!.n > 0 ? true : undefined));
}

/** The workspace's owner-position counter row, locked by `s` (queued behind its holders when it is held). */
const lockCounter = (s: Client, workspaceId: string) => s.query('SELECT position FROM catalog.owner_positions WHERE workspace_id = $1 FOR UPDATE', [workspaceId]);

/** Total on hand of the item over every location, as the ledger holds it. */
async function onHandEverywhere(itemId: string): Promise<number> {
  const [row] = await sql<{ total: string }>('SELECT coalesce(sum(on_hand), 0)::text AS total FROM stock.balances WHERE item_id = $1', [itemId]);
  return Number(row!.total);
}

/**
 * The race of issue 44 §6, pinned: `enabling` (a change the catalog commits alone) and `deciding`
 * (a change the stock service must decide once `enabling` has committed) are sent while the counter
 * is held, so that `deciding` reads the item before `enabling` commits and locks it after; then
 * stock comes in while `deciding` is still on its way. Answers the three answers' statuses.
 */
async function stockComesInBetween(ws: TestWorkspace, itemId: string, enabling: object, deciding: object): Promise<{ enabled: number; decided: number; receipt: number }> {
  // 1. The counter is held: `enabling` waits there, holding the item's row.
  const first = await session();
  await lockCounter(first, ws.id);
  const enabled = ws.owner.patch(`/items/${itemId}`, enabling, { retryOverload: false });
  const enabler = await waiterOn(first.pid, 'the enabling PATCH to wait for the owner-position counter');

  // 2. `deciding` reads the item before that change commits (so it plans no closing), then waits for the row.
  const decided = ws.owner.patch(`/items/${itemId}`, deciding, { retryOverload: false });
  await waiterOn(enabler, 'the deciding PATCH to wait for the item row');

  // 3. A second hold queues on the counter behind `enabling`, so `deciding`, once it has the row, waits there.
  const second = await session();
  const secondHolds = lockCounter(second, ws.id);
  await blocked(second.pid, 'the second hold to queue on the counter');
  await first.release();
  const enabledStatus = (await enabled).status;
  await secondHolds;

  // 4. Stock comes in once `enabling` is answered, while `deciding` is still on its way.
  const receipt = await ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId: ws.defaultLocationId, quantity: 5 }, { retryOverload: false });
  await second.release();
  return { enabled: enabledStatus, decided: (await decided).status, receipt: receipt.status };
}

describe('changes the stock service decides race stock coming in (issue 44 §6)', () => {
  it('when a PATCH read the item catalog-only, another made it track stock and stock came in before the PATCH took its lock, then the item is never catalog-only with stock on hand', async () => {
    const ws = await newWorkspace();
    const itemId: string = (await createItem(ws, { trackStock: false })).id;

    const { enabled, decided, receipt } = await stockComesInBetween(ws, itemId, { trackStock: true }, { trackStock: false });

    expect(enabled).toBe(200);
    const item = (await ws.owner.get('/items/info', { query: { itemId } })).body;
    const observed = { decided, receipt, trackStock: item.trackStock, onHand: await onHandEverywhere(itemId) };
    // Either the stock came in first and the stock service refused to close the item (409), or the
    // item was closed first and the receipt was refused (the retryable 429 of an item being closed);
    // never both accepted: that is a catalog-only item with stock on hand.
    expect([
      { decided: 409, receipt: 201, trackStock: true, onHand: 5 },
      { decided: 200, receipt: 429, trackStock: false, onHand: 0 },
    ]).toContainEqual(observed);
  });

  it('when a PATCH read the tracking it asks for, another changed it and stock came in before the PATCH took its lock, then the tracking never changes under stock on hand', async () => {
    const ws = await newWorkspace();
    const itemId: string = (await createItem(ws, { tracking: 'serial' })).id;

    const { enabled, decided, receipt } = await stockComesInBetween(ws, itemId, { tracking: 'none' }, { tracking: 'serial' });

    expect(enabled).toBe(200);
    const item = (await ws.owner.get('/items/info', { query: { itemId } })).body;
    const observed = { decided, receipt, tracking: item.tracking, onHand: await onHandEverywhere(itemId) };
    // The stock came in untracked: the item may become serial only if it did not (the receipt was
    // refused while the item was closed for the change).
    expect([
      { decided: 409, receipt: 201, tracking: 'none', onHand: 5 },
      { decided: 200, receipt: 429, tracking: 'serial', onHand: 0 },
    ]).toContainEqual(observed);
  });

  it('when switches of trackStock race receipts of the same items, then every answer is a decision or a retryable refusal and no item is catalog-only with stock on hand', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const items: string[] = [];
    for (let i = 0; i < 8; i += 1) items.push((await ws.owner.post('/items', { sku: unique('STORM'), trackStock: false })).body.id);
    const once = { retryOverload: false };
    const receipt = (itemId: string) => ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId: ws.defaultLocationId, quantity: 1 }, once);

    const results = await Promise.allSettled(
      items.flatMap((itemId) =>
        Array.from({ length: 3 }, async () => [
          await ws.owner.patch(`/items/${itemId}`, { trackStock: true }, once),
          ...(await Promise.all([ws.owner.patch(`/items/${itemId}`, { trackStock: false }, once), receipt(itemId), receipt(itemId)])),
        ]),
      ),
    );

    const answers = results.flatMap((r): Array<number | string> => (r.status === 'fulfilled' ? r.value.map((res) => res.status) : [String(r.reason)]));
    expect(answers.filter((answer) => ![200, 201, 409, 422, 429].includes(answer as number))).toEqual([]);
    const catalogOnlyWithStock: Array<{ itemId: string; stock: number }> = [];
    for (const itemId of items) {
      const item = (await ws.owner.get('/items/info', { query: { itemId } })).body;
      const stock = await onHandEverywhere(itemId);
      if (!item.trackStock && stock !== 0) catalogOnlyWithStock.push({ itemId, stock });
    }
    expect(catalogOnlyWithStock).toEqual([]);
  });
});
