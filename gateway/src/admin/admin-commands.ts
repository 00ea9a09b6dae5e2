import { AccessLevel, BadRequest, isId, newId, NotFound, Plan, planQuota, Role, Scope, z } from '@inv/shared/core';
import { claimPlanQuota, type Pool, withTransaction } from '@inv/shared/db';
import { type CommandClient } from '@inv/shared/messaging';
import {
  findUserByEmail,
  findWorkspace,
  insertApiKey,
  isMember,
  MEMBERS_IN_USE,
  revokeApiKey,
  setPlan,
  upsertMembership,
  upsertUser,
} from '../data/identity-repository';
import { generateApiKey } from '../domain/api-key';
import type { Workspace, WorkspaceUsage } from '../domain/workspace';
import { presentWorkspace } from '../http/workspace-presenter';
import { abandonProvisioning, beginProvisioning, finishProvisioning, requestDefaultLocation } from './workspace-provisioning';

export interface AdminDeps {
  pool: Pool;
  client: CommandClient;
  /**
   * Tells the gateways, after a change to an existing key, membership or workspace has committed,
   * that identities they cached may be stale (IdentityEpoch.changed). Additions need no call: the
   * gateways never cache what they did not find.
   */
  identityChanged: () => Promise<void>;
}

const Email = z.string().trim().email().max(254);
const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and hyphens (at most 63), starting with a letter or a digit');

export const CreateWorkspaceArgs = z.strictObject({
  name: z.string().trim().min(1).max(100),
  slug: Slug.optional(),
  plan: Plan.default('free'),
  ownerEmail: Email,
});

/** What a workspace has the moment it is created: its default location and nothing else. */
const NEW_WORKSPACE_USAGE: WorkspaceUsage = { transfers: 0, items: 0, suppliers: 0, locations: 1 };

/**
 * Creates the workspace, its owner and a full-access key, and the default "Inventory" location
 * (asked of the locations service): all or nothing, as a saga (see workspace-provisioning.ts).
 * On failure the creation is abandoned at once, or by the gateway's sweeper when that fails too;
 * the error is what the caller sees.
 */
export async function createWorkspace(deps: AdminDeps, input: z.input<typeof CreateWorkspaceArgs>): Promise<{ workspace: Workspace; user: { id: string; email: string; role: Role }; apiKey: string }> {
  const args = CreateWorkspaceArgs.parse(input);
  const key = generateApiKey('full');
  const pending = await beginProvisioning(deps.pool, args);
  let created: Awaited<ReturnType<typeof finishProvisioning>>;
  try {
    const location = await requestDefaultLocation(deps.client, pending.id);
    created = await finishProvisioning(deps.pool, pending.id, location.id, { email: args.ownerEmail, key });
  } catch (err) {
    // A failed abandonment is finished by the sweeper; the caller needs the first failure.
    await abandonProvisioning(deps, pending.id).catch(() => undefined);
    throw err;
  }
  const { workspace, user } = created;
  const membership = { role: 'owner' as const, location_access_restricted: false, location_access: [] };
  return {
    workspace: presentWorkspace(workspace, membership, user, NEW_WORKSPACE_USAGE),
    user: { id: user.id, email: user.email, role: 'owner' },
    apiKey: key.key,
  };
}

/** "LOC:read,LOC2:write" → a restricted location access list. */
export function parseLocationAccess(spec: string | undefined): { restricted: boolean; locations: Array<{ locationId: string; accessLevel: AccessLevel }> } {
  if (spec === undefined) return { restricted: false, locations: [] };
  const locations = spec
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [locationId, level] = entry.split(':');
      const accessLevel = AccessLevel.safeParse(level);
      if (!locationId || !isId(locationId) || !accessLevel.success) {
        throw new BadRequest(`Invalid --location-access entry "${entry}": expected LOCATION_ID:read or LOCATION_ID:write, LOCATION_ID a location's UUID.`);
      }
      return { locationId, accessLevel: accessLevel.data };
    });
  return { restricted: true, locations };
}

