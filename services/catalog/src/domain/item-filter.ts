import { parseEntityId } from '@inv/shared/core';

export const STOCK_HEALTH = ['out', 'low', 'ok'] as const;
export type StockHealth = (typeof STOCK_HEALTH)[number];

/** The filters of GET /items and GET /items/count, as the query gives them. */
export interface ItemFilterInput {
  sku?: string;
  description?: string;
  cost?: number;
  sellPrice?: number;
  supplierId?: string;
  supplierIds?: string[];
  tagId?: string;
  tagIds?: string[];
  tagNames?: string[];
  search?: string;
  userId?: string;
  locationId?: string;
  stockHealth?: StockHealth[];
  trackStock?: boolean;
}

/** Filters ready for SQL: every id a well-formed uuid, set filters merged. */
export interface ItemFilter {
  /** True when a filter can match no item (an id that cannot exist); the result is then empty. */
  matchesNothing: boolean;
  sku?: string;
  description?: string;
  cost?: number;
  sellPrice?: number;
  /** Items whose supplier is one of these. */
  supplierIds?: string[];
  /** Items carrying at least one of these tags (by id or by lowercased name). */
  tags?: { ids: string[]; names: string[] };
  search?: string;
  userId?: string;
  locationId?: string;
  /**
   * Where stock health sums on-hand when no locationId is given: every location when absent, only
   * these for a member restricted to some locations (what it may not read does not count).
   */
  stockLocationIds?: string[];
  stockHealth?: StockHealth[];
  trackStock?: boolean;
}

/**
 * Merges the single and plural forms (supplierId with supplierIds; tagId, tagIds and tagNames)
 * into one set each, matched as "any of". Ids that are not uuids cannot match anything.
 */
export function normalizeFilter(input: ItemFilterInput): ItemFilter {
  const filter: ItemFilter = { matchesNothing: false };
  const copy = ['sku', 'description', 'cost', 'sellPrice', 'search', 'userId', 'trackStock'] as const;
  for (const key of copy) if (input[key] !== undefined) Object.assign(filter, { [key]: input[key] });
  if (input.stockHealth !== undefined) filter.stockHealth = [...new Set(input.stockHealth)];

  if (input.supplierId !== undefined || input.supplierIds !== undefined) {
    const given = [...(input.supplierId !== undefined ? [input.supplierId] : []), ...(input.supplierIds ?? [])];
    filter.supplierIds = [...new Set(given.flatMap((id) => parseEntityId(id) ?? []))];
    if (filter.supplierIds.length === 0) filter.matchesNothing = true;
  }
  if (input.tagId !== undefined || input.tagIds !== undefined || input.tagNames !== undefined) {
    const givenIds = [...(input.tagId !== undefined ? [input.tagId] : []), ...(input.tagIds ?? [])];
    const ids = [...new Set(givenIds.flatMap((id) => parseEntityId(id) ?? []))];
    const names = [...new Set((input.tagNames ?? []).map((n) => n.trim().toLowerCase()))];
    filter.tags = { ids, names };
    if (ids.length === 0 && names.length === 0) filter.matchesNothing = true;
  }
  if (input.locationId !== undefined) {
    const locationId = parseEntityId(input.locationId);
    if (locationId) filter.locationId = locationId;
    else filter.matchesNothing = true;
  }
  return filter;
}

/** Whether answering the filter reads the catalog's projection of the stock balances (stock health, items at a location). */
export function readsStockProjection(filter: ItemFilter): boolean {
  return !filter.matchesNothing && (filter.stockHealth !== undefined || filter.locationId !== undefined);
}

/** A LIKE pattern matching `term` anywhere, with the term's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
