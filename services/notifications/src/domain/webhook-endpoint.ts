import { ApiId, ApiTimestamp, z } from '@inv/shared/core';
import { MAX_WEBHOOK_URL_LENGTH } from './address-policy';
import { EventFilter } from './event-filter';

/**
 * A webhook endpoint as the API shows it, and the bodies that create and change one. The URL's
 * rules beyond length (scheme, credentials, SSRF) are address-policy's, applied by the use case
 * with the deployment's settings; the signing secret is shown only by the two answers that make
 * one (create, rotate-secret).
 */

const Url = z
  .string()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH)
  .openapi({ description: `https:// (http:// only where the deployment allows it), at most ${MAX_WEBHOOK_URL_LENGTH} characters, no credentials or fragment; its host must not be or resolve to a loopback, private, link-local, CGNAT, multicast or otherwise reserved address`, example: 'https://hooks.example.com/inventory' });
const Events = EventFilter.openapi({
  description: 'Event types (transfer.completed) or wildcards over a prefix (transfer.*); empty: every event. At most 50 entries, each once.',
  example: ['transfer.*', 'stock.below_par'],
});
const Description = z.string().max(500).openapi({ description: 'At most 500 characters', example: 'Refill planner' });

export const CreateWebhookBody = z.strictObject({
  url: Url,
  events: Events.default([]),
  description: Description.default(''),
  enabled: z.boolean().default(true).openapi({ description: 'Default true' }),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .strictObject({
    url: Url.optional(),
    events: Events.optional(),
    description: Description.optional(),
    enabled: z.boolean().optional().openapi({ description: 'true re-enables an endpoint that was disabled (its disabledReason is cleared and its pending messages resume); false pauses it' }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'must give at least one of url, events, description, enabled' })
  .openapi({ example: { enabled: true } });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookEndpoint = z
  .object({
    id: ApiId,
    url: z.string().openapi({ example: 'https://hooks.example.com/inventory' }),
    events: z.array(z.string()).openapi({ example: ['transfer.*', 'stock.below_par'] }),
    description: z.string(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().openapi({ description: 'Why the endpoint was disabled: by its receiver (410 Gone), by 5 days of failed attempts, or null (enabled, or paused through the API)', example: null }),
    createdAt: ApiTimestamp,
    updatedAt: ApiTimestamp,
  })
  .openapi('WebhookEndpoint');
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().openapi({ description: 'The signing secret (whsec_ + base64): shown once, here. Verify each delivery with it (Standard Webhooks).', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
}).openapi('WebhookEndpointWithSecret');

export const RotatedSecret = z
  .object({
    secret: z.string().openapi({ description: 'The new signing secret, shown once', example: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD' }),
    previousSecretExpiresAt: ApiTimestamp.openapi({ description: 'Until then every delivery is signed with both the new and the old secret (two signatures in webhook-signature)' }),
  })
  .openapi('RotatedWebhookSecret');

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttempt = z.object({
  attemptedAt: ApiTimestamp,
  statusCode: z.number().int().nullable().openapi({ description: 'The status the endpoint answered; null when no answer came (refused address, network error, timeout)', example: 200 }),
  durationMs: z.number().int(),
  error: z.string().nullable().openapi({ description: 'Why the attempt failed; null when it succeeded', example: null }),
  response: z.string().openapi({ description: 'The first 2 KB of the response body', example: 'ok' }),
});

export const Delivery = z
  .object({
    id: ApiId.openapi({ description: 'The message id: the webhook-id header of every attempt, the same on each retry' }),
    eventId: ApiId,
    eventType: z.string().openapi({ example: 'transfer.completed' }),
    status: DeliveryStatus.openapi({ description: 'pending (an attempt is due or under way), succeeded (a 2xx came), failed (every attempt of the schedule failed)' }),
    attemptCount: z.number().int(),
    nextAttemptAt: ApiTimestamp.nullable().openapi({ description: 'When the next attempt is due; null once succeeded or failed' }),
    createdAt: ApiTimestamp,
    finishedAt: ApiTimestamp.nullable(),
    attempts: z.array(DeliveryAttempt).openapi({ description: 'The latest 20 attempts, newest first' }),
  })
  .openapi('WebhookDelivery');
export type Delivery = z.infer<typeof Delivery>;

/** Attempts shown per delivery: the schedule has 8; manual retries may add more. */
export const ATTEMPTS_SHOWN = 20;
