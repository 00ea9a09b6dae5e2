import { EntityIdSchema, seesCosts, z } from '@inv/shared/core';
import { ctx, queryBoolean, routesFor, single, streamCsv } from '@inv/shared/http';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { balancesExport, type BalanceExportRow, movementsExport, type MovementExportRow, valuationExport, type ValuationExportRow } from '../data/export-repository';
import { fromMoney, toMoney } from '../domain/money';
import { shownAmounts, valueRow } from '../domain/valuation';
import { readableLocations } from './request-context';
import { valuationFilter, ValuationQuery } from './valuation-routes';

const route = routesFor<ServiceRuntime>();

const bom = single(queryBoolean).default(false).openapi({ description: 'true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8' });
const Timestamp = single(z.iso.datetime({ offset: true })).openapi({ description: 'ISO 8601 date-time' });

const MovementsExportQuery = z.strictObject({
  from: Timestamp.optional().openapi({ description: 'Movements at or after this time (default: the first)' }),
  to: Timestamp.optional().openapi({ description: 'Movements before this time (default: now)' }),
  locationId: single(EntityIdSchema).optional().openapi({ description: 'Only this location' }),
  itemId: single(EntityIdSchema).optional().openapi({ description: 'Only this item' }),
  bom,
});

const number = (text: string | null) => (text === null ? null : Number(text));
const money = (text: string | null) => (text === null ? null : fromMoney(toMoney(text)));
const valued = (r: ValuationExportRow) => shownAmounts(valueRow({ onHand: r.on_hand, averageCost: r.average_cost }));
const ids = 'Names and SKUs are as the stock service\'s copies hold them (a rename reaches them within the event lag); the ids beside them are exact.';
const restricted = 'A member with restricted location access exports the locations it may read only.';

export const exportRoutes = [
  route({
    method: 'get',
    operationId: 'exportBalances',
    path: '/exports/balances',
    summary: 'Export the balances as CSV',
    description: `Every balance (an item at a location), by location name then SKU, streamed: locationId, location, itemId, sku, description, onHand, reserved, available. ${ids} ${restricted}`,
    scope: 'inventory.read',
    tags: ['Exports'],
    request: { query: z.strictObject({ bom }) },
    responses: { 200: { description: 'The balances', schema: z.string().openapi({ example: 'locationId,location,itemId,sku,description,onHand,reserved,available\n…' }), mediaType: 'text/csv' } },
    handler: async ({ query }, { deps, req, res }) => {
      await streamCsv<BalanceExportRow>(res, {
        pool: deps.pool,
        ...balancesExport(ctx(req).workspace.id, readableLocations(req)),
        columns: [
          { header: 'locationId', cell: (r) => r.location_id },
          { header: 'location', cell: (r) => r.location },
          { header: 'itemId', cell: (r) => r.item_id },
          { header: 'sku', cell: (r) => r.sku },
          { header: 'description', cell: (r) => r.description },
          { header: 'onHand', cell: (r) => number(r.on_hand) },
          { header: 'reserved', cell: (r) => number(r.reserved) },
          { header: 'available', cell: (r) => Number(r.on_hand) - Number(r.reserved) },
        ],
        filename: 'balances.csv',
        bom: query.bom,
      });
    },
  }),
  route({
    method: 'get',
    operationId: 'exportMovements',
    path: '/exports/movements',
    summary: 'Export the movements as CSV',
    description: `The ledger in the order it was written, streamed from a cursor (a file of a million movements holds constant memory): createdAt, id, type, reason, locationId, location, itemId, sku, quantity, balanceAfter, transferId, reference, note, userId, jobId, unitCost (empty for a caller without valuation.read), purchaseOrderId, receiptId, serials (separated by spaces), lot; from/to bound createdAt, locationId and itemId filter. ${ids} ${restricted}`,
    scope: 'inventory.read',
    tags: ['Exports'],
    request: { query: MovementsExportQuery },
    responses: { 200: { description: 'The movements', schema: z.string().openapi({ example: 'createdAt,id,type,reason,locationId,location,itemId,sku,quantity,balanceAfter,transferId,reference,note,userId,jobId,unitCost,purchaseOrderId,receiptId,serials,lot\n…' }), mediaType: 'text/csv' } },
    handler: async ({ query }, { deps, req, res }) => {
      const costs = seesCosts(ctx(req));
      await streamCsv<MovementExportRow>(res, {
        pool: deps.pool,
        ...movementsExport(ctx(req).workspace.id, readableLocations(req), query),
        columns: [
          { header: 'createdAt', cell: (r) => r.created_at.toISOString() },
          { header: 'id', cell: (r) => r.id },
          { header: 'type', cell: (r) => r.type },
          { header: 'reason', cell: (r) => r.reason },
          { header: 'locationId', cell: (r) => r.location_id },
          { header: 'location', cell: (r) => r.location },
          { header: 'itemId', cell: (r) => r.item_id },
          { header: 'sku', cell: (r) => r.sku },
          { header: 'quantity', cell: (r) => number(r.quantity) },
          { header: 'balanceAfter', cell: (r) => number(r.balance_after) },
          { header: 'transferId', cell: (r) => r.transfer_id },
          { header: 'reference', cell: (r) => r.reference },
          { header: 'note', cell: (r) => r.note },
          { header: 'userId', cell: (r) => r.user_id },
          { header: 'jobId', cell: (r) => r.job_id },
          // Costs are kept from a caller without valuation.read: the column stays, empty.
          { header: 'unitCost', cell: (r) => (costs ? money(r.unit_cost) : null) },
          { header: 'purchaseOrderId', cell: (r) => r.purchase_order_id },
          { header: 'receiptId', cell: (r) => r.receipt_id },
          // The serials a movement carried, separated by spaces (as the stock-count import reads them); its lot.
          { header: 'serials', cell: (r) => (r.serials === null ? null : r.serials.join(' ')) },
          { header: 'lot', cell: (r) => r.lot },
        ],
        filename: 'movements.csv',
        bom: query.bom,
      });
    },
  }),
  route({
    method: 'get',
    operationId: 'exportValuation',
    path: '/exports/valuation',
    summary: 'Export the valuation as CSV',
    description: `The rows of GET /inventory/valuation (same itemId, locationId and asOf), by itemId then locationId, streamed: itemId, sku, description, locationId, location, onHand, averageCost, value (onHand × averageCost rounded to cents, half up; empty when the cost is unknown). No totals row: they are the sums of the columns. ${ids} ${restricted}`,
    scope: 'valuation.read',
    tags: ['Exports'],
    request: { query: ValuationQuery.extend({ bom }) },
    responses: { 200: { description: 'The valuation', schema: z.string().openapi({ example: 'itemId,sku,description,locationId,location,onHand,averageCost,value\n…' }), mediaType: 'text/csv' } },
    handler: async ({ query }, { deps, req, res }) => {
      await streamCsv<ValuationExportRow>(res, {
        pool: deps.pool,
        ...valuationExport(ctx(req).workspace.id, valuationFilter(query, req)),
        columns: [
          { header: 'itemId', cell: (r) => r.item_id },
          { header: 'sku', cell: (r) => r.item_sku },
          { header: 'description', cell: (r) => r.item_description },
          { header: 'locationId', cell: (r) => r.location_id },
          { header: 'location', cell: (r) => r.location_name },
          { header: 'onHand', cell: (r) => number(r.on_hand) },
          { header: 'averageCost', cell: (r) => valued(r).averageCost },
          { header: 'value', cell: (r) => valued(r).value },
        ],
        filename: 'valuation.csv',
        bom: query.bom,
      });
    },
  }),
];
