import { LocationType, z } from '@inv/shared/core';
import { answeredWithOwnerPosition, answerLatestOwnerPosition, type ApiTag, ctx, offsetOf, Pagination, queryArray, queryBoolean, routesFor, setTotalCount } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { CreateLocationInput, Location, UpdateLocationInput } from '../domain/location';
import { createLocation } from '../use-cases/create-location';
import { deleteLocation } from '../use-cases/delete-location';
import { countMatchingLocations, findLocations, getLocation } from '../use-cases/find-locations';
import { updateLocation } from '../use-cases/update-location';

const LocationPath = z.object({ id: z.string().openapi({ description: 'Location ID' }) });

const LocationFilters = z.strictObject({
  active: queryBoolean.optional().openapi({ description: 'true: only active locations; false: only inactive ones' }),
  type: queryArray(LocationType, { max: 5 }).openapi({
    description: 'One or more location types, repeated (?type=van&type=truck) or comma-separated (?type=van,truck)',
  }),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s === '' ? undefined : s))
    .openapi({ description: 'Case-insensitive substring of the name or the note, up to 100 characters; empty means no filter' }),
});
const ListQuery = LocationFilters.extend(Pagination.shape);

const DeletedLocation = z.object({ id: z.string().openapi({ description: 'ID of the deleted location' }) }).openapi('DeletedLocation');

const ACCESS_NOTE =
  'A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts.';
const QUERY_NOTE = 'Unknown query parameters answer 400.';

const tags: ApiTag[] = ['Locations'];
const route = routesFor<ServiceRuntime>();

