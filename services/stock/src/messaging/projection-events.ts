import { CatalogEvents, ClosingAbandoned, ItemChanged, SupplierCreated, LocationChanged, LocationDeleted, LocationEvents } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import { advancePositionFeed, type Envelope } from '@inv/shared/messaging';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyItemEvents, applyLocationEvent, applySupplierEvents, endClosings, markLocationDeleted } from '../data/projection-repository';
import { judgeCopyChanges } from '../use-cases/item-health-changes';

/** The owner positions the messages took, as their feed records them (messages from before positions carry none). */
function positionsOf(messages: ReadonlyArray<Envelope<{ position?: number }>>): Array<{ workspaceId: string; position: number }> {
  return messages.flatMap((m) => (m.payload.position === undefined ? [] : [{ workspaceId: m.workspaceId, position: m.payload.position }]));
}

/**
 * Applies item events to the copies, judges the health of each item whose threshold or tracking
 * they change (for the caller of the catalog's change: the event's actor), and records how far the
 * copies have applied the catalog's positions, all in the consumer's transaction.
 */
async function applyItems(messages: Envelope<ItemChanged>[], tx: PoolClient): Promise<void> {
  const changed = await applyItemEvents(tx, messages.map((m) => ({ workspaceId: m.workspaceId, item: m.payload })));
  if (changed.length > 0) {
    // The message that brought each copy's new version: the latest of its item (as applyItemEvents picks it).
    const latest = new Map<string, Envelope<ItemChanged>>();
    for (const m of messages) {
      const key = `${m.workspaceId}/${m.payload.id}`;
      if ((latest.get(key)?.payload.version ?? -1) < m.payload.version) latest.set(key, m);
    }
    await judgeCopyChanges(tx, changed, (change) => {
      const message = latest.get(`${change.workspaceId}/${change.item.id}`);
      return { actor: message?.actor ?? null, requestId: message?.requestId ?? null };
    });
  }
  await advancePositionFeed(tx, 'catalog', positionsOf(messages));
}

/**
 * Keeps the stock service's copies of items and locations from their owners' events (each copy
 * keeps the highest owner version it has seen) and how far they have applied each owner's
 * positions (docs/consistency.md). An event whose ids cannot be ours fails its contract and goes
 * to the dead-letter queue: no retry fixes it (and its position stays a gap, which holds back the
 * workspace's calls until it is replayed: docs/operations.md).
 */
export function registerProjectionConsumers(runtime: ServiceRuntime): void {
  // The items of a bulk creation arrive together: one statement for those applied in one batch.
  const item = (type: string) => runtime.events.onMany(type, ItemChanged, applyItems, { recordsEvents: true });
  const location = (type: string) =>
    runtime.events.on(type, LocationChanged, async (payload, message, tx) => {
      await applyLocationEvent(tx, message.workspaceId, payload);
      await advancePositionFeed(tx, 'locations', positionsOf([message]));
    });
  item(CatalogEvents.itemCreated);
  item(CatalogEvents.itemUpdated);
  // Suppliers are copied for purchase orders; their events take catalog positions like items'.
  runtime.events.onMany(CatalogEvents.supplierCreated, SupplierCreated, async (messages, tx) => {
    await applySupplierEvents(tx, messages.map((m) => ({ workspaceId: m.workspaceId, id: m.payload.id, name: m.payload.name })));
    await advancePositionFeed(tx, 'catalog', positionsOf(messages));
  });
  location(LocationEvents.created);
  location(LocationEvents.updated);
  runtime.events.on(LocationEvents.deleted, LocationDeleted, async (payload, message, tx) => {
    await markLocationDeleted(tx, message.workspaceId, payload.id);
    await advancePositionFeed(tx, 'locations', positionsOf([message]));
  });
  // The catalog did not confirm a closing: its items take stock again (those it did confirm are catalog-only by their own event).
  runtime.events.on(CatalogEvents.closingAbandoned, ClosingAbandoned, ({ attempt, itemIds }, _message, tx) => endClosings(tx, [attempt], itemIds));
}
