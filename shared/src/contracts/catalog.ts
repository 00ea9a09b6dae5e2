import { z } from 'zod';
import { EntityIdSchema } from '../ids';
import { Tracking } from '../unit-identity';

/**
 * Messages the catalog service publishes and the commands it answers. Owned by the catalog
 * service; other services only read this file.
 */
export const CATALOG_SERVICE = 'catalog';

/**
 * What other services keep of an item in their projections. version: the catalog's version of
 * the item (from one sequence, so it only grows and is never reused): a projection keeps the
 * highest it has seen.
 */
export const ItemSnapshot = z.object({
  id: EntityIdSchema,
  sku: z.string(),
  description: z.string(),
  trackStock: z.boolean(),
  /** The item's own low-stock threshold; null: the workspace default (a stock setting) applies. */
  lowStockThreshold: z.number().min(0).nullable(),
  /**
   * The item's cost and default sell price: the stock service freezes a job's prices from its copy
   * of them when the job completes. Messages recorded before they were copied lack them; a copy
   * that never learned them asks the catalog before it prices a job.
   */
  cost: z.number().min(0).optional(),
  sellPrice: z.number().min(0).optional(),
  /** The item's supplier (null: none): whom replenishment orders it from. Messages recorded before it was copied lack it. */
  supplierId: EntityIdSchema.nullable().optional(),
  /** How its units are told apart (none, serial, lot): the stock ledger requires serials or a lot on its lines by it. Messages recorded before it existed lack it (none). */
  tracking: Tracking.optional(),
  version: z.number().int().nonnegative(),
});
export type ItemSnapshot = z.input<typeof ItemSnapshot>;

/**
 * The owner position an event of an owner's change took (shared/src/messaging/owner-events.ts):
 * the workspace's changes of what other services copy, numbered 1, 2, 3, … in commit order with
 * no gaps, so a copy knows how far it has applied them. Absent from messages recorded before
 * positions existed.
 */
export const OwnerPosition = z.number().int().positive().optional();

export const CatalogEvents = {
  itemCreated: 'item.created',
  itemUpdated: 'item.updated',
  tagCreated: 'tag.created',
  supplierCreated: 'supplier.created',
  /**
   * The catalog asked the stock service to record an opening but could not create the items
   * (a refusal, an unanswered request, its own COMMIT failing): the stock service cancels the
   * opening, or blocks it if it has not arrived yet. An event, so the cancellation survives a
   * broker or stock outage instead of being one request that may be lost.
   */
  openingAbandoned: 'opening.abandoned',
  /**
   * The catalog asked the stock service to close items before making them catalog-only
   * (StockCommands.closeItems) but did not commit the change (ClosingAbandoned): the stock
   * service reopens them. An event, so the reopening survives a broker or stock outage.
   */
  closingAbandoned: 'item.closing_abandoned',
  /** A CSV import ended (ImportEnded): completed (applied, or a dry run done) or failed, nothing applied. */
  importCompleted: 'import.completed',
  importFailed: 'import.failed',
} as const;
/** import.completed / import.failed: the job's id, and the job as GET /imports/{id} answers it once it ended. */
export const ImportEnded = z.object({ id: EntityIdSchema, resource: z.record(z.string(), z.unknown()) });
export type ImportEnded = z.input<typeof ImportEnded>;
export const OpeningAbandoned = z.object({ operationId: EntityIdSchema });
export type OpeningAbandoned = z.input<typeof OpeningAbandoned>;
export const ClosingAbandoned = z.object({ attempt: EntityIdSchema, itemIds: z.array(EntityIdSchema).min(1).max(1000) });
export type ClosingAbandoned = z.input<typeof ClosingAbandoned>;
/**
 * The payload of item.created and item.updated: the snapshot projections keep, plus `resource`,
 * the Item exactly as the REST API answers it (the create or PATCH answer, GET /items/info) for
 * the state the event's transaction commits, so a reader that publishes items (webhooks) needs no
 * call back and cannot see a later state. A plain record: the Item's representation is the
 * catalog's (its OpenAPI component Item) and readers pass it on as it is. Optional only because
 * events recorded before it was added lack it; the catalog always sends it.
 */
export const ItemChanged = ItemSnapshot.extend({
  resource: z.record(z.string(), z.unknown()).optional(),
  position: OwnerPosition,
  /**
   * The item was made catalog-only by this change, confirming the stock service's closing of it
   * under this attempt (StockCommands.closeItems): the copy stops holding it closed.
   */
  closingAttempt: EntityIdSchema.optional(),
});
export type ItemChanged = z.input<typeof ItemChanged>;
export const TagCreated = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagCreated = z.infer<typeof TagCreated>;
/** supplier.created: an owner event (it takes the workspace's next owner position), since the stock service copies suppliers for purchase orders. */
export const SupplierCreated = z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string(), position: OwnerPosition });
export type SupplierCreated = z.infer<typeof SupplierCreated>;

export const CatalogCommands = {
  /**
   * Answers ItemSnapshot[] for the ids that exist in the workspace (unknown ids are left out), as
   * committed once no write to them is in flight (read under a share lock): what the stock
   * service's sweeper asks about an item whose closing was never confirmed nor abandoned.
   */
  getItems: 'catalog.get-items',
  /** Answers OwnerPositionAnswer: the workspace's latest owner position of items (0 before its first change). */
  position: 'catalog.position',
  /** Answers { items, suppliers, tags }: live counts for the workspace. */
  usage: 'catalog.usage',
} as const;
export const GetItems = z.object({ itemIds: z.array(EntityIdSchema).min(1).max(1000) });
export const OwnerPositionAnswer = z.object({ position: z.number().int().nonnegative() });
export const CatalogUsage = z.object({ items: z.number().int(), suppliers: z.number().int(), tags: z.number().int() });
export type CatalogUsage = z.infer<typeof CatalogUsage>;
