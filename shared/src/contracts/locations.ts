import { z } from 'zod';

/**
 * Messages the locations service publishes and the commands it answers. Owned by the
 * locations service; other services only read this file.
 */
export const LOCATIONS_SERVICE = 'locations';

export const LocationType = z.enum(['warehouse', 'van', 'truck', 'site', 'other']);
export type LocationType = z.infer<typeof LocationType>;

/** What other services keep of a location in their projections. */
export const LocationSnapshot = z.object({
  id: z.string(),
  name: z.string(),
  type: LocationType,
  active: z.boolean(),
  isDefault: z.boolean(),
});
export type LocationSnapshot = z.infer<typeof LocationSnapshot>;

export const LocationEvents = {
  created: 'location.created',
  updated: 'location.updated',
  deleted: 'location.deleted',
} as const;
export const LocationChanged = LocationSnapshot;
export const LocationDeleted = z.object({ id: z.string() });

export const LocationCommands = {
  /** Creates the workspace's default "Inventory" warehouse, or returns it when it exists. */
  createDefault: 'locations.create-default',
  /**
   * Gives up the default location of a workspace whose creation was abandoned: deletes it when
   * it exists, and refuses createDefault for that workspace from then on, so a late or retried
   * createDefault cannot leave an orphan. Idempotent. Answers { discarded: true }.
   */
  discardDefault: 'locations.discard-default',
  /** Answers a LocationSnapshot, or null when the location does not exist (or was deleted). */
  get: 'locations.get',
  /** Answers { locations: number }: live count of the workspace's locations. */
  usage: 'locations.usage',
} as const;
export const CreateDefaultLocation = z.object({});
export const DiscardDefaultLocation = z.object({});
export const GetLocation = z.object({ locationId: z.string() });
export const LocationsUsage = z.object({ locations: z.number().int() });
