import { type Caller, COST_SCOPE, Forbidden, seesCosts } from '@inv/shared/core';

/**
 * Webhooks carry the events of every location of the workspace, costs included (an item's cost, a
 * job's cost total, a purchase order's prices), and the deliveries log holds their payloads: a
 * member restricted to some locations would read the others' stock through them, and a key without
 * valuation.read the costs kept from it everywhere else. So webhooks are for callers with access to
 * every location and to costs; scopes and roles apply on top (webhooks.read, webhooks.write).
 */
export function assertWebhookAccess(caller: Pick<Caller, 'locationAccess' | 'scopes'>): void {
  if (caller.locationAccess.restricted) {
    throw new Forbidden('Webhooks deliver the events of every location; a member with restricted location access cannot manage them or read their deliveries.');
  }
  if (!seesCosts(caller)) {
    throw new Forbidden(`Webhooks deliver events with their costs; managing them or reading their deliveries also requires the ${COST_SCOPE} scope, which the key or the member's role does not grant.`);
  }
}
