import { type Caller, CatalogEvents, Conflict, NotFound, STOCK_SERVICE, StockCommands, Unprocessable } from '@inv/shared/core';
import { isUniqueViolation } from '@inv/shared/db';
import { recordEvent } from '@inv/shared/messaging';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { loadItems, lockItem, nextItemVersion, setItemTags, updateItem as writeItem } from '../data/item-repository';
import { findSupplierIds } from '../data/supplier-repository';
import { findTags } from '../data/tag-repository';
import { changedCopyParts, changesCopiedFields, type Item, itemChanged, itemChanges, type ItemState } from '../domain/item';
import { parseItemRef } from '../domain/item-ref';
import { resolveTagSelection, tagSelection } from '../domain/tag-selection';
import type { CreateItemInput } from './create-items';

/** The create fields without opening stock, all optional. */
export type UpdateItemInput = Partial<Omit<CreateItemInput, 'quantity' | 'locationId'>>;

/**
 * Applies the fields given; tags, when any of tagId/tagIds/tagNames is given, are replaced by
 * their union. A request that changes nothing writes nothing: updatedAt stays and no event goes out.
 *
 * A change of what other services keep of the item (SKU, description, trackStock,
 * lowStockThreshold, cost, sellPrice) is fenced in the stock service before this transaction commits
 * (docs/consistency.md), so from the moment the answer leaves, no stock movement is decided from
 * the item as it was. Making the item catalog-only is
 * refused by the stock service itself while it holds stock of the item: the stock service is the
 * one that knows.
 *
 * Throws NotFound for an item not in the workspace; Unprocessable for unknown tags or supplier;
 * Conflict for a taken SKU or external ID, or for making an item with stock on hand catalog-only;
 * internal_server_error naming RabbitMQ or the stock service when a fenced change cannot reach it.
 */
export async function updateItem(runtime: ServiceRuntime, context: Caller, itemRef: string, input: UpdateItemInput): Promise<Item> {
  const workspaceId = context.workspace.id;
  const ref = parseItemRef(itemRef);
  if (!ref) throw new NotFound('Item');
  try {
    return await transact(runtime, async (tx) => {
      const locked = await lockItem(tx, workspaceId, ref);
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
      if (Object.keys(changes).length === 0) return (await loadItems(tx, workspaceId, [locked.id]))[0]!;

      // Any string, "" included, must name a supplier of the workspace; only null unlinks.
      if (typeof changes.supplierId === 'string') {
        const known = await findSupplierIds(tx, workspaceId, changes.supplierId ? [changes.supplierId] : []);
        if (!known.has(changes.supplierId)) throw new Unprocessable(`Supplier ${changes.supplierId} does not exist.`);
      }
      const version = await nextItemVersion(tx);
      if (changesCopiedFields(changes)) {
        const fence = { itemId: locked.id, version, requireNoStock: changes.trackStock === false, parts: changedCopyParts(changes) };
        await runtime.client.request(STOCK_SERVICE, StockCommands.fenceItem, fence, { workspaceId, requestId: context.requestId, timeoutMs: runtime.config.PROJECTION_CALL_TIMEOUT_MS });
      }
      await writeItem(tx, workspaceId, locked.id, changes, version);
      if (changes.tagIds) await setItemTags(tx, workspaceId, [{ itemId: locked.id, tagIds: changes.tagIds }]);
      const [item] = await loadItems(tx, workspaceId, [locked.id]);
      await recordEvent(tx, CatalogEvents.itemUpdated, workspaceId, itemChanged(item!, version), context.requestId);
      return item!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'items_workspace_sku')) throw new Conflict(`An item with SKU "${input.sku}" already exists (SKUs are unique case-insensitively).`);
    if (isUniqueViolation(err, 'items_workspace_external_id')) throw new Conflict(`An item with externalId "${input.externalId}" already exists.`);
    throw err;
  }
}
