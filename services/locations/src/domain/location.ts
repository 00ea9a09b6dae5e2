import { ApiId, ApiTimestamp, Conflict, EntityIdSchema, Forbidden, type LocationAccess, LocationType, type Role, Unprocessable, z } from '@inv/shared/core';

export const LocationIcon = z.enum(['warehouse', 'storefront', 'office', 'garage', 'job_site', 'van', 'truck', 'container', 'shelves', 'tools', 'home', 'map_pin']);

/** The fields a caller may set, with the spec's bounds. Names are trimmed before their length is checked. */
export const LocationFields = {
  name: z.string().trim().min(1).max(64).openapi({ description: '1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively' }),
  type: LocationType,
  icon: LocationIcon.nullable().openapi({ description: 'null means the default icon for the location type' }),
  note: z.string().max(500),
  accessLevel: z.enum(['read', 'write']).nullable(),
  latitude: z.number().min(-90).max(90).nullable().openapi({ description: '-90 to 90; null when not set' }),
  longitude: z.number().min(-180).max(180).nullable().openapi({ description: '-180 to 180; null when not set' }),
  geofenceRadiusM: z.number().min(25).max(10000).nullable().openapi({ description: '25 to 10000 meters; null when not set' }),
};

/** What a replenishFrom must name, and what naming a location holds it to: said on the resource, the create and the update. */
const REPLENISH_FROM_RULES =
  'It must name a live, active location of the workspace that the caller can read, not the location itself, and must not close a cycle ' +
  '(A refilled from B refilled from A, or a longer chain); otherwise 422. While any live location names a location here, deactivating ' +
  'or deleting that location answers 409 conflict.';

/** The Location resource as the API returns it. */
export const Location = z
  .object({
    id: ApiId,
    name: LocationFields.name.openapi({ example: 'Main warehouse' }),
    type: LocationFields.type,
    active: z.boolean(),
    createdAt: ApiTimestamp.openapi({ description: 'ISO 8601 UTC with milliseconds' }),
    icon: LocationFields.icon,
    note: LocationFields.note.openapi({ description: 'Empty string when none was given' }),
    latitude: LocationFields.latitude,
    longitude: LocationFields.longitude,
    geofenceRadiusM: LocationFields.geofenceRadiusM,
    accessLevel: LocationFields.accessLevel.openapi({ description: "Stored and returned as given; the member's own location access decides who may use the location" }),
    replenishFrom: ApiId.nullable().openapi({
      description: `The location this one is normally refilled from (a van's home warehouse, say); null when none. Set with POST /locations or PATCH /locations/{id}. ${REPLENISH_FROM_RULES} GET /inventory/replenishment proposes refills from it.`,
    }),
  })
  .openapi('Location');
export type Location = z.infer<typeof Location>;

/** A location's source as a request names it: an id (normalised), or null for none. */
const ReplenishFrom = EntityIdSchema.nullable();

/** What the request examples show: a van with its position and geofence. */
const EXAMPLE = { name: 'Van 7', type: 'van', icon: 'van', note: 'Ford Transit, plate KX-4411', latitude: 52.52, longitude: 13.405, geofenceRadiusM: 150 } as const;

export const CreateLocationInput = z
  .strictObject({
    name: LocationFields.name.openapi({ example: EXAMPLE.name }),
    type: LocationFields.type.optional().openapi({ description: "Defaults to the workspace's defaultLocationType", example: EXAMPLE.type }),
    icon: LocationFields.icon.default(null).openapi({ example: EXAMPLE.icon }),
    note: LocationFields.note.default('').openapi({ example: EXAMPLE.note }),
    accessLevel: LocationFields.accessLevel.default(null),
    latitude: LocationFields.latitude.default(null).openapi({ example: EXAMPLE.latitude }),
    longitude: LocationFields.longitude.default(null).openapi({ example: EXAMPLE.longitude }),
    geofenceRadiusM: LocationFields.geofenceRadiusM.default(null).openapi({ example: EXAMPLE.geofenceRadiusM }),
    replenishFrom: ReplenishFrom.default(null).openapi({ description: `The location the new one is normally refilled from; null (the default) for none. ${REPLENISH_FROM_RULES}` }),
  })
  .openapi('CreateLocation');
export type CreateLocationInput = z.infer<typeof CreateLocationInput>;

/** What a new location is made of once the workspace default for `type` is applied. */
export type NewLocation = Omit<CreateLocationInput, 'type'> & { type: LocationType };

export const UpdateLocationInput = z
  .strictObject({
    name: LocationFields.name.optional().openapi({ example: EXAMPLE.name }),
    type: LocationFields.type.optional().openapi({ example: EXAMPLE.type }),
    icon: LocationFields.icon.optional().openapi({ example: EXAMPLE.icon }),
    note: LocationFields.note.optional().openapi({ example: EXAMPLE.note }),
    accessLevel: LocationFields.accessLevel.optional(),
    latitude: LocationFields.latitude.optional().openapi({ example: EXAMPLE.latitude }),
    longitude: LocationFields.longitude.optional().openapi({ example: EXAMPLE.longitude }),
    geofenceRadiusM: LocationFields.geofenceRadiusM.optional().openapi({ example: EXAMPLE.geofenceRadiusM }),
    active: z.boolean().optional(),
    replenishFrom: ReplenishFrom.optional().openapi({ description: `The location this one is normally refilled from, or null for none. ${REPLENISH_FROM_RULES}` }),
  })
  .openapi('UpdateLocation');
