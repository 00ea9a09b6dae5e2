import { describeIssues } from './validation-messages';
import { z } from './zod';

const DEVELOPMENT_INTERNAL_SECRET = 'local-development-internal-secret';

/** Unset optional strings arrive as '' from some shells and compose files; treat them as absent. */
export const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
export const booleanFlag = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()) : v),
  z.boolean(),
);
/** The OTLP transports this build ships (gRPC is not one of them). */
const OtlpProtocol = z.enum(['http/protobuf', 'http/json'], { message: 'must be http/protobuf or http/json (gRPC is not supported)' });

/**
 * One URL, or several separated by commas (the nodes of a cluster), parsed to the list; each must
 * be a URL (a 400-like refusal at start names the one that is not).
 */
const urlList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((url) => url.trim()).filter((url) => url !== ''))
    .pipe(z.array(z.string().url()).min(1, { message: 'must have at least one URL' }));

/** Settings every process reads. Each process extends this with its own fields and parses once at start. */
export const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/inventory'),
  /**
   * RabbitMQ: one node, or every node of a cluster, comma-separated. A process connects to one and,
   * when that connection is lost, to the next that answers (docs/high-availability.md).
   */
  AMQP_URL: urlList('amqp://guest:guest@127.0.0.1:5672'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** HMAC secret shared by the gateway and the services to sign the internal request context. */
  INTERNAL_SECRET: z.string().min(16).default(DEVELOPMENT_INTERNAL_SECRET),
  EVENTS_EXCHANGE: z.string().min(1).default('inventory.events'),
  /**
   * How the durable queues are declared: `quorum` (replicated, RabbitMQ 4's production queues;
   * needs RabbitMQ 3.10 or later) or `classic`. Every process of a deployment must use the same:
   * a queue's type cannot change once declared (docs/scaling.md).
   */
  AMQP_QUEUE_TYPE: z.enum(['classic', 'quorum']).default('classic'),
  /** Quorum queues: deliveries of one message without a settlement (a process crashing on it) before it is dead-lettered. */
  AMQP_DELIVERY_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Bound on a request/reply call made outside a request (consumers, sweepers, workers, the admin
   * CLI). Within a request, a call waits what is left of the request's deadline instead
   * (docs/overload.md), and is refused at once (retryable 429) when too little is left.
   */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  /**
   * Bound, outside a request, on the calls that keep a projection trustworthy (docs/consistency.md):
   * an owner fencing the stock service's copy of an entity, the stock service asking an owner for an
   * entity its copy cannot vouch for, the catalog asking for the latest stock position. Within a
   * request they wait what is left of its deadline, like every call: a slow peer is then a
   * wait, and past the deadline the retryable 429, never a 500.
   */
  PROJECTION_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(1000),
  /**
   * How long a read built from the catalog's stock projection waits for the projection to reach
   * the caller's own latest stock change (read-your-writes) before answering 500 naming the lag.
   */
  READ_YOUR_WRITES_WAIT_MS: z.coerce.number().int().min(100).max(60000).default(3000),
  /** Bounds on every PostgreSQL call: a dead or silent database becomes an error, never a hang. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(4000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(5000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60000).default(250),
  /** How often the catalog's import worker looks for jobs it was not woken for (another replica's, one whose worker died). */
  IMPORT_POLL_MS: z.coerce.number().int().min(10).max(60000).default(1000),
  /** How long an import job stays with its worker unless renewed (every third of it while it runs): a dead worker's job runs again this long after. */
  IMPORT_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * How long the relay, woken by a commit, waits for more commits before reading the outbox, and
   * a consumer waits for more deliveries before applying what arrived: under load each read or
   * transaction then carries several messages instead of one. Adds at most this much to an
   * event's way (the catalog's stock projection, a read waiting for its caller's change).
   */
  MESSAGE_LINGER_MS: z.coerce.number().int().min(0).max(100).default(3),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60000).default(10000),
  /**
   * The whole of a request, headers and body, must reach the API port within this; past it the
   * client gets 408 and the connection is closed. Node's default (300 s) lets a client that
   * stops short of its Content-Length hold a connection and a pending body read for five minutes.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  CATALOG_PORT: z.coerce.number().int().min(1).max(65535).default(4101),
  LOCATIONS_PORT: z.coerce.number().int().min(1).max(65535).default(4102),
  STOCK_PORT: z.coerce.number().int().min(1).max(65535).default(4103),
  NOTIFICATIONS_PORT: z.coerce.number().int().min(1).max(65535).default(4104),
  /** Interface the internal services bind to; keep it on loopback or a private network. */
  SERVICES_HOST: z.string().default('127.0.0.1'),
  /** How often each service purges its sent outbox rows, old processed message ids and other expired rows. */
  PURGE_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** Rows deleted per purge statement: each batch is one short statement, so no lock is held for long. */
  PURGE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Sent outbox rows are kept this long, for inspection and replay by hand. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  /**
   * Ids of applied messages are kept this long to recognise a redelivery. Retries end within
   * seconds, but a message shovelled back from a dead-letter queue by hand may come days later.
   */
  PROCESSED_MESSAGES_RETENTION_HOURS: z.coerce.number().int().min(24).max(8760).default(336),
  /** How often the sweepers look for work a crash or an outage interrupted (workspace creation, location deletion). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Interrupted work is healed only once it has been idle this long. The floor stays above the
   * longest RPC_TIMEOUT_MS, so a sweeper never undoes work a live request is still doing.
   */
  SWEEP_GRACE_MS: z.coerce.number().int().min(120_000).max(86_400_000).default(300_000),
  /**
   * Prometheus text on GET /metrics, served on a port of each process's own, bound to SERVICES_HOST:
   * never on the gateway's public port. 0 takes any free port (logged).
   */
  METRICS_ENABLED: booleanFlag.default(true),
  CATALOG_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  LOCATIONS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9466),
  STOCK_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9467),
  NOTIFICATIONS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9468),
  /**
   * OpenTelemetry's own variables. Traces are exported only when an OTLP endpoint is set; the
   * exporter reads the rest (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, OTEL_BSP_*, OTEL_TRACES_SAMPLER).
   */
  OTEL_SDK_DISABLED: booleanFlag.default(false),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: OtlpProtocol.default('http/protobuf'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: OtlpProtocol.optional(),
});
export type BaseConfig = z.infer<typeof BaseConfig>;

/**
 * Returns a warning to log when the development secret is in use; throws in production.
 * A process running in production with the published development secret would accept a
 * context forged by anyone who can reach a service port, so it must not start.
 */
export function checkInternalSecret(config: Pick<BaseConfig, 'NODE_ENV' | 'INTERNAL_SECRET'>): string | undefined {
  if (config.INTERNAL_SECRET !== DEVELOPMENT_INTERNAL_SECRET) return undefined;
  if (config.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: INTERNAL_SECRET must be set to a long random value (at least 16 characters) when NODE_ENV=production.');
  }
  return 'INTERNAL_SECRET is not set: using the published development value; anyone who can reach a service port can forge a request context. Set it outside development.';
}

/**
 * Parses the environment once. Throws with every offending variable named, so a bad
 * deployment fails at start rather than on the first request that needs the value.
 */
export function loadConfig<T extends z.ZodTypeAny>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}
