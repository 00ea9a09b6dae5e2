import { ApiId, EntityIdSchema, ExpiresOn, LotCode, MAX_SERIALS_PER_REQUEST, refineSerialTotal, SerialNumbers, Tracking, z } from '@inv/shared/core';
import { CursorPagination, queryArray, queryBoolean, single } from '@inv/shared/http';
import { STOCK_HEALTH } from '../domain/item-filter';
import { Item } from '../domain/item';
import { unitRefusals } from '../domain/opening-stock';
import { Tag } from '../domain/tag';

export const MAX_BULK_ITEMS = 100;
/** The stock ledger's bounds for one quantity, checked here so a bulk error names the element's index. */
const MAX_OPENING_QUANTITY = 1_000_000_000;
const QUANTITY_DECIMALS = 4;

const Amount = z.number().min(0).max(1_000_000_000_000);
const ExternalId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^\S(?:.*\S)?$/, 'no leading or trailing whitespace')
  .openapi({ description: 'Your own identifier, unique per workspace (case-sensitive), 1 to 128 characters', example: 'erp-10042' });

const itemFields = {
  sku: z.string().trim().min(1).max(100).openapi({ description: 'Required on create; 1 to 100 characters, unique per workspace case-insensitively (409 conflict)', example: 'WID-001' }),
  description: z.string().max(2000).openapi({ description: 'Up to 2000 characters; default ""', example: 'Widget, blue, 10 cm' }),
  externalId: ExternalId.nullable(),
  cost: Amount.openapi({ description: '>= 0; default 0. May be set without valuation.read, whose answer then shows null', example: 4.5 }),
  sellPrice: Amount.openapi({ description: '>= 0; default 0', example: 9.99 }),
  supplierId: EntityIdSchema.nullable().openapi({ description: 'A supplier of the workspace (422 otherwise; a malformed ID is a 400); null unlinks', example: '0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60' }),
  trackStock: z.boolean().openapi({ description: 'Default true; false makes the item catalog-only' }),
  tracking: Tracking.openapi({
    description:
      'How units are told apart: none (default), serial or lot. A catalog-only item (trackStock false) takes none only (422). On PATCH, a change is decided by the stock service: 409 while the item has stock on hand or reserved anywhere, or is on an open purchase-order line',
  }),
  lowStockThreshold: z.number().min(0).max(1_000_000).nullable().openapi({ description: '0 to 1000000; null uses the workspace default', example: 10 }),
  tagId: EntityIdSchema.openapi({ description: 'Deprecated; use tagIds. Joins the union of tags', deprecated: true }),
  tagIds: z.array(EntityIdSchema).max(50).openapi({ description: 'IDs of tags of the workspace (unknown IDs: 422; malformed: 400)', example: ['5a2c8e71-0f3d-4b6a-8c19-7e4d2b9a6f05'] }),
  tagNames: z
    .array(z.string().trim().min(1).max(64))
    .max(50)
    .openapi({ description: 'Names of existing tags, matched case-insensitively (unknown names: 422; they do not create tags)', example: ['Fragile'] }),
};

