import { CatalogEvents, ItemChanged, LocationChanged, LocationDeleted, LocationEvents } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyItemEvents, applyLocationEvent, markLocationDeleted } from '../data/projection-repository';
import { judgeCopyChanges } from '../use-cases/item-health-changes';

/**
 * Applies item events to the copies, and judges the health of each item whose threshold or
 * tracking they change, for the caller of the catalog's change (the event's actor).
 */
async function applyItems(messages: Envelope<ItemChanged>[], tx: PoolClient): Promise<void> {
  const changed = await applyItemEvents(tx, messages.map((m) => ({ workspaceId: m.workspaceId, item: m.payload })));
  if (changed.length === 0) return;
  // The message that brought each copy's new version: the latest of its item (as applyItemEvents picks it).
  const latest = new Map<string, Envelope<ItemChanged>>();
  for (const m of messages) {
    const key = `${m.workspaceId}/${m.payload.id}`;
    if ((latest.get(key)?.payload.version ?? -1) < m.payload.version) latest.set(key, m);
  }
  await judgeCopyChanges(tx, changed, (change) => {
    const message = latest.get(`${change.workspaceId}/${change.item.id}`);
    return { actor: message?.actor ?? change.fenceActor, requestId: message?.requestId ?? null };
  });
}

/**
 * Keeps the stock service's copies of items and locations from their owners' events (each copy
 * keeps the highest owner version it has seen). An event whose ids cannot be ours fails its
 * contract and goes to the dead-letter queue: no retry fixes it.
 */
export function registerProjectionConsumers(runtime: ServiceRuntime): void {
  // The items of a bulk creation arrive together: one statement for those applied in one batch.
  const item = (type: string) => runtime.events.onMany(type, ItemChanged, applyItems, { recordsEvents: true });
  const location = (type: string) => runtime.events.on(type, LocationChanged, (payload, message, tx) => applyLocationEvent(tx, message.workspaceId, payload));
  item(CatalogEvents.itemCreated);
  item(CatalogEvents.itemUpdated);
  location(LocationEvents.created);
  location(LocationEvents.updated);
  runtime.events.on(LocationEvents.deleted, LocationDeleted, (payload, message, tx) => markLocationDeleted(tx, message.workspaceId, payload.id));
}