export const locationRoutes = [
  route({
    method: 'post',
    operationId: 'createLocation',
    path: '/locations',
    summary: 'Create a location',
    description: [
      '`name` is required; every other field is optional. `type` defaults to the workspace\'s defaultLocationType; icon, accessLevel, latitude, longitude, geofenceRadiusM and replenishFrom default to null, note to "". New locations are active (`active` is not accepted here). Unknown fields answer 400.',
      'Names are unique per workspace, case-insensitively: a taken name answers 409 conflict. The plan\'s location limit (the default location counts) answers 403 exceeded_limit.',
      '`replenishFrom` names the location the new one is normally refilled from (a van\'s home warehouse), under the rules PATCH /locations/{id} applies: a malformed id answers 400 naming the field; 422 unprocessable_entity, with a message starting "replenishFrom: " that says why, when it names a location that does not exist, is deleted or that a restricted member cannot read (all answered alike), or an inactive location. A new location can close no cycle. These rules hold under concurrency with the deactivation or deletion of the source: never both succeed.',
      'When the member\'s location access is restricted, only owners may create (403 forbidden otherwise).',
    ].join('\n\n'),
    scope: 'locations.write',
    tags,
    idempotent: true,
    beforeReplay: answerLatestOwnerPosition('locations'),
    request: { body: { schema: CreateLocationInput, required: true } },
    responses: { 201: { description: 'The created location', schema: Location } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithOwnerPosition(res, 'locations', createLocation(deps, ctx(req), body, guard)),
  }),
  route({
    method: 'get',
    operationId: 'listLocations',
    path: '/locations',
    summary: 'List locations',
    description: `Oldest first (the default location leads). ${ACCESS_NOTE} ${QUERY_NOTE}`,
    scope: 'locations.read',
    tags,
    request: { query: ListQuery },
    responses: {
      200: { description: 'One page of locations', schema: z.array(Location), totalCount: true },
    },
    handler: async ({ query: { page, pageSize, type, ...filter } }, { deps, req, res }) => {
      const found = await findLocations(deps.pool, ctx(req), { ...filter, types: type }, { limit: pageSize, offset: offsetOf({ page, pageSize }) });
      setTotalCount(res, found.total);
      return found.locations;
    },
  }),
  route({
    method: 'get',
    operationId: 'countLocations',
    path: '/locations/count',
    summary: 'Count locations',
    description: `Takes the filters of GET /locations (no paging). ${ACCESS_NOTE} ${QUERY_NOTE}`,
    scope: 'locations.read',
    tags,
    request: { query: LocationFilters },
    responses: { 200: { description: 'The number of matching locations, as a bare JSON number', schema: z.number().int() } },
    handler: async ({ query: { type, ...filter } }, { deps, req }) => countMatchingLocations(deps.pool, ctx(req), { ...filter, types: type }),
  }),
  route({
    method: 'get',
    operationId: 'getLocation',
    path: '/locations/{id}',
    summary: 'Retrieve a location',
    description: `Deleted locations answer 404. ${ACCESS_NOTE}`,
    scope: 'locations.read',
    tags,
    request: { params: LocationPath },
    responses: { 200: { description: 'The location', schema: Location } },
    handler: async ({ params }, { deps, req }) => getLocation(deps.pool, ctx(req), params.id),
  }),
  route({
    method: 'patch',
    operationId: 'updateLocation',
    path: '/locations/{id}',
    summary: 'Update a location',
    description: [
      'Every field is optional; only the fields given change. An empty body (or one that changes nothing) returns the location unchanged. `active` moves the location between active and inactive. Unknown fields answer 400; a taken name answers 409 conflict.',
      '`replenishFrom` names the location this one is normally refilled from, or null to clear it (POST /locations takes it too). A malformed id answers 400 naming the field. 422 unprocessable_entity, with a message starting "replenishFrom: " that says why, when it names the location itself, a location that does not exist, is deleted or that a restricted member cannot read (all answered alike), an inactive location, or one whose own chain of replenishFrom leads back here (a cycle, named in the message).',
      'Setting `active` to false answers 409 conflict while any live location names this one as its replenishFrom; the message names them (the first three, and how many more). Clear or change their replenishFrom first. These rules hold under concurrency: two requests that are each allowed alone (A from B and B from A; a van from a warehouse and the warehouse deactivated) never both succeed.',
      'A change of name, type, active or replenishFrom holds for every stock operation from the moment this call answers: an inactive location takes no transfer or receipt from then on, for every key, and transfers show the new name. The change needs only this service, not the stock service: it commits with its event and the workspace\'s next owner position, every later call of the workspace carries that position, and the stock service decides only from a copy of the location that has applied it (docs/consistency.md). While that copy cannot catch up (RabbitMQ or this service away), such a stock call answers the retryable 429 naming what holds it back, and nothing changes.',
      `${ACCESS_NOTE} A restricted member with read but not write access to the location gets 403 forbidden.`,
    ].join('\n\n'),
    scope: 'locations.write',
    tags,
    request: { params: LocationPath, body: { schema: UpdateLocationInput, required: false } },
    responses: { 200: { description: 'The updated location', schema: Location } },
    handler: async ({ params, body }, { deps, req, res }) => answeredWithOwnerPosition(res, 'locations', updateLocation(deps, ctx(req), params.id, body)),
  }),
  route({
    method: 'delete',
    operationId: 'deleteLocation',
    path: '/locations/{id}',
    summary: 'Delete a location',
    description: [
      'Fails with 409 conflict when the location is the workspace default location, while it holds on-hand stock, or while any live location names it as its replenishFrom; the message says which. The stock service closes the location to new stock before the deletion is final, so stock arriving at the same moment either lands first (and the delete fails) or is refused.',
      `A deleted location disappears from every listing and answers 404. ${ACCESS_NOTE} A restricted member with read but not write access gets 403 forbidden.`,
    ].join('\n\n'),
    scope: 'locations.write',
    tags,
    request: { params: LocationPath },
    responses: { 200: { description: 'The deleted location ID', schema: DeletedLocation } },
    handler: async ({ params }, { deps, req, res }) => answeredWithOwnerPosition(res, 'locations', deleteLocation(deps, ctx(req), params.id)),
  }),
];
