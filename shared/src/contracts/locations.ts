import { z } from 'zod';
import { EntityIdSchema } from '../ids';
import { OwnerPosition } from './catalog';

/**
 * Messages the locations service publishes and the commands it answers. Owned by the
 * locations service; other services only read this file.
 */
export const LOCATIONS_SERVICE = 'locations';

export const LocationType = z.enum(['warehouse', 'van', 'truck', 'site', 'other']);
export type LocationType = z.infer<typeof LocationType>;

/**
 * What other services keep of a location in their projections. version: the locations service's
 * version of the location (from one sequence: it only grows and is never reused), as for items
 * (see ItemSnapshot).
 */
export const LocationSnapshot = z.object({
  id: EntityIdSchema,
  name: z.string(),
  type: LocationType,
  active: z.boolean(),
  isDefault: z.boolean(),
  version: z.number().int().nonnegative(),
  /** The location it is normally refilled from. Events recorded before the field existed lack it; every location had none then. */
  replenishFrom: EntityIdSchema.nullable().default(null),
});
export type LocationSnapshot = z.input<typeof LocationSnapshot>;

/** The answer to LocationCommands.get: the location as committed, deleted ones included (deleted true). */
export const CommittedLocation = LocationSnapshot.extend({ deleted: z.boolean() });
export type CommittedLocation = z.input<typeof CommittedLocation>;

export const LocationEvents = {
  created: 'location.created',
  updated: 'location.updated',
  deleted: 'location.deleted',
} as const;
/**
 * `resource` in the location events: the Location exactly as the REST API answers it (OpenAPI
 * component Location), so a reader that publishes locations (webhooks) needs no call back and
 * cannot see a later state. A plain record: the representation is the locations service's and
 * readers pass it on as it is. Optional only because events recorded before it was added lack it;
 * the locations service always sends it.
 */
const LocationResource = z.record(z.string(), z.unknown()).optional();

/** location.created and location.updated: the snapshot, and the location as answered for the state the event's transaction commits. */
export const LocationChanged = LocationSnapshot.extend({ resource: LocationResource, position: OwnerPosition });
export type LocationChanged = z.input<typeof LocationChanged>;

/**
 * location.deleted: the id, and the location as GET /locations/{id} answered it last, just
 * before the deletion (from then on it answers 404, so there is no later representation).
 */
export const LocationDeleted = z.object({ id: EntityIdSchema, resource: LocationResource, position: OwnerPosition });
export type LocationDeleted = z.input<typeof LocationDeleted>;

export const LocationCommands = {
  /** Creates the workspace's default "Inventory" warehouse, or returns it when it exists. */
  createDefault: 'locations.create-default',
  /**
   * Gives up the default location of a workspace whose creation was abandoned: deletes it when
   * it exists, and refuses createDefault for that workspace from then on, so a late or retried
   * createDefault cannot leave an orphan. Idempotent. Answers { discarded: true }.
   */
  discardDefault: 'locations.discard-default',
  /**
   * Answers a CommittedLocation (deleted locations included), or null when the location never
   * existed in the workspace; read under a share lock, so the answer is what is committed once no
   * write to the location is in flight.
   */
  get: 'locations.get',
  /** Answers { locations: number }: live count of the workspace's locations. */
  usage: 'locations.usage',
  /** Answers OwnerPositionAnswer: the workspace's latest owner position of locations (0 before its first change). */
  position: 'locations.position',
  /**
   * Answers ResolvedLocations: for each ref, the live location it names (by id, or by name
   * ignoring case and surrounding spaces), or null; what a CSV import names locations by.
   */
  resolve: 'locations.resolve',
} as const;
export const ResolveLocations = z.object({ refs: z.array(z.string().max(200)).max(10_000) });
export const ResolvedLocations = z.array(z.object({ ref: z.string(), id: z.string().nullable(), name: z.string().nullable() }));
export type ResolvedLocations = z.infer<typeof ResolvedLocations>;
export const CreateDefaultLocation = z.object({});
export const DiscardDefaultLocation = z.object({});
export const GetLocation = z.object({ locationId: EntityIdSchema });
export const LocationsUsage = z.object({ locations: z.number().int() });
