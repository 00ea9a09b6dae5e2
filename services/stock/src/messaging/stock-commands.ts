import { CancelOpening, LocationClosure, planQuotaUsage, RecordOpening, StockCommands, StockUsage, type ServiceRuntime } from '@inv/shared';
import { transferCounter } from '../data/transfer-repository';
import { cancelOpening } from '../use-cases/cancel-opening';
import { closeLocation } from '../use-cases/close-location';
import { recordOpening } from '../use-cases/record-opening';
import { reopenLocation } from '../use-cases/reopen-location';

export function registerStockCommands(runtime: ServiceRuntime): void {
  runtime.commands
    .handle(StockCommands.usage, StockUsage, async ({ billingCycleStart }, meta) => ({
      transfers: await planQuotaUsage(runtime.pool, meta.workspaceId, transferCounter(new Date(billingCycleStart))),
    }))
    .handle(StockCommands.recordOpening, RecordOpening, (payload, meta) => recordOpening(runtime, meta.workspaceId, meta.requestId, payload))
    .handle(StockCommands.cancelOpening, CancelOpening, ({ operationId }, meta) => cancelOpening(runtime, meta.workspaceId, meta.requestId, operationId))
    .handle(StockCommands.closeLocation, LocationClosure, ({ locationId }, meta) => closeLocation(runtime, meta.workspaceId, locationId))
    .handle(StockCommands.reopenLocation, LocationClosure, ({ locationId }, meta) => reopenLocation(runtime, meta.workspaceId, locationId));
}
