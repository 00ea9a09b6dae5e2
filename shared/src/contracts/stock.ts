import { z } from 'zod';
import { Actor, Caller } from '../caller';
import { EntityIdSchema } from '../ids';
import { ItemSnapshot } from './catalog';
import { LocationType } from './locations';
import { ExpiresOn, LotCode, SerialNumbers } from '../unit-identity';

/**
 * Messages the stock service publishes and the commands it answers. Owned by the stock
 * service; other services only read this file.
 */
export const STOCK_SERVICE = 'stock';

export const StockEvents = {
  /**
   * The balances one transaction changed, as StockLevelsChanged: one message per transaction.
   * Each change's version increases strictly with every change of its balance, so a projection
   * keeps the highest and ignores stale or repeated deliveries; position numbers the
   * transactions of a workspace that changed on-hand (1, 2, 3, … in commit order, no gaps), so a
   * projection knows how far it has applied them (see docs/consistency.md).
   */
  changed: 'stock.changed',
  /** A pending transfer was created: its quantities are reserved at the source, nothing moved yet. */
  transferPending: 'transfer.pending',
  transferCompleted: 'transfer.completed',
  transferReverted: 'transfer.reverted',
  /** The destination refused a pending transfer; its reservation was released. */
  transferRejected: 'transfer.rejected',
  /** The source withdrew a pending transfer; its reservation was released. */
  transferCancelled: 'transfer.cancelled',
  /**
   * A balance crossed its par level in a committed transaction (ParCrossed): decided in that
   * transaction under the balance's lock, from its free stock (on-hand − reserved) before and
   * after and the minimum it carries, or when a minimum is changed. One per crossing, never per
   * movement or reservation.
   */
  parCrossed: 'stock.par_crossed',
  /**
   * An item's health (out, low or ok over every location) changed in a committed transaction
   * (ItemHealthCrossed): decided in the transaction that changes the item's total on-hand (a
   * receipt, an adjustment, a count, an opening) under the lock of that total, or that changes
   * the threshold it is judged by (the item's, or the workspace default). One per crossing.
   */
  itemHealthCrossed: 'stock.item_health_crossed',
  /** The workspace's stock settings changed (StockSettingsChanged): the catalog's health filters follow. */
  settingsChanged: 'stock.settings_changed',
  /** A job was completed (JobSnapshot): what it used moved out of stock, its prices were frozen. */
  jobCompleted: 'job.completed',
  /** An open job was cancelled (JobSnapshot); its reservations were released. */
  jobCancelled: 'job.cancelled',
  /** A completed job was reverted (JobSnapshot): what it used was put back where it was taken. */
  jobReverted: 'job.reverted',
  /** A draft purchase order was submitted (PurchaseOrderEvent): its open quantities are on order. */
  purchaseOrderSubmitted: 'purchase_order.submitted',
  /** Goods were received against a purchase order (PurchaseOrderEvent with its receipt): one per receipt. */
  purchaseOrderReceived: 'purchase_order.received',
  /** An ordered or partially received purchase order was closed (PurchaseOrderEvent): what was still open is no longer on order. */
  purchaseOrderClosed: 'purchase_order.closed',
  /** A purchase order was cancelled (PurchaseOrderEvent). */
  purchaseOrderCancelled: 'purchase_order.cancelled',
  /** A receipt of a purchase order was taken back (PurchaseOrderEvent with the receipt, reverted, and the order in the status the revert left it in). */
  purchaseOrderReceiptReverted: 'purchase_order.receipt_reverted',
} as const;
/**
 * The payload of the purchase_order.* events: the order exactly as the REST API answers it after
 * the change (its OpenAPI component PurchaseOrder), and for purchase_order.received and
 * purchase_order.receipt_reverted the receipt (component PurchaseOrderReceipt). Plain records: their representation is the stock service's.
 */
