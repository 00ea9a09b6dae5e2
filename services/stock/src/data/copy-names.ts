import type { LocationType } from '@inv/shared/core';
import { DISPLAY_NEEDS, isFencedPast, servesItemUse } from '../domain/projected-facts';

/** Items and locations a read showed from copies fenced past what they hold, with the fence seen. */
export interface FencedCopies {
  items: Array<{ id: string; fence: number }>;
  locations: Array<{ id: string; fence: number }>;
}

/** A copy's version and fence as a read saw them (null: no copy row), and for an item the parts fenced (see fenced_parts). */
export interface SeenCopy {
  version: number | null;
  fence: number | null;
  parts?: string[] | null;
}

/** The copy of a location `id`, when a read showed it fenced past what it holds (a change of its name committing or just committed). */
export function fencedPast(id: string, copy: SeenCopy): Array<{ id: string; fence: number }> {
  return copy.version !== null && isFencedPast({ version: copy.version, fence: copy.fence }) ? [{ id, fence: copy.fence! }] : [];
}

/** fencedPast for an item's copy, whose name is in doubt only while a change of its identity (SKU, description) is fenced. */
export function identityFencedPast(id: string, copy: SeenCopy): Array<{ id: string; fence: number }> {
  if (copy.version === null || servesItemUse({ version: copy.version, fence: copy.fence, fencedParts: copy.parts ?? null }, DISPLAY_NEEDS)) return [];
  return [{ id, fence: copy.fence! }];
}

export function onceEach<T extends { id: string }>(list: T[]): T[] {
  return [...new Map(list.map((x) => [x.id, x])).values()];
}

/**
 * Columns naming the item and the location of the rows of `rows` (a subquery with workspace_id,
 * item_id and location_id), from the stock service's copies, joined to the page's rows only:
 * `FROM (<page>) r ${NAMES_JOIN}`.
 */
export const NAMES_COLUMNS = `ci.sku AS item_sku, ci.description AS item_description, json_build_object('version', ci.version, 'fence', ci.fence, 'parts', ci.fenced_parts) AS item_copy,
  cl.name AS location_name, cl.type AS location_type, json_build_object('version', cl.version, 'fence', cl.fence) AS location_copy`;
export const NAMES_JOIN = `LEFT JOIN items ci ON ci.workspace_id = r.workspace_id AND ci.id = r.item_id
  LEFT JOIN locations cl ON cl.workspace_id = r.workspace_id AND cl.id = r.location_id`;

export interface NamesRow {
  item_id: string;
  location_id: string;
  item_sku: string | null;
  item_description: string | null;
  item_copy: SeenCopy;
  location_name: string | null;
  location_type: LocationType | null;
  location_copy: SeenCopy;
}

/** The item and the location a row names, as the API shows them (as on transfers: "" and other for a copy not yet known). */
export function namesOf(r: NamesRow): { item: { id: string; sku: string; description: string }; location: { id: string; name: string; type: LocationType } } {
  return {
    item: { id: r.item_id, sku: r.item_sku ?? '', description: r.item_description ?? '' },
    location: { id: r.location_id, name: r.location_name ?? '', type: r.location_type ?? 'other' },
  };
}

/** The copies the rows showed fenced past what they hold, each once. */
export function fencedIn(rows: readonly NamesRow[]): FencedCopies {
  return {
    items: onceEach(rows.flatMap((r) => identityFencedPast(r.item_id, r.item_copy))),
    locations: onceEach(rows.flatMap((r) => fencedPast(r.location_id, r.location_copy))),
  };
}
