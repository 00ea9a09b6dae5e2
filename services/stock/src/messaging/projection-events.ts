import { CatalogEvents, ItemChanged, LocationChanged, LocationDeleted, LocationEvents } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyItemEvents, applyLocationEvent, markLocationDeleted } from '../data/projection-repository';

/**
 * Keeps the stock service's copies of items and locations from their owners' events (each copy
 * keeps the highest owner version it has seen). An event whose ids cannot be ours fails its
 * contract and goes to the dead-letter queue: no retry fixes it.
 */
export function registerProjectionConsumers(runtime: ServiceRuntime): void {
  // The items of a bulk creation arrive together: one statement for those applied in one batch.
  const item = (type: string) =>
    runtime.events.onMany(type, ItemChanged, (messages, tx) => applyItemEvents(tx, messages.map((m) => ({ workspaceId: m.workspaceId, item: m.payload }))));
  const location = (type: string) => runtime.events.on(type, LocationChanged, (payload, message, tx) => applyLocationEvent(tx, message.workspaceId, payload));
  item(CatalogEvents.itemCreated);
  item(CatalogEvents.itemUpdated);
  location(LocationEvents.created);
  location(LocationEvents.updated);
  runtime.events.on(LocationEvents.deleted, LocationDeleted, (payload, message, tx) => markLocationDeleted(tx, message.workspaceId, payload.id));
}
