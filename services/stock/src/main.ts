// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { createServiceApp, mountRoutes, serviceDocument } from '@inv/shared/http';
import { transfersCreated } from '@inv/shared/observability';
import { isReady, runMain, startService } from '@inv/shared/runtime';
import { stockRoutes } from './http/routes';
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
      const document = serviceDocument('stock', stockRoutes);
      // Exported from the start, so a dashboard sees 0 rather than no series before the first transfer.
      transfersCreated.add(0);
      return createServiceApp({
        service: runtime.name,
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => document,
        routes: (app) => mountRoutes(app, stockRoutes, runtime),
      });
    },
  });
}

if (require.main === module) runMain('stock', startStock);
