import { ctx, routesFor } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { StockSettings, UpdateStockSettingsBody } from '../domain/stock-settings';
import { readStockSettings, updateStockSettings } from '../use-cases/stock-settings';

const route = routesFor<ServiceRuntime>();

export const settingsRoutes = [
  route({
    method: 'get',
    operationId: 'getStockSettings',
    path: '/inventory/settings',
    summary: "Get the workspace's stock settings",
    description: "The default low-stock threshold of items whose lowStockThreshold is null (5 until the workspace sets another).",
    scope: 'inventory.read',
    tags: ['Inventory'],
    responses: { 200: { description: 'The stock settings', schema: StockSettings } },
    handler: async (_input, { deps, req }) => readStockSettings(deps, ctx(req)),
  }),
  route({
    method: 'patch',
    operationId: 'updateStockSettings',
    path: '/inventory/settings',
    summary: "Change the workspace's stock settings",
    description:
      "Sets the default low-stock threshold of items whose lowStockThreshold is null; the owner's alone (403 otherwise). From the answer on, every stock change is judged by it; the change itself judges each stock-tracked item that uses the default once, at its on-hand now, and an item it moves across the threshold sends item.stock_low or item.stock_ok to webhooks. GET /items and /items/count filter by it once the catalog has the change (within the projection lag, docs/consistency.md). Sending the same value again changes nothing.",
    scope: 'inventory.write',
    tags: ['Inventory'],
    request: { body: { schema: UpdateStockSettingsBody, required: true } },
    responses: { 200: { description: 'The stock settings', schema: StockSettings } },
    handler: async ({ body }, { deps, req }) => updateStockSettings(deps, ctx(req), body),
  }),
];
