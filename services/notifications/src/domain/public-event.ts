import { ApiId, ApiTimestamp, z } from '@inv/shared/core';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-event-types';

/**
 * The body of every webhook delivery: the public event contract (docs/webhooks.md), version 1.
 * It is built from the internal messages in one place (messaging/public-events.ts) and only
 * there, so the messages between services may change without breaking a receiver.
 */

export const EventActor = z
  .object({
    userId: z.string().nullable().openapi({ description: 'The user whose API key made the change; null when the system did (healing interrupted work)', example: '0191c1a0-5f2e-7cc2-9b1e-3f4a5b6c7d8e' }),
    keyId: z.string().nullable().openapi({ description: 'The API key it used (its id, never the key); null when the system did', example: '0191c1a0-6a1b-7d3c-8e4f-5a6b7c8d9e0f' }),
  })
  .openapi('WebhookEventActor');
export type EventActor = z.infer<typeof EventActor>;

export const SYSTEM_ACTOR: EventActor = Object.freeze({ userId: null, keyId: null });

export const PublicEvent = z
  .object({
    id: ApiId.openapi({ description: 'The event id: the same in every delivery of this event, to every endpoint' }),
    type: z.enum(PUBLIC_EVENT_TYPES),
    occurredAt: ApiTimestamp.openapi({ description: 'When the change was committed' }),
    workspaceId: z.string(),
    actor: EventActor,
    data: z.unknown().openapi({ description: 'The resource as the REST API returns it (see each event)' }),
  });
export interface PublicEvent<D = unknown> {
  id: string;
  type: PublicEventType;
  occurredAt: string;
  workspaceId: string;
  actor: EventActor;
  data: D;
}

const Quantity = z.number().openapi({ example: 12 });

/** `stock.changed`: one balance (an item at a location) changed in one committed transaction. */
export const StockChangedData = z
  .object({
    itemId: ApiId,
    locationId: ApiId,
    onHandBefore: Quantity.openapi({ description: 'On hand at the location before the transaction' }),
    onHandAfter: Quantity.openapi({ description: 'On hand at the location after it' }),
    delta: Quantity.openapi({ description: 'onHandAfter - onHandBefore' }),
    movementType: z.string().openapi({ description: 'The kind of movement that changed it: opening, receipt, adjustment, transfer_out, transfer_in, ...', example: 'receipt' }),
    version: z.number().int().openapi({ description: "The balance's version: grows with every change of it, so a receiver can drop a stale event" }),
    serials: z.array(z.string()).nullable().openapi({ description: "The serials the movement carried (a serial-tracked item's); null otherwise", example: null }),
    lot: z.string().nullable().openapi({ description: "The lot the movement carried (a lot-tracked item's); null otherwise", example: null }),
  });

const ItemRef = z.object({ id: ApiId, sku: z.string().openapi({ example: 'WID-001' }), description: z.string().openapi({ example: 'Widget' }) });
const LocationRef = z.object({ id: ApiId, name: z.string().openapi({ example: 'Van 7' }), type: z.string().openapi({ example: 'van' }) });

/** `item.stock_low` / `item.stock_out` / `item.stock_ok`: the item's total on hand crossed into that health. */
export const ItemStockAlertData = z
  .object({
    item: ItemRef,
    health: z.enum(['out', 'low', 'ok']).openapi({ description: 'out: on hand ≤ 0; low: 0 < on hand ≤ threshold; ok: above it' }),
    onHand: Quantity.openapi({ description: 'On hand over every location' }),
    threshold: Quantity.openapi({ description: "The item's lowStockThreshold, else the workspace default" }),
  });

/** `stock.below_par` / `stock.par_restored`: a balance crossed its par level. */
export const ParAlertData = z
  .object({
    item: ItemRef,
    location: LocationRef,
    onHand: Quantity,
    available: Quantity.openapi({ description: 'Free stock: onHand minus what pending transfers and open jobs hold there' }),
    minimum: Quantity.openapi({ description: 'The par level: below par when available < minimum (free stock, the rule replenishment refills by)' }),
    target: Quantity.openapi({ description: 'The on-hand a replenishment refills it up to (≥ minimum)' }),
  });

/** `webhook.test`: sent by POST /webhooks/{id}/test to that endpoint alone. */
export const WebhookTestData = z
  .object({ webhookId: ApiId, message: z.string().openapi({ example: 'This is a test event sent from the Inventory API.' }) });

const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * `purchase_order.received`: the purchase order as `GET /purchase-orders/{id}` answers it after the
 * receipt, with the receipt (lines included) in an added `receipt` field, so `data` is the order in
 * every purchase_order.* event. Written as JSON Schema: it extends components the stock service's
 * fragment holds (PurchaseOrder, PurchaseOrderReceipt), which a zod schema here cannot refer to.
 */
export const PurchaseOrderReceivedData = {
  description: 'The purchase order as GET /purchase-orders/{id} answers it after the receipt, with the receipt in `receipt`.',
  allOf: [
    componentRef('PurchaseOrder'),
    {
      type: 'object',
      required: ['receipt'],
      properties: { receipt: { ...componentRef('PurchaseOrderReceipt'), description: 'The receipt this event is about, with its lines' } },
    },
  ],
} as const;

