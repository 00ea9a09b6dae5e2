import { type Caller, newId, NotFound, planQuota } from '@inv/shared/core';
import { claimPlanQuota, releasePlanQuota, withTransaction } from '@inv/shared/db';
import { acceptedWebhookUrl } from '../delivery/url-check';
import { deleteEndpoint, ENDPOINTS_IN_USE, type EndpointChange, findEndpoint, insertEndpoint, listEndpoints, presentEndpoint, updateEndpoint } from '../data/endpoint-repository';
import { newSigningSecret } from '../domain/signing';
import { assertWebhookAccess } from '../domain/webhook-access';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookEndpoint } from '../domain/webhook-endpoint';
import type { Notifications } from './notifications';
import { routeWorkspace } from './routes';

/** After a rotation the old secret signs alongside the new one this long, so receivers can switch without losing a delivery. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

const notFound = () => new NotFound('Webhook endpoint');

/** Creates an endpoint within the plan's limit; the answer shows its signing secret, once. */
export async function createEndpoint(deps: Notifications, caller: Caller, input: CreateWebhookBody): Promise<WebhookEndpoint & { secret: string }> {
  assertWebhookAccess(caller);
  const url = await acceptedWebhookUrl(input.url, deps.delivery);
  const secret = newSigningSecret();
  const record = await withTransaction(deps.pool, async (tx) => {
    const created = await insertEndpoint(tx, caller.workspace.id, { id: newId(), url: url.href, events: input.events, description: input.description, enabled: input.enabled, secret: deps.box.seal(secret), now: new Date() });
    await claimPlanQuota(tx, caller.workspace.id, planQuota(caller.workspace, 'webhooks'), ENDPOINTS_IN_USE);
    // Last: the queue is bound for what it subscribes to before the creation is acknowledged.
    if (created.enabled) await routeWorkspace(deps, tx, caller.workspace.id);
    return created;
  });
  return { ...presentEndpoint(record), secret };
}

/** Every endpoint of the workspace, oldest first, without secrets. */
export async function listEndpointsOf(deps: Notifications, caller: Caller): Promise<WebhookEndpoint[]> {
  assertWebhookAccess(caller);
  return (await listEndpoints(deps.pool, caller.workspace.id)).map(presentEndpoint);
}

export async function getEndpoint(deps: Notifications, caller: Caller, id: string): Promise<WebhookEndpoint> {
  assertWebhookAccess(caller);
  const record = await findEndpoint(deps.pool, caller.workspace.id, id);
  if (!record) throw notFound();
  return presentEndpoint(record);
}

/**
 * Changes what is given. Enabling clears the disabled reason and the failing streak (the pending
 * messages resume); disabling through the API pauses it with no reason. Events that happen while
 * an endpoint is disabled are not queued for it. An endpoint enabled, or subscribed to more, is
 * routed what it needs before the change is acknowledged (routes.ts).
 */
export async function changeEndpoint(deps: Notifications, caller: Caller, id: string, input: UpdateWebhookBody): Promise<WebhookEndpoint> {
  assertWebhookAccess(caller);
  const change: EndpointChange = { events: input.events, description: input.description };
  if (input.url !== undefined) change.url = (await acceptedWebhookUrl(input.url, deps.delivery)).href;
  if (input.enabled !== undefined) {
    change.enabled = input.enabled;
    change.disabledReason = null;
    if (input.enabled) change.failingSince = null;
  }
  const record = await withTransaction(deps.pool, async (tx) => {
    const updated = await updateEndpoint(tx, caller.workspace.id, id, change, new Date());
    if (updated?.enabled && (input.enabled || input.events !== undefined)) await routeWorkspace(deps, tx, caller.workspace.id);
    return updated;
  });
  if (!record) throw notFound();
  if (input.enabled) deps.worker.kick();
  return presentEndpoint(record);
}

/** Deletes the endpoint with its pending messages and its deliveries log; its unit of the plan's limit is given back. */
export async function removeEndpoint(deps: Notifications, caller: Caller, id: string): Promise<void> {
  assertWebhookAccess(caller);
  await withTransaction(deps.pool, async (tx) => {
    if (!(await deleteEndpoint(tx, caller.workspace.id, id))) throw notFound();
    await releasePlanQuota(tx, caller.workspace.id, 'webhooks');
  });
}

/**
 * A new signing secret, shown once. The one it replaces keeps signing alongside it (two
 * signatures per delivery) for PREVIOUS_SECRET_LIFETIME_MS; a secret older than that is dropped
 * by a second rotation at once.
 */
export async function rotateSecret(deps: Notifications, caller: Caller, id: string): Promise<{ secret: string; previousSecretExpiresAt: string }> {
  assertWebhookAccess(caller);
  const secret = newSigningSecret();
  const now = new Date();
  const previousSecretUntil = new Date(now.getTime() + PREVIOUS_SECRET_LIFETIME_MS);
  await withTransaction(deps.pool, async (tx) => {
    const current = await findEndpoint(tx, caller.workspace.id, id, true);
    if (!current) throw notFound();
    await updateEndpoint(tx, caller.workspace.id, id, { secret: deps.box.seal(secret), previousSecret: current.secret, previousSecretUntil }, now);
  });
  return { secret, previousSecretExpiresAt: previousSecretUntil.toISOString() };
}
