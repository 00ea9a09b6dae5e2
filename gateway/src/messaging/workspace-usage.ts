import { CATALOG_SERVICE, CatalogCommands, type CatalogUsage, LOCATIONS_SERVICE, LocationCommands, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { type CommandClient } from '@inv/shared/messaging';
import type { WorkspaceUsage } from '../domain/workspace';

/** Live counters from the services that own them, asked in parallel over request/reply. */
export async function fetchUsage(client: CommandClient, workspaceId: string, billingCycleStart: Date): Promise<WorkspaceUsage> {
  const ctx = { workspaceId };
  const [catalog, locations, stock] = await Promise.all([
    client.request<CatalogUsage>(CATALOG_SERVICE, CatalogCommands.usage, {}, ctx),
    client.request<{ locations: number }>(LOCATIONS_SERVICE, LocationCommands.usage, {}, ctx),
    client.request<{ transfers: number }>(STOCK_SERVICE, StockCommands.usage, { billingCycleStart: billingCycleStart.toISOString() }, ctx),
  ]);
  return { transfers: stock.transfers, items: catalog.items, suppliers: catalog.suppliers, locations: locations.locations };
}
