import type { StockChanged } from '@inv/shared/core';

export type StockLevel = Pick<StockChanged, 'itemId' | 'locationId' | 'onHand' | 'version'> & { workspaceId: string };

/**
 * One level per balance (item and location): the one with the highest
 * version, which is all the projection keeps of a balance. Applying it alone is the same as
 * applying every change of the balance in any order.
 */
export function latestPerBalance(changes: StockLevel[]): StockLevel[] {
  const latest = new Map<string, StockLevel>();
  for (const change of changes) {
    const key = `${change.itemId}/${change.locationId}`;
    const known = latest.get(key);
    if (!known || known.version < change.version) latest.set(key, change);
  }
  return [...latest.values()];
}