export type UpdateLocationInput = z.infer<typeof UpdateLocationInput>;

export type LocationChanges = Partial<Omit<Location, 'id' | 'createdAt'>>;

/**
 * The fields of `input` whose value differs from `current`. An empty result means the update
 * changes nothing: the location is returned as it is and no event is published.
 */
export function changesOf(current: Location, input: UpdateLocationInput): LocationChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined && current[field as keyof Location] !== value) changes[field] = value;
  }
  return changes as LocationChanges;
}

/**
 * Whether `changes` can break the replenishment rules (see replenishFromRefusal and
 * sourceRefusal): naming a source, or deactivating a location that may be one. Such a change is
 * decided under the workspace's replenishment lock; clearing a source or activating cannot break
 * them and needs none.
 */
export function changesReplenishment(changes: LocationChanges): boolean {
  return (changes.replenishFrom !== undefined && changes.replenishFrom !== null) || changes.active === false;
}

/** A location as the replenishment rules name it. */
export interface NamedLocation {
  id: string;
  name: string;
}

/** What this service knows of the location named as a source: undefined when no live location of the workspace has the id. */
export interface SourceFacts extends NamedLocation {
  active: boolean;
  /** Whether the caller may read it: one it may not is answered as if it did not exist, so nobody can probe for it. */
  readable: boolean;
}

const label = (location: NamedLocation) => `"${location.name}" (${location.id})`;

/** Long chains are named by their ends: a message stays short whatever the walk found. */
const CHAIN_NAMED = 6;

function chainLabel(cycle: readonly NamedLocation[]): string {
  const names = cycle.map((location) => `"${location.name}"`);
  if (names.length <= CHAIN_NAMED) return names.join(' → ');
  const hidden = names.length - CHAIN_NAMED;
  return [...names.slice(0, CHAIN_NAMED - 2), `… (${hidden} more) …`, ...names.slice(-2)].join(' → ');
}

/** replenishFrom names something the location may not be refilled from; the message starts with the field, so a client knows what to fix. */
export class ReplenishFromRefused extends Unprocessable {
  constructor(reason: string) {
    super(`replenishFrom: ${reason}`);
  }
}

/**
 * Why `location` may not be refilled from `sourceId`, or undefined when it may: the source is
 * another live, active location the caller can read, and the chain of sources walked from it
 * (`chain`: from the source on, up to `location` when it gets there, else empty) does not lead
 * back to `location`.
 */
export function replenishFromRefusal(facts: {
  location: NamedLocation;
  sourceId: string;
  source: SourceFacts | undefined;
  chain: readonly NamedLocation[];
}): ReplenishFromRefused | undefined {
  const { location, source } = facts;
  if (facts.sourceId === location.id) return new ReplenishFromRefused(`location ${label(location)} cannot be refilled from itself.`);
  if (!source?.readable) return new ReplenishFromRefused(`location ${facts.sourceId} does not exist.`);
  if (!source.active) return new ReplenishFromRefused(`location ${label(source)} is inactive; activate it first or choose an active location.`);
  if (facts.chain.at(-1)?.id === location.id) {
    return new ReplenishFromRefused(
      `${chainLabel([location, ...facts.chain])} would form a cycle; choose a location that is not refilled from "${location.name}", directly or through others.`,
    );
  }
  return undefined;
}

/** How many of the locations naming a source a refusal names; the rest are counted. */
export const REFERRERS_NAMED = 3;

/** The live locations refilled from a location: the first few (`named`, at most REFERRERS_NAMED) and how many in all. */
export interface Referrers {
  named: readonly NamedLocation[];
  total: number;
}

/**
 * Why `location` may be neither deactivated nor deleted, or undefined when it may: live
 * locations name it as their replenishFrom, and would be left refilled from a location that
 * takes no stock. Deleted ones do not count (`referrers` holds live ones only).
 */
export function sourceRefusal(location: { name: string }, referrers: Referrers): Conflict | undefined {
  if (referrers.total === 0) return undefined;
  const more = referrers.total - referrers.named.length;
  const named = referrers.named.map(label).join(', ') + (more > 0 ? ` and ${more} more` : '');
  const their = referrers.total === 1 ? 'its' : 'their';
  return new Conflict(`Location "${location.name}" is the replenishment source of ${named}; set ${their} replenishFrom to another location or null first.`);
}

/**
 * Spec: when the member's location access is restricted, only workspace owners may create
 * locations. Unrestricted members with locations.write may always create.
 */
export function mayCreateLocation(context: { role: Role; locationAccess: LocationAccess }): boolean {
  return !context.locationAccess.restricted || context.role === 'owner';
}

export function nameTaken(name: string): Conflict {
  return new Conflict(`A location named "${name}" already exists in this workspace (names are compared case-insensitively).`);
}

export function writeDenied(): Forbidden {
  return new Forbidden('Your location access allows reading this location, not changing it.');
}

export const DEFAULT_LOCATION_NAME = 'Inventory';
