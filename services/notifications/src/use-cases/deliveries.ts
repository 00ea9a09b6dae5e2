import { type Caller, Conflict, newId, NotFound } from '@inv/shared/core';
import type { PageRequest, TimeIdKey } from '@inv/shared/http';
import { findEndpoint } from '../data/endpoint-repository';
import { type DeliveryFilter, findDelivery, insertMessages, listDeliveries, requeueMessage } from '../data/message-repository';
import type { PublicEvent } from '../domain/public-event';
import { assertWebhookAccess } from '../domain/webhook-access';
import type { Delivery } from '../domain/webhook-endpoint';
import type { Notifications } from './notifications';

async function endpointOf(deps: Notifications, caller: Caller, id: string, toSend: boolean) {
  assertWebhookAccess(caller);
  const endpoint = await findEndpoint(deps.pool, caller.workspace.id, id);
  if (!endpoint) throw new NotFound('Webhook endpoint');
  if (toSend && !endpoint.enabled) throw new Conflict('The webhook endpoint is disabled; enable it (PATCH enabled: true) before sending to it.');
  return endpoint;
}

/** Queues a `webhook.test` event for this endpoint alone, due at once; answers its delivery. */
export async function sendTestEvent(deps: Notifications, caller: Caller, id: string): Promise<Delivery> {
  await endpointOf(deps, caller, id, true);
  const now = new Date();
  const event: PublicEvent = {
    id: newId(),
    type: 'webhook.test',
    occurredAt: now.toISOString(),
    workspaceId: caller.workspace.id,
    actor: { userId: caller.user.id, keyId: caller.keyId },
    data: { webhookId: id, message: 'This is a test event sent from the Inventory API.' },
  };
  const [messageId] = await insertMessages(deps.pool, [{ workspaceId: caller.workspace.id, endpointId: id, eventId: event.id, eventType: event.type, body: JSON.stringify(event) }], now, now);
  deps.worker.kick();
  return (await findDelivery(deps.pool, caller.workspace.id, id, messageId!))!;
}

/**
 * Sends a delivery again now, with the same webhook-id. A finished one (succeeded or failed) is
 * queued again; if that attempt fails, what is left of the retry schedule follows (nothing, for
 * one that had used it up).
 */
export async function retryDelivery(deps: Notifications, caller: Caller, id: string, deliveryId: string): Promise<Delivery> {
  await endpointOf(deps, caller, id, true);
  if (!(await requeueMessage(deps.pool, caller.workspace.id, id, deliveryId, new Date()))) throw new NotFound('Delivery');
  deps.worker.kick();
  return (await findDelivery(deps.pool, caller.workspace.id, id, deliveryId))!;
}

export async function getDelivery(deps: Notifications, caller: Caller, id: string, deliveryId: string): Promise<Delivery> {
  await endpointOf(deps, caller, id, false);
  const delivery = await findDelivery(deps.pool, caller.workspace.id, id, deliveryId);
  if (!delivery) throw new NotFound('Delivery');
  return delivery;
}

export async function deliveriesOf(deps: Notifications, caller: Caller, id: string, filter: DeliveryFilter, page: PageRequest<TimeIdKey>) {
  await endpointOf(deps, caller, id, false);
  return listDeliveries(deps.pool, caller.workspace.id, id, filter, page);
}
