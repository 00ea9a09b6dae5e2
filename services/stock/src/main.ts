// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { createServiceApp, ctx, mountRoutes, serviceDocument } from '@inv/shared/http';
import { transfersCreated } from '@inv/shared/observability';
import { isReady, runMain, startService } from '@inv/shared/runtime';
import { stockRoutes } from './http/routes';
import { registerOpeningConsumers } from './messaging/opening-events';
import { registerProjectionConsumers } from './messaging/projection-events';
import { registerStockCommands } from './messaging/stock-commands';
import { settleStaleOpenings } from './use-cases/cancel-opening';
import { settleStaleClosings } from './use-cases/close-items';
import { awaitOwnerChanges } from './use-cases/owner-copies';

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
      runtime.housekeeping.every('settle closings of items neither confirmed nor abandoned', config.SWEEP_INTERVAL_MS, async () => ({ settled: await settleStaleClosings(runtime) }));
      runtime.housekeeping.every('settle openings neither confirmed nor abandoned', config.SWEEP_INTERVAL_MS, async () => ({ settled: await settleStaleOpenings(runtime) }));
      const document = serviceDocument('stock', stockRoutes);
      // Exported from the start, so a dashboard sees 0 rather than no series before the first transfer.
      transfersCreated.add(0);
      return createServiceApp({
        service: runtime.name,
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => document,
        routes: (app) => {
          // Every call decides from, and shows, copies of items and locations that hold every change
          // the workspace's callers had acknowledged (docs/consistency.md): one place, before any route.
          app.use((req, _res, next) => void awaitOwnerChanges(runtime, ctx(req)).then(() => next(), next));
          mountRoutes(app, stockRoutes, runtime);
        },
      });
    },
  });
}

if (require.main === module) runMain('stock', startStock);
