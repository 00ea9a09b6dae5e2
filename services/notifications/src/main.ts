// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import path from 'node:path';
import { loadConfig } from '@inv/shared/config';
import { createServiceApp, mountRoutes } from '@inv/shared/http';
import { isReady, runMain, startService } from '@inv/shared/runtime';
import { NotificationsConfig } from './config';
import { observeWebhooks } from './delivery/observe-webhooks';
import { type DeliverySettings, DeliveryWorker } from './delivery/worker';
import { checkSecretsKey, SecretBox } from './domain/secret-box';
import { notificationsDocument } from './http/webhook-document';
import { webhookRoutes } from './http/webhook-routes';
import { subscribeToPublicEvents } from './messaging/subscriptions';
import { purgeFinishedMessages } from './data/message-repository';
import type { Notifications } from './use-cases/notifications';
import { reconcileRoutes } from './use-cases/routes';

export function deliverySettings(config: NotificationsConfig): DeliverySettings {
  return {
    schedule: config.WEBHOOK_RETRY_SCHEDULE,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxInFlightPerEndpoint: config.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT,
    concurrency: config.WEBHOOK_CONCURRENCY,
    maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
    allow: config.WEBHOOK_ALLOWED_CIDRS,
    pollMs: config.WEBHOOK_POLL_MS,
    // The attempt, then its record (one statement, bounded by the statement timeout), then a second of slack.
    leaseMs: config.WEBHOOK_TIMEOUT_MS + config.DB_STATEMENT_TIMEOUT_MS + 1000,
  };
}

export async function startNotifications(config: NotificationsConfig = loadConfig(NotificationsConfig)) {
  const box = new SecretBox(config.WEBHOOK_SECRETS_KEY);
  const keyWarning = checkSecretsKey(config);
  return startService({
    name: 'notifications',
    config,
    port: config.NOTIFICATIONS_PORT,
    metricsPort: config.NOTIFICATIONS_METRICS_PORT,
    migrationsDir: path.join(__dirname, 'data/migrations'),
    observe: (runtime) => [observeWebhooks(runtime.pool, runtime.logger)],
    // It delivers events to webhooks and announces nothing on the bus.
    recordsEvents: false,
    wire: (runtime) => {
      if (keyWarning) runtime.logger.warn(keyWarning);
      const delivery = deliverySettings(config);
      const worker = new DeliveryWorker(runtime.pool, box, delivery, runtime.logger);
      runtime.runWorker(worker);
      const deps: Notifications = { ...runtime, box, delivery, worker };
      subscribeToPublicEvents(deps);
      runtime.housekeeping.every('purge finished webhook messages', config.PURGE_INTERVAL_MS, async () => {
        const olderThan = new Date(Date.now() - config.WEBHOOK_RETENTION_HOURS * 3_600_000);
        let deleted = 0;
        for (let batch = config.PURGE_BATCH_SIZE; batch === config.PURGE_BATCH_SIZE; deleted += batch) batch = await purgeFinishedMessages(runtime.pool, olderThan, config.PURGE_BATCH_SIZE);
        return { messages: deleted };
      });
      // Once soon after start, every route bound again (the queue may have been declared anew); then what changed.
      let everything = true;
      runtime.housekeeping.every('reconcile webhook routes', config.WEBHOOK_ROUTES_INTERVAL_MS, async () => {
        const counts = await reconcileRoutes(deps, { everything });
        everything = false;
        return counts;
      });
      const document = notificationsDocument();
      return createServiceApp({
        service: runtime.name,
        logger: runtime.logger,
        internalSecret: config.INTERNAL_SECRET,
        ready: () => isReady(runtime.pool, runtime.broker),
        openapi: () => document,
        routes: (app) => mountRoutes(app, webhookRoutes, deps),
      });
    },
  });
}

if (require.main === module) runMain('notifications', startNotifications);
