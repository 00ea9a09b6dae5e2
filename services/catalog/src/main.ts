// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { createServiceApp, mountRoutes, serviceDocument } from '@inv/shared/http';
import { isReady, runMain, startService } from '@inv/shared/runtime';
import { catalogRoutes } from './http/routes';
import { registerCatalogCommands } from './messaging/catalog-commands';
import { STOCK_EVENTS_CONSUMPTION, subscribeToStockEvents } from './messaging/stock-events';
import { ImportWorker } from './use-cases/import-worker';
import type { ImportDeps } from './use-cases/imports';

export async function startCatalog(config: BaseConfig = loadConfig(BaseConfig)) {
  return startService({
    name: 'catalog',
    config,
    port: config.CATALOG_PORT,
    metricsPort: config.CATALOG_METRICS_PORT,
    migrationsDir: path.join(__dirname, 'data/migrations'),
    events: STOCK_EVENTS_CONSUMPTION,
    wire: (runtime) => {
      registerCatalogCommands(runtime);
      subscribeToStockEvents(runtime);
      const worker = new ImportWorker(runtime, { pollMs: config.IMPORT_POLL_MS, leaseMs: config.IMPORT_LEASE_MS }, runtime.logger);
      runtime.runWorker(worker);
      const deps: ImportDeps = { ...runtime, imports: worker };
      const document = serviceDocument('catalog', catalogRoutes);
      return createServiceApp({
        service: runtime.name,
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => document,
        routes: (app) => mountRoutes(app, catalogRoutes, deps),
      });
    },
  });
}

if (require.main === module) runMain('catalog', startCatalog);
