import { EntityIdSchema, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, routesFor, setNextLink, setTotalCount, single, TimeIdKey } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { readValuation, type ValuationFilter } from '../data/valuation-repository';
import { fromMoney } from '../domain/money';
import { fromUnits } from '../domain/quantity';
import { shownAmounts, Valuation, valuationInstant, valuationTotals, valueRow } from '../domain/valuation';
import { readableLocations } from './request-context';
import { listRevaluations } from '../data/revaluation-repository';
import { presentRevaluation, Revaluation, RevalueBody } from '../domain/revaluations';
import { revalue } from '../use-cases/revalue';
import { answeredWithPosition } from './stock-position';

const RevaluationsQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated); default every item' }),
  ...CursorPagination.shape,
});

const ISO_INSTANT = z.iso.datetime({ offset: true });
/** An instant with its offset; a '+' sent unencoded in a query string arrives as a space, and the refusal says so. */
const Instant = z.string().superRefine((value, check) => {
  if (ISO_INSTANT.safeParse(value).success) return;
  const plusAsSpace = / \d{2}(:?\d{2})?$/.test(value);
  check.addIssue({
    code: 'custom',
    message: plusAsSpace
      ? `must be an ISO 8601 instant with its offset; the offset's "+" arrived as a space, as an unencoded "+" in a query string does: write it as %2B (asOf=${value.replace(/ (\d{2}(:?\d{2})?)$/, '%2B$1')})`
      : 'must be an ISO 8601 instant with its offset, e.g. 2026-11-30T23:59:59Z or 2026-12-01T00:59:59%2B01:00 (a "+" in a query string is written %2B)',
  });
});

export const ValuationQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  asOf: single(Instant)
    .optional()
    .openapi({
      description:
        'An ISO 8601 instant with its offset (2026-11-30T23:59:59Z): the stock as of then, movements created at that very instant included, at the average cost in force then. Default and any instant not in the past: now',
    }),
});
export type ValuationQuery = z.infer<typeof ValuationQuery>;

/** The filter a valuation request reads (GET /inventory/valuation and its CSV export). */
export function valuationFilter(query: ValuationQuery, req: Parameters<typeof readableLocations>[0], now = new Date()): ValuationFilter {
  return { itemIds: query.itemId, locationIds: query.locationId, readable: readableLocations(req), asOf: valuationInstant(query.asOf, now) };
}

const route = routesFor<ServiceRuntime>();

export const valuationRoutes = [
  route({
    method: 'get',
    operationId: 'getValuation',
    path: '/inventory/valuation',
    summary: 'Value the stock on hand',
    description:
      "Every balance with stock (onHand ≠ 0), by itemId then locationId, with its item (id, sku, description) and location (id, name), its onHand, the item's averageCost (the moving average over the workspace, else the catalog cost; null when neither is known) and value = onHand × averageCost rounded to cents half up (null when the cost is unknown); totals sum the rows (a value unknown adds nothing). Not paged: one statement over the ledger's own tables. With asOf, each balance's quantity after its last movement created at or before that instant and the average cost in force then; an item whose average never changed before asOf is valued at today's catalog cost (its history is not kept; docs/valuation.md). A member with restricted location access values the locations it may read. Scope valuation.read: costs are kept from keys not granted it (docs/decisions.md).",
    scope: 'valuation.read',
    tags: ['Inventory'],
    request: { query: ValuationQuery },
    responses: { 200: { description: 'The valuation', schema: Valuation } },
    handler: async ({ query }, { deps, req }) => {
      const records = await readValuation(deps.pool, ctx(req).workspace.id, valuationFilter(query, req));
      const valued = records.map((r) => ({ record: r, row: valueRow({ onHand: r.on_hand, averageCost: r.average_cost }) }));
      const totals = valuationTotals(valued.map((v) => v.row));
      return {
        rows: valued.map(({ record: r, row }) => ({
          itemId: r.item_id,
          item: { id: r.item_id, sku: r.item_sku ?? '', description: r.item_description ?? '' },
          locationId: r.location_id,
          location: { id: r.location_id, name: r.location_name ?? '' },
          ...shownAmounts(row),
        })),
        totals: { onHand: fromUnits(totals.onHand), value: fromMoney(totals.value) },
      };
    },
  }),
  route({
    method: 'post',
    operationId: 'revalueItem',
    path: '/inventory/revaluations',
    summary: "Correct an item's average cost",
    description:
      "Sets the item's average cost (the moving average over the workspace) to averageCost, recorded as a revaluation with its reason: valueChange = the item's on-hand over the workspace × (averageCost − averageCostBefore), rounded to cents. Moves no stock. Valuation asOf an instant before it shows the old average, after it the new; jobs completed before keep the costs they froze. An unknown or catalog-only item is a 422 naming itemId; a member with restricted location access gets 403 (the change values stock at every location). Scope valuation.write; Idempotency-Key honoured (docs/purchasing.md).",
    scope: 'valuation.write',
    tags: ['Inventory'],
    idempotent: true,
    request: { body: { schema: RevalueBody, required: true } },
    responses: { 201: { description: 'The revaluation', schema: Revaluation } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithPosition(res, revalue(deps, ctx(req), body, guard)),
  }),
  route({
    method: 'get',
    operationId: 'listRevaluations',
    path: '/inventory/revaluations',
    summary: 'List revaluations',
    description: 'Revaluations of the workspace, newest first (createdAt, then id), of the items given or all; paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). Scope valuation.read.',
    scope: 'valuation.read',
    tags: ['Inventory'],
    request: { query: RevaluationsQuery },
    responses: { 200: { description: 'Revaluations', schema: z.array(Revaluation), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/revaluations', query);
      const { rows, next, total } = await listRevaluations(deps.pool, workspace.id, query.itemId, pageRequest(query, binding, TimeIdKey));
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows.map(presentRevaluation);
    },
  }),
];
