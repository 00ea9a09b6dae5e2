import { Actor, ApiId, ApiTimestamp, TransferOrigin, TransferSnapshot, z } from '@inv/shared/core';


export const MOVEMENT_TYPES = ['opening', 'receipt', 'adjustment', 'transfer_out', 'transfer_in'] as const;
export const MovementType = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof MovementType>;

/** Why a receipt or an adjustment given by a caller changed the stock (POST /inventory/movements, a count's import). */
export const MANUAL_MOVEMENT_REASONS = ['received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other'] as const;
export const ManualMovementReason = z.enum(MANUAL_MOVEMENT_REASONS);
export type ManualMovementReason = z.infer<typeof ManualMovementReason>;

/**
 * Why a receipt or an adjustment changed the stock (openings and transfer movements carry none:
 * their type and transfer say why): a caller's reason, or a job's (job: its completion used the
 * stock; job_reverted: its revert put it back), which only jobs write, or opening_cancelled: an
 * opening taken back because the catalog did not create its items.
 */
export const MOVEMENT_REASONS = [...MANUAL_MOVEMENT_REASONS, 'job', 'job_reverted', 'opening_cancelled', 'receipt_reverted'] as const;
export const MovementReason = z.enum(MOVEMENT_REASONS);
export type MovementReason = z.infer<typeof MovementReason>;

const PlaceRef = TransferSnapshot.shape.fromLocation.extend({ id: ApiId });
const ItemRef = TransferSnapshot.shape.lines.element.shape.item.extend({ id: ApiId });
/** What a balance or a movement shows of its item and location: as transfers do, from the copies, reflecting every acknowledged change. */
const named = {
  item: ItemRef.openapi({ description: 'The item as the catalog names it (id, sku, description)' }),
  location: PlaceRef.openapi({ description: 'The location as the locations service names it (id, name, type)' }),
};

/** What a line of a transfer or a job shows of its units (docs/serials.md). */
export const LineUnits = z.object({
  serials: z.array(z.string()).nullable().openapi({
    description: "A serial-tracked item's serials: those the line names (held while it is pending or open), or those it moved; null for other items, and for a line holding a quantity only until it moves",
    example: null,
  }),
  lot: z.string().nullable().openapi({ description: "A lot-tracked item's lot: the one the line names, or the one lot it moved; null otherwise (a line split over lots shows them in lots)", example: null }),
  lots: z
    .array(z.object({ lot: z.string(), quantity: z.number() }))
    .nullable()
    .openapi({ description: "A lot-tracked item's lots with their quantities, once the line names or moved them; null otherwise", example: null }),
});

export const Movement = z
  .object({
    id: ApiId,
    itemId: ApiId,
    locationId: ApiId,
    ...named,
    type: MovementType,
    quantity: z.number().openapi({ description: 'Signed change of on-hand: positive adds stock, negative removes it (0 only for a count that found the balance right)' }),
    balanceAfter: z.number().openapi({ description: 'On-hand of the item at the location right after this movement' }),
    userId: ApiId.openapi({ description: 'The member whose call caused the movement' }),
    transferId: ApiId.nullable().openapi({ description: 'The transfer that moved the stock (transfer_out / transfer_in), else null' }),
    jobId: ApiId.nullable().openapi({ description: 'The job whose completion used the stock (reason job) or whose revert put it back (reason job_reverted), else null' }),
    reason: MovementReason.nullable().openapi({
      description: 'Why a receipt or adjustment changed the stock (count: a physical count; job / job_reverted: a job used it / its revert put it back); opening_cancelled on the movement that takes back an opening whose items were not created; null for openings and transfer movements',
    }),
    reference: z.string().openapi({ description: 'Free text such as a purchase order number; "" when none was given; a job\'s movements carry the job\'s id' }),
    note: z.string(),
    unitCost: z.number().nullable().openapi({
      description:
        "The cost of one unit on this movement: a receipt's cost (its unitCost, or its purchase order line's), else the item's average cost at that moment (docs/purchasing.md); null on movements recorded before costs were, of an item whose cost was never known, and for a caller without valuation.read (costs are kept from it)",
      example: 5.25,
    }),
    purchaseOrderId: ApiId.nullable().openapi({ description: 'The purchase order a receipt movement received against, or whose receipt a receipt_reverted adjustment took back; else null', example: null }),
    receiptId: ApiId.nullable().openapi({ description: 'The purchase order receipt of the movement (as purchaseOrderId); else null', example: null }),
    serials: z.array(z.string()).nullable().openapi({ description: "The serials of the units the movement carried (a serial-tracked item's, one per unit); null otherwise", example: null }),
    lot: z.string().nullable().openapi({ description: "The lot the movement carried (a lot-tracked item's); null otherwise", example: null }),
    costVariance: z.number().nullable().openapi({
      description:
        "On the movement of a receipt's revert (reason receipt_reverted): what the revert could not take back at the receipt's own cost, in the workspace's currency, rounded to cents (docs/purchasing.md): positive when the stock left kept more value than own-cost arithmetic would leave it. null on other movements",
      example: null,
    }),
    createdAt: ApiTimestamp,
  })
  .openapi('StockMovement', { description: 'One immutable entry of the stock ledger.' });
