import { EntityIdSchema, ExpiresOn, LotCode, refineExpiryWithLot, refineLinesPerItem, refineSerialTotal, SerialNumbers, z } from '@inv/shared/core';
import { UnitCost } from './purchase-orders';
import { MAX_QUANTITY, NonNegativeQuantity, PositiveQuantity, QUANTITY_DECIMALS, SignedQuantity } from './quantity';
import { MANUAL_MOVEMENT_REASONS, ManualMovementReason } from './stock-records';
import { CREATED_AS } from './transfer-lifecycle';

/**
 * What a caller may ask of the stock ledger, as validated where the request enters: the routes
 * validate and document these schemas, the use cases take their output as input. Ids are parsed
 * and normalised here (EntityIdSchema: a malformed one is a 400 naming the field).
 */

export const MAX_TRANSFER_LINES = 500;

const Note = z.string().max(500).optional().openapi({ description: 'Free text, up to 500 characters; default ""', example: 'For the Hendricks job on Monday' });

/**
 * The units a line names (docs/serials.md): serials for a serial-tracked item (as many as its
 * quantity), a lot for a lot-tracked one, an expiry with a lot that comes in. Refused (400 naming
 * the field) on an item not tracked that way; required where a line moves a tracked item's stock.
 */
export const unitFields = {
  serials: SerialNumbers.optional(),
  lot: LotCode.optional().openapi({ description: "The lot of a lot-tracked item's units on the line" }),
};
const expiresOnField = { expiresOn: ExpiresOn.optional() };

export const CreateTransferBody = z
  .strictObject({
    fromLocationId: EntityIdSchema.optional().openapi({
      description: "Source location; default the workspace's defaultTransferFromLocationId (without either: 400 naming fromLocationId)",
      example: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b',
    }),
    toLocationId: EntityIdSchema.openapi({ description: 'Destination location (required), different from the source', example: 'c4e8a2f1-7b3d-4a9e-8f60-2d5b1e7c9a34' }),
    lines: z
      .array(
        z.strictObject({
          itemId: EntityIdSchema.openapi({ description: 'A stock-tracked item; each item at most once per transfer, unless its lines name different lots', example: '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37' }),
          quantity: PositiveQuantity.openapi({ description: `> 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals` }),
          note: Note,
          ...unitFields,
        }),
      )
      .min(1)
      .max(MAX_TRANSFER_LINES)
      .superRefine((lines, check) => {
        refineLinesPerItem(lines, check);
        refineSerialTotal(lines, check);
      })
      .openapi({ description: `1 to ${MAX_TRANSFER_LINES} lines (required)` }),
    note: Note,
    status: z.enum(CREATED_AS).optional().openapi({
      // The example moves stock, as a copied example should: pending is the exception.
      example: 'completed',
      description:
        'completed (default): the stock moves at once. pending: nothing moves yet; the lines are reserved at the source until the destination completes or rejects the transfer or the source cancels it',
    }),
  })
  .openapi('CreateTransfer');
export type CreateTransferInput = z.output<typeof CreateTransferBody>;

/** Body of reject and cancel; optional, like the body itself. */
export const SettleTransferBody = z
  .strictObject({
    reason: z.string().max(500).optional().openapi({ description: 'Why, up to 500 characters; returned as the transfer\'s reason (default "")' }),
  })
  .openapi('SettleTransfer');

/** revert takes no fields. */
export const NoFields = z.strictObject({});

/** complete: the serials or lots of the tracked lines that named none (docs/serials.md). */
export const CompleteTransferBody = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          itemId: EntityIdSchema.openapi({ description: 'The item of a line of the transfer that named no serials or lot' }),
          serials: unitFields.serials,
          lot: unitFields.lot,
          quantity: PositiveQuantity.optional().openapi({ description: "How much of the line this entry's lot covers, when the line is split over lots (the entries of a line add up to its quantity); default the line's quantity" }),
        }),
      )
      .max(MAX_TRANSFER_LINES)
      .superRefine((lines, check) => refineSerialTotal(lines, check))
      .optional()
      .openapi({
        description:
          "For each line of a serial- or lot-tracked item that did not name its units: its serials (as many as its quantity) or its lot (several entries of an item with different lots and quantities split it over lots). Lines that named theirs move them as named. Required when such a line exists (422 naming lines[i].serials or lines[i].lot)",
      }),
  })
  .openapi('CompleteTransfer');

export type TransitionInput = z.output<typeof SettleTransferBody> | z.output<typeof NoFields> | z.output<typeof CompleteTransferBody>;

const movementFields = {
  ...unitFields,
  itemId: EntityIdSchema.openapi({ description: 'A stock-tracked item of the workspace', example: '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37' }),
  locationId: EntityIdSchema.openapi({ description: 'An existing location; adding stock needs it active and not being deleted', example: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b' }),
  reference: z.string().max(100).optional().openapi({ description: 'Free text up to 100 characters, e.g. a purchase order number; default ""', example: 'PO-2026-0117' }),
  note: Note,
};
const reason = (defaultReason: ManualMovementReason) =>
  ManualMovementReason.optional().openapi({ description: `Why the stock changed: ${MANUAL_MOVEMENT_REASONS.join(', ')}; default ${defaultReason} (job and job_reverted are written by jobs alone)` });

export const RecordMovementBody = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('receipt'),
      ...movementFields,
      quantity: PositiveQuantity.openapi({ description: `Received quantity, > 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals` }),
      reason: reason('received'),
      ...expiresOnField,
      unitCost: UnitCost.optional().openapi({
        description: "What one unit cost: moves the item's moving average cost (docs/purchasing.md). Left out: the receipt carries the item's average cost and leaves it as it is",
      }),
    }).superRefine(refineExpiryWithLot),
    z.strictObject({
      type: z.literal('adjustment'),
      ...movementFields,
      quantity: SignedQuantity.openapi({
        description: `Signed change of on-hand, not 0, |quantity| ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals; it may not take more than is available (on-hand minus reserved)`,
      }),
      reason: reason('correction'),
      ...expiresOnField,
      expectedOnHand: NonNegativeQuantity.optional().openapi({
        description: "Compare-and-set: adjust only if the balance's on-hand is exactly this when the adjustment is written; otherwise 409 conflict naming the current on-hand, and nothing changes",
      }),
    }).superRefine(refineExpiryWithLot),
    z.strictObject({
      type: z.literal('count'),
      ...movementFields,
      ...expiresOnField,
      quantity: NonNegativeQuantity.openapi({
        description: `The counted on-hand, ≥ 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals. Recorded as one adjustment of the difference with reason count (0 when the count confirms the balance); not below what is reserved`,
      }),
    }).superRefine(refineExpiryWithLot),
  ])
  .openapi('RecordMovement');
export type RecordMovementInput = z.output<typeof RecordMovementBody>;
