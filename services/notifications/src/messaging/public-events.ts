import { CatalogEvents, ItemHealthCrossed, JobSnapshot, LocationEvents, newId, ParCrossed, PurchaseOrderEvent, StockEvents, StockLevelsChanged, TransferSnapshot, z } from '@inv/shared/core';
import type { Envelope } from '@inv/shared/messaging';
import { type PublicEvent, SYSTEM_ACTOR } from '../domain/public-event';
import { matchesEvent } from '../domain/event-filter';
import type { PublicEventType } from '../domain/public-event-types';

/**
 * The one place where internal messages become public events (docs/webhooks.md): for each
 * internal type the notifications service subscribes to, the schema it reads and the public
 * events it makes. A change of an internal message is absorbed here; the public contract
 * (domain/public-event.ts) changes only by adding.
 */

/** Item and location events carry the REST resource; messages recorded before it existed have only the snapshot. */
const ResourceEvent = z.looseObject({ id: z.string(), resource: z.record(z.string(), z.unknown()).optional() });
type ResourceEvent = z.infer<typeof ResourceEvent>;

function resourceOf(payload: ResourceEvent): unknown {
  if (payload.resource) return payload.resource;
  const { version: _version, resource: _resource, ...snapshot } = payload as ResourceEvent & { version?: unknown };
  return snapshot;
}

interface Mapping<S extends z.ZodTypeAny> {
  schema: S;
  /** Every public type its messages may make. */
  makes: readonly PublicEventType[];
  /** The public events one message makes, as (type, data) pairs in order. */
  toPublic: (payload: z.infer<S>) => Array<{ type: PublicEventType; data: unknown }>;
}

function mapping<S extends z.ZodTypeAny>(m: Mapping<S>): Mapping<z.ZodTypeAny> {
  return m as Mapping<z.ZodTypeAny>;
}

/** The transfer as the API returns it: the payload whole, fields this build does not know included. */
const TransferEvent = TransferSnapshot.loose();
const transfer = (type: PublicEventType) => mapping({ schema: TransferEvent, makes: [type], toPublic: (t) => [{ type, data: t }] });
/** The job as the API returns it: the payload whole, fields this build does not know included. */
const JobEvent = JobSnapshot.loose();
const job = (type: PublicEventType) => mapping({ schema: JobEvent, makes: [type], toPublic: (j) => [{ type, data: j }] });
/** The purchase order as the API returns it (component PurchaseOrder), passed on whole. */
const purchaseOrder = (type: PublicEventType) => mapping({ schema: PurchaseOrderEvent, makes: [type], toPublic: (e) => [{ type, data: e.purchaseOrder }] });
/** A receipt's message names its receipt: the order after it, with the receipt added (PurchaseOrderReceivedEventData). */
const PurchaseOrderReceived = PurchaseOrderEvent.required({ receipt: true });
const resource = (type: PublicEventType) => mapping({ schema: ResourceEvent, makes: [type], toPublic: (r) => [{ type, data: resourceOf(r) }] });

export const PUBLIC_EVENT_MAPPINGS: Record<string, Mapping<z.ZodTypeAny>> = {
  [StockEvents.transferPending]: transfer('transfer.pending'),
  [StockEvents.transferCompleted]: transfer('transfer.completed'),
  [StockEvents.transferRejected]: transfer('transfer.rejected'),
  [StockEvents.transferCancelled]: transfer('transfer.cancelled'),
  [StockEvents.transferReverted]: transfer('transfer.reverted'),
  [StockEvents.changed]: mapping({
    schema: StockLevelsChanged,
    makes: ['stock.changed'],
    toPublic: ({ changes }) =>
      changes.map((c) => ({
        type: 'stock.changed' as const,
        data: {
          itemId: c.itemId,
          locationId: c.locationId,
          onHandBefore: c.onHand - c.delta,
          onHandAfter: c.onHand,
          delta: c.delta,
          movementType: c.movementType,
          version: c.version,
          serials: c.serials ?? null,
          lot: c.lot ?? null,
        },
      })),
  }),
  [StockEvents.parCrossed]: mapping({
    schema: ParCrossed,
    makes: ['stock.below_par', 'stock.par_restored'],
    toPublic: (c) => [{ type: c.below ? 'stock.below_par' : 'stock.par_restored', data: { item: c.item, location: c.location, onHand: c.onHand, available: c.available ?? c.onHand, minimum: c.minimum, target: c.target ?? c.minimum } }],
  }),
  [StockEvents.itemHealthCrossed]: mapping({
    schema: ItemHealthCrossed,
    makes: ['item.stock_out', 'item.stock_low', 'item.stock_ok'],
    toPublic: (c) => [{ type: `item.stock_${c.health}` as const, data: { item: c.item, health: c.health, onHand: c.onHand, threshold: c.threshold } }],
  }),
  [StockEvents.jobCompleted]: job('job.completed'),
  [StockEvents.jobCancelled]: job('job.cancelled'),
  [StockEvents.jobReverted]: job('job.reverted'),
  [StockEvents.purchaseOrderSubmitted]: purchaseOrder('purchase_order.submitted'),
  [StockEvents.purchaseOrderReceived]: mapping({
    schema: PurchaseOrderReceived,
    makes: ['purchase_order.received'],
    toPublic: (e) => [{ type: 'purchase_order.received' as const, data: { ...e.purchaseOrder, receipt: e.receipt } }],
  }),
  [StockEvents.purchaseOrderClosed]: purchaseOrder('purchase_order.closed'),
  [StockEvents.purchaseOrderCancelled]: purchaseOrder('purchase_order.cancelled'),
  [StockEvents.purchaseOrderReceiptReverted]: mapping({
    schema: PurchaseOrderEvent,
    makes: ['purchase_order.receipt_reverted'],
    toPublic: (e) => [{ type: 'purchase_order.receipt_reverted' as const, data: { ...e.purchaseOrder, receipt: e.receipt } }],
  }),
  [CatalogEvents.importCompleted]: resource('import.completed'),
  [CatalogEvents.importFailed]: resource('import.failed'),
  [CatalogEvents.itemCreated]: resource('item.created'),
  [CatalogEvents.itemUpdated]: resource('item.updated'),
  [LocationEvents.created]: resource('location.created'),
  [LocationEvents.updated]: resource('location.updated'),
  [LocationEvents.deleted]: resource('location.deleted'),
};

/** The internal types whose messages make a public event some of these `events` filters match: what a workspace's queue binding needs. */
export function internalTypesFor(filters: ReadonlyArray<readonly string[]>): string[] {
  return Object.entries(PUBLIC_EVENT_MAPPINGS)
    .filter(([, { makes }]) => makes.some((type) => filters.some((filter) => matchesEvent(filter, type))))
    .map(([internal]) => internal)
    .sort();
}

/** The types of the public events one internal message makes. */
export function publicTypesOf(message: Envelope<unknown>): PublicEventType[] {
  return PUBLIC_EVENT_MAPPINGS[message.type]?.toPublic(message.payload).map((e) => e.type) ?? [];
}

/** The public events of one internal message (already validated by its mapping's schema). */
export function publicEventsOf(message: Envelope<unknown>): PublicEvent[] {
  const map = PUBLIC_EVENT_MAPPINGS[message.type];
  if (!map) return [];
  const actor = message.actor ? { userId: message.actor.userId, keyId: message.actor.keyId } : SYSTEM_ACTOR;
  return map.toPublic(message.payload).map(({ type, data }) => ({ id: newId(), type, occurredAt: message.occurredAt, workspaceId: message.workspaceId, actor, data }));
}
