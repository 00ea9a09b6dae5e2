import { DependencyAway } from '@inv/shared/core';
import { type PoolClient, withTransaction } from '@inv/shared/db';
import { dropRoutes, enabledFilters, lockRoutes, routedTypes, saveRoutes } from '../data/route-repository';
import { internalTypesFor } from '../messaging/public-events';
import type { Notifications } from './notifications';

/** How long RabbitMQ may take to bind or unbind one workspace's routes. */
const BIND_TIMEOUT_MS = 5_000;

/**
 * Routes: the notifications queue is bound, per workspace, only to the internal events that some
 * enabled endpoint of the workspace subscribes to (by the public events each makes), so RabbitMQ
 * routes every other message past it and a transfer of a workspace nobody listens to costs this
 * service nothing (docs/webhooks.md, "What a listener costs").
 *
 * Binding is part of the change that needs it: a change of a workspace's endpoints binds what
 * they subscribe to inside its own transaction, under the workspace's routes lock, before it
 * commits; if RabbitMQ cannot bind, the change fails and nothing is kept. So an endpoint receives
 * every event committed after its creation (or its enabling, or a change of its filter) was
 * acknowledged. Unbinding is left to reconcileRoutes, which unbinds only under the same lock
 * after reading the endpoints.
 */
export async function routeWorkspace(deps: Pick<Notifications, 'events'>, tx: PoolClient, workspaceId: string): Promise<void> {
  await lockRoutes(tx, workspaceId);
  const types = internalTypesFor((await enabledFilters(tx, [workspaceId])).get(workspaceId) ?? []);
  try {
    await deps.events.bindWorkspace(workspaceId, types, BIND_TIMEOUT_MS);
  } catch {
    throw new DependencyAway('RabbitMQ (the webhook endpoint cannot be set up to receive events without it)', 'unchanged');
  }
  await saveRoutes(tx, workspaceId, types);
}

/**
 * Brings the bindings in line with the endpoints: unbinds what no enabled endpoint of a workspace
 * subscribes to any more (deleted or disabled endpoints, narrowed filters) and binds what is
 * missing. With `everything`, binds every workspace's routes again even where they look in place
 * (at start: a queue declared anew, say after RabbitMQ lost it, has none). Each workspace whose
 * routes change in its own transaction, under its routes lock.
 */
export async function reconcileRoutes(deps: Pick<Notifications, 'events' | 'pool'>, options: { everything: boolean }): Promise<{ bound: number; unbound: number }> {
  const [filters, routed] = await Promise.all([enabledFilters(deps.pool), routedTypes(deps.pool)]);
  const counts = { bound: 0, unbound: 0 };
  for (const workspaceId of new Set([...filters.keys(), ...routed.keys()])) {
    const wanted = internalTypesFor(filters.get(workspaceId) ?? []);
    const held = routed.get(workspaceId) ?? [];
    if (!options.everything && sameTypes(wanted, held)) continue;
    await withTransaction(deps.pool, async (tx) => {
      await lockRoutes(tx, workspaceId);
      // Read again under the lock: a change of the endpoints committed since the first read counts.
      const types = internalTypesFor((await enabledFilters(tx, [workspaceId])).get(workspaceId) ?? []);
      const current = (await routedTypes(tx, [workspaceId])).get(workspaceId) ?? [];
      const stale = current.filter((t) => !types.includes(t));
      const missing = options.everything ? types : types.filter((t) => !current.includes(t));
      await deps.events.bindWorkspace(workspaceId, missing, BIND_TIMEOUT_MS);
      await deps.events.unbindWorkspace(workspaceId, stale, BIND_TIMEOUT_MS);
      await saveRoutes(tx, workspaceId, missing);
      await dropRoutes(tx, workspaceId, stale);
      counts.bound += missing.length;
      counts.unbound += stale.length;
    });
  }
  return counts;
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t) => b.includes(t));
}