/** The fields of POST /items, before the rule between the item's tracking and its opening's units. */
export const CreateItemFields = z.strictObject({
  sku: itemFields.sku,
  description: itemFields.description.optional(),
  externalId: itemFields.externalId.optional(),
  cost: itemFields.cost.optional(),
  sellPrice: itemFields.sellPrice.optional(),
  supplierId: itemFields.supplierId.optional(),
  trackStock: itemFields.trackStock.optional(),
  tracking: itemFields.tracking.optional(),
  lowStockThreshold: itemFields.lowStockThreshold.optional(),
  tagId: itemFields.tagId.optional(),
  tagIds: itemFields.tagIds.optional(),
  tagNames: itemFields.tagNames.optional(),
  quantity: z
    .number()
    .min(0)
    .max(MAX_OPENING_QUANTITY)
    .refine((q) => Number(q.toFixed(QUANTITY_DECIMALS)) === q, `must have at most ${QUANTITY_DECIMALS} decimal places`)
    .optional()
    .openapi({
      description: `Opening quantity, 0 to ${MAX_OPENING_QUANTITY} with at most ${QUANTITY_DECIMALS} decimals (default 0), recorded as an opening movement before the item is returned; non-zero needs trackStock true (422)`,
      example: 25,
    }),
  locationId: EntityIdSchema.optional().openapi({ description: 'Where the opening quantity goes; default: the workspace default location (a malformed ID is a 400)', example: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b' }),
  serials: SerialNumbers.optional().openapi({
    description: `The serial numbers of the opening quantity's units, for an item whose tracking is serial (400 on another item, or without a quantity). The stock ledger decides them (one per unit, each new to the stock): its refusals are the answer. At most ${MAX_SERIALS_PER_REQUEST} in one request, over every element of a bulk`,
  }),
  lot: LotCode.optional().openapi({ description: "The lot of the opening quantity, for an item whose tracking is lot (400 on another item, or without a quantity); the stock ledger decides it" }),
  expiresOn: ExpiresOn.optional().openapi({ description: "The lot's expiry date, with lot (400 on an item whose tracking is not lot, or without a quantity)" }),
});

export const CreateItemBody = CreateItemFields.superRefine((body, check) => {
  for (const { field, message } of unitRefusals({ tracking: body.tracking ?? 'none', quantity: body.quantity ?? 0, serials: body.serials, lot: body.lot, expiresOn: body.expiresOn })) {
    check.addIssue({ code: 'custom', path: [field], message });
  }
}).openapi('CreateItem', {
  // One item as a whole: units of one kind (serials here) fit only the tracking that takes them.
  example: {
    sku: 'WID-001',
    description: 'Widget, blue, 10 cm',
    externalId: 'erp-10042',
    cost: 4.5,
    sellPrice: 9.99,
    trackStock: true,
    tracking: 'serial',
    lowStockThreshold: 10,
    tagNames: ['Fragile'],
    quantity: 2,
    locationId: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b',
    serials: ['WH-40-221873', 'WH-40-221874'],
  },
});
export type CreateItemBody = z.infer<typeof CreateItemBody>;

/** Every create field but the opening stock, all optional; still strict, so `quantity` is refused. */
export const UpdateItemBody = CreateItemFields.omit({ quantity: true, locationId: true, serials: true, lot: true, expiresOn: true }).partial().openapi('UpdateItem');
export type UpdateItemBody = z.infer<typeof UpdateItemBody>;

export const BulkItemsBody = z.array(CreateItemBody).min(1).max(MAX_BULK_ITEMS).superRefine((items, check) => refineSerialTotal(items, check)).openapi('BulkCreateItems');

export const ItemPath = z.object({ itemId: z.string().openapi({ description: 'The item ID, or ext_ followed by the external ID' }) });

/** A plain decimal such as 4.5 or -2; documented as a number, which is how a client sends it. */
const decimal = single(z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a number').transform(Number)).openapi({ type: 'number' });
const text = (max: number) => single(z.string().min(1).max(max));

export const ItemFilterQuery = z.strictObject({
  sku: text(100).optional().openapi({ description: 'Exact SKU, case-insensitive' }),
  description: text(2000).optional().openapi({ description: 'Description contains this, case-insensitive' }),
  cost: decimal.optional().openapi({ description: 'Exact cost; 403 for a caller without valuation.read' }),
  sellPrice: decimal.optional().openapi({ description: 'Exact sell price' }),
  supplierId: text(64).optional().openapi({ description: 'Supplier ID; joins supplierIds as "any of"' }),
  supplierIds: queryArray(z.string().min(1).max(64)).openapi({ description: 'Any of these suppliers; repeated or comma-separated' }),
  tagId: text(64).optional().openapi({ description: 'Deprecated single tag ID; joins tagIds and tagNames', deprecated: true }),
  tagIds: queryArray(z.string().min(1).max(64)).openapi({ description: 'Items with any of these tags; repeated or comma-separated' }),
  tagNames: queryArray(z.string().min(1).max(64)).openapi({ description: 'Items with any tag of these names (case-insensitive); repeated or comma-separated' }),
  search: text(200).optional().openapi({ description: 'SKU, description or external ID contains this, case-insensitive' }),
  userId: text(64).optional().openapi({ description: 'ID of the creating user' }),
  locationId: text(64).optional().openapi({ description: 'Only items with a balance row at this location; stockHealth then uses the on-hand there' }),
  stockHealth: queryArray(z.enum(STOCK_HEALTH)).openapi({
    description: 'out (on-hand <= 0, no balance row counts as 0), low (0 < on-hand <= threshold), ok (above it, and every catalog-only item); any of the values given',
  }),
  trackStock: single(queryBoolean).optional().openapi({ description: 'true: stock-tracked items only; false: catalog-only items only' }),
});

export const ItemListQuery = ItemFilterQuery.extend(CursorPagination.shape);

export const ItemCountQuery = ItemFilterQuery.extend({
  includeTags: single(queryBoolean).optional().openapi({ description: 'With groupBy=tagId: each group also carries its tag record. Default false' }),
  groupBy: single(z.enum(['tagId'])).optional().openapi({ description: 'tagId: count per tag instead of a single number' }),
});

export const ItemInfoQuery = z.strictObject({ itemId: text(200).openapi({ description: 'The item ID (or ext_ followed by the external ID)' }) });

export const TagGroup = z
  .object({
    tagId: ApiId.nullable().openapi({ description: 'null for the group of items without tags' }),
    count: z.number().int().openapi({ example: 3 }),
    tag: Tag.nullable().optional().openapi({ description: 'Present with includeTags=true; null for the untagged group' }),
  })
  .openapi('ItemCountGroup');

export const ItemCountByTag = z
  .object({
    count: z.number().int().openapi({ description: 'Matching items, each counted once', example: 3 }),
    groups: z.array(TagGroup).openapi({
      description: 'One group per tag carrying matching items (an item with several tags counts in each), ordered by tag name; the untagged group (tagId null) comes last; empty groups are left out',
    }),
  })
  .openapi('ItemCountByTag', { description: 'With groupBy=tagId: the count, and the count per tag' });

export const ItemList = z.array(Item);

export const ItemCount = z.number().int().openapi('ItemCount', { description: 'Without groupBy: the number of matching items, as a bare JSON number', example: 42 });

/** GET /items/count answers a number, or with groupBy=tagId an object: a client tells them apart with typeof. */
export const ItemCountAnswer = z.union([ItemCount, ItemCountByTag]);
