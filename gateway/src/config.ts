import type { ServiceName } from './http/proxy';
import { z } from '@inv/shared/core';
import { BaseConfig, booleanFlag, optionalString } from '@inv/shared/config';

export const GatewayConfig = BaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8443),
  HOST: z.string().default('127.0.0.1'),
  /** PEM files; when both are absent a self-signed pair is generated once into DATA_DIR. */
  TLS_CERT: optionalString,
  TLS_KEY: optionalString,
  DATA_DIR: z.string().default('.data'),
  /** Set when TLS ends at a proxy in front: listen on plain HTTP and accept only X-Forwarded-Proto https. */
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Namespaces every Redis key, so separate deployments (or test runs) can share a server. */
  REDIS_PREFIX: z.string().default('inv:'),
  /**
   * Redis behind Sentinel (docs/high-availability.md): the Sentinels' `host:port`, comma-separated.
   * When set, the gateway and the admin CLI ask them for the current primary (REDIS_URL is then
   * not used) and follow a failover by themselves; unset: REDIS_URL, one server.
   */
  REDIS_SENTINELS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[^:\s]+:\d{1,5}$/, { message: 'must name each Sentinel as host:port' })
          .transform((s) => ({ host: s.slice(0, s.lastIndexOf(':')), port: Number(s.slice(s.lastIndexOf(':') + 1)) })),
      ),
    ),
  /** The primary's name the Sentinels monitor. */
  REDIS_SENTINEL_MASTER: z.string().min(1).default('inventory'),
  /** Bound on connecting to Redis and on each rate-limit call; past it the call is admitted unmetered. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10000).default(250),
  /**
   * How long, at most, the gateway trusts an identity (key, membership, workspace) read from
   * PostgreSQL; changes take effect at once regardless (see identity-cache.ts). 0 turns the cache off.
   * The admin CLI waits this long after a change when it cannot reach Redis, so give it the same value.
   */
  IDENTITY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * Read-your-writes (docs/consistency.md): for this long after Redis began keeping write
   * positions (first start, or a restart that emptied it) a caller's positions may be missing, so
   * calls carry 'unknown' and reads built from a projection ask the stock service for its latest
   * position. Longer than the projection can lag while Redis restarts.
   */
  READ_YOUR_WRITES_RECOVERY_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  /**
   * Every call's deadline (docs/overload.md): the gateway answers within this of having the whole
   * request, with the answer or with the retryable 429. The services get what is left of it, and
   * every wait on another process is bounded by it.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Admission control (shared/src/http/admission.ts): off only to measure what it saves. */
  ADMISSION_ENABLED: booleanFlag.default(true),
  /** The calls admitted at once at start, and the bounds the adaptive limit moves within. */
  ADMISSION_INITIAL_LIMIT: z.coerce.number().int().min(1).max(100_000).default(128),
  ADMISSION_MIN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(8),
  ADMISSION_MAX_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1024),
  /** Mean latency of admitted calls always let in, and past which the limit always shrinks. */
  ADMISSION_LATENCY_FLOOR_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  ADMISSION_LATENCY_CEILING_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  CATALOG_URL: optionalString,
  LOCATIONS_URL: optionalString,
  STOCK_URL: optionalString,
  NOTIFICATIONS_URL: optionalString,
  /** The gateway's /metrics port: internal, bound to SERVICES_HOST, never the public PORT. */
  GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  const local = (port: number) => `http://${config.SERVICES_HOST}:${port}`;
  return {
    catalog: config.CATALOG_URL ?? local(config.CATALOG_PORT),
    locations: config.LOCATIONS_URL ?? local(config.LOCATIONS_PORT),
    stock: config.STOCK_URL ?? local(config.STOCK_PORT),
    notifications: config.NOTIFICATIONS_URL ?? local(config.NOTIFICATIONS_PORT),
  };
}
