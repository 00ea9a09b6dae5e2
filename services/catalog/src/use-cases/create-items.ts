import { type Caller, AppError, canAccessLocation, CatalogEvents, Conflict, Forbidden, type ItemSnapshot, newId, type Positioned, type Tracking, Unprocessable, planQuota } from '@inv/shared/core';
import { type Pool, type PoolClient, claimPlanQuota, type EffectGuard, isUniqueViolation } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { type ServiceRuntime, transactOnce } from '@inv/shared/runtime';
import { IN_USE } from '../data/counters';
import { insertItems, loadItems, type NewItem, setItemTags, takenKeys } from '../data/item-repository';
import { findSupplierIds } from '../data/supplier-repository';
import { findTags } from '../data/tag-repository';
import { type Item, itemChanged, skuKey, trackingRefusal } from '../domain/item';
import { openingLocation } from '../domain/opening-stock';
import { resolveTagSelection, type TagSelection, tagSelection } from '../domain/tag-selection';
import { type OpeningLine, stockPort, withOpenings } from './stock-intents';

export interface CreateItemInput {
  sku: string;
  description?: string;
  externalId?: string | null;
  cost?: number;
  sellPrice?: number;
  supplierId?: string | null;
  trackStock?: boolean;
  tracking?: Tracking;
  lowStockThreshold?: number | null;
  tagId?: string;
  tagIds?: string[];
  tagNames?: string[];
  quantity?: number;
  locationId?: string;
  serials?: string[];
  lot?: string;
  expiresOn?: string;
}

interface Prepared {
  item: NewItem;
  tags: TagSelection | undefined;
  opening: Omit<OpeningLine, 'item'> | undefined;
}

/**
 * Creates 1 to 100 items all or nothing, with their opening stock. The stock service records the
 * opening first (withOpenings: the items' copies unconfirmed until their item.created
 * arrives), with no lock held here; then one transaction inserts the items, their events (each
 * taking the workspace's next owner position), the plan's claim and the guard's answer. If that
 * transaction fails, the opening is abandoned. Everything the request alone can refuse is refused
 * before the stock service is asked, and again in the transaction (another request may have taken
 * a SKU meanwhile).
 *
 * Answers the items with the owner position their events reached; `onStockPosition` hears the
 * workspace's stock position the opening reached (read-your-writes: the caller's next stock-health
 * read waits for it).
 *
 * The units an opening names (serials, a lot) go to the stock service as they were given, with the
 * item's tracking: the ledger decides them, and its refusals are the answer.
 *
 * Throws (naming the element's index when `bulk`): Unprocessable for unknown tags, supplier or
 * location and for stock on, or tracking of, a catalog-only item; Forbidden for a location the
 * member may not write to; Conflict for a taken or repeated SKU or external ID; LimitExceeded when
 * the items would not fit the plan; and whatever AppError the stock service answers (its refusals
 * of the units an opening names among them).
 */
export async function createItems(
  runtime: ServiceRuntime,
  context: Caller,
  inputs: CreateItemInput[],
  bulk: boolean,
  guard: EffectGuard<Item[]>,
  onStockPosition: (position: number) => void,
): Promise<Positioned<Item[]>> {
  const workspace = context.workspace;
  const label = (index: number) => (bulk ? `Item at index ${index}: ` : '');
  const prepared = inputs.map((input, index) => naming(label(index), () => prepare(context, input)));
  rejectRepeats(prepared);
  const checks = (db: Pool | PoolClient) => checkReferences(db, workspace.id, prepared, label);
  await checks(runtime.pool);
  const openings = prepared.flatMap((p) => (p.opening ? [{ item: snapshotOf(p.item), ...p.opening }] : []));
  // The opening is an effect outside this service's transaction: a twin request with the same Idempotency-Key must not cause one too.
  if (openings.length > 0) await guard.claimAhead();
  try {
    const { result, stockPosition } = await withOpenings(stockPort(runtime, context), [{ operationId: newId(), lines: openings }], (stillHeld) =>
      // Once: an opening recorded for this attempt is abandoned if it fails, not reused.
      transactOnce(
        runtime,
        async (tx) => {
          await guard.begin(tx);
          const assignments = await checks(tx);
          const versions = await insertItems(tx, workspace.id, context.user.id, prepared.map((p) => p.item));
          await setItemTags(tx, workspace.id, assignments);
          const items = await loadItems(tx, workspace.id, prepared.map((p) => p.item.id));
          await claimPlanQuota(tx, workspace.id, planQuota(workspace, 'items'), IN_USE.items, prepared.length);
          await guard.finish(tx, items);
          // Last: the workspace's owner positions are taken under its counter's lock, held to COMMIT.
          // Each event carries its own item as this request answers it.
          const { position } = await recordOwnerEvents(tx, CatalogEvents.itemCreated, workspace.id, items.map((item) => itemChanged(item, versions.get(item.id)!)), context.requestId);
          stillHeld();
          return { result: items, position };
        }
      ),
    );
    if (stockPosition > 0) onStockPosition(stockPosition);
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict('An item with this SKU or external ID was created at the same time; nothing was created.');
    throw err;
  }
}

/** The references the request makes, checked against the workspace: tags (answered as each item's), suppliers, SKUs and external IDs not taken. */
async function checkReferences(db: Pool | PoolClient, workspaceId: string, prepared: Prepared[], label: (index: number) => string): Promise<Array<{ itemId: string; tagIds: string[] }>> {
  const assignments = await resolveTags(db, workspaceId, prepared, label);
  await requireSuppliers(db, workspaceId, prepared, label);
  await duplicateConflict(db, workspaceId, prepared.map((p) => p.item), label);
  return assignments;
}

