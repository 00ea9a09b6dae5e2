import { EntityIdSchema, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, routesFor, setNextLink, single, TimeIdKey } from '@inv/shared/http';
import { PUBLIC_EVENT_TYPES } from '../domain/public-event-types';
import { CreateWebhookBody, Delivery, DeliveryStatus, RotatedSecret, UpdateWebhookBody, WebhookEndpoint, WebhookEndpointWithSecret } from '../domain/webhook-endpoint';
import { deliveriesOf, getDelivery, retryDelivery, sendTestEvent } from '../use-cases/deliveries';
import { changeEndpoint, createEndpoint, getEndpoint, listEndpointsOf, PREVIOUS_SECRET_LIFETIME_MS, removeEndpoint, rotateSecret } from '../use-cases/manage-endpoints';
import type { Notifications } from '../use-cases/notifications';

const EndpointPath = z.object({ webhookId: EntityIdSchema.openapi({ description: 'Webhook endpoint ID' }) });
const DeliveryPath = EndpointPath.extend({ deliveryId: EntityIdSchema.openapi({ description: 'Delivery ID (the webhook-id of its attempts)' }) });

export const DeliveriesQuery = z.strictObject({
  status: single(DeliveryStatus).optional().openapi({ description: 'Only deliveries in this status: pending, succeeded or failed' }),
  eventType: queryArray(z.enum(PUBLIC_EVENT_TYPES)).openapi({ description: 'Only deliveries of these event types (repeated or comma-separated)' }),
  // Newest first by cursor only: no page numbers, as the log grows at its head while it is read.
  ...CursorPagination.omit({ page: true }).shape,
});

const RESTRICTED = 'A member with restricted location access gets 403: webhooks carry the events of every location.';
const route = routesFor<Notifications>();

