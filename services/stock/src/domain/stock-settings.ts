import { type Caller, Forbidden, z } from '@inv/shared/core';

/**
 * A workspace's stock settings (issue 29): the default low-stock threshold of items without their
 * own. It is the stock service's, since it decides item health in the ledger's transactions; a
 * change of it is placed in the ledger's order like a movement and judges every item it applies
 * to once (use-cases/stock-settings.ts).
 */

/** At most 4 decimals, as quantities: on-hand is judged against it exactly. */
const Threshold = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((v) => Number(v.toFixed(4)) === v, { message: 'must have at most 4 decimal places' });

export const StockSettings = z
  .object({
    defaultLowStockThreshold: z.number().openapi({
      description: "The low-stock threshold of items whose lowStockThreshold is null: low means 0 < on-hand ≤ it. 5 until the workspace sets another",
      example: 5,
    }),
  })
  .openapi('StockSettings', { description: "The workspace's stock settings." });
export type StockSettings = z.infer<typeof StockSettings>;

export const UpdateStockSettingsBody = z
  .strictObject({
    defaultLowStockThreshold: Threshold.openapi({ description: '0 to 1000000, at most 4 decimals (required)', example: 10 }),
  })
  .openapi('UpdateStockSettings');
export type UpdateStockSettingsInput = z.output<typeof UpdateStockSettingsBody>;

/** Changing the workspace's stock settings is the owner's: they apply to every member's items and alerts. */
export function settingsChangeRefusal(caller: Pick<Caller, 'role'>): Forbidden | undefined {
  return caller.role === 'owner' ? undefined : new Forbidden("Only the workspace's owner may change its stock settings.");
}
