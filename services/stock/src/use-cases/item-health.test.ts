import { type Caller, CatalogEvents, type EntityId, Forbidden, newId, StockEvents } from '@inv/shared/core';
import { UNGUARDED } from '@inv/shared/db';
import { envelope } from '@inv/shared/messaging';
import { ownerOf, type ServiceWorld, startServiceWorld } from '../../../../test/support/service-world';
import { startStock } from '../main';
import { cancelOpening } from './cancel-opening';
import { createTransfer } from './create-transfer';
import { recordMovement } from './record-movement';
import { recordOpening } from './record-opening';
import { updateStockSettings } from './stock-settings';

/**
 * Item health decided where the facts live (issue 29): in the ledger unit that changes an item's
 * total, and in the transaction that changes the threshold it is judged by, on the real
 * PostgreSQL and RabbitMQ with no HTTP. What the stock service records in its outbox is what
 * webhooks receive (the notifications service only maps it).
 */
let world: ServiceWorld;
beforeAll(async () => {
  world = await startServiceWorld(startStock);
});
afterAll(() => world?.stop());

async function workspace() {
  const caller = ownerOf();
  const ws = caller.workspace.id;
  const place = async (): Promise<EntityId> => {
    const id = newId();
    await world.sql(`INSERT INTO locations (id, workspace_id, name, type, active, version) VALUES ($1, $2, $3, 'van', true, 1)`, [id, ws, `L-${id.slice(0, 6)}`]);
    return id;
  };
  const item = async (fields: { threshold?: number | null; trackStock?: boolean } = {}): Promise<EntityId> => {
    const id = newId();
    await world.sql(`INSERT INTO items (id, workspace_id, sku, description, track_stock, low_stock_threshold, confirmed, version) VALUES ($1, $2, $3, 'Filter', $4, $5, true, 1)`, [
      id,
      ws,
      `SKU-${id.slice(0, 6)}`,
      fields.trackStock ?? true,
      fields.threshold ?? null,
    ]);
    return id;
  };
  const move = (itemId: EntityId, locationId: EntityId, quantity: number, who: Caller = caller) =>
    recordMovement(world.runtime, who, { type: quantity > 0 ? 'receipt' : 'adjustment', itemId, locationId, quantity }, UNGUARDED);
  /** The crossings recorded so far, in outbox order, as [health, onHand, threshold]. */
  const crossings = async (itemId?: EntityId) =>
    (
      await world.sql<{ message: { payload: { itemId: string; health: string; onHand: number; threshold: number }; actor: unknown } }>(
        `SELECT message FROM outbox WHERE workspace_id = $1 AND type = $2 ORDER BY seq`,
        [ws, StockEvents.itemHealthCrossed],
      )
    )
      .map((r) => r.message)
      .filter((m) => itemId === undefined || m.payload.itemId === itemId);
  const summary = async (itemId?: EntityId) => (await crossings(itemId)).map((m) => [m.payload.health, m.payload.onHand, m.payload.threshold]);
  const total = async (itemId: EntityId) => (await world.sql('SELECT on_hand::float AS on_hand, changes::int AS changes FROM item_totals WHERE workspace_id = $1 AND item_id = $2', [ws, itemId]))[0];
  return { caller, ws, place, item, move, crossings, summary, total };
}

