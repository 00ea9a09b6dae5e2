import { z } from 'zod';
import { isId } from './ids';

/** Every scope a restricted key may carry: the spec's three plus ours. */
export const SCOPES = [
  'items.read',
  'items.write',
  'locations.read',
  'locations.write',
  'inventory.read',
  'inventory.write',
  'transfers.read',
  'transfers.write',
  'tags.read',
  'tags.write',
  'workspaces.read',
  'workspaces.write',
  'webhooks.read',
  'webhooks.write',
  'imports.read',
  'imports.write',
  'jobs.read',
  'jobs.write',
  'purchase_orders.read',
  'purchase_orders.write',
  'valuation.read',
  'valuation.write',
] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

export const ROLES = ['owner', 'member', 'viewer', 'billing'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

const READ_SCOPES = SCOPES.filter((s) => s.endsWith('.read'));

/** What each role may do at most; a key's effective scopes are its own scopes intersected with these. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  member: SCOPES,
  viewer: READ_SCOPES,
  billing: ['workspaces.read'],
};

export function effectiveScopes(keyScopes: readonly Scope[] | null, role: Role): Scope[] {
  const allowed = ROLE_SCOPES[role];
  return keyScopes === null ? [...allowed] : allowed.filter((s) => keyScopes.includes(s));
}

export const AccessLevel = z.enum(['read', 'write']);
export type AccessLevel = z.infer<typeof AccessLevel>;

export const LocationAccess = z.object({
  restricted: z.boolean(),
  locations: z.array(z.object({ locationId: z.string().min(1), accessLevel: AccessLevel })),
});
export type LocationAccess = z.infer<typeof LocationAccess>;

/** True when the member may use the location at `needed` level (write implies read); ids compare ignoring case. */
export function canAccessLocation(access: LocationAccess, locationId: string, needed: AccessLevel): boolean {
  if (!access.restricted) return true;
  const wanted = locationId.toLowerCase();
  const grant = access.locations.find((l) => l.locationId.toLowerCase() === wanted);
  if (!grant) return false;
  return needed === 'read' || grant.accessLevel === 'write';
}

/**
 * The location ids a restricted member may read (its grants, read or write), lowercased as
 * PostgreSQL prints uuids, ids that cannot exist dropped; undefined when access is unrestricted.
 */
export function readableLocationIds(access: LocationAccess): string[] | undefined {
  return access.restricted ? access.locations.map((l) => l.locationId.toLowerCase()).filter(isId) : undefined;
}
