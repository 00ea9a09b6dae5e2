import { ApiId, ApiTimestamp, COPIED_ITEM_FIELDS, ITEM_COPY_PARTS, type ItemChanged, type ItemCopyPart, z } from '@inv/shared/core';
import { Supplier } from './supplier';
import { Tag } from './tag';

/** The Item resource as the API returns it. */
export const Item = z
  .object({
    id: ApiId,
    sku: z.string().openapi({ example: 'WID-001' }),
    description: z.string().openapi({ example: 'Widget, blue, 10 cm' }),
    externalId: z.string().nullable().openapi({ description: 'Your own identifier; PATCH /items/ext_<externalId> addresses the item by it', example: 'erp-10042' }),
    supplierId: ApiId.nullable().openapi({ description: 'null when the item has no supplier' }),
    cost: z.number(),
    sellPrice: z.number(),
    trackStock: z.boolean(),
    lowStockThreshold: z.number().nullable().openapi({ description: 'null uses the workspace default low-stock threshold' }),
    tagId: ApiId.nullable().openapi({ description: 'Deprecated: the first assigned tag (null without tags); use tags', deprecated: true }),
    tags: z.array(Tag),
    userId: ApiId.openapi({ description: 'ID of the creating user' }),
    workspaceId: ApiId,
    createdAt: ApiTimestamp,
    updatedAt: ApiTimestamp.openapi({ description: 'Unchanged by a PATCH that changes nothing' }),
    projectId: ApiId.openapi({ description: 'Deprecated: equals workspaceId', deprecated: true }),
    // A union rather than Supplier.nullable(): the nullable would carry Supplier's component name and make the component itself nullable.
    supplier: z.union([Supplier, z.null()]).openapi({ description: 'The linked supplier record; null when the item has no supplier' }),
  })
  .openapi('Item');
export type Item = z.infer<typeof Item>;

/**
 * The payload of item.created and item.updated for `item` as the use case answers it (the Item
 * carries no stock figures, so the answer is the whole resource; stock changes have events of
 * their own), at the version its transaction gives it.
 */
export function itemChanged(item: Item, version: number): ItemChanged {
  return {
    id: item.id,
    sku: item.sku,
    description: item.description,
    trackStock: item.trackStock,
    lowStockThreshold: item.lowStockThreshold,
    cost: item.cost,
    sellPrice: item.sellPrice,
    version,
    resource: item,
  };
}

/** The editable state of an item, as the rules compare it. */
export interface ItemState {
  sku: string;
  description: string;
  externalId: string | null;
  supplierId: string | null;
  cost: number;
  sellPrice: number;
  trackStock: boolean;
  lowStockThreshold: number | null;
  /** In assignment order. */
  tagIds: string[];
}

/**
 * The fields other services keep a copy of (the stock service: to name items, to refuse stock of
 * catalog-only ones, to judge the item's health against its threshold and to freeze a job's
 * prices when it completes). A change of any of them is fenced in the stock service before it
 * commits (docs/consistency.md), which places it in the ledger's order: a job completing after a
 * price change was acknowledged is priced by it. The others are the catalog's alone.
 */
const COPIED_ELSEWHERE = COPIED_ITEM_FIELDS satisfies ReadonlyArray<keyof ItemState>;

/** Whether `changes` touch what other services keep of the item. */
export function changesCopiedFields(changes: Partial<ItemState>): boolean {
  return COPIED_ELSEWHERE.some((field) => changes[field] !== undefined);
}

/** The parts of the stock service's copy that `changes` touch (what its fence names). */
export function changedCopyParts(changes: Partial<ItemState>): ItemCopyPart[] {
  return (Object.entries(ITEM_COPY_PARTS) as [ItemCopyPart, readonly (keyof ItemState)[]][]).filter(([, fields]) => fields.some((field) => changes[field] !== undefined)).map(([part]) => part);
}

/** The fields of `patch` whose value differs from `current`; empty when the request changes nothing. */
export function itemChanges(current: ItemState, patch: Partial<ItemState>): Partial<ItemState> {
  const changes: Partial<ItemState> = {};
  for (const key of Object.keys(patch) as Array<keyof ItemState>) {
    const next = patch[key];
    if (next === undefined) continue;
    const same = key === 'tagIds' ? sameList(current.tagIds, next as string[]) : current[key] === next;
    if (!same) Object.assign(changes, { [key]: next });
  }
  return changes;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Case-insensitive SKU identity, as the unique index sees it. */
export function skuKey(sku: string): string {
  return sku.toLowerCase();
}
