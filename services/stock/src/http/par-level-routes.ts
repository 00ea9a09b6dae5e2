import { EntityIdSchema, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, IdPairKey, pageRequest, queryArray, queryBoolean, routesFor, setNextLink, setTotalCount, single } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { listParLevels } from '../data/par-level-repository';
import { ParLevel, SetParLevelBody } from '../domain/par-levels';
import { removeParLevel } from '../use-cases/remove-par-level';
import { setParLevel } from '../use-cases/set-par-level';
import { readableLocations } from './request-context';

export const ParLevelsQuery = z.strictObject({
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Item IDs (repeated or comma-separated)' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Location IDs (repeated or comma-separated)' }),
  belowPar: single(queryBoolean).optional().openapi({ description: 'true: only par levels whose free stock (available = onHand − reserved) is below the minimum (what needs a refill now); false: only those at or above it' }),
  ...CursorPagination.shape,
});

const ParLevelPath = z.object({
  itemId: z.string().openapi({ description: 'Item ID' }),
  locationId: z.string().openapi({ description: 'Location ID' }),
});

const route = routesFor<ServiceRuntime>();

export const parLevelRoutes = [
  route({
    method: 'get',
    operationId: 'listParLevels',
    path: '/inventory/par-levels',
    summary: 'List par levels',
    description:
      'Minimum free stock per item and location, each with the on-hand there now (0 where stock has never been), what of it is reserved for pending transfers and open jobs, what is free (available = onHand − reserved) and belowPar (available < minimum: the one availability rule, as replenishment judges), ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). belowPar=true lists what needs a refill now. Par levels of locations deleted or being deleted are not listed. A member with restricted location access sees the par levels of locations it may read (read or write grant).',
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: ParLevelsQuery },
    responses: { 200: { description: 'Par levels', schema: z.array(ParLevel), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /inventory/par-levels', query);
      const { rows, next, total } = await listParLevels(
        deps.pool,
        workspace.id,
        { itemIds: query.itemId, locationIds: query.locationId, belowPar: query.belowPar, readable: readableLocations(req) },
        pageRequest(query, binding, IdPairKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows;
    },
  }),
  route({
    method: 'put',
    operationId: 'setParLevel',
    path: '/inventory/par-levels/{itemId}/{locationId}',
    summary: 'Set the par level of an item at a location',
    description:
      'Creates or replaces the minimum free stock of the item at the location (a PUT: sending it again changes nothing more, so it takes no Idempotency-Key) and answers 200 with the par level and the on-hand, reserved and available there now. The item must exist in the workspace (404) and track stock (422 for a catalog-only item); the location must exist and not be deleted (404) nor being deleted (422); an inactive location may carry one. A member with restricted location access needs write access to the location (403). A minimum changed across the free stock there sends stock.below_par or stock.par_restored to webhooks, once; a first minimum sends nothing.',
    scope: 'inventory.write',
    tags: ['Inventory'],
    request: { params: ParLevelPath, body: { schema: SetParLevelBody, required: true } },
    responses: { 200: { description: 'The par level', schema: ParLevel } },
    handler: async ({ params, body }, { deps, req }) => setParLevel(deps, ctx(req), params, body),
  }),
  route({
    method: 'delete',
    operationId: 'deleteParLevel',
    path: '/inventory/par-levels/{itemId}/{locationId}',
    summary: 'Remove the par level of an item at a location',
    description: 'Answers 204 with no body; 404 when the item has no par level at the location. A member with restricted location access needs write access to the location (403).',
    scope: 'inventory.write',
    tags: ['Inventory'],
    request: { params: ParLevelPath },
    responses: { 204: { description: 'Removed' } },
    handler: async ({ params }, { deps, req }) => removeParLevel(deps, ctx(req), params),
  }),
];