describe('item health in the ledger', () => {
  it('when the total over every location crosses, then one crossing per change of health, none on the first change, with the actor of the movement', async () => {
    const w = await workspace();
    const [store, van, item] = [await w.place(), await w.place(), await w.item()];
    await w.move(item, store, 8); // first change of the total (out → ok): nothing
    await w.move(item, van, 2); // 10: ok
    await w.move(item, store, -6); // 4: low
    await w.move(item, van, -2); // 2: still low
    await w.move(item, store, -2); // 0: out
    await w.move(item, van, 20); // 20: ok
    expect(await w.summary()).toEqual([
      ['low', 4, 5],
      ['out', 0, 5],
      ['ok', 20, 5],
    ]);
    const [first] = await w.crossings();
    expect(first!.payload).toMatchObject({ item: { id: item, sku: expect.stringMatching(/^SKU-/), description: 'Filter' } });
    expect(first!.actor).toEqual({ userId: w.caller.user.id, keyId: w.caller.keyId });
    expect(await w.total(item)).toEqual({ on_hand: 20, changes: 6 });
  });

  it('when stock is transferred, then no total changes and nothing crosses, even across locations far apart in health', async () => {
    const w = await workspace();
    const [store, van, item] = [await w.place(), await w.place(), await w.item()];
    await w.move(item, store, 3);
    const before = await w.total(item);
    for (let i = 0; i < 3; i++) await createTransfer(world.runtime, w.caller, { fromLocationId: store, toLocationId: van, lines: [{ itemId: item, quantity: 1 }] }, UNGUARDED);
    expect(await w.total(item)).toEqual(before);
    expect(await w.summary()).toEqual([]);
  });

  it('when 20 clients take 4 and put 4 back at once, then the crossings alternate exactly as the committed ledger does', async () => {
    const w = await workspace();
    const [store, item] = [await w.place(), await w.item()];
    await w.move(item, store, 8);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let round = 0; round < 3; round++) {
          const taken = await w.move(item, store, -4).then(() => true, () => false);
          if (taken) await w.move(item, store, 4);
        }
      }),
    );
    // One location: each movement's balance after is the total, in the order the totals' lock let them commit.
    const ledger = await world.sql<{ after: number }>('SELECT balance_after::float AS after FROM movements WHERE workspace_id = $1 ORDER BY seq', [w.ws]);
    const health = (onHand: number) => (onHand <= 0 ? 'out' : onHand <= 5 ? 'low' : 'ok');
    const expected = ledger.flatMap((m, i) => (i > 0 && health(m.after) !== health(ledger[i - 1]!.after) ? [health(m.after)] : []));
    expect(expected.length).toBeGreaterThan(1);
    expect((await w.summary()).map(([h]) => h)).toEqual(expected);
    expect(await w.total(item)).toEqual({ on_hand: 8, changes: ledger.length });
  });

  it('when an opening is recorded and then cancelled, then nothing crosses (the catalog never announced the item) and its total is back at 0', async () => {
    const w = await workspace();
    const at = await w.place();
    const itemId = newId();
    const operationId = newId();
    await recordOpening(world.runtime, { operationId, caller: w.caller, lines: [{ item: { id: itemId, sku: 'OPEN-1', description: '', trackStock: true, lowStockThreshold: 20 }, locationId: at, quantity: 4 }] });
    expect(await w.total(itemId)).toEqual({ on_hand: 4, changes: 1 });
    expect(await cancelOpening(world.runtime, { workspaceId: w.ws, requestId: null, actor: null }, operationId)).toEqual({ cancelled: true });
    expect(await w.total(itemId)).toEqual({ on_hand: 0, changes: 2 });
    expect(await w.summary()).toEqual([]);
  });
});

