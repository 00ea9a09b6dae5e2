import { NotFound, z } from '@inv/shared/core';
import { type Pool } from '@inv/shared/db';
import { findWorkspace, listKeys, listMembers, listWorkspaces } from '../data/identity-repository';

/** Read-only admin commands: what exists, so a lost id (of a workspace, member or key) can be found again. */

export const WorkspaceListArgs = z.strictObject({
  search: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export async function workspaceList(pool: Pool, input: z.input<typeof WorkspaceListArgs>) {
  const args = WorkspaceListArgs.parse(input);
  const { total, rows } = await listWorkspaces(pool, args);
  return {
    total,
    workspaces: rows.map((w) => ({
      id: w.id,
      name: w.name,
      slug: w.slug,
      plan: w.plan,
      members: w.members,
      defaultLocationId: w.default_location_id,
      createdAt: w.created_at.toISOString(),
    })),
  };
}

export const MemberListArgs = z.strictObject({ workspace: z.string().min(1) });

/** Throws NotFound when the workspace does not exist. */
export async function memberList(pool: Pool, input: z.input<typeof MemberListArgs>) {
  const args = MemberListArgs.parse(input);
  const workspace = await findWorkspace(pool, args.workspace);
  if (!workspace) throw new NotFound(`Workspace ${args.workspace}`);
  const members = await listMembers(pool, workspace.id);
  return {
    workspace: { id: workspace.id, slug: workspace.slug },
    members: members.map((m) => ({
      userId: m.user_id,
      email: m.email,
      role: m.role,
      locationAccess: { restricted: m.location_access_restricted, locations: m.location_access },
      joinedAt: m.joined_at.toISOString(),
    })),
  };
}

export const KeyListArgs = z.strictObject({ workspace: z.string().min(1), email: z.string().trim().min(1).optional() });

/**
 * The keys that can act on the workspace (its restricted keys and its members' full-access
 * keys), revoked ones included. Never the key: only its id and the prefix it starts with.
 * Throws NotFound when the workspace does not exist.
 */
export async function keyList(pool: Pool, input: z.input<typeof KeyListArgs>) {
  const args = KeyListArgs.parse(input);
  const workspace = await findWorkspace(pool, args.workspace);
  if (!workspace) throw new NotFound(`Workspace ${args.workspace}`);
  const keys = await listKeys(pool, workspace.id, args.email);
  return {
    workspace: { id: workspace.id, slug: workspace.slug },
    keys: keys.map((k) => ({
      id: k.id,
      prefix: k.display_prefix,
      email: k.email,
      restricted: k.restricted,
      scopes: k.scopes,
      rateLimit: k.rate_limit,
      createdAt: k.created_at.toISOString(),
      lastUsedAt: k.last_used_at?.toISOString() ?? null,
      revoked: k.revoked_at !== null,
      revokedAt: k.revoked_at?.toISOString() ?? null,
    })),
  };
}
