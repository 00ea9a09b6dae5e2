import { ApplyStockImport, CloseItems, LocationClosure, RecordOpening, StockCommands, StockUsage, z } from '@inv/shared/core';
import { planQuotaUsage } from '@inv/shared/db';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { latestStockPosition, TRANSFERS_IN_USE } from '../data/ledger';
import { applyImport } from '../use-cases/apply-import';
import { closeLocation } from '../use-cases/close-location';
import { closeItems } from '../use-cases/close-items';
import { recordOpening } from '../use-cases/record-opening';
import { reopenLocation } from '../use-cases/reopen-location';

export function registerStockCommands(runtime: ServiceRuntime): void {
  runtime.commands
    .handle(StockCommands.usage, StockUsage, async ({ billingCycleStart }, meta) => ({
      transfers: await planQuotaUsage(runtime.pool, meta.workspaceId, { resource: 'transfers', periodStart: new Date(billingCycleStart) }, TRANSFERS_IN_USE),
    }))
    .handle(StockCommands.recordOpening, RecordOpening, (payload) => recordOpening(runtime, payload))
    .handle(StockCommands.closeLocation, LocationClosure, ({ locationId }, meta) => closeLocation(runtime, meta.workspaceId, locationId))
    .handle(StockCommands.reopenLocation, LocationClosure, ({ locationId }, meta) => reopenLocation(runtime, meta.workspaceId, locationId))
    .handle(StockCommands.closeItems, CloseItems, (closing, meta) => closeItems(runtime, meta.workspaceId, closing))
    .handle(StockCommands.position, z.object({}), async (_payload, meta) => ({ position: await latestStockPosition(runtime.pool, meta.workspaceId) }))
    .handle(StockCommands.applyImport, ApplyStockImport, (payload) => applyImport(runtime, payload));
}
