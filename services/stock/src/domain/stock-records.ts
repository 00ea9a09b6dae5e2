import { TransferSnapshot, z } from '@inv/shared';

const Timestamp = z.string().openapi({ description: 'ISO 8601 UTC with milliseconds', example: '2026-11-21T05:05:44.123Z' });

export const MOVEMENT_TYPES = ['opening', 'receipt', 'adjustment', 'transfer_out', 'transfer_in'] as const;
export const MovementType = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof MovementType>;

export const Movement = z
  .object({
    id: z.string(),
    itemId: z.string(),
    locationId: z.string(),
    type: MovementType,
    quantity: z.number().openapi({ description: 'Signed change of on-hand: positive adds stock, negative removes it' }),
    balanceAfter: z.number().openapi({ description: 'On-hand of the item at the location right after this movement' }),
    userId: z.string().openapi({ description: 'The member whose call caused the movement' }),
    transferId: z.string().nullable().openapi({ description: 'The transfer that moved the stock (transfer_out / transfer_in), else null' }),
    note: z.string(),
    createdAt: Timestamp,
  })
  .openapi('StockMovement', { description: 'One immutable entry of the stock ledger.' });
export type Movement = z.infer<typeof Movement>;

export const Balance = z
  .object({
    itemId: z.string(),
    locationId: z.string(),
    onHand: z.number().openapi({ description: 'Never below zero' }),
    updatedAt: Timestamp,
  })
  .openapi('StockBalance', { description: 'On-hand quantity of one item at one location: the sum of its movements.' });
export type Balance = z.infer<typeof Balance>;

export const Transfer = TransferSnapshot.openapi('Transfer', {
  description: 'A move of stock between two locations. fromLocation / toLocation and each line item come from the stock service projections of locations and items.',
});
export type Transfer = TransferSnapshot;
