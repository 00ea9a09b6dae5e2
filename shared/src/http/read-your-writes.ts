/**
 * Read-your-writes across services (docs/consistency.md). The stock service numbers the
 * transactions of a workspace that change on-hand (its stock position); the catalog's stock
 * projection records how far it has applied them. A write that moved stock answers its position
 * in this internal header; the gateway keeps the highest per API key and workspace (Redis), strips
 * the header, and hands it back to every later call of that key as the context's `writes`, so a
 * read built from the projection waits until the projection holds that position.
 */
export const STOCK_POSITION_HEADER = 'x-inv-stock-position';

/** The position a write answered, when the header holds one. */
export function parseStockPosition(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

/** Tells the gateway, through the answer, the stock position a write reached (nothing for 0 or none). */
export function answerStockPosition(res: { setHeader(name: string, value: string): unknown }, position: number | undefined): void {
  if (position) res.setHeader(STOCK_POSITION_HEADER, String(position));
}
