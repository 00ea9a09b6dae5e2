import { ApiDocs, currentBillingCycleStart, effectiveScopes, Forbidden, type CommandClient, type Pool, z } from '@inv/shared';
import type { Express, Request } from 'express';
import { listMemberWorkspaces } from '../data/identity-repository';
import { Workspace } from '../domain/workspace';
import { fetchUsage } from '../messaging/workspace-usage';
import { workspaceFor, type Caller, type WorkspaceAccess } from './caller';
import type { IdentityCache } from './identity-cache';
import { presentWorkspace } from './workspace-presenter';

const WorkspacePath = z.object({ idOrSlug: z.string().openapi({ description: 'Workspace ID or slug' }) });

export function documentWorkspaceRoutes(docs: ApiDocs): void {
  docs.route({
    method: 'get',
    path: '/workspaces/{idOrSlug}',
    summary: 'Retrieve a workspace',
    description: 'Usage counters are read live from the services that own them.',
    scope: 'workspaces.read',
    tags: ['Workspaces'],
    workspaceScoped: false,
    request: { params: WorkspacePath },
    responses: { 200: { description: 'The workspace', schema: Workspace } },
  });
  docs.route({
    method: 'get',
    path: '/workspaces',
    summary: "List the key user's workspaces",
    description: 'A restricted key sees only the workspace it is bound to.',
    scope: 'workspaces.read',
    tags: ['Workspaces'],
    workspaceScoped: false,
    responses: { 200: { description: 'The workspaces, oldest first', schema: z.array(Workspace) } },
  });
}

export function workspaceRoutes(app: Express, deps: { pool: Pool; identities: IdentityCache; client: CommandClient; caller: (req: Request) => Caller }): void {
  const present = async (caller: Caller, access: WorkspaceAccess) => {
    if (!access.scopes.includes('workspaces.read')) throw new Forbidden('This call requires the workspaces.read scope.');
    const now = new Date();
    const usage = await fetchUsage(deps.client, access.workspace.id, currentBillingCycleStart(access.workspace.billing_anchor, now));
    return presentWorkspace(access.workspace, access.membership, { id: caller.userId, email: caller.email }, usage, now);
  };

  app.get('/workspaces/:idOrSlug', async (req, res) => {
    const caller = deps.caller(req);
    res.json(await present(caller, await workspaceFor(deps.identities, caller, String(req.params.idOrSlug))));
  });

  app.get('/workspaces', async (req, res) => {
    const caller = deps.caller(req);
    const accessible = (await listMemberWorkspaces(deps.pool, caller.userId))
      .filter((m) => caller.boundWorkspaceId === null || m.workspace.id === caller.boundWorkspaceId)
      .map((m) => ({ ...m, scopes: effectiveScopes(caller.keyScopes, m.membership.role) }))
      .filter((access) => access.scopes.includes('workspaces.read'));
    res.json(await Promise.all(accessible.map((access) => present(caller, access))));
  });
}
