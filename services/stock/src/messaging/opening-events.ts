import { CatalogEvents, OpeningAbandoned } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { cancelOpening } from '../use-cases/cancel-opening';

/**
 * Cancels openings the catalog abandoned. The cancellation is a ledger unit of its own
 * (idempotent: a redelivery finds the opening cancelled and changes nothing); the consumer's
 * transaction then records the message as applied.
 */
export function registerOpeningConsumers(runtime: ServiceRuntime): void {
  runtime.events.on(CatalogEvents.openingAbandoned, OpeningAbandoned, async ({ operationId }, message) => {
    await cancelOpening(runtime, { workspaceId: message.workspaceId, requestId: message.requestId, actor: message.actor ?? null }, operationId);
  });
}
