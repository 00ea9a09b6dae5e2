import { type Caller, CatalogEvents, Conflict, NotFound, type Positioned, Unprocessable } from '@inv/shared/core';
import { inUnitOfWork, isUniqueViolation, RunAgain } from '@inv/shared/db';
import { recordOwnerEvents } from '@inv/shared/messaging';
import { type ServiceRuntime, transactOnce } from '@inv/shared/runtime';
import { findItem, loadItems, lockItem, nextItemVersion, setItemTags, updateItem as writeItem } from '../data/item-repository';
import { findSupplierIds } from '../data/supplier-repository';
import { findTags } from '../data/tag-repository';
import { type Item, itemChanged, itemChanges, type ItemState, makesCatalogOnly } from '../domain/item';
import { parseItemRef } from '../domain/item-ref';
import { resolveTagSelection, tagSelection } from '../domain/tag-selection';
import type { CreateItemInput } from './create-items';
import { stockPort, withItemsClosed } from './stock-intents';

/** The create fields without opening stock, all optional. */
export type UpdateItemInput = Partial<Omit<CreateItemInput, 'quantity' | 'locationId'>>;

/**
 * Applies the fields given; tags, when any of tagId/tagIds/tagNames is given, are replaced by
 * their union. A request that changes nothing writes nothing: updatedAt stays and no event goes
 * out. Answers the item with the owner position its item.updated took (docs/consistency.md: the
 * gateway passes it to the stock service with every later call of the workspace, which decides
 * only from a copy that has applied it).
 *
 * Making the item catalog-only is decided by the stock service, the one that knows whether stock
 * is on hand: it closes the item to new stock first, with no lock held here (withItemsClosed), and
 * this change confirms it. What to close is planned from a read made before the item's lock, so
 * the change runs again from that read (inUnitOfWork, the one retry layer) when the locked item
 * shows it would make the item catalog-only without it having been closed (issue 44 §6).
 *
 * Throws NotFound for an item not in the workspace; Unprocessable for unknown tags or supplier;
 * Conflict for a taken SKU or external ID, or for making an item with stock on hand catalog-only;
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
      const closes = makesCatalogOnly(current, { trackStock: input.trackStock }) ? [current.id] : [];
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
          const closed = closing !== undefined && closing.itemIds.has(locked.id);
          // The item tracked stock again by the time it was locked (another change since the read), so
          // nothing closed it and stock may have come in. Planned again rather than refused: the next
          // read closes it, and the client gets the stock service's answer on the item as it is now
          // (done, or 409 with the stock to move first), which it can act on; a refusal saying only
          // "it changed meanwhile" would leave it to send the same request again for that answer.
          if (makesCatalogOnly(locked.state, changes) && !closed) throw new RunAgain(`item ${locked.id} (it began to track stock again after it was read)`);

          // Any string, "" included, must name a supplier of the workspace; only null unlinks.
          if (typeof changes.supplierId === 'string') {
            const known = await findSupplierIds(tx, workspaceId, changes.supplierId ? [changes.supplierId] : []);
            if (!known.has(changes.supplierId)) throw new Unprocessable(`Supplier ${changes.supplierId} does not exist.`);
          }
          const version = await nextItemVersion(tx);
          await writeItem(tx, workspaceId, locked.id, changes, version);
          if (changes.tagIds) await setItemTags(tx, workspaceId, [{ itemId: locked.id, tagIds: changes.tagIds }]);
          const [item] = await loadItems(tx, workspaceId, [locked.id]);
          // Confirmed only when this change is the one that makes it catalog-only (another may have, since it was read).
          const confirms = closed && makesCatalogOnly(locked.state, changes);
          closing?.stillHeld();
          const { position } = await recordOwnerEvents(tx, CatalogEvents.itemUpdated, workspaceId, [itemChanged(item!, version, confirms ? closing?.attempt : undefined)], context.requestId);
          return { result: { result: item!, position }, confirmed: confirms ? [locked.id] : [] };
        }),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, 'items_workspace_sku')) throw new Conflict(`An item with SKU "${input.sku}" already exists (SKUs are unique case-insensitively).`);
    if (isUniqueViolation(err, 'items_workspace_external_id')) throw new Conflict(`An item with externalId "${input.externalId}" already exists.`);
    throw err;
  }
}