export const PurchaseOrderEvent = z.object({
  purchaseOrder: z.record(z.string(), z.unknown()),
  receipt: z.record(z.string(), z.unknown()).optional(),
});
export type PurchaseOrderEvent = z.input<typeof PurchaseOrderEvent>;
export const StockChanged = z.object({
  itemId: EntityIdSchema,
  locationId: EntityIdSchema,
  onHand: z.number(),
  delta: z.number(),
  movementType: z.string(),
  version: z.number().int(),
  /** The serials or the lot the movement carried (a tracked item's); absent otherwise, and on messages recorded before they were kept. */
  serials: z.array(z.string()).optional(),
  lot: z.string().optional(),
});
export type StockChanged = z.input<typeof StockChanged>;
export const StockLevelsChanged = z.object({
  position: z.number().int().positive(),
  changes: z.array(StockChanged).min(1),
});
export type StockLevelsChanged = z.input<typeof StockLevelsChanged>;

export const ParCrossed = z.object({
  itemId: EntityIdSchema,
  locationId: EntityIdSchema,
  /** true: free stock (on-hand − reserved) dropped below the minimum; false: it is back at or above it. */
  below: z.boolean(),
  onHand: z.number(),
  /** Free stock (on-hand − reserved), what the crossing is judged by; messages recorded before it was lack it (they judged on-hand). */
  available: z.number().optional(),
  minimum: z.number(),
  /** The free stock a refill brings it up to; messages recorded before targets existed lack it (their target was the minimum). */
  target: z.number().optional(),
  item: z.object({ id: z.string(), sku: z.string(), description: z.string() }),
  location: z.object({ id: z.string(), name: z.string(), type: LocationType }),
});
export type ParCrossed = z.input<typeof ParCrossed>;

/** The health of an item's total on-hand: out ≤ 0 < low ≤ threshold < ok (catalog-only items have none). */
export const StockHealth = z.enum(['out', 'low', 'ok']);
export type StockHealth = z.infer<typeof StockHealth>;

/** The low-stock threshold of items without their own, in a workspace that has not set another. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const ItemHealthCrossed = z.object({
  itemId: EntityIdSchema,
  /** The health entered. */
  health: StockHealth,
  /** On-hand over every location, after the change. */
  onHand: z.number(),
  /** The threshold it was judged by: the item's lowStockThreshold, else the workspace default. */
  threshold: z.number(),
  item: z.object({ id: z.string(), sku: z.string(), description: z.string() }),
});
export type ItemHealthCrossed = z.input<typeof ItemHealthCrossed>;

export const StockSettingsChanged = z.object({ defaultLowStockThreshold: z.number().min(0) });
export type StockSettingsChanged = z.infer<typeof StockSettingsChanged>;

export const StockCommands = {
  /** Answers { transfers: number }: transfers created since billingCycleStart. */
  usage: 'stock.usage',
  /**
   * Records opening movements for newly created items, all or nothing, idempotent per
   * operationId. Answers RecordedOpening: { movements, position } (position: the workspace's
   * stock position once the opening is recorded). Fails 422 for an unknown, deleted or
   * inactive location or a non-tracked item with a non-zero quantity.
   */
  recordOpening: 'stock.record-opening',
  /**
   * Closes a location to new stock before its deletion: fails 409 conflict while it holds
   * on-hand stock; otherwise no movement can add stock there any more. Answers { closed: true }.
   */
  closeLocation: 'stock.close-location',
  /** Reopens a location whose deletion did not go through. */
  reopenLocation: 'stock.reopen-location',
  /**
   * Closes items to new stock before the catalog makes them catalog-only (trackStock false): the
   * intent of an intent → confirm (CloseItems). Under each item's exclusive lock (so after every
   * movement of it in flight), fails 409 conflict, closing none, while any of them has stock on
   * hand anywhere (reserved stock is on hand); otherwise no movement adds stock of them until the
   * catalog's change arrives (its item.updated names the attempt: confirm) or is abandoned
   * (item.closing_abandoned), or the stock service's sweeper finds it settled. Answers { closed: true }.
   */
  closeItems: 'stock.close-items',
  /** Answers { position }: the workspace's latest stock position (0 before its first change of on-hand). */
  position: 'stock.position',
  /**
   * Validates the rows of a CSV import of stock (ApplyStockImport: physical counts or par levels)
   * by the stock service's own schemas and policy, and unless `dryRun`, applies them all or none in
   * one transaction, once per importId (a repeat answers the first outcome). Answers
   * StockImportOutcome: every row's errors, and how many rows were applied.
   */
  applyImport: 'stock.apply-import',
} as const;

