import { type Caller, canAccessLocation, COST_SCOPE, DEFAULT_LOW_STOCK_THRESHOLD, Forbidden, NotFound, readableLocationIds, seesCosts } from '@inv/shared/core';
import { type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool } from '@inv/shared/db';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { countItems, countItemsByTag, findItemIds, type TagGroupRow } from '../data/item-query';
import { findItem, loadItems } from '../data/item-repository';
import { defaultLowStockThreshold } from '../data/stock-settings-repository';
import type { Item } from '../domain/item';
import { type ItemFilterInput, normalizeFilter, readsStockProjection } from '../domain/item-filter';
import { awaitCallersStockChanges } from './callers-stock-changes';

type Runtime = Pick<ServiceRuntime, 'pool' | 'broker' | 'client' | 'config'>;
import { parseItemRef } from '../domain/item-ref';

/** Throws NotFound when the item is not in the workspace. */
export async function getItem(pool: Pool, context: Caller, itemRef: string): Promise<Item> {
  const ref = parseItemRef(itemRef);
  const item = ref ? await findItem(pool, context.workspace.id, ref) : undefined;
  if (!item) throw new NotFound('Item');
  return item;
}

/**
 * One page of items; `next` is the key of the next page when there is one, `total` absent on a
 * page asked by key. A filter on the stock projection first waits for the caller's own stock
 * changes to reach it (awaitCallersStockChanges).
 */
export async function listItems(
  runtime: Runtime,
  context: Caller,
  input: ItemFilterInput,
  page: PageRequest<TimeIdKey>,
): Promise<{ items: Item[]; next?: TimeIdKey; total?: number }> {
  const filter = await readableFilter(runtime, context, input);
  const { ids, next, total } = await findItemIds(runtime.pool, context.workspace.id, filter, await thresholdFor(runtime, context, filter), page);
  return { items: await loadItems(runtime.pool, context.workspace.id, ids), next, total };
}

export type ItemCount = number | { count: number; groups: Array<{ tagId: string | null; count: number; tag?: TagGroupRow['tag'] }> };

/** The count (or counts by tag) of the matching items; waits for the caller's stock changes as listItems does. */
export async function countMatchingItems(
  runtime: Runtime,
  context: Caller,
  input: ItemFilterInput,
  options: { groupBy?: 'tagId'; includeTags?: boolean },
): Promise<ItemCount> {
  const filter = await readableFilter(runtime, context, input);
  const threshold = await thresholdFor(runtime, context, filter);
  if (options.groupBy !== 'tagId') return countItems(runtime.pool, context.workspace.id, filter, threshold);
  const { count, groups } = await countItemsByTag(runtime.pool, context.workspace.id, filter, threshold);
  return { count, groups: groups.map(({ tagId, count: n, tag }) => (options.includeTags ? { tagId, count: n, tag } : { tagId, count: n })) };
}

/** The workspace default low-stock threshold, read from the catalog's copy when the filter judges stock health. */
async function thresholdFor(runtime: Runtime, context: Caller, filter: { stockHealth?: unknown }): Promise<number> {
  return filter.stockHealth === undefined ? DEFAULT_LOW_STOCK_THRESHOLD : defaultLowStockThreshold(runtime.pool, context.workspace.id);
}

/**
 * The filter as the member may apply it, once the stock projection holds the caller's own stock
 * changes when the filter reads it. Throws Forbidden when a member restricted to some locations
 * filters by one it may not read; such a member's stock health counts only the locations it may read.
 * Throws Forbidden too for the cost filter without valuation.read: matching on a cost reads it.
 */
async function readableFilter(runtime: Runtime, context: Caller, input: ItemFilterInput) {
  if (input.cost !== undefined && !seesCosts(context)) {
    throw new Forbidden(`Filtering items by cost reads their costs, which requires the ${COST_SCOPE} scope; the key or the member's role does not grant it.`);
  }
  const access = context.locationAccess;
  if (input.locationId !== undefined && !canAccessLocation(access, input.locationId, 'read')) {
    throw new Forbidden(`This member has no access to location ${input.locationId}.`);
  }
  const filter = normalizeFilter(input);
  if (filter.locationId === undefined) filter.stockLocationIds = readableLocationIds(access);
  if (readsStockProjection(filter)) await awaitCallersStockChanges(runtime, context);
  return filter;
}
