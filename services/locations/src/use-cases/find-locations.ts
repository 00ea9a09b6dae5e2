import { type Caller, canAccessLocation, isId, NotFound, readableLocationIds } from '@inv/shared/core';
import { type Pool } from '@inv/shared/db';
import { countLocations, findLocation, listLocations, type LocationFilter, type LocationRow, toLocation } from '../data/location-repository';
import type { Location } from '../domain/location';

export type Reader = Pick<Caller, 'workspace' | 'locationAccess'>;

/**
 * Loads a live location the member may read, with `load` (a plain or a locking read). Throws
 * NotFound for an id that is malformed, unknown, deleted, in another workspace, or outside a
 * restricted member's access list: all look alike, so nobody can probe for what it may not see.
 */
export async function readableLocation(
  reader: Reader,
  id: string,
  load: (workspaceId: string, id: string) => Promise<LocationRow | undefined>,
): Promise<LocationRow> {
  const row = isId(id) && canAccessLocation(reader.locationAccess, id, 'read') ? await load(reader.workspace.id, id) : undefined;
  if (!row) throw new NotFound('Location');
  return row;
}

export async function getLocation(pool: Pool, reader: Reader, id: string): Promise<Location> {
  return toLocation(await readableLocation(reader, id, (workspaceId, locationId) => findLocation(pool, workspaceId, locationId)));
}

/** A restricted member's filter is narrowed to its access list; ids that cannot exist are dropped. */
function visibleTo(reader: Reader, filter: LocationFilter): LocationFilter {
  const ids = readableLocationIds(reader.locationAccess);
  return ids === undefined ? filter : { ...filter, ids };
}

export async function findLocations(
  pool: Pool,
  reader: Reader,
  filter: LocationFilter,
  page: { limit: number; offset: number },
): Promise<{ locations: Location[]; total: number }> {
  const visible = visibleTo(reader, filter);
  const [rows, total] = await Promise.all([listLocations(pool, reader.workspace.id, visible, page), countLocations(pool, reader.workspace.id, visible)]);
  return { locations: rows.map(toLocation), total };
}

export async function countMatchingLocations(pool: Pool, reader: Reader, filter: LocationFilter): Promise<number> {
  return countLocations(pool, reader.workspace.id, visibleTo(reader, filter));
}
