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

function feed(workspaceId: string, itemId: string, position: number, onHand: number): Envelope<StockFeedMessage> {
  return { id: newId(), type: 'stock.changed', workspaceId, occurredAt: new Date().toISOString(), requestId: null, payload: { position, changes: [{ itemId, locationId: VAN, onHand }], defaultLowStockThreshold: 5 } };
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
