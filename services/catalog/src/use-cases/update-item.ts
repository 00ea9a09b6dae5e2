import { type Caller, CatalogEvents, Conflict, NotFound, type Positioned, Unprocessable } from '@inv/shared/core';
import { inUnitOfWork, isUniqueViolation, RunAgain } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { type ServiceRuntime, transactOnce } from '@inv/shared/runtime';
import { findItem, loadItems, lockItem, nextItemVersion, setItemTags, updateItem as writeItem } from '../data/item-repository';
import { findSupplierIds } from '../data/supplier-repository';
import { findTags } from '../data/tag-repository';
import { closingPurpose, type Item, itemChanged, itemChanges, type ItemState, trackingRefusal } from '../domain/item';
import { parseItemRef } from '../domain/item-ref';
import { resolveTagSelection, tagSelection } from '../domain/tag-selection';
import type { CreateItemInput } from './create-items';
import { confirmedAttempt, stockPort, withItemsClosed } from './stock-intents';

/** The create fields without opening stock, all optional. */
export type UpdateItemInput = Partial<Omit<CreateItemInput, 'quantity' | 'locationId' | 'serials' | 'lot' | 'expiresOn'>>;

/**
 * Applies the fields given; tags, when any of tagId/tagIds/tagNames is given, are replaced by
 * their union. A request that changes nothing writes nothing: updatedAt stays and no event goes
 * out. Answers the item with the owner position its item.updated took (docs/consistency.md: the
 * gateway passes it to the stock service with every later call of the workspace, which decides
 * only from a copy that has applied it).
 *
 * Making the item catalog-only, or changing its tracking, is decided by the stock service, the one
 * that knows whether stock is on hand, reserved or on order (closingPurpose): it closes the item to
 * new stock first, with no lock held here (withItemsClosed), and this change confirms it. What to
 * close is planned from a read made before the item's lock, so the change runs again from that
 * read (inUnitOfWork, the one retry layer) when the locked item shows it needs a decision it was
 * not closed for (issue 44 §6).
 *
 * Throws NotFound for an item not in the workspace; Unprocessable for unknown tags or supplier, or
 * a catalog-only item that would be tracked; Conflict for a taken SKU or external ID, or when the
 * stock service refuses the closing (stock on hand; for tracking also reserved or on order);
 * the retryable refusal naming RabbitMQ or the stock service when that decision cannot be had, and
 * the retryable contention refusal when the item kept changing under the plan.
 */
export async function updateItem(runtime: ServiceRuntime, context: Caller, itemRef: string, input: UpdateItemInput): Promise<Positioned<Item>> {
  const workspaceId = context.workspace.id;
  const ref = parseItemRef(itemRef);
  if (!ref) throw new NotFound('Item');
  try {
    return await inUnitOfWork(async () => {
      const current = await findItem(runtime.pool, workspaceId, ref);
      if (!current) throw new NotFound('Item');
      // Refused before the stock service is asked; decided again under the lock, on the item as it is then.
      const refusal = trackingRefusal({ trackStock: input.trackStock ?? current.trackStock, tracking: input.tracking ?? current.tracking });
      if (refusal) throw refusal;
      const purpose = closingPurpose(current, { trackStock: input.trackStock, tracking: input.tracking });
      const closes = new Map(purpose ? [[current.id, purpose]] : []);
      return withItemsClosed(stockPort(runtime, context), closes, (closing) =>
        // Once: running again starts from the read, so that what is closed follows the item as it is.
        transactOnce(runtime, async (tx) => {
          const locked = await lockItem(tx, workspaceId, { id: current.id });
          if (!locked) throw new NotFound('Item');
          const { tagId, tagIds, tagNames, ...fields } = input;
          const patch: Partial<ItemState> = fields;

          const selection = tagSelection({ tagId, tagIds, tagNames });
          if (selection) {
            const found = await findTags(tx, workspaceId, selection.ids, selection.names);
            const resolved = resolveTagSelection(selection, new Set(found.map((t) => t.id)), new Map(found.map((t) => [t.name.toLowerCase(), t.id])));
            if (resolved.unknownIds.length > 0) throw new Unprocessable(`Unknown tag IDs: ${resolved.unknownIds.join(', ')}.`);
            if (resolved.unknownNames.length > 0) {
              throw new Unprocessable(`No tag named ${resolved.unknownNames.map((n) => `"${n}"`).join(', ')}; create tags with POST /tags first.`);
            }
            patch.tagIds = resolved.tagIds;
          }

          const changes = itemChanges(locked.state, patch);
          if (Object.keys(changes).length === 0) return { result: { result: (await loadItems(tx, workspaceId, [locked.id]))[0]!, position: undefined }, confirmed: [] };
          const refused = trackingRefusal({ ...locked.state, ...changes });
          if (refused) throw refused;
          // Confirmed only by the change that needs the decision: another change may have made it, or
          // made it needed (the item tracks stock again, or its tracking moved), since the read. In
          // the latter case nothing closed the item and stock may have come in: the change is planned
          // again rather than refused, so the next read closes the item and the client gets the stock
          // service's answer on the item as it is now (done, or 409 naming what to move first), which
          // it can act on; a refusal saying only "it changed meanwhile" would leave it to send the
          // same request again for that answer.
          const attempt = confirmedAttempt(closing, locked.id, closingPurpose(locked.state, changes), () => new RunAgain(`item ${locked.id} (it changed after it was read)`));

          // Any string, "" included, must name a supplier of the workspace; only null unlinks.
          if (typeof changes.supplierId === 'string') {
            const known = await findSupplierIds(tx, workspaceId, changes.supplierId ? [changes.supplierId] : []);
            if (!known.has(changes.supplierId)) throw new Unprocessable(`Supplier ${changes.supplierId} does not exist.`);
          }
          const version = await nextItemVersion(tx);
          await writeItem(tx, workspaceId, locked.id, changes, version);
          if (changes.tagIds) await setItemTags(tx, workspaceId, [{ itemId: locked.id, tagIds: changes.tagIds }]);
          const [item] = await loadItems(tx, workspaceId, [locked.id]);
          closing?.stillHeld();
          const { position } = await recordOwnerEvents(tx, CatalogEvents.itemUpdated, workspaceId, [itemChanged(item!, version, attempt)], context.requestId);
          return { result: { result: item!, position }, confirmed: attempt ? [locked.id] : [] };
        }),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'items_workspace_sku')) throw new Conflict(`An item with SKU "${input.sku}" already exists (SKUs are unique case-insensitively).`);
    if (isUniqueViolation(err, 'items_workspace_external_id')) throw new Conflict(`An item with externalId "${input.externalId}" already exists.`);
    throw err;
  }
}
