import { BadRequest, MAX_SERIALS_PER_REQUEST, z } from '@inv/shared/core';
import { answeredWithOwnerPosition, answerLatestOwnerPosition, answerStockPosition, ctx, cursorBinding, describeIssues, offendingParam, encodeCursor, pageRequest, routesFor, setNextLink, setTotalCount, TimeIdKey } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { Item, ITEM_COST_FIELDS } from '../domain/item';
import { createItems } from '../use-cases/create-items';
import { countMatchingItems, getItem, listItems } from '../use-cases/find-items';
import { updateItem } from '../use-cases/update-item';
import {
  BulkItemsBody,
  CreateItemBody,
  ItemCountAnswer,
  ItemCountQuery,
  ItemInfoQuery,
  ItemList,
  ItemListQuery,
  ItemPath,
  MAX_BULK_ITEMS,
  UpdateItemBody,
} from './item-schemas';

const route = routesFor<ServiceRuntime>();

export const itemRoutes = [
  route({
    method: 'post',
    operationId: 'createItem',
    costFields: ITEM_COST_FIELDS,
    path: '/items',
    summary: 'Create an item',
    description: [
      'Only sku is required. Tags are the union of the deprecated tagId, tagIds and tagNames; unknown tag IDs or names answer 422 (names never create tags).',
      'A non-zero quantity is recorded by the stock service as an opening movement at locationId (default: the workspace default location) before the item is returned; if the stock service refuses (e.g. 422 unknown or inactive location), nothing is created.',
      'tracking (none, serial or lot; default none) says how the units are told apart. The opening names its units with serials (a serial item) or lot and expiresOn (a lot item): they go to the stock ledger as given, which decides them (as many serials as the quantity, each new to the stock) and whose refusals are the answer.',
      'Errors: 400 for serials, lot or expiresOn on an item whose tracking does not take them, or without a quantity; 409 conflict for a taken SKU (case-insensitive) or externalId; 422 for unknown tags, supplier or location, a quantity on a trackStock false item, or tracking other than none on one; 403 exceeded_limit past the plan item limit; 403 forbidden when a location-restricted member lacks write access to locationId.',
    ].join('\n\n'),
    scope: 'items.write',
    tags: ['Items'],
    idempotent: true,
    beforeReplay: answerLatestOwnerPosition('catalog'),
    request: { body: { schema: CreateItemBody, required: true } },
    responses: { 201: { description: 'The created item', schema: Item } },
    present: ([item]: Item[]) => item,
    handler: async ({ body }, { deps, req, res, guard }) =>
      answeredWithOwnerPosition(res, 'catalog', createItems(deps, ctx(req), [body], false, guard, (position) => answerStockPosition(res, position))),
  }),
  route({
    method: 'post',
    operationId: 'createItemsInBulk',
    costFields: ITEM_COST_FIELDS,
    path: '/items/bulk',
    summary: 'Create up to 100 items',
    description: [
      `A JSON array of 1 to ${MAX_BULK_ITEMS} elements with the fields of POST /items, each with its own opening quantity; at most ${MAX_SERIALS_PER_REQUEST} serials over all of them (400).`,
      'All or nothing: more than 100 elements, or one invalid element, answers 400 naming the element index, and nothing is created; unknown references (422) and taken SKUs (409) also name the index. A batch that would cross the plan item limit is refused whole (403 exceeded_limit).',
    ].join('\n\n'),
    scope: 'items.write',
    tags: ['Items'],
    idempotent: true,
    beforeReplay: answerLatestOwnerPosition('catalog'),
    request: { body: { schema: BulkItemsBody, required: true, parse: parseBulk } },
    responses: { 201: { description: 'The created items, in the order given', schema: ItemList } },
    handler: async ({ body }, { deps, req, res, guard }) =>
      answeredWithOwnerPosition(res, 'catalog', createItems(deps, ctx(req), body, true, guard, (position) => answerStockPosition(res, position))),
  }),
  route({
    method: 'patch',
    operationId: 'updateItem',
    costFields: ITEM_COST_FIELDS,
    path: '/items/{itemId}',
    summary: 'Update an item',
    description: [
      'Every field is optional; fields left out stay as they are. Giving any of tagId, tagIds, tagNames replaces the tags with their union (tagIds: [] clears them). null clears externalId and supplierId, and makes lowStockThreshold use the workspace default.',
      'A request that changes nothing answers the item as it is, with updatedAt untouched. quantity is not accepted here: stock changes go through the inventory endpoints.',
      'A change holds for every stock operation from the moment this call answers (docs/consistency.md). Making the item catalog-only (trackStock false) or changing its tracking is decided by the stock service, which knows whether stock is on hand, reserved or on order: while it or RabbitMQ is unreachable that change answers the retryable 429 naming it and nothing changes. No other change needs it.',
      'Errors: 404 for an item not in the workspace; 409 for a taken SKU or externalId, trackStock false while stock is on hand, or a change of tracking while stock is on hand or reserved anywhere or the item is on an open purchase-order line (the stock service decides, from its own ledger); 422 for unknown tags or supplier, or a catalog-only item with tracking other than none (judged on the item the change results in).',
    ].join('\n\n'),
    scope: 'items.write',
    tags: ['Items'],
    request: { params: ItemPath, body: { schema: UpdateItemBody, required: false } },
    responses: { 200: { description: 'The item after the update', schema: Item } },
    handler: async ({ params, body }, { deps, req, res }) => answeredWithOwnerPosition(res, 'catalog', updateItem(deps, ctx(req), params.itemId, body)),
  }),
  route({
    method: 'get',
    operationId: 'getItem',
    costFields: ITEM_COST_FIELDS,
    path: '/items/info',
    summary: 'Retrieve one item',
    description: 'itemId may also be ext_ followed by the external ID. 404 for an item not in the workspace.',
    scope: 'items.read',
    tags: ['Items'],
    request: { query: ItemInfoQuery },
    responses: { 200: { description: 'The item', schema: Item } },
    handler: async ({ query }, { deps, req }) => getItem(deps.pool, ctx(req), query.itemId),
  }),
  route({
    method: 'get',
    operationId: 'listItems',
    costFields: ITEM_COST_FIELDS,
    path: '/items',
    summary: 'List items',
    description:
      'The filters of GET /items/count, newest first, paged with page and pageSize (1 to 200, default 50) or cursor. Follow Link rel="next" (a keyset cursor) to page through any number of items at a constant cost per page; X-Total-Count is exact when present (see the header).',
    scope: 'items.read',
    tags: ['Items'],
    request: { query: ItemListQuery },
    responses: { 200: { description: 'One page of items', schema: ItemList, totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { page, pageSize, cursor, ...filters } = query;
      const context = ctx(req);
      const binding = cursorBinding(context.workspace.id, 'GET /items', filters);
      const { items, next, total } = await listItems(deps, context, filters, pageRequest(query, binding, TimeIdKey));
      setTotalCount(res, total);
      setNextLink(req, res, context.workspace.id, next && encodeCursor(next, binding));
      return items;
    },
  }),
  route({
    method: 'get',
    operationId: 'countItems',
    path: '/items/count',
    summary: 'Count items matching filters',
    description: [
      'All filters combine with AND. Set filters (supplierId + supplierIds; tagId + tagIds + tagNames) match items with any of the values and accept repeated parameters or comma-separated values. IDs that cannot exist match nothing.',
      'stockHealth and locationId read the catalog projection of the stock balances, which reflects every stock change the calling key had acknowledged before this call (read-your-writes; other keys\' changes arrive within the lag documented in docs/consistency.md): on-hand is the total over all locations (for a location-restricted member, over the locations it may read), or at locationId when given; an item with no balance row has 0 on hand and counts as out. low means 0 < on-hand <= the item lowStockThreshold, or else the workspace default low-stock threshold (5 unless the workspace sets another). Catalog-only items count as ok, never out or low.',
      'Answers a single number; with groupBy=tagId it answers {count, groups: [{tagId, count, tag?}]} (see ItemCountByTag).',
    ].join('\n\n'),
    scope: 'items.read',
    tags: ['Items'],
    request: { query: ItemCountQuery },
    responses: { 200: { description: 'Without groupBy: an ItemCount (a bare number). With groupBy=tagId: an ItemCountByTag object. The type tells them apart (number vs object).', schema: ItemCountAnswer } },
    handler: async ({ query: { groupBy, includeTags, ...filters } }, { deps, req }) => countMatchingItems(deps, ctx(req), filters, { groupBy, includeTags }),
  }),
];

/** Validates each element on its own so the error names the index of every invalid one. */
function parseBulk(body: unknown): CreateItemBody[] {
  if (!Array.isArray(body)) throw new BadRequest(`Invalid request body: expected a JSON array of 1 to ${MAX_BULK_ITEMS} items.`);
  if (body.length === 0 || body.length > MAX_BULK_ITEMS) {
    throw new BadRequest(`Invalid request body: a bulk create takes 1 to ${MAX_BULK_ITEMS} items; got ${body.length}.`);
  }
  const problems: string[] = [];
  let param: string | undefined;
  const items = body.flatMap((element, index) => {
    const parsed = CreateItemBody.safeParse(element);
    if (parsed.success) return [parsed.data];
    problems.push(describeIssues(parsed.error, 'body', [index]).slice(0, -1));
    const field = offendingParam(parsed.error, 'body');
    param ??= field === undefined ? `[${index}]` : `[${index}]${field.startsWith('[') ? '' : '.'}${field}`;
    return [];
  });
  if (problems.length > 0) throw new BadRequest(`No item was created: ${problems.slice(0, 10).join('; ')}.`, param);
  // What is left to refuse is the request's own bound over its elements (every serial they name).
  const whole = BulkItemsBody.safeParse(items);
  if (!whole.success) throw new BadRequest(`No item was created: ${describeIssues(whole.error, 'body')}`);
  return whole.data;
}