function prepare(context: Caller, input: CreateItemInput): Prepared {
  const trackStock = input.trackStock ?? true;
  const tracking = input.tracking ?? 'none';
  const refusal = trackingRefusal({ trackStock, tracking });
  if (refusal) throw refusal;
  const quantity = input.quantity ?? 0;
  const locationId = openingLocation({ trackStock, quantity, locationId: input.locationId }, context.workspace.defaultLocationId);
  if (locationId !== undefined) {
    if (!canAccessLocation(context.locationAccess, locationId, 'write')) {
      throw new Forbidden(`Opening stock at location ${locationId} needs write access to it, which this member does not have.`);
    }
  }
  return {
    item: {
      id: newId(),
      sku: input.sku,
      description: input.description ?? '',
      externalId: input.externalId ?? null,
      supplierId: input.supplierId ?? null,
      cost: input.cost ?? 0,
      sellPrice: input.sellPrice ?? 0,
      trackStock,
      tracking,
      lowStockThreshold: input.lowStockThreshold ?? null },
    tags: tagSelection(input),
    opening: locationId !== undefined ? { locationId, quantity, ...unitsOf(input) } : undefined };
}

/** The units an opening names, as given (the schema let through only those the item's tracking takes). */
function unitsOf({ serials, lot, expiresOn }: CreateItemInput): Pick<OpeningLine, 'serials' | 'lot' | 'expiresOn'> {
  return { ...(serials && { serials }), ...(lot !== undefined && { lot }), ...(expiresOn !== undefined && { expiresOn }) };
}

/** Two elements of one request may not share a SKU (case-insensitively) or an external ID. */
function rejectRepeats(prepared: Prepared[]): void {
  const seenSku = new Map<string, number>();
  const seenExternal = new Map<string, number>();
  prepared.forEach(({ item }, index) => {
    const sku = skuKey(item.sku);
    const first = seenSku.get(sku);
    if (first !== undefined) throw new Conflict(`Items at index ${first} and ${index} have the same SKU "${item.sku}"; SKUs are unique case-insensitively.`);
    seenSku.set(sku, index);
    if (item.externalId === null) return;
    const firstExternal = seenExternal.get(item.externalId);
    if (firstExternal !== undefined) throw new Conflict(`Items at index ${firstExternal} and ${index} have the same externalId "${item.externalId}".`);
    seenExternal.set(item.externalId, index);
  });
}

/** The tags each item gets. Throws Unprocessable naming the first item with an unknown tag ID or name. */
async function resolveTags(tx: Pool | PoolClient, workspaceId: string, prepared: Prepared[], label: (index: number) => string): Promise<Array<{ itemId: string; tagIds: string[] }>> {
  const selections = prepared.map((p) => p.tags);
  const found = await findTags(
    tx,
    workspaceId,
    unique(selections.flatMap((s) => s?.ids ?? [])),
    unique(selections.flatMap((s) => s?.names ?? [])),
  );
  const knownTagIds = new Set(found.map((t) => t.id));
  const tagIdsByName = new Map(found.map((t) => [t.name.toLowerCase(), t.id]));
  return prepared.flatMap((p, index) => {
    if (!p.tags) return [];
    const resolved = resolveTagSelection(p.tags, knownTagIds, tagIdsByName);
    if (resolved.unknownIds.length > 0) throw new Unprocessable(`${label(index)}Unknown tag IDs: ${resolved.unknownIds.join(', ')}.`);
    if (resolved.unknownNames.length > 0) {
      throw new Unprocessable(`${label(index)}No tag named ${resolved.unknownNames.map((n) => `"${n}"`).join(', ')}; create tags with POST /tags first.`);
    }
    return resolved.tagIds.length > 0 ? [{ itemId: p.item.id, tagIds: resolved.tagIds }] : [];
  });
}

/** Throws Unprocessable naming the first item whose supplier is not one of the workspace's. */
async function requireSuppliers(tx: Pool | PoolClient, workspaceId: string, prepared: Prepared[], label: (index: number) => string): Promise<void> {
  const supplierIds = unique(prepared.flatMap((p) => (p.item.supplierId !== null ? [p.item.supplierId] : [])));
  const known = await findSupplierIds(tx, workspaceId, supplierIds);
  prepared.forEach((p, index) => {
    if (p.item.supplierId !== null && !known.has(p.item.supplierId)) throw new Unprocessable(`${label(index)}Supplier ${p.item.supplierId} does not exist.`);
  });
}

/** Throws Conflict naming the first new item whose SKU or external ID the workspace already uses. */
async function duplicateConflict(tx: Pool | PoolClient, workspaceId: string, items: NewItem[], label: (index: number) => string): Promise<void> {
  const externalIds = items.flatMap((i) => (i.externalId !== null ? [i.externalId] : []));
  const taken = await takenKeys(tx, workspaceId, items.map((i) => skuKey(i.sku)), externalIds);
  items.forEach((item, index) => {
    if (taken.skus.has(skuKey(item.sku))) throw new Conflict(`${label(index)}An item with SKU "${item.sku}" already exists (SKUs are unique case-insensitively).`);
    if (item.externalId !== null && taken.externalIds.has(item.externalId)) {
      throw new Conflict(`${label(index)}An item with externalId "${item.externalId}" already exists.`);
    }
  });
}

function naming<T>(prefix: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (prefix && err instanceof AppError) throw new AppError(err.code, prefix + err.message);
    throw err;
  }
}

function snapshotOf(item: NewItem): Omit<ItemSnapshot, 'version'> {
  return { id: item.id, sku: item.sku, description: item.description, trackStock: item.trackStock, tracking: item.tracking, lowStockThreshold: item.lowStockThreshold ?? null };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
