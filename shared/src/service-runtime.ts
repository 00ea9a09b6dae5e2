import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Pool } from 'pg';
import { checkInternalSecret, type BaseConfig } from './config';
import { ensureDatabase } from './db/database';
import { type TransactionOptions, withTransaction } from './db/transaction';
import { inUnitOfWork } from './db/unit-of-work';
import { migrate } from './db/migrate';
import { createPool, poolSettings } from './db/pool';
import { Housekeeping } from './housekeeping';
import { createApiServer } from './http/api-server';
import { scheduleIdempotencyPurge } from './idempotency/key-repository';
import { createLogger, type Logger } from './logger';
import { Broker, redactUrl } from './messaging/broker';
import { checkReadiness, type Readiness } from './readiness';
import { retryUntilSuccess } from './retry';
import { EventConsumer, type EventConsumerOptions } from './messaging/consumer';
import { OutboxRelay } from './messaging/outbox';
import { scheduleMessagingPurges } from './messaging/retention';
import { deadLetterQueuesOf, eventQueue, queuePolicy } from './messaging/queues';
import { CommandClient, CommandServer } from './messaging/rpc';
import { observeDeadLetters, observeOutbox, observePool, type StopObserving } from './telemetry/observers';
import { startTelemetry } from './telemetry/process-telemetry';

/** Everything a service's wiring gets to build its routes, consumers and command handlers with. */
export interface ServiceRuntime {
  name: string;
  config: BaseConfig;
  logger: Logger;
  pool: Pool;
  broker: Broker;
  outbox: OutboxRelay;
  commands: CommandServer;
  client: CommandClient;
  events: EventConsumer;
  /** Recurring purges and sweepers; wiring may add its own jobs. */
  housekeeping: Housekeeping;
  /** Registers a loop the service runs (an import worker, a delivery worker): started once it listens, stopped first. */
  runWorker: (worker: BackgroundWorker) => void;
}

/** A loop a service runs beside its HTTP API and consumers, on rows of its own database. */
export interface BackgroundWorker {
  start(): void;
  /** Resolves once the work under way has ended. */
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  /** Also the PostgreSQL schema the service owns and its queue prefix. */
  name: string;
  config: BaseConfig;
  port: number;
  /** Internal port of its /metrics (e.g. CATALOG_METRICS_PORT). */
  metricsPort: number;
  migrationsDir: string;
  /** Registers command handlers and event subscriptions, and returns the HTTP app. */
  wire: (runtime: ServiceRuntime) => Express;
  /** Gauges of the service's own (beside the pool, outbox and dead letters every service reports), stopped with it. */
  observe?: (runtime: ServiceRuntime) => StopObserving[];
  /**
   * How the service's event consumer batches its queue (EventConsumerOptions; default 16 messages
   * delivered and applied at a time): a queue that must outrun a fast producer takes more.
   */
  events?: Pick<EventConsumerOptions, 'prefetch' | 'batchSize'>;
  /**
   * The service records events of its own (default true). One that only consumes them runs no
   * outbox relay, which would otherwise look for events that never come, several times a second.
   */
  recordsEvents?: boolean;
}

