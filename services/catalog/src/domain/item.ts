import { ApiId, ApiTimestamp, type ClosingPurpose, type ItemChanged, Tracking, Unprocessable, z } from '@inv/shared/core';
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
    cost: z.number().nullable().openapi({
      description: 'What one unit costs, >= 0; null for a caller without valuation.read (costs are kept from it; such a key may still set the cost: docs/decisions.md#costs-and-their-scope)',
      example: 4.5,
    }),
    sellPrice: z.number(),
    trackStock: z.boolean(),
    tracking: Tracking,
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
/** An item as the catalog holds it: it always has a cost; only its answer to some callers withholds it (ITEM_COST_FIELDS). */
export type Item = Omit<z.infer<typeof Item>, 'cost'> & { cost: number };

/** The fields of an item's answer that hold costs: null for a caller without valuation.read (shared/src/costs.ts). */
export const ITEM_COST_FIELDS = ['cost'] as const;

/**
 * The payload of item.created and item.updated for `item` as the use case answers it (the Item
 * carries no stock figures, so the answer is the whole resource; stock changes have events of
 * their own), at the version its transaction gives it; `closingAttempt` when the change confirms
 * the stock service's closing of the item (closingPurpose: it makes the item catalog-only or
 * changes its tracking).
 */
export function itemChanged(item: Item, version: number, closingAttempt?: string): ItemChanged {
  return {
    id: item.id,
    sku: item.sku,
    description: item.description,
    trackStock: item.trackStock,
    tracking: item.tracking,
    lowStockThreshold: item.lowStockThreshold,
    cost: item.cost,
    sellPrice: item.sellPrice,
    supplierId: item.supplierId,
    version,
    resource: item,
    ...(closingAttempt === undefined ? {} : { closingAttempt }),
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
  tracking: Tracking;
  lowStockThreshold: number | null;
  /** In assignment order. */
  tagIds: string[];
}

/**
 * What the stock service must decide before a change of the item commits (intent → confirm,
 * docs/consistency.md), or undefined when the catalog alone decides: making a stock-tracked item
 * catalog-only ('catalog_only': it must hold no stock), else changing how its units are told
 * apart ('tracking': no stock on hand or reserved, no open purchase-order line, which only the
 * stock service knows, for a catalog-only item too). `patch` holds the fields given (or the
 * changes), compared with `current`.
 */
export function closingPurpose(current: Pick<ItemState, 'trackStock' | 'tracking'>, patch: Partial<Pick<ItemState, 'trackStock' | 'tracking'>>): ClosingPurpose | undefined {
  if (current.trackStock && patch.trackStock === false) return 'catalog_only';
  if (patch.tracking !== undefined && patch.tracking !== current.tracking) return 'tracking';
  return undefined;
}

/**
 * Why an item in this state may not exist: a catalog-only item (trackStock false) holds no stock,
 * so it has no units to tell apart (tracking none). Judged on the state a change results in.
 */
export function trackingRefusal(state: Pick<ItemState, 'trackStock' | 'tracking'>): Unprocessable | undefined {
  if (state.trackStock || state.tracking === 'none') return undefined;
  return new Unprocessable(`tracking must be none for a catalog-only item (trackStock false), not ${state.tracking}: it holds no stock whose units could be told apart (send tracking "none" with trackStock false).`, 'tracking');
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