/**
 * What the reference says of each type: a summary, and its `data` as the name of a schema in the
 * API's reference, with the schema when it is this module's (registered under that name by
 * http/webhook-document.ts: `schema` a zod schema, `jsonSchema` JSON Schema for a shape built on
 * other services' components); without one, a schema the reference already holds (the REST
 * resource the event is about).
 */
export const PUBLIC_EVENTS: Record<PublicEventType, { summary: string; component: string; schema?: z.ZodTypeAny; jsonSchema?: Record<string, unknown> }> = {
  'transfer.pending': { summary: 'A pending transfer was created: its quantities are reserved at the source.', component: 'Transfer' },
  'transfer.completed': { summary: 'A transfer was completed (at once, or by the destination): stock moved.', component: 'Transfer' },
  'transfer.rejected': { summary: 'The destination rejected a pending transfer; its reservation was released.', component: 'Transfer' },
  'transfer.cancelled': { summary: 'The source cancelled a pending transfer; its reservation was released.', component: 'Transfer' },
  'transfer.reverted': { summary: 'A completed transfer was reverted: its stock moved back.', component: 'Transfer' },
  'stock.changed': { summary: 'The on-hand of an item at a location changed (one event per item and location per committed change).', component: 'StockChangedEventData', schema: StockChangedData },
  'stock.below_par': { summary: 'An item at a location dropped below its par level (free stock, available < minimum).', component: 'ParAlertEventData', schema: ParAlertData },
  'stock.par_restored': { summary: 'An item at a location is back at or above its par level.', component: 'ParAlertEventData', schema: ParAlertData },
  'item.created': { summary: 'An item was created.', component: 'Item' },
  'item.updated': { summary: 'An item was changed.', component: 'Item' },
  'item.deleted': { summary: 'Reserved: items cannot be deleted through the API today; the type is part of the contract for when they can.', component: 'Item' },
  'item.stock_low': { summary: "An item's total on hand crossed into low (0 < onHand ≤ threshold).", component: 'ItemStockAlertEventData', schema: ItemStockAlertData },
  'item.stock_out': { summary: "An item's total on hand crossed into out (onHand ≤ 0).", component: 'ItemStockAlertEventData', schema: ItemStockAlertData },
  'item.stock_ok': { summary: "An item's total on hand crossed into ok (above its threshold).", component: 'ItemStockAlertEventData', schema: ItemStockAlertData },
  'location.created': { summary: 'A location was created.', component: 'Location' },
  'location.updated': { summary: 'A location was changed (name, type, active, ...).', component: 'Location' },
  'location.deleted': { summary: 'A location was deleted; data is the location as it was.', component: 'Location' },
  'import.completed': { summary: 'A CSV import ended completed: every row applied, or a dry run validated (its errors listed).', component: 'Import' },
  'import.failed': { summary: 'A CSV import failed: a row was invalid, or the file could not be applied; nothing was applied.', component: 'Import' },
  'job.completed': { summary: 'A job was completed: what it used left stock (its stock.changed follow), its prices and totals were frozen.', component: 'Job' },
  'job.cancelled': { summary: 'An open job was cancelled; its reservations were released.', component: 'Job' },
  'job.reverted': { summary: 'A completed job was reverted: what it used was put back where it was taken.', component: 'Job' },
  'purchase_order.submitted': { summary: 'A draft purchase order was submitted: its open quantities are on order.', component: 'PurchaseOrder' },
  'purchase_order.received': {
    summary: 'Goods were received against a purchase order (one event per receipt): data is the order after the receipt, with the receipt in `receipt`.',
    component: 'PurchaseOrderReceivedEventData',
    jsonSchema: PurchaseOrderReceivedData,
  },
  'purchase_order.closed': { summary: 'An ordered or partially received purchase order was closed: what was still open is no longer on order.', component: 'PurchaseOrder' },
  'purchase_order.cancelled': { summary: 'A purchase order was cancelled.', component: 'PurchaseOrder' },
  'purchase_order.receipt_reverted': {
    summary:
      'A receipt of a purchase order was taken back: data is the order in the status the revert left it in (received → partially received or ordered; a closed order stays closed), with the reverted receipt (its revertedAt and costVariance) in `receipt`.',
    component: 'PurchaseOrderReceiptRevertedEventData',
    jsonSchema: {
      ...PurchaseOrderReceivedData,
      description: 'The purchase order as GET /purchase-orders/{id} answers it after the revert, with the reverted receipt in `receipt`.',
      allOf: [PurchaseOrderReceivedData.allOf[0], { ...PurchaseOrderReceivedData.allOf[1], properties: { receipt: { ...componentRef('PurchaseOrderReceipt'), description: 'The receipt taken back, with revertedAt and costVariance' } } }],
    },
  },
  'webhook.test': { summary: 'Sent by POST /webhooks/{id}/test to that endpoint alone.', component: 'WebhookTestEventData', schema: WebhookTestData },
};
