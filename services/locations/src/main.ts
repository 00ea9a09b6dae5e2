// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import path from 'node:path';
import { BaseConfig, loadConfig } from '@inv/shared/config';
import { createServiceApp, mountRoutes, serviceDocument } from '@inv/shared/http';
import { isReady, runMain, startService } from '@inv/shared/runtime';
import { locationRoutes } from './http/location-routes';
import { registerLocationCommands } from './messaging/location-commands';
import { sweepInterruptedDeletions } from './use-cases/roll-back-deletion';

export function startLocations(config: BaseConfig = loadConfig(BaseConfig)) {
  return startService({
    name: 'locations',
    config,
    port: config.LOCATIONS_PORT,
    metricsPort: config.LOCATIONS_METRICS_PORT,
    migrationsDir: path.join(__dirname, 'data/migrations'),
    wire: (runtime) => {
      registerLocationCommands(runtime);
      runtime.housekeeping.every('roll back interrupted location deletions', config.SWEEP_INTERVAL_MS, () =>
        sweepInterruptedDeletions(runtime, { graceMs: config.SWEEP_GRACE_MS }),
      );
      const document = serviceDocument('locations', locationRoutes);
      return createServiceApp({
        service: runtime.name,
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => document,
        routes: (app) => mountRoutes(app, locationRoutes, runtime),
      });
    },
  });
}

if (require.main === module) runMain('locations', startLocations);
