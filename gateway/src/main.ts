// First: tracing patches http and pg as they load, so it must precede every other import.
import '@inv/shared/instrument';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { checkInternalSecret, loadConfig } from '@inv/shared/config';
import { AdmissionControl, createApiServer } from '@inv/shared/http';
import { createPool, poolSettings } from '@inv/shared/db';
import { Broker, CommandClient, queuePolicy } from '@inv/shared/messaging';
import { checkReadiness, createLogger, observeAdmission, observePool, startTelemetry } from '@inv/shared/observability';
import { brokerConnected, Housekeeping, prepareDatabase, runMain, waitForBroker } from '@inv/shared/runtime';
import { sweepStaleProvisioning } from './admin/workspace-provisioning';
import { GatewayConfig, serviceUrls } from './config';
import { IdentityEpoch } from './data/identity-epoch';
import { connectRedis, watchPrimary } from './data/redis-connection';
import { createGatewayApp } from './http/app';
import { IdentityCache } from './http/identity-cache';
import { openApiDocument } from './http/openapi-document';
import { RateLimiter } from './http/rate-limiter';
import { WritePositions } from './http/write-positions';
import { loadTls } from './http/tls';

export const IDENTITY_SCHEMA = 'identity';
export const IDENTITY_MIGRATIONS = path.join(__dirname, 'data/migrations');

export async function startGateway(config: GatewayConfig = loadConfig(GatewayConfig)) {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const telemetry = await startTelemetry({ name: 'gateway', config, metricsPort: config.GATEWAY_METRICS_PORT, logger });
  const secretWarning = checkInternalSecret(config);
  if (secretWarning) logger.warn(secretWarning);
  await prepareDatabase(config, IDENTITY_SCHEMA, IDENTITY_MIGRATIONS, logger);
  const pool = createPool(config.DATABASE_URL, logger, { ...poolSettings(config), application_name: 'gateway', options: `-c search_path=${IDENTITY_SCHEMA}` });
  telemetry.watch(observePool(pool, IDENTITY_SCHEMA));
  // Redis holds only rate-limit windows, the identity epoch and the callers' write positions;
  // without it the limiter fails open, identities are read from PostgreSQL and reads built from a
  // projection ask for the latest stock position, so the gateway neither waits for it at start nor
  // queues commands while it is away; ioredis reconnects by itself.
  const redis = connectRedis(config, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: config.REDIS_TIMEOUT_MS,
    commandTimeout: config.REDIS_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // Every call takes a rate-limit window: the calls of one event-loop turn share one write.
    enableAutoPipelining: true,
  });
  redis.on('error', (err) => logger.debug({ err: err.message }, 'Redis connection error'));
  const identities = new IdentityCache(pool, config.IDENTITY_CACHE_TTL_MS);
  // A workspace's defaults, changed by its owner, are announced as the admin CLI announces identity changes.
  const identityEpoch = new IdentityEpoch(redis, config.REDIS_PREFIX, config.IDENTITY_CACHE_TTL_MS, logger, config.REDIS_SENTINELS.length > 0 ? 1 : 0);
  const writePositions = new WritePositions(redis, config.REDIS_PREFIX, logger);
  // What a Redis failover may forget (docs/high-availability.md): the last identity epoch and the
  // last write positions before it. Neither is trusted past a change of primary.
  watchPrimary(redis, logger, async () => {
    identities.forget();
    await writePositions.restartHistory();
  });
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger, queuePolicy(config));
  await waitForBroker(broker, logger);
  const client = new CommandClient(broker, config.RPC_TIMEOUT_MS);
  await client.start();
  const housekeeping = new Housekeeping(logger).every('abandon stale workspace creations', config.SWEEP_INTERVAL_MS, () =>
    sweepStaleProvisioning({ pool, client, logger }, { graceMs: config.SWEEP_GRACE_MS }),
  );

  const services = serviceUrls(config);
  const admission = admissionControl(config);
  const limiter = new RateLimiter(redis, config.REDIS_PREFIX, logger, { writesRecoveryMs: config.READ_YOUR_WRITES_RECOVERY_MS });
  telemetry.watch(observeAdmission(() => admission.state()));
  const app = createGatewayApp({
    admission,
    config,
    logger,
    pool,
    client,
    limiter,
    writePositions,
    identities,
    services,
    openapi: openApiDocument(services, logger),
    identityChanged: () => identityEpoch.changed(),
    ready: () =>
      checkReadiness([
        { name: 'postgresql', check: () => pool.query('SELECT 1') },
        { name: 'rabbitmq', check: async () => brokerConnected(broker) },
        { name: 'redis', check: () => redis.ping(), optional: true },
      ]),
  });

  const tls = config.TRUST_PROXY ? undefined : await loadTls({ cert: config.TLS_CERT, key: config.TLS_KEY, dataDir: config.DATA_DIR, logger });
  const server = createApiServer(app, { tls, requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS, logger });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const url = `${config.TRUST_PROXY ? 'http' : 'https'}://${host}:${port}`;
  logger.info({ url }, `gateway listening on ${url}`);
  housekeeping.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
      await housekeeping.stop();
      await client.stop();
      await telemetry.stop();
      await broker.close();
      redis.disconnect();
      await pool.end();
    })());
  return { url, port, stop };
}

if (require.main === module) runMain('gateway', startGateway);

/**
 * The gateway's admission control from its settings, with the event loop's delay as a signal of
 * its own; disabled, a limit nothing reaches.
 */
export function admissionControl(config: GatewayConfig): AdmissionControl {
  if (!config.ADMISSION_ENABLED) return new AdmissionControl({ initialLimit: Number.MAX_SAFE_INTEGER, minLimit: Number.MAX_SAFE_INTEGER, maxLimit: Number.MAX_SAFE_INTEGER, tolerance: 1, floorMs: 1, ceilingMs: Number.MAX_SAFE_INTEGER, windowMs: 60_000 });
  return new AdmissionControl({
    initialLimit: config.ADMISSION_INITIAL_LIMIT,
    minLimit: config.ADMISSION_MIN_LIMIT,
    maxLimit: Math.max(config.ADMISSION_MIN_LIMIT, config.ADMISSION_MAX_LIMIT),
    tolerance: 2,
    floorMs: config.ADMISSION_LATENCY_FLOOR_MS,
    ceilingMs: Math.max(config.ADMISSION_LATENCY_FLOOR_MS, config.ADMISSION_LATENCY_CEILING_MS),
    windowMs: 250,
  }, undefined, eventLoopDelay());
}

/** The event loop's p99 delay (ms) since the last call, beyond the sampling timer's own period. */
function eventLoopDelay(): () => number {
  const resolutionMs = 10;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  return () => {
    const p99 = histogram.percentile(99) / 1e6 - resolutionMs;
    histogram.reset();
    return Number.isFinite(p99) ? Math.max(0, p99) : 0;
  };
}
