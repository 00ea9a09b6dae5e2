import { type Caller, Forbidden } from '@inv/shared/core';

/**
 * Webhooks carry the events of every location of the workspace, and the deliveries log holds
 * their payloads: a member restricted to some locations would read the others' stock through
 * them. So webhooks are for callers with access to every location; scopes and roles apply on
 * top (webhooks.read, webhooks.write).
 */
export function assertWebhookAccess(caller: Pick<Caller, 'locationAccess'>): void {
  if (caller.locationAccess.restricted) {
    throw new Forbidden('Webhooks deliver the events of every location; a member with restricted location access cannot manage them or read their deliveries.');
  }
}
