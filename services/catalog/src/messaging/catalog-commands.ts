import { CatalogCommands, type CatalogUsage, GetItems, type ItemSnapshot, z } from '@inv/shared/core';
import { latestOwnerPosition } from '@inv/shared/messaging';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { catalogUsage } from '../data/counters';
import { committedSnapshots } from '../data/item-repository';

export function registerCatalogCommands(runtime: ServiceRuntime): void {
  runtime.commands
    .handle(CatalogCommands.usage, z.object({}), (_payload, meta): Promise<CatalogUsage> => catalogUsage(runtime.pool, meta.workspaceId))
    .handle(CatalogCommands.getItems, GetItems, ({ itemIds }, meta): Promise<ItemSnapshot[]> =>
      committedSnapshots(runtime.pool, meta.workspaceId, [...new Set(itemIds)]),
    )
    .handle(CatalogCommands.position, z.object({}), async (_payload, meta) => ({ position: await latestOwnerPosition(runtime.pool, meta.workspaceId) }));
}