/** A refusal of one row of a CSV import: its spreadsheet row (header = 1), the column to blame when there is one, a code and a sentence. */
export const ImportRowError = z.object({ row: z.number().int(), column: z.string().nullable(), code: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/** The CSV import kinds the stock service applies. */
export const STOCK_IMPORT_KINDS = ['stock-counts', 'par-levels'] as const;
export const ApplyStockImport = z.object({
  importId: EntityIdSchema,
  kind: z.enum(STOCK_IMPORT_KINDS),
  dryRun: z.boolean(),
  /** Whose import it is: the stock service decides for this caller (its location access, its user on the movements). */
  caller: Caller,
  rows: z
    .array(
      z.object({
        row: z.number().int().min(2),
        itemId: EntityIdSchema,
        locationId: EntityIdSchema,
        /** The stock columns as written in the file, by their canonical name (counted, reason; minimum). */
        cells: z.record(z.string(), z.string()),
      }),
    )
    .max(1_000_000),
});
export type ApplyStockImport = z.input<typeof ApplyStockImport>;
export const StockImportOutcome = z.object({ errors: z.array(ImportRowError), applied: z.number().int().nonnegative() });
export type StockImportOutcome = z.infer<typeof StockImportOutcome>;
/**
 * How long the stock service keeps an intent of the catalog's (items closed under an attempt, an
 * opening whose items are unconfirmed) that was neither confirmed nor abandoned before its sweeper
 * settles it with the catalog. The catalog commits the change an intent was for within half of it
 * or not at all (services/catalog/src/use-cases/stock-intents.ts), so a change still on its way is
 * never settled under it.
 */
export const INTENT_LEASE_MS = 60_000;
/** The most items one stock.close-items closes. */
export const MAX_CLOSED_ITEMS = 1000;
/**
 * Why items are closed: to make them catalog-only (trackStock false; refused while stock is on
 * hand), or to change their tracking (refused while stock is on hand or reserved, or the item is
 * on an open purchase order line: every unit on hand and on order would be told apart the old way).
 */
export const ClosingPurpose = z.enum(['catalog_only', 'tracking']);
export type ClosingPurpose = z.infer<typeof ClosingPurpose>;
export const CloseItems = z.object({ attempt: EntityIdSchema, itemIds: z.array(EntityIdSchema).min(1).max(MAX_CLOSED_ITEMS), purpose: ClosingPurpose.default('catalog_only') });
export type CloseItems = z.input<typeof CloseItems>;
export const StockPosition = z.object({ position: z.number().int().nonnegative() });
export const StockUsage = z.object({ billingCycleStart: z.string() });
export const StockUsageResult = z.object({ transfers: z.number().int() });
/** Lines of one opening at most: a bulk create sends up to 100, a CSV import its openings in commands of this many. */
export const MAX_OPENING_LINES = 1000;
export const RecordOpening = z.object({
  operationId: EntityIdSchema,
  /** Who creates the items: the stock service decides the opening for this caller (its location access, its user on the movements). */
  caller: Caller,
  lines: z
    .array(
      z.object({
        item: ItemSnapshot.omit({ version: true }).extend({ id: EntityIdSchema }),
        locationId: EntityIdSchema,
        quantity: z.number().positive(),
        /** The units' serial numbers (a serial-tracked item) or lot (a lot-tracked one), as the caller gave them: the ledger decides them. */
        serials: SerialNumbers.optional(),
        lot: LotCode.optional(),
        expiresOn: ExpiresOn.optional(),
      }),
    )
    .min(1)
    .max(MAX_OPENING_LINES),
});
export type RecordOpening = z.input<typeof RecordOpening>;
export const RecordedOpening = z.object({ movements: z.number().int(), position: z.number().int().nonnegative() });
export type RecordedOpening = z.infer<typeof RecordedOpening>;
export const LocationClosure = z.object({ locationId: EntityIdSchema });

export const TRANSFER_STATUSES = ['pending', 'completed', 'reverted', 'rejected', 'cancelled'] as const;

/** What created a transfer: a caller (manual), or a replenishment run (POST /inventory/replenishment). */
export const TransferOrigin = z.enum(['manual', 'replenishment']);
export type TransferOrigin = z.infer<typeof TransferOrigin>;
export const TransferStatus = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof TransferStatus>;

/**
 * Payload of every transfer.* event: the Transfer exactly as the API returns it, in the status
 * the event names. The stock.changed events of its movements (completed, reverted) are recorded
 * in the same transaction.
 */
export const TransferSnapshot = z.object({
  id: z.string(),
  fromLocationId: z.string(),
  toLocationId: z.string(),
  status: TransferStatus,
  note: z.string(),
  /**
   * Why it is what it is: "replenishment" from its creation for a transfer a replenishment run
   * created, replaced by the reason the destination rejected or the source cancelled it with
   * when one was given; "" otherwise.
   */
  reason: z.string(),
  /** What created it: a caller's transfer (manual) or a replenishment run. Absent from messages recorded before it existed (manual). */
  origin: TransferOrigin.optional(),
  lines: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      quantity: z.number(),
      note: z.string(),
      item: z.object({ id: z.string(), sku: z.string(), description: z.string() }),
      /** The serials the line names or moved, the lot it names (or its one lot moved), its lots with their quantities; absent from messages recorded before units were kept. */
      serials: z.array(z.string()).nullable().optional(),
      lot: z.string().nullable().optional(),
      lots: z.array(z.object({ lot: z.string(), quantity: z.number() })).nullable().optional(),
    }),
  ),
  createdAt: z.string(),
  /** Who created it; null only on transfers created before who and when were recorded. */
  createdBy: Actor.nullable(),
  /**
   * When and by whom it entered each status after pending (a transfer created completed: at its
   * creation, by its creator); null until it did, and where that was not yet recorded (before
   * who and when were: the time of an earlier revert is known, its actor is not).
   */
  completedAt: z.string().nullable(),
  completedBy: Actor.nullable(),
  rejectedAt: z.string().nullable(),
  rejectedBy: Actor.nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: Actor.nullable(),
  revertedAt: z.string().nullable(),
  revertedBy: Actor.nullable(),
  fromLocation: z.object({ id: z.string(), name: z.string(), type: LocationType }),
  toLocation: z.object({ id: z.string(), name: z.string(), type: LocationType }),
});
export type TransferSnapshot = z.infer<typeof TransferSnapshot>;

