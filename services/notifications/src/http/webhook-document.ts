import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { type OpenApiDocument, serviceDocument } from '@inv/shared/http';
import { PUBLIC_EVENTS, PublicEvent } from '../domain/public-event';
import { PUBLIC_EVENT_TYPES } from '../domain/public-event-types';
import { webhookRoutes } from './webhook-routes';

/** The notifications service's fragment of the public document: its routes and the webhooks section. */
export function notificationsDocument(): OpenApiDocument {
  return addWebhookSection(serviceDocument('notifications', webhookRoutes));
}

const SIGNATURE_HEADERS = {
  'webhook-id': { required: true, description: 'The message id: the same on every retry of this delivery; de-duplicate on it.', schema: { type: 'string' } },
  'webhook-timestamp': { required: true, description: 'Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays.', schema: { type: 'string' } },
  'webhook-signature': {
    required: true,
    description: 'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret\'s bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library.',
    schema: { type: 'string' },
  },
};

/**
 * The public events as the OpenAPI 3.1 `webhooks` section (and the components it refers to),
 * generated from the same zod schemas the service builds the events with. Each event's `data` is
 * its schema here or the REST resource's component (Transfer, Item, Location, PurchaseOrder), which
 * the gateway's document holds from the other services' fragments (purchase_order.received's
 * schema here refers to two of those: PurchaseOrder and PurchaseOrderReceipt).
 */
export function addWebhookSection(document: OpenApiDocument): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.register('WebhookEvent', PublicEvent);
  for (const { component, schema } of Object.values(PUBLIC_EVENTS)) if (schema) registry.register(component, schema);
  const { components } = new OpenApiGeneratorV31(registry.definitions).generateComponents();
  const schemas = Object.assign((document.components.schemas ??= {}), components?.schemas);
  for (const { component, jsonSchema } of Object.values(PUBLIC_EVENTS)) if (jsonSchema) schemas[component] = jsonSchema;
  document.webhooks = Object.fromEntries(
    PUBLIC_EVENT_TYPES.map((type) => {
      const event = PUBLIC_EVENTS[type];
      const dataRef = `#/components/schemas/${event.component}`;
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/[^a-z]/g, '_')}`,
            summary: type,
            description: event.summary,
            tags: ['Webhooks'],
            parameters: Object.entries(SIGNATURE_HEADERS).map(([name, header]) => ({ name, in: 'header', ...header })),
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { allOf: [{ $ref: '#/components/schemas/WebhookEvent' }, { type: 'object', properties: { type: { const: type }, data: { $ref: dataRef } } }] },
                },
              },
            },
            responses: { '200': { description: 'Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint.' } },
          },
        },
      ];
    }),
  );
  return document;
}
