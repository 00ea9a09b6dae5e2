import { currentBillingCycleStart, effectiveScopes, Forbidden, z } from '@inv/shared/core';
import { routesFor } from '@inv/shared/http';
import { type Pool } from '@inv/shared/db';
import { type CommandClient } from '@inv/shared/messaging';
import type { Request } from 'express';
import { listMemberWorkspaces } from '../data/identity-repository';
import { Workspace } from '../domain/workspace';
import { fetchUsage } from '../messaging/workspace-usage';
import { workspaceFor, type KeyHolder, type WorkspaceAccess } from './caller';
import type { IdentityCache } from './identity-cache';
import { presentWorkspace } from './workspace-presenter';

export interface WorkspaceRouteDeps {
  pool: Pool;
  identities: IdentityCache;
  client: CommandClient;
  caller: (req: Request) => KeyHolder;
}

const WorkspacePath = z.object({ idOrSlug: z.string().openapi({ description: 'Workspace ID or slug' }) });

/** The workspaces.read scope is checked per workspace: a key's scopes depend on the member's role in each. */
async function present(deps: WorkspaceRouteDeps, caller: KeyHolder, access: WorkspaceAccess) {
  if (!access.scopes.includes('workspaces.read')) throw new Forbidden('This call requires the workspaces.read scope.');
  const now = new Date();
  const usage = await fetchUsage(deps.client, access.workspace.id, currentBillingCycleStart(access.workspace.billing_anchor, now));
  return presentWorkspace(access.workspace, access.membership, { id: caller.userId, email: caller.email }, usage, now);
}

const route = routesFor<WorkspaceRouteDeps>();

/** Mounted with no scope guard: the handlers check workspaces.read against each workspace's role. */
export const workspaceRoutes = [
  route({
    method: 'get',
    operationId: 'getWorkspace',
    path: '/workspaces/{idOrSlug}',
    summary: 'Retrieve a workspace',
    description: 'Usage counters are read live from the services that own them.',
    scope: 'workspaces.read',
    tags: ['Workspaces'],
    workspaceScoped: false,
    request: { params: WorkspacePath },
    responses: { 200: { description: 'The workspace', schema: Workspace } },
    handler: async ({ params }, { deps, req }) => {
      const caller = deps.caller(req);
      return present(deps, caller, await workspaceFor(deps.identities, caller, params.idOrSlug));
    },
  }),
  route({
    method: 'get',
    operationId: 'listWorkspaces',
    path: '/workspaces',
    summary: "List the key user's workspaces",
    description: 'A restricted key sees only the workspace it is bound to.',
    scope: 'workspaces.read',
    tags: ['Workspaces'],
    workspaceScoped: false,
    responses: { 200: { description: 'The workspaces, oldest first', schema: z.array(Workspace) } },
    handler: async (_input, { deps, req }) => {
      const caller = deps.caller(req);
      const accessible = (await listMemberWorkspaces(deps.pool, caller.userId))
        .filter((m) => caller.boundWorkspaceId === null || m.workspace.id === caller.boundWorkspaceId)
        .map((m) => ({ ...m, scopes: effectiveScopes(caller.keyScopes, m.membership.role) }))
        .filter((access) => access.scopes.includes('workspaces.read'));
      return Promise.all(accessible.map((access) => present(deps, caller, access)));
    },
  }),
];
