import { z } from 'zod';

/**
 * Read-your-writes across services (docs/consistency.md). The stock service numbers the
 * transactions of a workspace that change on-hand (its stock position); the catalog's stock
 * projection records how far it has applied them. A write that moved stock answers its position
 * in this internal header; the gateway keeps the highest per API key and workspace (Redis), strips
 * the header, and hands it back to every later call of that key as the context's `writes`, so a
 * read built from the projection waits until the projection holds that position.
 */
export const STOCK_POSITION_HEADER = 'x-inv-stock-position';

/**
 * What the caller's acknowledged writes require of a read: the stock position its latest write
 * reached (absent or 0: it moved no stock lately), or 'unknown' when the gateway could not tell
 * (its Redis unreachable or freshly emptied), in which case a read asks the stock service for the
 * workspace's latest position instead.
 */
export const CallerWrites = z.union([z.literal('unknown'), z.strictObject({ stock: z.number().int().nonnegative().optional() })]);
export type CallerWrites = z.infer<typeof CallerWrites>;

export const NO_WRITES: CallerWrites = Object.freeze({});

/** The position a write answered, when the header holds one. */
export function parseStockPosition(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

/** Tells the gateway, through the answer, the stock position a write reached (nothing for 0 or none). */
export function answerStockPosition(res: { setHeader(name: string, value: string): unknown }, position: number | undefined): void {
  if (position) res.setHeader(STOCK_POSITION_HEADER, String(position));
}
