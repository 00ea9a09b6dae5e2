import { AppError, CommittedLocation, currentBillingCycleStart, effectiveScopes, Forbidden, LocationCommands, LOCATIONS_SERVICE, NotFound, z } from '@inv/shared/core';
import { routesFor } from '@inv/shared/http';
import { type Pool } from '@inv/shared/db';
import { type CommandClient } from '@inv/shared/messaging';
import type { Request } from 'express';
import { listMemberWorkspaces, updateWorkspaceDefaults } from '../data/identity-repository';
import { DEFAULT_LOCATION_FIELDS, UpdateWorkspaceBody, type UpdateWorkspaceInput, Workspace } from '../domain/workspace';
import { fetchUsage } from '../messaging/workspace-usage';
import { workspaceFor, type KeyHolder, type WorkspaceAccess } from './caller';
import type { IdentityCache } from './identity-cache';
import { presentWorkspace } from './workspace-presenter';

export interface WorkspaceRouteDeps {
  pool: Pool;
  identities: IdentityCache;
  client: CommandClient;
  caller: (req: Request) => KeyHolder;
  /** Announces a change of what the gateways cache of a workspace (the identity epoch), after its commit. */
  identityChanged: () => Promise<void>;
}

const WorkspacePath = z.object({ idOrSlug: z.string().openapi({ description: 'Workspace ID or slug' }) });

/** The workspaces.read scope is checked per workspace: a key's scopes depend on the member's role in each. */
async function present(deps: WorkspaceRouteDeps, caller: KeyHolder, access: WorkspaceAccess) {
  if (!access.scopes.includes('workspaces.read')) throw new Forbidden('This call requires the workspaces.read scope.');
  const now = new Date();
  const usage = await fetchUsage(deps.client, access.workspace.id, currentBillingCycleStart(access.workspace.billing_anchor, now));
  return presentWorkspace(access.workspace, access.membership, { id: caller.userId, email: caller.email }, usage, now);
}

/**
 * Each default location given must be a live, active location of the workspace: asked of the
 * locations service, which answers what is committed (the gateway reads no other schema). Throws
 * a 422 naming the field.
 */
async function requireActiveLocations(deps: WorkspaceRouteDeps, workspaceId: string, requestId: string, input: UpdateWorkspaceInput): Promise<void> {
  for (const field of DEFAULT_LOCATION_FIELDS) {
    const locationId = input[field];
    if (locationId === undefined || locationId === null) continue;
    const answer = CommittedLocation.nullable().parse(await deps.client.request(LOCATIONS_SERVICE, LocationCommands.get, { locationId }, { workspaceId, requestId }));
    const why = !answer || answer.deleted ? 'does not exist' : !answer.active ? 'is inactive' : undefined;
    if (why) throw new AppError('unprocessable_entity', `${field}: location ${locationId} ${why}; a default location must be an active location of the workspace.`, { param: field });
  }
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
    method: 'patch',
    operationId: 'updateWorkspace',
    path: '/workspaces/{idOrSlug}',
    summary: "Set a workspace's job and transfer defaults",
    description:
      "The workspace's owner only (403 otherwise; the key needs workspaces.write). Sets the defaults jobs and transfers take: defaultInvoiceSourceLocationId (a job's source), defaultTransferFromLocationId (a transfer's source when POST /inventory/transfers gives no fromLocationId), defaultMarkupPercent (0–1000, null: none), defaultTaxPercent (0–100), defaultTaxIncluded and defaultCurrency (ISO 4217). A field out of its bounds is a 400 naming it; a location that does not exist, was deleted or is inactive a 422 naming the field; null clears a location. Fields left out keep their value; jobs already created keep what they copied. From the answer on, every call sees the new defaults.",
    scope: 'workspaces.write',
    tags: ['Workspaces'],
    workspaceScoped: false,
    request: { params: WorkspacePath, body: { schema: UpdateWorkspaceBody, required: true } },
    responses: { 200: { description: 'The workspace', schema: Workspace } },
    handler: async ({ params, body }, { deps, req }) => {
      const caller = deps.caller(req);
      const access = await workspaceFor(deps.identities, caller, params.idOrSlug);
      if (!access.scopes.includes('workspaces.write')) throw new Forbidden('This call requires the workspaces.write scope.');
      if (access.membership.role !== 'owner') throw new Forbidden("Only the workspace's owner may change its defaults.");
      await requireActiveLocations(deps, access.workspace.id, req.requestId, body);
      const updated = await updateWorkspaceDefaults(deps.pool, access.workspace.id, body);
      if (!updated) throw new NotFound('Workspace');
      // Every gateway drops what it cached of the workspace before the answer leaves: the next call of any key carries the new defaults.
      if (Object.keys(body).length > 0) await deps.identityChanged();
      return present(deps, caller, { ...access, workspace: updated });
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
