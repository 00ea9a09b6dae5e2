import { CatalogEvents, isId, ItemChanged, LocationChanged, LocationDeleted, LocationEvents } from '@inv/shared/core';
import { type Logger } from '@inv/shared/observability';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { applyItemEvent, applyLocationEvent, markLocationDeleted } from '../data/projection-repository';

/**
 * Keeps the stock service's copies of items and locations from their owners' events (each copy
 * keeps the highest owner version it has seen). Ids that cannot be ours (not uuids) are skipped
 * rather than retried: no retry fixes them.
 */
export function registerProjectionConsumers(runtime: ServiceRuntime): void {
  const valid = (id: string, type: string, logger: Logger) => {
    if (isId(id)) return true;
    logger.warn({ id, type }, 'event names an id that is not a uuid; ignored');
    return false;
  };
  const item = (type: string) =>
    runtime.events.on(type, ItemChanged, async (payload, message, tx) => {
      if (valid(payload.id, type, runtime.logger)) await applyItemEvent(tx, message.workspaceId, { ...payload, id: payload.id.toLowerCase() });
    });
  const location = (type: string) =>
    runtime.events.on(type, LocationChanged, async (payload, message, tx) => {
      if (valid(payload.id, type, runtime.logger)) await applyLocationEvent(tx, message.workspaceId, { ...payload, id: payload.id.toLowerCase() });
    });
  item(CatalogEvents.itemCreated);
  item(CatalogEvents.itemUpdated);
  location(LocationEvents.created);
  location(LocationEvents.updated);
  runtime.events.on(LocationEvents.deleted, LocationDeleted, async (payload, message, tx) => {
    if (valid(payload.id, LocationEvents.deleted, runtime.logger)) await markLocationDeleted(tx, message.workspaceId, payload.id.toLowerCase());
  });
}