export interface RunningService {
  runtime: ServiceRuntime;
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a service: database (created if missing), migrations under a lock, broker, outbox
 * relay, command server and event consumer, then HTTP. `stop` shuts down in reverse: stop
 * accepting, drain in-flight requests, stop consumers, flush nothing half-done, close pools.
 */
export async function startService(def: ServiceDefinition): Promise<RunningService> {
  const { config, name } = def;
  const logger = createLogger(name, config.LOG_LEVEL);
  const telemetry = await startTelemetry({ name, config, metricsPort: def.metricsPort, logger });
  const secretWarning = checkInternalSecret(config);
  if (secretWarning) logger.warn(secretWarning);
  await prepareDatabase(config, name, def.migrationsDir, logger);
  // Named in pg_stat_activity (and so in the benchmarks' CPU budget): whose sessions these are.
  const pool = createPool(config.DATABASE_URL, logger, { ...poolSettings(config), application_name: name, options: `-c search_path=${name}` });
  const broker = new Broker(config.AMQP_URL, config.EVENTS_EXCHANGE, logger, queuePolicy(config));
  await waitForBroker(broker, logger);
  const outbox = new OutboxRelay(pool, broker, logger, { pollMs: config.OUTBOX_POLL_MS, lingerMs: config.MESSAGE_LINGER_MS });
  const workers: BackgroundWorker[] = [];
  const runtime: ServiceRuntime = {
    name,
    config,
    logger,
    pool,
    broker,
    outbox,
    commands: new CommandServer(broker, logger, name),
    client: new CommandClient(broker, config.RPC_TIMEOUT_MS),
    events: new EventConsumer(broker, pool, logger, eventQueue(name), { ...def.events, wakeRelay: () => outbox.kick(), lingerMs: config.MESSAGE_LINGER_MS }),
    housekeeping: new Housekeeping(logger),
    runWorker: (worker) => workers.push(worker),
  };
  scheduleMessagingPurges(runtime.housekeeping, pool, config);
  scheduleIdempotencyPurge(runtime.housekeeping, pool, config);
  const app = def.wire(runtime);
  await runtime.client.start();
  await runtime.commands.start();
  await runtime.events.start();
  if (def.recordsEvents !== false) outbox.start();
  runtime.housekeeping.start();
  telemetry.watch(observePool(pool, name), observeOutbox(pool, name, logger), observeDeadLetters(broker, deadLetterQueuesOf(name), logger), ...(def.observe?.(runtime) ?? []));

  const server = createApiServer(app, { requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS, logger });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(def.port, config.SERVICES_HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.SERVICES_HOST}:${port}`;
  logger.info({ url }, `${name} service listening`);
  for (const worker of workers) worker.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      await Promise.all(workers.map((worker) => worker.stop()));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(grace);
      await runtime.housekeeping.stop();
      await runtime.events.stop();
      await runtime.commands.stop();
      await runtime.client.stop();
      await outbox.stop();
      await telemetry.stop();
      await broker.close();
      await pool.end();
      logger.info('stopped');
    })());
  return { runtime, url, stop };
}

/**
 * Creates the database if missing and applies the schema's migrations, waiting (with backoff,
 * saying so) while PostgreSQL is unreachable rather than exiting.
 */
export async function prepareDatabase(config: BaseConfig, schema: string, migrationsDir: string, logger: Logger): Promise<void> {
  await retryUntilSuccess(
    `PostgreSQL at ${redactUrl(config.DATABASE_URL)}`,
    async () => {
      await ensureDatabase(config.DATABASE_URL, config.DB_CONNECT_TIMEOUT_MS);
      await migrate({ databaseUrl: config.DATABASE_URL, schema, dir: migrationsDir, logger, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS });
    },
    logger,
  );
}

/** Waits (with backoff, saying so) until RabbitMQ accepts the connection. */
export async function waitForBroker(broker: Broker, logger: Logger): Promise<void> {
  await retryUntilSuccess(`RabbitMQ at ${broker.where}`, () => broker.waitForConnect(5000), logger);
}

/**
 * Process entry: start, stop cleanly on SIGTERM/SIGINT, exit non-zero with a clear line when
 * the start itself is impossible (bad configuration). A promise rejected and never handled is
 * logged, not fatal: one failed call must not take the process and every request in it down.
 *
 * A process started with an IPC channel (by `npm start`'s supervisor, scripts/start.ts) stops as
 * on SIGTERM when the channel closes: its parent is gone, however it went (SIGKILL included), and
 * nothing would stop it otherwise. Started without one (the image, Kubernetes), nothing changes.
 */
export function runMain(name: string, start: () => Promise<{ stop: () => Promise<void> }>): void {
  const fallback = createLogger(name);
  process.on('unhandledRejection', (err) => fallback.error({ err }, 'unhandled promise rejection'));
  let stopping = false;
  if (process.channel) {
    process.once('disconnect', () => {
      if (stopping) return;
      fallback.warn('the parent process is gone; stopping');
      process.kill(process.pid, 'SIGTERM');
    });
    // The channel is a lifeline only: it must not keep the process running once it has stopped.
    process.channel.unref();
  }
  start().then(
    (service) => {
      const shutdown = (signal: string) => {
        stopping = true;
        fallback.info({ signal }, 'signal received');
        service.stop().then(
          () => process.exit(0),
          (err) => {
            fallback.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (err) => {
      fallback.fatal({ err }, `${name} failed to start: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}

/** Readiness of a process that needs PostgreSQL and RabbitMQ, answered within a second. */
export function isReady(pool: Pool, broker: Broker): Promise<Readiness> {
  return checkReadiness([
    { name: 'postgresql', check: () => pool.query('SELECT 1') },
    { name: 'rabbitmq', check: async () => brokerConnected(broker) },
  ]);
}

export function brokerConnected(broker: Broker): void {
  if (!broker.isConnected) throw new Error('RabbitMQ connection is down');
}

/**
 * Runs `work` in a transaction as one unit of work (inUnitOfWork: run again, at most UNIT_ATTEMPTS
 * times, after a deadlock or serialisation failure or when `work` throws RunAgain) and wakes the
 * outbox relay once it has committed.
 */
export async function transact<T>(runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>, work: (tx: import('pg').PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  return inUnitOfWork(() => transactOnce(runtime, work, options));
}

/**
 * Runs `work` in a transaction once and wakes the outbox relay once it has committed: a unit of
 * work's one transaction (its caller's inUnitOfWork decides whether it runs again), or work with
 * an effect outside its transaction (a command already sent), which must not run twice.
 */
export async function transactOnce<T>(runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>, work: (tx: import('pg').PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const result = await withTransaction(runtime.pool, work, options);
  runtime.outbox.kick();
  return result;
}
