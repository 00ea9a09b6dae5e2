// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/src/telemetry/instrument';
import path from 'node:path';
import { ApiDocs, BaseConfig, createServiceApp, isReady, loadConfig, mountRoutes, runMain, startService } from '@inv/shared';
import { itemRoutes } from './http/item-routes';
import { supplierRoutes } from './http/supplier-routes';
import { tagRoutes } from './http/tag-routes';
import { registerCatalogCommands } from './messaging/catalog-commands';
import { subscribeToStockEvents } from './messaging/stock-events';

export function startCatalog(config: BaseConfig = loadConfig(BaseConfig)) {
  return startService({
    name: 'catalog',
    config,
    port: config.CATALOG_PORT,
    metricsPort: config.CATALOG_METRICS_PORT,
    migrationsDir: path.join(__dirname, 'data/migrations'),
    wire: (runtime) => {
      registerCatalogCommands(runtime);
      subscribeToStockEvents(runtime);
      const routes = [...itemRoutes, ...tagRoutes, ...supplierRoutes];
      const docs = new ApiDocs().add(routes);
      return createServiceApp({
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => docs.document({ title: 'catalog', version: '0.0.1' }),
        routes: (app) => mountRoutes(app, routes, runtime),
      });
    },
  });
}

if (require.main === module) runMain('catalog', startCatalog);
