import { newId } from '@inv/shared/core';
import { withTransaction } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import { type ServiceWorld, startServiceWorld } from '../../../../test/support/service-world';
import { NotificationsConfig } from '../config';
import { startNotifications } from '../main';
import { itemAlertsOfItemEvents, itemAlertsOfStockFeed, type ItemEventMessage, type StockFeedMessage } from './item-stock-alerts';

/**
 * The item alerts on the real schema (PostgreSQL, no HTTP): the stock feed is applied in position
 * order whatever order it arrives in, a gap is waited for, and given up on after a minute.
 */
let world: ServiceWorld;
beforeAll(async () => {
  world = await startServiceWorld((config) => startNotifications(NotificationsConfig.parse(config)));
});
afterAll(() => world?.stop());

const VAN = '0191c1a0-0000-7000-8000-00000000000a';

/** A stock change at `position` leaving `onHand`, decided from the item's copy at `itemVersion`. */
function feed(workspaceId: string, itemId: string, position: number, onHand: number, itemVersion = 1): Envelope<StockFeedMessage> {
  const payload = { position, changes: [{ itemId, locationId: VAN, onHand }], defaultLowStockThreshold: 5, itemVersions: { [itemId]: itemVersion } };
  return { id: newId(), type: 'stock.changed', workspaceId, occurredAt: new Date().toISOString(), requestId: null, payload };
}

/** The catalog's change of the item's threshold to `lowStockThreshold` at `version`, fenced at stock position `stockPosition`. */
function thresholdChanged(workspaceId: string, itemId: string, version: number, lowStockThreshold: number | null, stockPosition: number) {
  const payload = { id: itemId, sku: 'S', description: 'D', trackStock: true, version, stockPosition, resource: { id: itemId, lowStockThreshold } };
  const updated: Envelope<ItemEventMessage> = { id: newId(), type: 'item.updated', workspaceId, occurredAt: new Date().toISOString(), requestId: null, payload };
  return withTransaction(world.runtime.pool, (tx) => itemAlertsOfItemEvents(tx, [updated]));
}

/** The item's created event reaching the service; answers the alerts it releases. */
function itemCreated(workspaceId: string, itemId: string) {
  const created: Envelope<ItemEventMessage> = { id: newId(), type: 'item.created', workspaceId, occurredAt: new Date().toISOString(), requestId: null, payload: { id: itemId, sku: 'S', description: 'D', trackStock: true, version: 1 } };
  return withTransaction(world.runtime.pool, (tx) => itemAlertsOfItemEvents(tx, [created]));
}

async function known(workspaceId: string): Promise<string> {
  const itemId = newId();
  await itemCreated(workspaceId, itemId);
  return itemId;
}

const apply = (batch: Envelope<StockFeedMessage>[]) => withTransaction(world.runtime.pool, (tx) => itemAlertsOfStockFeed(tx, batch));
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);

it('when the feed arrives out of order, then the alerts are those of position order, each sent once', async () => {
  const ws = newId();
  const item = await known(ws);
  // Ledger: 10 (first seen), 4 (low), 0 (out), 8 (ok).
  expect(types(await apply([feed(ws, item, 1, 10)]))).toEqual([]);
  expect(types(await apply([feed(ws, item, 3, 0)]))).toEqual([]); // waits for 2
  expect(types(await apply([feed(ws, item, 4, 8), feed(ws, item, 2, 4)]))).toEqual(['item.stock_low', 'item.stock_out', 'item.stock_ok']);
  expect(types(await apply([feed(ws, item, 3, 0)]))).toEqual([]); // a redelivery
});

it('when a position never comes, then the feed waits, and after a minute goes on without it', async () => {
  const ws = newId();
  const item = await known(ws);
  await apply([feed(ws, item, 1, 10)]);
  expect(types(await apply([feed(ws, item, 3, 4)]))).toEqual([]);
  expect(types(await apply([feed(ws, item, 4, 0)]))).toEqual([]);
  await world.sql("UPDATE stock_feed_waiting SET parked_at = now() - interval '2 minutes' WHERE workspace_id = $1 AND position = 3", [ws]);
  expect(types(await apply([feed(ws, item, 5, 10)]))).toEqual(['item.stock_low', 'item.stock_out', 'item.stock_ok']);
});

it("when an item's stock changes arrive before its item.created (two services), then they wait for it and its arrival sends their alerts", async () => {
  const ws = newId();
  const item = newId();
  expect(types(await apply([feed(ws, item, 1, 10)]))).toEqual([]);
  expect(types(await apply([feed(ws, item, 2, 4)]))).toEqual([]);
  expect(types(await itemCreated(ws, item))).toEqual(['item.stock_low']);
  expect(types(await apply([feed(ws, item, 3, 0)]))).toEqual(['item.stock_out']);
});

describe('a change of the threshold, placed in the ledger by the stock position its fence answered', () => {
  it('when it arrives before the stock change it follows, then it waits for it: the ledger\'s crossing is sent first, then the threshold\'s', async () => {
    const ws = newId();
    const item = await known(ws);
    await apply([feed(ws, item, 1, 0)]); // first observation: out
    // Received 20 (position 2), then the threshold raised to 25: the catalog's event comes first.
    expect(types(await thresholdChanged(ws, item, 2, 25, 2))).toEqual([]);
    const alerts = await apply([feed(ws, item, 2, 20)]);
    expect(alerts.map((a) => [a.type, (a.data as { onHand: number }).onHand, (a.data as { threshold: number }).threshold])).toEqual([
      ['item.stock_ok', 20, 5],
      ['item.stock_low', 20, 25],
    ]);
    expect(types(await apply([feed(ws, item, 3, 21, 2)]))).toEqual([]); // low under 25 still
  });

  it('when a stock change decided from the changed item arrives before the item event, then it waits for the event, and both are judged in ledger order', async () => {
    const ws = newId();
    const item = await known(ws);
    await apply([feed(ws, item, 1, 20)]); // first observation: ok under 5
    expect(types(await thresholdChanged(ws, item, 2, 25, 1))).toEqual(['item.stock_low']);
    // The threshold back to the default (5) at version 3, fenced after position 1... then 3 on hand, decided from version 3.
    expect(types(await apply([feed(ws, item, 2, 3, 3)]))).toEqual([]);
    expect(types(await thresholdChanged(ws, item, 3, null, 1))).toEqual(['item.stock_ok', 'item.stock_low']);
  });

  it('when the feed has already passed its position, then it takes effect at once', async () => {
    const ws = newId();
    const item = await known(ws);
    await apply([feed(ws, item, 1, 10), feed(ws, item, 2, 8)]);
    expect(types(await thresholdChanged(ws, item, 2, 9, 2))).toEqual(['item.stock_low']);
    expect(await world.sql('SELECT 1 FROM item_changes_waiting WHERE workspace_id = $1', [ws])).toHaveLength(0);
  });
});
