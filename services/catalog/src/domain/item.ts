import { z } from '@inv/shared';
import { Supplier } from './supplier';
import { Tag } from './tag';

/** The Item resource as the API returns it. */
export const Item = z
  .object({
    id: z.string(),
    sku: z.string(),
    description: z.string(),
    externalId: z.string().nullable().openapi({ description: 'Your own identifier; PATCH /items/ext_<externalId> addresses the item by it' }),
    supplierId: z.string().nullable().openapi({ description: 'null when the item has no supplier' }),
    cost: z.number(),
    sellPrice: z.number(),
    trackStock: z.boolean(),
    lowStockThreshold: z.number().nullable().openapi({ description: 'null uses the workspace default low-stock threshold' }),
    tagId: z.string().nullable().openapi({ description: 'Deprecated: the first assigned tag (null without tags); use tags', deprecated: true }),
    tags: z.array(Tag),
    userId: z.string().openapi({ description: 'ID of the creating user' }),
    workspaceId: z.string(),
    createdAt: z.string().openapi({ description: 'ISO 8601 UTC', example: '2026-11-21T05:05:44.123Z' }),
    updatedAt: z.string().openapi({ description: 'ISO 8601 UTC; unchanged by a PATCH that changes nothing', example: '2026-11-21T05:05:44.123Z' }),
    projectId: z.string().openapi({ description: 'Deprecated: equals workspaceId', deprecated: true }),
    supplier: Supplier.nullable().openapi({ description: 'The linked supplier record; null when the item has no supplier' }),
  })
  .openapi('Item');
export type Item = z.infer<typeof Item>;

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