export const JOB_STATUSES = ['open', 'completed', 'cancelled', 'reverted'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/**
 * Payload of every job.* event: the Job exactly as the API returns it, in the status the event
 * names. The stock.changed of its movements (a completion, a revert) is recorded in the same
 * transaction.
 */
export const JobSnapshot = z.object({
  id: z.string(),
  externalRef: z.string().nullable(),
  name: z.string(),
  status: JobStatus,
  sourceLocationId: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  note: z.string(),
  currency: z.string(),
  markupPercent: z.number().nullable(),
  taxPercent: z.number(),
  taxIncluded: z.boolean(),
  lines: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      item: z.object({ id: z.string(), sku: z.string(), description: z.string(), trackStock: z.boolean() }),
      locationId: z.string().nullable(),
      planned: z.number(),
      reserved: z.number(),
      used: z.number(),
      billable: z.boolean(),
      unitCost: z.number().nullable(),
      unitPrice: z.number().nullable(),
      note: z.string(),
      /** The serials or lots the line names (held while open) or used; absent from messages recorded before units were kept. */
      serials: z.array(z.string()).nullable().optional(),
      lot: z.string().nullable().optional(),
      lots: z.array(z.object({ lot: z.string(), quantity: z.number() })).nullable().optional(),
    }),
  ),
  totals: z.object({ cost: z.number(), price: z.number(), tax: z.number(), total: z.number() }).nullable(),
  createdAt: z.string(),
  createdBy: Actor,
  updatedAt: z.string(),
  updatedBy: Actor,
  completedAt: z.string().nullable(),
  completedBy: Actor.nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: Actor.nullable(),
  revertedAt: z.string().nullable(),
  revertedBy: Actor.nullable(),
});
export type JobSnapshot = z.infer<typeof JobSnapshot>;
