import { seesCosts, z } from '@inv/shared/core';
import { ctx, queryBoolean, routesFor, single, streamCsv } from '@inv/shared/http';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { itemsExport, type ItemExportRow } from '../data/export-repository';

const route = routesFor<ServiceRuntime>();

const ExportQuery = z.strictObject({
  bom: single(queryBoolean).default(false).openapi({ description: 'true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8' }),
});

const number = (text: string | null) => (text === null ? null : Number(text));

export const exportRoutes = [
  route({
    method: 'get',
    operationId: 'exportItems',
    path: '/exports/items',
    summary: 'Export the items as CSV',
    description:
      'Every item of the workspace, oldest first, in the columns of an items import (docs/csv.md: sku, description, tags (names separated by ;), supplier (its name), lowStockThreshold, trackStock, externalId, cost (empty for a caller without valuation.read), sellPrice, tracking), streamed: importing the file into another workspace gives the same catalog. Text cells a spreadsheet would run as a formula are neutralised.',
    scope: 'items.read',
    tags: ['Exports'],
    request: { query: ExportQuery },
    responses: { 200: { description: 'The items', schema: z.string().openapi({ example: 'sku,description,tags,supplier,lowStockThreshold,trackStock,externalId,cost,sellPrice,tracking\nFLT-10,Oil filter,Filters;Engine,Acme,5,true,,4.5,9.99,none\n' }), mediaType: 'text/csv' } },
    handler: async ({ query }, { deps, req, res }) => {
      const costs = seesCosts(ctx(req));
      await streamCsv<ItemExportRow>(res, {
        pool: deps.pool,
        ...itemsExport(ctx(req).workspace.id),
        columns: [
          { header: 'sku', cell: (r) => r.sku },
          { header: 'description', cell: (r) => r.description },
          { header: 'tags', cell: (r) => r.tags },
          { header: 'supplier', cell: (r) => r.supplier },
          { header: 'lowStockThreshold', cell: (r) => number(r.low_stock_threshold) },
          { header: 'trackStock', cell: (r) => r.track_stock },
          { header: 'externalId', cell: (r) => r.external_id },
          // Costs are kept from a caller without valuation.read: the column stays, empty.
          { header: 'cost', cell: (r) => (costs ? number(r.cost) : null) },
          { header: 'sellPrice', cell: (r) => number(r.sell_price) },
          // Added by issue 45 after the others, so readers of the columns by position keep working.
          { header: 'tracking', cell: (r) => r.tracking },
        ],
        filename: 'items.csv',
        bom: query.bom,
      });
    },
  }),
];
