import { CatalogEvents, StockEvents } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import { itemAlertsOfItemEvents, itemAlertsOfStockFeed, type ItemEventMessage, type StockFeedMessage } from '../use-cases/item-stock-alerts';
import type { Notifications } from '../use-cases/notifications';
import { recordPublicEvents } from '../use-cases/record-public-events';
import { PUBLIC_EVENT_MAPPINGS, publicEventsOf } from './public-events';

const ITEM_EVENTS = new Set<string>([CatalogEvents.itemCreated, CatalogEvents.itemUpdated]);

/**
 * One batch of internal messages, whatever their types, in one transaction: their public events,
 * the item alerts they decide (item copies first, so a stock change sees an item created in the
 * same batch), and the webhook messages of all of them, in a handful of statements per batch
 * rather than per message.
 */
async function recordBatch(deps: Notifications, messages: Envelope<unknown>[], tx: PoolClient): Promise<void> {
  const events = messages.flatMap(publicEventsOf);
  const itemEvents = messages.filter((m) => ITEM_EVENTS.has(m.type)) as Envelope<ItemEventMessage>[];
  if (itemEvents.length > 0) events.push(...(await itemAlertsOfItemEvents(tx, itemEvents)));
  const stockFeed = messages.filter((m) => m.type === StockEvents.changed) as Envelope<StockFeedMessage>[];
  if (stockFeed.length > 0) events.push(...(await itemAlertsOfStockFeed(tx, stockFeed)));
  await recordPublicEvents(deps, events, tx);
}

/**
 * The internal messages the notifications service consumes: every type the public mapping knows,
 * on the service's own queue (notifications.events, with its retry queue and dead-letter queue).
 * Messages that arrive together are applied as one run whatever their types, and the delivery
 * worker is woken once their transaction commits.
 */
export function subscribeToPublicEvents(deps: Notifications): void {
  const handler = (messages: Envelope<unknown>[], tx: PoolClient) => recordBatch(deps, messages, tx);
  const afterCommit = () => deps.worker.kick();
  for (const [type, { schema }] of Object.entries(PUBLIC_EVENT_MAPPINGS)) deps.events.onMany(type, schema, handler, { afterCommit, run: 'public events' });
}
