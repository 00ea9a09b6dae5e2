// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/src/telemetry/instrument';
import path from 'node:path';
import { ApiDocs, BaseConfig, createServiceApp, isReady, loadConfig, runMain, startService } from '@inv/shared';
import { documentInventoryRoutes, inventoryRoutes } from './http/inventory-routes';
import { documentTransferRoutes, transferRoutes } from './http/transfer-routes';
import { registerOpeningConsumers } from './messaging/opening-events';
import { registerProjectionConsumers } from './messaging/projection-events';
import { registerStockCommands } from './messaging/stock-commands';

export function startStock(config: BaseConfig = loadConfig(BaseConfig)) {
  return startService({
    name: 'stock',
    config,
    port: config.STOCK_PORT,
    metricsPort: config.STOCK_METRICS_PORT,
    migrationsDir: path.join(__dirname, 'data/migrations'),
    wire: (runtime) => {
      registerStockCommands(runtime);
      registerProjectionConsumers(runtime);
      registerOpeningConsumers(runtime);
      const docs = new ApiDocs();
      documentInventoryRoutes(docs);
      documentTransferRoutes(docs);
      return createServiceApp({
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => docs.document({ title: 'stock', version: '0.0.1' }),
        routes: (app) => {
          inventoryRoutes(app, runtime);
          transferRoutes(app, runtime);
        },
      });
    },
  });
}

if (require.main === module) runMain('stock', startStock);
