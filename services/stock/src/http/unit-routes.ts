import { EntityIdSchema, ExpiresOn, isId, MAX_UNIT_CODE_LENGTH, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, routesFor, setNextLink, setTotalCount, single } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { listLots, listSerials } from '../data/unit-repository';
import { LotRecord, presentLot, presentSerial, SerialRecord, SerialStatus } from '../domain/unit-records';
import { readableLocations } from './request-context';

const SerialsQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Where the serials are, or last were (repeated or comma-separated)' }),
  status: queryArray(SerialStatus).openapi({ description: 'Statuses (repeated or comma-separated)' }),
  serial: single(z.string().trim().min(1).max(MAX_UNIT_CODE_LENGTH))
    .optional()
    .openapi({ description: 'A scan: the serial, compared ignoring case and surrounding spaces, across items (with or without itemId)', example: 'wh-40-221873' }),
  ...CursorPagination.shape,
});

const LotsQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  expiringBefore: single(ExpiresOn).optional().openapi({ description: 'Lots expiring before this day (YYYY-MM-DD); lots without an expiry never match' }),
  ...CursorPagination.shape,
});

const SerialPageKey = z.tuple([z.string().refine(isId), z.string().min(1).max(MAX_UNIT_CODE_LENGTH)]);
const LotPageKey = z.tuple([z.string(), z.string(), z.string().refine(isId), z.string().refine(isId)]);

const route = routesFor<ServiceRuntime>();

export const unitRoutes = [
  route({
    method: 'get',
    operationId: 'listSerials',
    path: '/inventory/serials',
    summary: 'List serials (find one by a scan)',
    description:
      'Every serial of the workspace ever received, by item then serial, each with its status, where it is (or last was), the job that used it and the pending transfer or open job holding it, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). serial= is a scan: it matches ignoring case and surrounding spaces, across items. A member with restricted location access sees the serials at (or last at) locations it may read (docs/serials.md).',
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: SerialsQuery },
    responses: { 200: { description: 'Serials', schema: z.array(SerialRecord), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/serials', query);
      const { rows, next, total } = await listSerials(
        deps.pool,
        workspace.id,
        { itemIds: query.itemId, locationIds: query.locationId, statuses: query.status, serial: query.serial, readable: readableLocations(req) },
        pageRequest(query, binding, SerialPageKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows.map(presentSerial);
    },
  }),
  route({
    method: 'get',
    operationId: 'listLots',
    path: '/inventory/lots',
    summary: 'List lots on hand',
    description:
      'What of each lot is at each location (on hand, and reserved for pending transfers and open jobs that named it), with its expiry, ordered by expiresOn (none last), then lot; paged as serials are. A member with restricted location access sees the locations it may read (docs/serials.md).',
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: LotsQuery },
    responses: { 200: { description: 'Lots', schema: z.array(LotRecord), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/lots', query);
      const { rows, next, total } = await listLots(
        deps.pool,
        workspace.id,
        { itemIds: query.itemId, locationIds: query.locationId, expiringBefore: query.expiringBefore, readable: readableLocations(req) },
        pageRequest(query, binding, LotPageKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows.map(presentLot);
    },
  }),
];
