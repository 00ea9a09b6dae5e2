import { canAccessLocation, Forbidden, type InternalContext, NotFound, type PageRequest, type Pool, readableLocationIds, type TimeIdKey } from '@inv/shared';
import { countItems, countItemsByTag, findItemIds, type TagGroupRow } from '../data/item-query';
import { findItem, loadItems } from '../data/item-repository';
import type { Item } from '../domain/item';
import { type ItemFilterInput, normalizeFilter } from '../domain/item-filter';
import { parseItemRef } from '../domain/item-ref';

/** Throws NotFound when the item is not in the workspace. */
export async function getItem(pool: Pool, context: InternalContext, itemRef: string): Promise<Item> {
  const ref = parseItemRef(itemRef);
  const item = ref ? await findItem(pool, context.workspace.id, ref) : undefined;
  if (!item) throw new NotFound('Item');
  return item;
}

/** One page of items; `next` is the key of the next page when there is one, `total` absent on a page asked by key. */
export async function listItems(
  pool: Pool,
  context: InternalContext,
  input: ItemFilterInput,
  page: PageRequest<TimeIdKey>,
): Promise<{ items: Item[]; next?: TimeIdKey; total?: number }> {
  const { ids, next, total } = await findItemIds(pool, context.workspace.id, filterFor(context, input), context.workspace.defaultLowStockThreshold, page);
  return { items: await loadItems(pool, context.workspace.id, ids), next, total };
}

export type ItemCount = number | { count: number; groups: Array<{ tagId: string | null; count: number; tag?: TagGroupRow['tag'] }> };

export async function countMatchingItems(
  pool: Pool,
  context: InternalContext,
  input: ItemFilterInput,
  options: { groupBy?: 'tagId'; includeTags?: boolean },
): Promise<ItemCount> {
  const filter = filterFor(context, input);
  const threshold = context.workspace.defaultLowStockThreshold;
  if (options.groupBy !== 'tagId') return countItems(pool, context.workspace.id, filter, threshold);
  const { count, groups } = await countItemsByTag(pool, context.workspace.id, filter, threshold);
  return { count, groups: groups.map(({ tagId, count: n, tag }) => (options.includeTags ? { tagId, count: n, tag } : { tagId, count: n })) };
}

/**
 * Throws Forbidden when a member restricted to some locations filters by one it may not read;
 * such a member's stock health counts only the locations it may read.
 */
function filterFor(context: InternalContext, input: ItemFilterInput) {
  const access = context.locationAccess;
  if (input.locationId !== undefined && !canAccessLocation(access, input.locationId, 'read')) {
    throw new Forbidden(`This member has no access to location ${input.locationId}.`);
  }
  const filter = normalizeFilter(input);
  if (filter.locationId === undefined) filter.stockLocationIds = readableLocationIds(access);
  return filter;
}