export type Movement = z.infer<typeof Movement>;

export const Balance = z
  .object({
    itemId: ApiId,
    locationId: ApiId,
    ...named,
    onHand: z.number().openapi({ description: 'Never below zero' }),
    reserved: z.number().openapi({
      description: 'Promised to pending transfers out of this location and to open jobs taking from it; still on hand here until they complete. Never above onHand',
    }),
    available: z.number().openapi({ description: 'onHand − reserved: what may be moved, adjusted away, used by a job or reserved' }),
    onOrder: z.number().openapi({ description: 'Open quantity of submitted purchase orders (ordered or partially received) arriving at this location; drafts are not counted', example: 0 }),
    averageCost: z.number().nullable().openapi({
      description:
        "The item's moving average cost over the workspace (the same at every location): its catalog cost until a receipt brought a cost (docs/purchasing.md); null when neither is known, and for a caller without valuation.read (costs are kept from it)",
      example: 5.6667,
    }),
    updatedAt: ApiTimestamp,
  })
  .openapi('StockBalance', { description: 'On-hand quantity of one item at one location: the sum of its movements.' });
export type Balance = z.infer<typeof Balance>;

/** Who did something (a transfer's or a job's createdBy, completedBy, …): the Actor component. */
export const ActorRecord = Actor.extend({
  userId: ApiId.openapi({ description: 'The member who called' }),
  keyId: ApiId.openapi({ description: 'The API key it called with (its id, never the key)' }),
}).openapi('Actor', { description: 'Who did something: the member and the API key of the call.' });
// A union, not .nullable(): zod-to-openapi would make the Actor component itself nullable.
const actorOrNull = (description: string, example?: null) => z.union([ActorRecord, z.null()]).openapi({ description, example });
/**
 * The transfer event payload, with the formats of its IDs and timestamps documented. The
 * document's example is a pending transfer (the first status), so the fields of the statuses
 * after pending show null there.
 */
export const Transfer = TransferSnapshot.extend({
  id: ApiId,
  fromLocationId: ApiId,
  toLocationId: ApiId,
  lines: z.array(
    TransferSnapshot.shape.lines.element.extend({
      id: ApiId,
      itemId: ApiId,
      item: ItemRef,
      ...LineUnits.shape,
    }),
  ),
  reason: TransferSnapshot.shape.reason.openapi({
    description:
      'Why it is what it is: "replenishment" from its creation for a transfer a replenishment run created (POST /inventory/replenishment); replaced by the reason the destination rejected or the source cancelled it with, when one was given; "" otherwise',
  }),
  origin: TransferOrigin.openapi({ description: 'What created it: manual (POST /inventory/transfers) or replenishment (POST /inventory/replenishment)' }),
  createdAt: ApiTimestamp,
  createdBy: actorOrNull('Who created the transfer; null only on transfers created before this field existed'),
  completedAt: ApiTimestamp.nullable().openapi({
    description: 'When the transfer was completed (its createdAt when it was created completed); null until then, and on transfers completed before this field existed',
    example: null,
  }),
  completedBy: actorOrNull('Who completed it (its creator when it was created completed); null until then, and on transfers completed before this field existed', null),
  rejectedAt: ApiTimestamp.nullable().openapi({ description: 'When the destination rejected it; null unless rejected, and on transfers rejected before this field existed', example: null }),
  rejectedBy: actorOrNull('Who rejected it; null unless rejected, and on transfers rejected before this field existed', null),
  cancelledAt: ApiTimestamp.nullable().openapi({ description: 'When the source cancelled it; null unless cancelled, and on transfers cancelled before this field existed', example: null }),
  cancelledBy: actorOrNull('Who cancelled it; null unless cancelled, and on transfers cancelled before this field existed', null),
  revertedAt: ApiTimestamp.nullable().openapi({ description: 'When it was reverted; null unless reverted', example: null }),
  revertedBy: actorOrNull('Who reverted it; null unless reverted, and on transfers reverted before this field existed', null),
  fromLocation: PlaceRef,
  toLocation: PlaceRef,
}).openapi('Transfer', {
  description:
    'A move of stock between two locations: completed at once, or pending (reserved at the source) until the destination completes or rejects it or the source cancels it. fromLocation / toLocation and each line item come from the stock service projections of locations and items.',
});
export type Transfer = z.infer<typeof Transfer>;

/** What POST /inventory/movements records, by the request's type: a count is stored as an adjustment of the difference. */
export const RECORDED_AS = {
  receipt: { type: 'receipt', defaultReason: 'received' },
  adjustment: { type: 'adjustment', defaultReason: 'correction' },
  count: { type: 'adjustment', defaultReason: 'count' },
} as const satisfies Record<string, { type: MovementType; defaultReason: ManualMovementReason }>;
export type RecordedMovementKind = keyof typeof RECORDED_AS;

/** The fields of a movement and of a balance that hold costs: null for a caller without valuation.read (shared/src/costs.ts). */
export const MOVEMENT_COST_FIELDS = ['unitCost', 'costVariance'] as const;
export const BALANCE_COST_FIELDS = ['averageCost'] as const;
