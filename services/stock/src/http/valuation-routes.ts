import { EntityIdSchema, z } from '@inv/shared/core';
import { ctx, queryArray, routesFor, single } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { readValuation, type ValuationFilter } from '../data/valuation-repository';
import { fromMoney } from '../domain/money';
import { fromUnits } from '../domain/quantity';
import { shownAmounts, Valuation, valuationInstant, valuationTotals, valueRow } from '../domain/valuation';
import { readableLocations } from './request-context';

export const ValuationQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  asOf: single(z.iso.datetime({ offset: true }))
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
      "Every balance with stock (onHand ≠ 0), by itemId then locationId, with its item (id, sku, description) and location (id, name), its onHand, the item's averageCost (the moving average over the workspace, else the catalog cost; null when neither is known) and value = onHand × averageCost rounded to cents half up (null when the cost is unknown); totals sum the rows (a value unknown adds nothing). Not paged: one statement over the ledger's own tables. With asOf, each balance's quantity after its last movement created at or before that instant and the average cost in force then; an item whose average never changed before asOf is valued at today's catalog cost (its history is not kept; docs/valuation.md). A member with restricted location access values the locations it may read.",
    scope: 'inventory.read',
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
];
