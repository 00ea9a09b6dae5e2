import type { LocationType } from '@inv/shared/core';

/**
 * Columns naming the item and the location of the rows of `rows` (a subquery with workspace_id,
 * item_id and location_id), from the stock service's copies, joined to the page's rows only:
 * `FROM (<page>) r ${NAMES_JOIN}`. The copies hold every change their owners' callers had
 * acknowledged (awaitOwnerChanges, before every request).
 */
export const NAMES_COLUMNS = 'ci.sku AS item_sku, ci.description AS item_description, cl.name AS location_name, cl.type AS location_type';
export const NAMES_JOIN = `LEFT JOIN items ci ON ci.workspace_id = r.workspace_id AND ci.id = r.item_id
  LEFT JOIN locations cl ON cl.workspace_id = r.workspace_id AND cl.id = r.location_id`;

export interface NamesRow {
  item_id: string;
  location_id: string;
  item_sku: string | null;
  item_description: string | null;
  location_name: string | null;
  location_type: LocationType | null;
}

/** The item and the location a row names, as the API shows them (as on transfers: "" and other for a copy not yet known). */
export function namesOf(r: NamesRow): { item: { id: string; sku: string; description: string }; location: { id: string; name: string; type: LocationType } } {
  return {
    item: { id: r.item_id, sku: r.item_sku ?? '', description: r.item_description ?? '' },
    location: { id: r.location_id, name: r.location_name ?? '', type: r.location_type ?? 'other' },
  };
}
