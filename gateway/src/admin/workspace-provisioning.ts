import { Conflict, InternalError, LOCATIONS_SERVICE, LocationCommands, newId, type Plan } from '@inv/shared/core';
import { isUniqueViolation, type Pool, withTransaction } from '@inv/shared/db';
import { type CommandClient } from '@inv/shared/messaging';
import { type Logger } from '@inv/shared/observability';
import {
  claimStaleCreations,
  deleteAbandonedWorkspace,
  insertApiKey,
  insertWorkspace,
  markAbandoned,
  markProvisioned,
  slugTaken,
  upsertMembership,
  upsertUser,
  type UserRow,
  type WorkspaceRow,
} from '../data/identity-repository';
import { slugify } from '../domain/workspace';

/*
 * Creating a workspace spans two services, so it is a saga rather than one transaction:
 *   1. beginProvisioning: the workspace row, reserving id and slug, without members (unreachable);
 *   2. requestDefaultLocation: the locations service creates "Inventory" (idempotent per workspace);
 *   3. finishProvisioning: owner, key, default location and provisioned_at, in one transaction.
 * A failure after step 1 abandons the creation (abandonProvisioning): the locations service
 * discards the default location and fences the workspace off, then the row is deleted. When the
 * process dies before that, sweepStaleProvisioning does the same once the creation has been idle
 * for the grace period. A creation is never completed by the sweeper: its key was never shown.
 */

export interface ProvisioningDeps {
  pool: Pool;
  client: CommandClient;
}

/** Step 1. Throws Conflict when the slug is taken. */
export async function beginProvisioning(pool: Pool, workspace: { name: string; slug?: string; plan: Plan }): Promise<WorkspaceRow> {
  const id = newId();
  // A derived slug gets a short suffix only when the plain one is taken; an explicit one must be free.
  const derived = slugify(workspace.name);
  const slug = workspace.slug ?? ((await slugTaken(pool, derived)) ? `${derived.slice(0, 56)}-${id.slice(0, 6)}` : derived);
  return insertWorkspace(pool, { id, name: workspace.name, slug, plan: workspace.plan }).catch((err) => {
    throw isUniqueViolation(err) ? new Conflict(`The slug "${slug}" is taken; choose another with --slug.`) : err;
  });
}

/** Step 2. Throws what the locations service answers, or a timeout naming it. */
export function requestDefaultLocation(client: CommandClient, workspaceId: string): Promise<{ id: string }> {
  return client.request<{ id: string }>(LOCATIONS_SERVICE, LocationCommands.createDefault, {}, { workspaceId });
}

/**
 * Step 3: the workspace becomes reachable, with its owner and the owner's full-access key (stored
 * as a hash). Throws InternalError when the creation was abandoned meanwhile.
 */
export async function finishProvisioning(
  pool: Pool,
  workspaceId: string,
  defaultLocationId: string,
  owner: { email: string; key: { hash: string; displayPrefix: string } },
): Promise<{ workspace: WorkspaceRow; user: UserRow }> {
  return withTransaction(pool, async (tx) => {
    // First, so the row lock orders this against an abandonment of the same creation.
    const workspace = await markProvisioned(tx, workspaceId, defaultLocationId);
    if (!workspace) throw new InternalError(`Creating workspace ${workspaceId} took too long and was rolled back; nothing was kept. Run workspace:create again.`);
    const user = await upsertUser(tx, newId(), owner.email);
    await upsertMembership(tx, { workspaceId, userId: user.id, role: 'owner', access: { restricted: false, locations: [] } });
    await insertApiKey(tx, { id: newId(), hash: owner.key.hash, displayPrefix: owner.key.displayPrefix, userId: user.id, workspaceId: null, restricted: false, scopes: null, rateLimit: null });
    return { workspace, user };
  });
}

/**
 * Gives up the creation of the workspace, unless it was completed after all (a commit whose
 * answer was lost). Throws when a step fails; the creation is then left for the sweeper.
 */
export async function abandonProvisioning(deps: ProvisioningDeps, workspaceId: string): Promise<void> {
  if (await markAbandoned(deps.pool, workspaceId)) await discardAndDelete(deps, workspaceId);
}

/**
 * The sweeper: abandons creations idle for longer than `graceMs`, at most `limit` per run.
 * Answers how many were cleaned up and how many failed (retried after another grace period).
 */
export async function sweepStaleProvisioning(deps: ProvisioningDeps & { logger: Logger }, options: { graceMs: number; limit?: number }): Promise<{ abandoned: number; failed: number }> {
  const stale = await claimStaleCreations(deps.pool, options.graceMs, options.limit ?? 100);
  let abandoned = 0;
  for (const workspaceId of stale) {
    try {
      await discardAndDelete(deps, workspaceId);
      abandoned += 1;
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, workspaceId }, 'cleaning up an abandoned workspace creation failed; the next sweep retries');
    }
  }
  return { abandoned, failed: stale.length - abandoned };
}

/**
 * The locations service discards the default location and refuses to make it again, so once it
 * has answered no orphan can appear; only then does the workspace row go.
 */
async function discardAndDelete(deps: ProvisioningDeps, workspaceId: string): Promise<void> {
  await deps.client.request(LOCATIONS_SERVICE, LocationCommands.discardDefault, {}, { workspaceId });
  await deleteAbandonedWorkspace(deps.pool, workspaceId);
}
