import { ApiId, ApiTimestamp, Conflict, Forbidden, type LocationAccess, LocationType, type Role, z } from '@inv/shared/core';

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
  })
  .openapi('Location');
export type Location = z.infer<typeof Location>;

export const CreateLocationInput = z
  .strictObject({
    name: LocationFields.name,
    type: LocationFields.type.optional().openapi({ description: "Defaults to the workspace's defaultLocationType" }),
    icon: LocationFields.icon.default(null),
    note: LocationFields.note.default(''),
    accessLevel: LocationFields.accessLevel.default(null),
    latitude: LocationFields.latitude.default(null),
    longitude: LocationFields.longitude.default(null),
    geofenceRadiusM: LocationFields.geofenceRadiusM.default(null),
  })
  .openapi('CreateLocation');
export type CreateLocationInput = z.infer<typeof CreateLocationInput>;

/** What a new location is made of once the workspace default for `type` is applied. */
export type NewLocation = Omit<CreateLocationInput, 'type'> & { type: LocationType };

export const UpdateLocationInput = z
  .strictObject({
    name: LocationFields.name.optional(),
    type: LocationFields.type.optional(),
    icon: LocationFields.icon.optional(),
    note: LocationFields.note.optional(),
    accessLevel: LocationFields.accessLevel.optional(),
    latitude: LocationFields.latitude.optional(),
    longitude: LocationFields.longitude.optional(),
    geofenceRadiusM: LocationFields.geofenceRadiusM.optional(),
    active: z.boolean().optional(),
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
 * The fields other services keep a copy of (the stock service: to name locations and to refuse
 * stock where a location is inactive). A change of any of them is fenced there before it commits
 * (docs/consistency.md); the others are this service's alone.
 */
const COPIED_ELSEWHERE = ['name', 'type', 'active'] as const satisfies ReadonlyArray<keyof LocationChanges>;

/** Whether `changes` touch what other services keep of the location. */
export function changesCopiedFields(changes: LocationChanges): boolean {
  return COPIED_ELSEWHERE.some((field) => changes[field] !== undefined);
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
