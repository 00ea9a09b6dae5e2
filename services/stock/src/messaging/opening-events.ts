import { CatalogEvents, OpeningAbandoned } from '@inv/shared/core';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { cancelOpeningIn } from '../use-cases/cancel-opening';

/** Cancels openings the catalog abandoned, in the consumer's transaction (applied once per message). */
export function registerOpeningConsumers(runtime: ServiceRuntime): void {
  runtime.events.on(
    CatalogEvents.openingAbandoned,
    OpeningAbandoned,
    async ({ operationId }, message, tx) => {
      await cancelOpeningIn(tx, message.workspaceId, message.requestId, operationId);
    },
    // Its stock.changed is sent as soon as it commits.
    { recordsEvents: true },
  );
}