export const AddMemberArgs = z.strictObject({
  workspace: z.string().min(1),
  email: Email,
  role: Role,
  locationAccess: z.string().optional(),
});

/** Adds (or updates) a member, effective on the member's next call. A new member claims one of the plan's users (shared plan quota), last before commit. */
export async function addMember(deps: AdminDeps, input: z.input<typeof AddMemberArgs>): Promise<{ user: { id: string; email: string; role: Role; locationAccess: ReturnType<typeof parseLocationAccess> } }> {
  const args = AddMemberArgs.parse(input);
  const access = parseLocationAccess(args.locationAccess);
  const added = await withTransaction(deps.pool, async (tx) => {
    const workspace = await findWorkspace(tx, args.workspace);
    if (!workspace) throw new NotFound(`Workspace ${args.workspace}`);
    const user = await upsertUser(tx, newId(), args.email);
    const { added } = await upsertMembership(tx, { workspaceId: workspace.id, userId: user.id, role: args.role, access });
    if (added) await claimPlanQuota(tx, workspace.id, planQuota(workspace, 'users'), MEMBERS_IN_USE);
    return { user: { id: user.id, email: user.email, role: args.role, locationAccess: access } };
  });
  await deps.identityChanged();
  return added;
}

export const CreateKeyArgs = z.strictObject({
  workspace: z.string().min(1),
  email: Email,
  scopes: z.array(Scope).min(1).optional(),
  rateLimit: z.coerce.number().int().min(1).max(100000).optional(),
});

/**
 * Full-access key (no scopes) or restricted key (scopes given, bound to the workspace).
 * The key is returned once; only its hash is stored.
 */
export async function createKey(deps: AdminDeps, input: z.input<typeof CreateKeyArgs>): Promise<{ id: string; apiKey: string; restricted: boolean; scopes: Scope[] | null }> {
  const args = CreateKeyArgs.parse(input);
  if (args.rateLimit !== undefined && !args.scopes) throw new BadRequest('--rate-limit applies to restricted keys: give --scopes too.');
  const workspace = await findWorkspace(deps.pool, args.workspace);
  if (!workspace) throw new NotFound(`Workspace ${args.workspace}`);
  const user = await findUserByEmail(deps.pool, args.email);
  if (!user || !(await isMember(deps.pool, workspace.id, user.id))) throw new NotFound(`Member ${args.email} of workspace ${workspace.slug}`);
  const restricted = args.scopes !== undefined;
  const key = generateApiKey(restricted ? 'restricted' : 'full');
  const id = newId();
  const scopes = args.scopes ? [...new Set(args.scopes)] : null;
  await insertApiKey(deps.pool, {
    id,
    hash: key.hash,
    displayPrefix: key.displayPrefix,
    userId: user.id,
    workspaceId: restricted ? workspace.id : null,
    restricted,
    scopes,
    rateLimit: args.rateLimit ?? null,
  });
  return { id, apiKey: key.key, restricted, scopes };
}

export async function revokeKey(deps: AdminDeps, id: string): Promise<{ id: string; revoked: true }> {
  if (!z.string().uuid().safeParse(id).success || !(await revokeApiKey(deps.pool, id))) throw new NotFound(`API key ${id}`);
  await deps.identityChanged();
  return { id, revoked: true };
}

export async function changePlan(deps: AdminDeps, input: { workspace: string; plan: string }): Promise<{ workspace: { id: string; slug: string; plan: Plan } }> {
  const plan = Plan.parse(input.plan);
  const workspace = await findWorkspace(deps.pool, input.workspace);
  if (!workspace) throw new NotFound(`Workspace ${input.workspace}`);
  const updated = await setPlan(deps.pool, workspace.id, plan);
  await deps.identityChanged();
  return { workspace: { id: updated!.id, slug: updated!.slug, plan: updated!.plan } };
}
