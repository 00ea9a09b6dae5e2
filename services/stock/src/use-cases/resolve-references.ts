import { CATALOG_SERVICE, CatalogCommands, isId, ItemSnapshot, LocationCommands, LOCATIONS_SERVICE, LocationSnapshot, withTransaction, z, type ServiceRuntime } from '@inv/shared';
import { findItems, findLocations, isKnownItem, isKnownLocation, storeFetchedItems, storeFetchedLocation, type ItemRow, type LocationRow } from '../data/projection-repository';

type Runtime = Pick<ServiceRuntime, 'pool' | 'client'>;

/**
 * Items of the workspace by id, from the projection; ids it lacks (or holds only from an
 * opening the catalog has not confirmed) are asked of the catalog and stored. Ids that exist
 * nowhere are absent from the map.
 */
export async function resolveItems(runtime: Runtime, workspaceId: string, ids: string[], requestId: string | null): Promise<Map<string, ItemRow>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter(isId);
  if (wanted.length === 0) return new Map();
  const known = new Map((await findItems(runtime.pool, workspaceId, wanted)).filter(isKnownItem).map((r) => [r.id, r]));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const answer = await runtime.client.request(CATALOG_SERVICE, CatalogCommands.getItems, { itemIds: missing }, { workspaceId, requestId });
    const fetched = z.array(ItemSnapshot).parse(answer).filter((i) => missing.includes(i.id));
    // In a transaction for its retry: the upsert may meet a consumer batch applying item events in another order (deadlock).
    await withTransaction(runtime.pool, (tx) => storeFetchedItems(tx, workspaceId, fetched));
    for (const i of fetched) known.set(i.id, { id: i.id, sku: i.sku, description: i.description, track_stock: i.trackStock, confirmed: true });
  }
  return known;
}

/**
 * Locations of the workspace by id, from the projection; ids it lacks are asked of the locations
 * service and stored. Deleted and closed locations stay in the map (callers refuse them by
 * rule); ids that exist nowhere are absent.
 */
export async function resolveLocations(runtime: Runtime, workspaceId: string, ids: string[], requestId: string | null): Promise<Map<string, LocationRow>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter(isId);
  if (wanted.length === 0) return new Map();
  const known = new Map((await findLocations(runtime.pool, workspaceId, wanted)).filter(isKnownLocation).map((r) => [r.id, r]));
  for (const id of wanted.filter((w) => !known.has(w))) {
    const answer = await runtime.client.request(LOCATIONS_SERVICE, LocationCommands.get, { locationId: id }, { workspaceId, requestId });
    const location = LocationSnapshot.nullable().parse(answer);
    if (!location || location.id !== id) continue;
    await storeFetchedLocation(runtime.pool, workspaceId, location);
    const [row] = await findLocations(runtime.pool, workspaceId, [id]);
    if (row) known.set(id, row);
  }
  return known;
}
