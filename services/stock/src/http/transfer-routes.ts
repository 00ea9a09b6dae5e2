import { isId, NotFound, TransferStatus, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, routesFor, setNextLink, setTotalCount, TimeIdKey } from '@inv/shared/http';
import { transfersCreated } from '@inv/shared/observability';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { findTransfers, listTransferIds } from '../data/transfer-repository';
import { Interval, intervalRange } from '../domain/intervals';
import { Transfer } from '../domain/stock-records';
import { CompleteTransferBody, CreateTransferBody, NoFields, SettleTransferBody } from '../domain/stock-requests';
import { statusAfter, TRANSFER_ACTIONS, type TransferAction } from '../domain/transfer-lifecycle';
import { createTransfer } from '../use-cases/create-transfer';
import { transitionTransfer } from '../use-cases/transition-transfer';
import { readableLocations } from './request-context';
import { answeredWithPosition, answerLatestPosition } from './stock-position';

/** The transitions after creation (domain/transfer-lifecycle.ts), each a POST /inventory/transfers/{id}/<action>. */
const ACTIONS: Record<TransferAction, { body: typeof SettleTransferBody | typeof NoFields | typeof CompleteTransferBody; summary: string; description: string }> = {
  complete: {
    body: CompleteTransferBody,
    summary: 'Complete a pending transfer',
    description:
      'The destination confirms arrival: in one transaction the stock moves (transfer_out at the source, transfer_in at the destination, both carrying the transferId) and the reservation at the source is released. A line of a serial- or lot-tracked item that named no serials or lot must be named now (lines: [{itemId, serials} or {itemId, lot, quantity?}]; 422 naming lines[i].serials or lines[i].lot otherwise): the picker names the units; the API never picks them. 409 when the transfer is not pending; 422 when the destination is inactive, closed or deleted, or a named serial or lot is not free at the source. Needs write access to the destination.',
  },
  reject: {
    body: SettleTransferBody,
    summary: 'Reject a pending transfer',
    description:
      'The destination refuses the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the destination.',
  },
  cancel: {
    body: SettleTransferBody,
    summary: 'Cancel a pending transfer',
    description:
      'The source withdraws the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the source.',
  },
  revert: {
    body: NoFields,
    summary: 'Revert a completed transfer',
    description:
      "Moves the stock back with compensating movements (transfer_out at the destination, transfer_in at the source, both carrying the transferId). 409 when the transfer is not completed (pending, rejected, cancelled or already reverted); 422 when the destination no longer has a line's quantity available (naming the item and the quantity available) or the source is deleted, inactive or being deleted. Needs write access to both locations. Does not count toward the transfer limit.",
  },
};

export const TransfersQuery = z.strictObject({
  status: queryArray(TransferStatus).openapi({ description: 'Statuses (repeated or comma-separated); default: every status' }),
  interval: Interval.default('all').openapi({
    description:
      'Date interval of createdAt, computed in UTC; default all. Rolling windows (24h, 7d, 30d, 90d, 1y) and to-date intervals (mtd, qtd, ytd, fiscal_ytd) end now; named periods (today, this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year, last_fiscal_year) cover their whole period. Weeks start on Monday; quarters are calendar quarters; the fiscal year is the calendar year unless the workspace sets another start month. all: everything up to now; all_unfiltered: no date condition.',
  }),
  sortBy: z.enum(['createdAt']).default('createdAt').openapi({ description: 'Sort field; default createdAt (ties broken by id)' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc').openapi({ description: 'Default desc (newest first)' }),
  ...CursorPagination.shape,
});

const TransferPath = z.object({ id: z.string().openapi({ description: 'Transfer ID' }) });

const route = routesFor<ServiceRuntime>();

export const transferRoutes = [
  route({
    method: 'post',
    operationId: 'createTransfer',
    path: '/inventory/transfers',
    summary: 'Create a transfer',
    description: `Moves stock from fromLocationId (default: the workspace's defaultTransferFromLocationId; without either, 400 naming fromLocationId) to toLocationId at once, all or nothing, and answers 201 with the completed Transfer. With status pending nothing moves yet: the lines are reserved at the source (they count against its available stock) and 201 answers the pending Transfer, to be completed or rejected by the destination or cancelled by the source. 422 for the same source and destination, an unknown, deleted or inactive location (or one being deleted), an unknown or catalog-only item, or too little available at the source, on-hand minus what pending transfers and open jobs reserve (naming the item, the location and the quantity available). A member with restricted location access needs write access to both locations (403). Counts toward the plan's transfers per billing cycle when created, pending or not (403 exceeded_limit past it).`,
    scope: 'transfers.write',
    tags: ['Transfers'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { body: { schema: CreateTransferBody, required: true } },
    responses: { 201: { description: 'The completed (or pending) transfer', schema: Transfer } },
    handler: async ({ body }, { deps, req, res, guard }) => {
      const transfer = await answeredWithPosition(res, createTransfer(deps, ctx(req), body, guard));
      transfersCreated.add(1);
      return transfer;
    },
  }),
  route({
    method: 'get',
    operationId: 'listTransfers',
    path: '/inventory/transfers',
    summary: 'List transfers',
    description:
      'Transfers of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor), newest first by default. A member with restricted location access sees transfers from or to a location it may read. Follow Link rel="next" (a keyset cursor) to page through any number of transfers at a constant cost per page; X-Total-Count is exact when present (see the header).',
    scope: 'transfers.read',
    tags: ['Transfers'],
    request: { query: TransfersQuery },
    responses: { 200: { description: 'Transfers', schema: z.array(Transfer), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/transfers', query);
      const { ids, next, total } = await listTransferIds(
        deps.pool,
        workspace.id,
        { statuses: query.status, range: intervalRange(query.interval, new Date(), workspace.fiscalYearStartMonth), readable: readableLocations(req) },
        query.sortOrder,
        pageRequest(query, binding, TimeIdKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return findTransfers(deps.pool, workspace.id, ids);
    },
  }),
  route({
    method: 'get',
    operationId: 'getTransfer',
    path: '/inventory/transfers/{id}',
    summary: 'Retrieve a transfer',
    scope: 'transfers.read',
    tags: ['Transfers'],
    request: { params: TransferPath },
    responses: { 200: { description: 'The transfer', schema: Transfer } },
    handler: async ({ params: { id } }, { deps, req }) => {
      const readable = readableLocations(req);
      const { workspace } = ctx(req);
      const [transfer] = isId(id) ? await findTransfers(deps.pool, workspace.id, [id.toLowerCase()]) : [];
      if (!transfer || (readable && !readable.includes(transfer.fromLocationId) && !readable.includes(transfer.toLocationId))) throw new NotFound('Transfer');
      return transfer;
    },
  }),
  ...TRANSFER_ACTIONS.map((name) => {
    const action = ACTIONS[name];
    return route({
      method: 'post',
      operationId: `${name}Transfer`,
      path: `/inventory/transfers/{id}/${name}`,
      summary: action.summary,
      description: `${action.description} 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer.`,
      scope: 'transfers.write',
      tags: ['Transfers'],
      idempotent: true,
      beforeReplay: answerLatestPosition,
      request: { params: TransferPath, body: { schema: action.body, required: false } },
      responses: { 200: { description: `The transfer, now ${statusAfter(name)}`, schema: Transfer } },
      handler: async ({ params: { id }, body }, { deps, req, res, guard }) =>
        answeredWithPosition(res, transitionTransfer(deps, ctx(req), { transferId: id, action: name, input: body }, guard)),
    });
  }),
];