export const webhookRoutes = [
  route({
    method: 'post',
    operationId: 'createWebhook',
    path: '/webhooks',
    summary: 'Create a webhook endpoint',
    description: `Answers 201 with the endpoint and its signing secret (whsec_…), shown this once: every delivery is signed with it (Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature). The URL must be https:// (http:// only where the deployment allows it), without credentials or fragment, at most 2048 characters, and its host must not be or resolve to a loopback, private, link-local (the cloud metadata address), CGNAT, multicast, unspecified or unique-local address (400 naming url); the address is checked again at connect time on every attempt. events: exact types or prefix wildcards (transfer.*), empty for every event. The plan limits endpoints per workspace (403 exceeded_limit). Takes no Idempotency-Key: its answer holds a secret, which is never stored in plain text to be replayed; after a lost answer, list the endpoints and delete the extra one. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { body: { schema: CreateWebhookBody, required: true } },
    responses: { 201: { description: 'The endpoint, with its signing secret', schema: WebhookEndpointWithSecret } },
    handler: async ({ body }, { deps, req }) => createEndpoint(deps, ctx(req), body),
  }),
  route({
    method: 'get',
    operationId: 'listWebhooks',
    path: '/webhooks',
    summary: 'List webhook endpoints',
    description: `Every endpoint of the workspace, oldest first, without secrets (the plan's limit keeps the list to one page). ${RESTRICTED}`,
    scope: 'webhooks.read',
    tags: ['Webhooks'],
    responses: { 200: { description: 'Webhook endpoints', schema: z.array(WebhookEndpoint) } },
    handler: async (_input, { deps, req }) => listEndpointsOf(deps, ctx(req)),
  }),
  route({
    method: 'get',
    operationId: 'getWebhook',
    path: '/webhooks/{webhookId}',
    summary: 'Get a webhook endpoint',
    description: RESTRICTED,
    scope: 'webhooks.read',
    tags: ['Webhooks'],
    request: { params: EndpointPath },
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint } },
    handler: async ({ params }, { deps, req }) => getEndpoint(deps, ctx(req), params.webhookId),
  }),
  route({
    method: 'patch',
    operationId: 'updateWebhook',
    path: '/webhooks/{webhookId}',
    summary: 'Change a webhook endpoint',
    description: `Changes the fields given (at least one). enabled: true re-enables an endpoint the service disabled (disabledReason is cleared; its pending messages are sent again); enabled: false pauses it. Events that happen while an endpoint is disabled are not queued for it. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { params: EndpointPath, body: { schema: UpdateWebhookBody, required: true } },
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint } },
    handler: async ({ params, body }, { deps, req }) => changeEndpoint(deps, ctx(req), params.webhookId, body),
  }),
  route({
    method: 'delete',
    operationId: 'deleteWebhook',
    path: '/webhooks/{webhookId}',
    summary: 'Delete a webhook endpoint',
    description: `Deletes it with its pending messages and its deliveries log; answers 204. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { params: EndpointPath },
    responses: { 204: { description: 'Deleted' } },
    handler: async ({ params }, { deps, req }) => removeEndpoint(deps, ctx(req), params.webhookId),
  }),
  route({
    method: 'post',
    operationId: 'rotateWebhookSecret',
    path: '/webhooks/{webhookId}/rotate-secret',
    summary: 'Rotate the signing secret',
    description: `Answers the new secret, shown this once. For ${PREVIOUS_SECRET_LIFETIME_MS / 3_600_000} hours every delivery carries two signatures, the new secret's and the old one's, so the receiver can switch without missing one; a second rotation drops the oldest at once. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { params: EndpointPath },
    responses: { 200: { description: 'The new secret', schema: RotatedSecret } },
    handler: async ({ params }, { deps, req }) => rotateSecret(deps, ctx(req), params.webhookId),
  }),
  route({
    method: 'post',
    operationId: 'testWebhook',
    path: '/webhooks/{webhookId}/test',
    summary: 'Send a test event',
    description: `Queues a webhook.test event for this endpoint alone, whatever its events filter, due at once; answers 202 with its delivery (follow it with GET /webhooks/{webhookId}/deliveries/{deliveryId}). 409 while the endpoint is disabled. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { params: EndpointPath },
    responses: { 202: { description: 'The queued delivery', schema: Delivery } },
    handler: async ({ params }, { deps, req }) => sendTestEvent(deps, ctx(req), params.webhookId),
  }),
  route({
    method: 'get',
    operationId: 'listWebhookDeliveries',
    path: '/webhooks/{webhookId}/deliveries',
    summary: "List an endpoint's deliveries",
    description: `Each event sent (or to be sent) to the endpoint, newest first, with its latest attempts (time, status code, duration, error, the first 2 KB of the response). Paged by cursor only (Link rel="next"; pageSize 1–200, default 50): no page numbers and no X-Total-Count, since the log grows at its head while it is read. Deliveries are kept 30 days after they finish. ${RESTRICTED}`,
    scope: 'webhooks.read',
    tags: ['Webhooks'],
    request: { params: EndpointPath, query: DeliveriesQuery },
    responses: { 200: { description: 'Deliveries', schema: z.array(Delivery), nextLink: true } },
    handler: async ({ params, query }, { deps, req, res }) => {
      const caller = ctx(req);
      const binding = cursorBinding(caller.workspace.id, `GET /webhooks/${params.webhookId}/deliveries`, query);
      const { rows, next } = await deliveriesOf(deps, caller, params.webhookId, { status: query.status, eventTypes: query.eventType }, pageRequest({ ...query, page: undefined }, binding, TimeIdKey));
      setNextLink(req, res, caller.workspace.id, next && encodeCursor(next, binding));
      return rows;
    },
  }),
  route({
    method: 'get',
    operationId: 'getWebhookDelivery',
    path: '/webhooks/{webhookId}/deliveries/{deliveryId}',
    summary: 'Get a delivery',
    description: RESTRICTED,
    scope: 'webhooks.read',
    tags: ['Webhooks'],
    request: { params: DeliveryPath },
    responses: { 200: { description: 'The delivery', schema: Delivery } },
    handler: async ({ params }, { deps, req }) => getDelivery(deps, ctx(req), params.webhookId, params.deliveryId),
  }),
  route({
    method: 'post',
    operationId: 'retryWebhookDelivery',
    path: '/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
    summary: 'Send a delivery again now',
    description: `Queues the delivery again, due at once, with the same webhook-id (the receiver de-duplicates on it); answers 202. If that attempt fails, what is left of the retry schedule follows. 409 while the endpoint is disabled. ${RESTRICTED}`,
    scope: 'webhooks.write',
    tags: ['Webhooks'],
    request: { params: DeliveryPath },
    responses: { 202: { description: 'The queued delivery', schema: Delivery } },
    handler: async ({ params }, { deps, req }) => retryDelivery(deps, ctx(req), params.webhookId, params.deliveryId),
  }),
];