describe("a change of what an item's health is judged by", () => {
  const publish = (ws: string, item: EntityId, version: number, fields: { lowStockThreshold: number | null; trackStock?: boolean }, actor = { userId: 'catalog-user', keyId: 'catalog-key' }) =>
    world.runtime.broker.publishEvent(
      envelope(CatalogEvents.itemUpdated, ws, { id: item, sku: `SKU-${item.slice(0, 6)}`, description: 'Filter', trackStock: fields.trackStock ?? true, lowStockThreshold: fields.lowStockThreshold, version }, 'req-catalog', actor),
      5000,
    );
  async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const copyVersion = async (ws: string, item: EntityId) => Number((await world.sql('SELECT version FROM items WHERE workspace_id = $1 AND id = $2', [ws, item]))[0].version);

  it("when the item's own threshold is raised past its total, then it is judged once, for the catalog's caller; a repeat or an older event changes nothing", async () => {
    const w = await workspace();
    const [store, item] = [await w.place(), await w.item()];
    await w.move(item, store, 2); // first change: nothing
    await w.move(item, store, 18); // 20: ok
    await publish(w.ws, item, 2, { lowStockThreshold: 25 }); // 20 ≤ 25: low
    await until('the copy at version 2', async () => ((await copyVersion(w.ws, item)) === 2 ? true : undefined));
    await publish(w.ws, item, 2, { lowStockThreshold: 25 });
    await publish(w.ws, item, 1, { lowStockThreshold: null });
    await publish(w.ws, item, 3, { lowStockThreshold: 30 }); // still low: nothing
    await until('the copy at version 3', async () => ((await copyVersion(w.ws, item)) === 3 ? true : undefined));
    expect(await w.summary()).toEqual([
      ['ok', 20, 5],
      ['low', 20, 25],
    ]);
    expect((await w.crossings())[1]!.actor).toEqual({ userId: 'catalog-user', keyId: 'catalog-key' });
    await w.move(item, store, 11); // 31 > 30: ok, judged by the new threshold
    expect((await w.summary()).at(-1)).toEqual(['ok', 31, 30]);
  });

  it('when an item whose total never changed gets a threshold, or an item is made catalog-only and back, then nothing crosses', async () => {
    const w = await workspace();
    const [store, fresh, item] = [await w.place(), await w.item(), await w.item()];
    await publish(w.ws, fresh, 2, { lowStockThreshold: 100 });
    await w.move(item, store, 3);
    await w.move(item, store, -3); // out
    const alertsBefore = (await w.summary()).length;
    await publish(w.ws, item, 2, { lowStockThreshold: null, trackStock: false });
    await publish(w.ws, item, 3, { lowStockThreshold: null, trackStock: true });
    await until('the copies', async () => ((await copyVersion(w.ws, item)) === 3 && (await copyVersion(w.ws, fresh)) === 2 ? true : undefined));
    expect((await w.summary()).length).toBe(alertsBefore);
    await w.move(fresh, store, 50); // its first change: nothing
    expect(await w.summary(fresh)).toEqual([]);
  });

  it("when the workspace default changes, then every item judged by it is judged once, items with their own threshold are not, and the same value again sends nothing", async () => {
    const w = await workspace();
    const store = await w.place();
    const [onDefault, ownThreshold, untouched] = [await w.item(), await w.item({ threshold: 2 }), await w.item()];
    await w.move(onDefault, store, 8); // ok by 5
    await w.move(ownThreshold, store, 8); // ok by 2
    expect(await updateStockSettings(world.runtime, w.caller, { defaultLowStockThreshold: 10 })).toEqual({ defaultLowStockThreshold: 10 });
    expect(await w.summary()).toEqual([['low', 8, 10]]);
    expect((await w.crossings())[0]!.payload.itemId).toBe(onDefault);
    await updateStockSettings(world.runtime, w.caller, { defaultLowStockThreshold: 10 });
    expect(await w.summary()).toHaveLength(1);
    await w.move(onDefault, store, 3); // 11 > 10: ok, judged by the new default
    await w.move(untouched, store, 12); // its first change: nothing
    await w.move(untouched, store, -4); // 8 ≤ 10: low
    expect(await w.summary()).toEqual([
      ['low', 8, 10],
      ['ok', 11, 10],
      ['low', 8, 10],
    ]);
    const announced = await world.sql(`SELECT message->'payload' AS payload FROM outbox WHERE workspace_id = $1 AND type = $2`, [w.ws, StockEvents.settingsChanged]);
    expect(announced).toEqual([{ payload: { defaultLowStockThreshold: 10 } }]);
  });

  it('when the default changes while movements of items judged by it race, then the crossings still alternate in commit order', async () => {
    const w = await workspace();
    const store = await w.place();
    const item = await w.item();
    await w.move(item, store, 7);
    const steps = Array.from({ length: 12 }, (_, i) => i);
    await Promise.all([
      (async () => {
        for (const i of steps) await w.move(item, store, i % 2 === 0 ? -3 : 3);
      })(),
      (async () => {
        for (const i of steps) await updateStockSettings(world.runtime, w.caller, { defaultLowStockThreshold: i % 2 === 0 ? 6 : 3 });
      })(),
    ]);
    const healths = (await w.summary()).map(([h]) => h);
    for (let i = 1; i < healths.length; i++) expect(healths[i]).not.toBe(healths[i - 1]);
    // The last crossing names the health the item is in now, by the total and the default as committed.
    const [{ on_hand: onHand }] = [await w.total(item)];
    const threshold = Number((await world.sql('SELECT default_low_stock_threshold FROM workspace_settings WHERE workspace_id = $1', [w.ws]))[0].default_low_stock_threshold);
    if (healths.length > 0) expect(healths.at(-1)).toBe(onHand <= 0 ? 'out' : onHand <= threshold ? 'low' : 'ok');
  });

  it('when a member who is not the owner changes the default, then it is refused and nothing is written', async () => {
    const w = await workspace();
    const member: Caller = { ...w.caller, role: 'member' };
    await expect(updateStockSettings(world.runtime, member, { defaultLowStockThreshold: 1 })).rejects.toBeInstanceOf(Forbidden);
    expect(await world.sql('SELECT * FROM workspace_settings WHERE workspace_id = $1', [w.ws])).toEqual([]);
  });
});
