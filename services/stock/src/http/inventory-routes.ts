import { EntityIdSchema, MAX_UNIT_CODE_LENGTH, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, IdPairKey, pageRequest, queryArray, routesFor, SequenceKey, setNextLink, setTotalCount, single } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { listBalances, listMovements } from '../data/ledger-repository';
import { Interval, intervalRange } from '../domain/intervals';
import { Balance, BALANCE_COST_FIELDS, Movement, MOVEMENT_COST_FIELDS, MovementReason, MovementType } from '../domain/stock-records';
import { RecordMovementBody } from '../domain/stock-requests';
import { recordMovement } from '../use-cases/record-movement';
import { readableLocations } from './request-context';
import { answeredWithPosition, answerLatestPosition } from './stock-position';

export const BalancesQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  ...CursorPagination.shape,
});

export const MovementsQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  type: queryArray(MovementType).openapi({ description: 'Movement types (repeated or comma-separated)' }),
  reason: queryArray(MovementReason).openapi({ description: 'Reasons (repeated or comma-separated), job and job_reverted included; openings and transfer movements have none and never match' }),
  transferId: queryArray(EntityIdSchema).openapi({ description: 'Transfer IDs (repeated or comma-separated)' }),
  jobId: queryArray(EntityIdSchema).openapi({ description: 'Job IDs (repeated or comma-separated): what their completions used (reason job) and their reverts put back (job_reverted)' }),
  serial: single(z.string().trim().min(1).max(MAX_UNIT_CODE_LENGTH))
    .optional()
    .openapi({ description: 'The trace of a serial: the movements that carried it (its receipt, each side of every transfer, a job’s use and its revert), compared ignoring case and surrounding spaces', example: 'WH-40-221873' }),
  lot: single(z.string().trim().min(1).max(MAX_UNIT_CODE_LENGTH))
    .optional()
    .openapi({ description: 'The trace of a lot: the movements that carried it, compared ignoring case and surrounding spaces', example: 'L2026-118' }),
  interval: Interval.default('all').openapi({ description: 'Date interval of createdAt, computed in UTC; default all (see GET /inventory/transfers)' }),
  ...CursorPagination.shape,
});

const route = routesFor<ServiceRuntime>();

export const inventoryRoutes = [
  route({
    method: 'get',
    operationId: 'listBalances',
    costFields: BALANCE_COST_FIELDS,
    path: '/inventory/balances',
    summary: 'List stock balances',
    description:
      'On-hand per item and location, each with its item (id, sku, description) and location (id, name, type) as transfers show them, with what pending transfers out of it and open jobs hold (reserved) and what is free to move (available = onHand − reserved), ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). Rows at zero stay listed once stock has been there. A member with restricted location access sees the balances of locations it may read (read or write grant).',
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: BalancesQuery },
    responses: { 200: { description: 'Balances', schema: z.array(Balance), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/balances', query);
      const { rows, next, total } = await listBalances(deps.pool, workspace.id, { itemIds: query.itemId, locationIds: query.locationId, readable: readableLocations(req) }, pageRequest(query, binding, IdPairKey));
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows;
    },
  }),
  route({
    method: 'get',
    operationId: 'listMovements',
    costFields: MOVEMENT_COST_FIELDS,
    path: '/inventory/movements',
    summary: 'List stock movements (the ledger)',
    description:
      'Immutable ledger entries, newest first, each with its item (id, sku, description) and location (id, name, type) as transfers show them, paged (page ≥ 1, pageSize 1–200, default 50, or cursor). Filters combine with AND; a filter given several values matches any of them. A member with restricted location access sees the movements of locations it may read. Follow Link rel="next" (a keyset cursor) to page through any number of movements at a constant cost per page; X-Total-Count is exact when present (see the header).',
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: MovementsQuery },
    responses: { 200: { description: 'Movements', schema: z.array(Movement), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const context = ctx(req);
      const binding = cursorBinding(context.workspace.id, 'GET /inventory/movements', query);
      const filter = {
        itemIds: query.itemId,
        locationIds: query.locationId,
        types: query.type,
        reasons: query.reason,
        transferIds: query.transferId,
        jobIds: query.jobId,
        serial: query.serial,
        lot: query.lot,
        range: intervalRange(query.interval, new Date(), context.workspace.fiscalYearStartMonth),
        readable: readableLocations(req),
      };
      const { rows, next, total } = await listMovements(deps.pool, context.workspace.id, filter, pageRequest(query, binding, SequenceKey));
      setTotalCount(res, total);
      setNextLink(req, res, context.workspace.id, next && encodeCursor(next, binding));
      return rows;
    },
  }),
  route({
    method: 'post',
    operationId: 'recordMovement',
    costFields: MOVEMENT_COST_FIELDS,
    path: '/inventory/movements',
    summary: 'Record a receipt, an adjustment or a physical count',
    description: `A receipt adds stock (quantity > 0); an adjustment changes it by a signed quantity and cannot take more than is available, on-hand minus what pending transfers and open jobs reserve (422 naming the item, the location and the quantity available). An adjustment with expectedOnHand applies only if the on-hand is exactly that when it is written (409 conflict naming the current on-hand otherwise; nothing changes). A count (quantity = the counted on-hand) records one adjustment of the difference with reason count, so the balance equals the count; a count below what is reserved is a 422. Every movement may carry a reason (default received for receipts, correction for adjustments) and a reference. The item must exist and track stock (422 otherwise); the location must exist and not be deleted, and to add stock it must be active and not being deleted (422). A member with restricted location access needs write access to the location (403). Answers 201 with the movement.`,
    scope: 'inventory.write',
    tags: ['Inventory'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { body: { schema: RecordMovementBody, required: true } },
    responses: { 201: { description: 'The recorded movement', schema: Movement } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithPosition(res, recordMovement(deps, ctx(req), body, guard)),
  }),
];
