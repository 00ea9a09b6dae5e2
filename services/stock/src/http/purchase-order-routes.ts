import { EntityIdSchema, NotFound, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, routesFor, setNextLink, setTotalCount, TimeIdKey } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { findPurchaseOrders, listPurchaseOrderIds, listReceipts } from '../data/purchase-order-repository';
import {
  CreatePurchaseOrderBody,
  NoPurchaseOrderFields,
  presentPurchaseOrder,
  presentReceipt,
  PurchaseOrder,
  PurchaseOrderStatus,
  Receipt,
  ReceivePurchaseOrderBody,
  UpdatePurchaseOrderBody,
} from '../domain/purchase-orders';
import {
  createPurchaseOrder,
  readPurchaseOrders,
  receivePurchaseOrder,
  revertPurchaseOrderReceipt,
  transitionPurchaseOrder,
  updatePurchaseOrder,
} from '../use-cases/purchase-orders';
import { readableLocations } from './request-context';
import { answeredWithPosition, answerLatestPosition } from './stock-position';

const OrdersQuery = z.strictObject({
  status: queryArray(PurchaseOrderStatus).openapi({ description: 'Statuses (repeated or comma-separated); default: every status' }),
  supplierId: queryArray(EntityIdSchema).openapi({ description: 'Orders from any of these suppliers' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Orders arriving at any of these locations' }),
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Orders with a line of any of these items' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc').openapi({ description: 'By createdAt (ties broken by id); default desc (newest first)' }),
  ...CursorPagination.shape,
});

const OrderPath = z.object({ id: z.string().openapi({ description: 'Purchase order ID, or ext_ followed by its externalRef' }) });
const ReceiptPath = OrderPath.extend({ receiptId: z.string().openapi({ description: 'Receipt ID' }) });

const ACCESS = 'A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.';

const route = routesFor<ServiceRuntime>();

export const purchaseOrderRoutes = [
  route({
    method: 'post',
    operationId: 'createPurchaseOrder',
    path: '/purchase-orders',
    summary: 'Create a purchase order',
    description: `Creates a draft order from a supplier, arriving at locationId (default the workspace's defaultLocationId). Each line's unitCost defaults to the item's catalog cost. An unknown supplier, item or location, a catalog-only item or an inactive location is a 422 naming the field; the same item twice is a 400 naming lines[i].itemId. ${ACCESS} Answers 201 with the order (status draft).`,
    scope: 'purchase_orders.write',
    tags: ['Purchase orders'],
    idempotent: true,
    request: { body: { schema: CreatePurchaseOrderBody, required: true } },
    responses: { 201: { description: 'The draft order', schema: PurchaseOrder } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithPosition(res, createPurchaseOrder(deps, ctx(req), body, guard)),
  }),
  route({
    method: 'get',
    operationId: 'listPurchaseOrders',
    path: '/purchase-orders',
    summary: 'List purchase orders',
    description: 'Orders of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"), newest first by default; filters combine with AND. A member with restricted location access sees the orders arriving at locations it may read.',
    scope: 'purchase_orders.read',
    tags: ['Purchase orders'],
    request: { query: OrdersQuery },
    responses: { 200: { description: 'Purchase orders', schema: z.array(PurchaseOrder), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /purchase-orders', query);
      const { ids, next, total } = await listPurchaseOrderIds(
        deps.pool,
        workspace.id,
        { statuses: query.status, supplierIds: query.supplierId, locationIds: query.locationId, itemIds: query.itemId, readable: readableLocations(req) },
        query.sortOrder,
        pageRequest(query, binding, TimeIdKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      const { orders, names } = await findPurchaseOrders(deps.pool, workspace.id, { ids });
      return orders.map((o) => presentPurchaseOrder(o, names));
    },
  }),
  route({
    method: 'get',
    operationId: 'getPurchaseOrder',
    path: '/purchase-orders/{id}',
    summary: 'Retrieve a purchase order',
    description: 'By its id, or by its externalRef as ext_<externalRef>. 404 for an order the member cannot see.',
    scope: 'purchase_orders.read',
    tags: ['Purchase orders'],
    request: { params: OrderPath },
    responses: { 200: { description: 'The order', schema: PurchaseOrder } },
    handler: async ({ params: { id } }, { deps, req }) => {
      const [found] = await readPurchaseOrders(deps, ctx(req), id);
      if (!found) throw new NotFound('Purchase order');
      return found.order;
    },
  }),
  route({
    method: 'patch',
    operationId: 'updatePurchaseOrder',
    path: '/purchase-orders/{id}',
    summary: 'Change a draft purchase order',
    description: `Changes a draft's supplier, location, reference, expectedAt, note, externalRef and its whole set of lines (409 naming the status otherwise). Fields left out keep their value; the checks of creation apply. ${ACCESS}`,
    scope: 'purchase_orders.write',
    tags: ['Purchase orders'],
    request: { params: OrderPath, body: { schema: UpdatePurchaseOrderBody, required: true } },
    responses: { 200: { description: 'The order', schema: PurchaseOrder } },
    handler: async ({ params: { id }, body }, { deps, req, res, guard }) => answeredWithPosition(res, updatePurchaseOrder(deps, ctx(req), id, body, guard)),
  }),
  ...(['submit', 'close', 'cancel'] as const).map((action) =>
    route({
      method: 'post',
      operationId: `${action}PurchaseOrder`,
      path: `/purchase-orders/{id}/${action}`,
      summary: { submit: 'Submit a purchase order', close: 'Close a purchase order', cancel: 'Cancel a purchase order' }[action],
      description: `${
        {
          submit: 'A draft becomes ordered: its open quantities are on order (balances show onOrder at the receiving location; replenishment counts them). Records purchase_order.submitted.',
          close: 'An ordered or partially received order becomes closed: what is still open is a back order dropped, no longer on order. Records purchase_order.closed.',
          cancel: 'A draft, or an ordered order with nothing received, becomes cancelled. Records purchase_order.cancelled.',
        }[action]
      } 409 naming the status from any other. ${ACCESS}`,
      scope: 'purchase_orders.write',
      tags: ['Purchase orders'],
      idempotent: true,
      request: { params: OrderPath, body: { schema: NoPurchaseOrderFields, required: false } },
      responses: { 200: { description: 'The order', schema: PurchaseOrder } },
      handler: async ({ params: { id } }, { deps, req, res, guard }) => answeredWithPosition(res, transitionPurchaseOrder(deps, ctx(req), id, action, guard)),
    }),
  ),
  route({
    method: 'post',
    operationId: 'receivePurchaseOrder',
    path: '/purchase-orders/{id}/receipts',
    summary: 'Receive goods against a purchase order',
    description: `All or nothing: each line writes one receipt movement at the order's location (reason received) carrying purchaseOrderId, receiptId and unitCost (the order line's unless the receipt gives one: the invoice price), which moves the item's moving average cost. The order becomes partially_received, then received once every line is. More than a line's open quantity is a 422 naming the item and what is open, and nothing changes; an order that is not ordered or partially received is a 409. Receipts racing on one order never receive more than was ordered. Records purchase_order.received. ${ACCESS}`,
    scope: 'purchase_orders.write',
    tags: ['Purchase orders'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { params: OrderPath, body: { schema: ReceivePurchaseOrderBody, required: true } },
    responses: { 201: { description: 'The receipt', schema: Receipt } },
    handler: async ({ params: { id }, body }, { deps, req, res, guard }) => answeredWithPosition(res, receivePurchaseOrder(deps, ctx(req), id, body, guard)),
  }),
  route({
    method: 'get',
    operationId: 'listPurchaseOrderReceipts',
    path: '/purchase-orders/{id}/receipts',
    summary: "List a purchase order's receipts",
    description: 'Oldest first, reverted ones included (revertedAt set).',
    scope: 'purchase_orders.read',
    tags: ['Purchase orders'],
    request: { params: OrderPath },
    responses: { 200: { description: 'Receipts', schema: z.array(Receipt) } },
    handler: async ({ params: { id } }, { deps, req }) => {
      const caller = ctx(req);
      const [found] = await readPurchaseOrders(deps, caller, id);
      if (!found) throw new NotFound('Purchase order');
      return (await listReceipts(deps.pool, caller.workspace.id, found.record.id)).map(presentReceipt);
    },
  }),
  route({
    method: 'post',
    operationId: 'revertPurchaseOrderReceipt',
    path: '/purchase-orders/{id}/receipts/{receiptId}/revert',
    summary: 'Revert a receipt',
    description: `Takes back what the receipt added, where it arrived (adjustments with reason receipt_reverted, at the receipt's costs: the average cost moves back), its quantities leave the order's received and the status follows (a closed order stays closed). 422 naming the location and item when that stock is no longer there; 409 for a receipt already reverted. ${ACCESS}`,
    scope: 'purchase_orders.write',
    tags: ['Purchase orders'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { params: ReceiptPath, body: { schema: NoPurchaseOrderFields, required: false } },
    responses: { 200: { description: 'The receipt, now reverted', schema: Receipt } },
    handler: async ({ params: { id, receiptId } }, { deps, req, res, guard }) => answeredWithPosition(res, revertPurchaseOrderReceipt(deps, ctx(req), id, receiptId, guard)),
  }),
];
