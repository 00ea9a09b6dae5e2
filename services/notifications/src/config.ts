import { BaseConfig, booleanFlag } from '@inv/shared/config';
import { z } from '@inv/shared/core';
import { CidrListSetting } from './domain/address-policy';
import { DisableAfterSetting, RetryScheduleSetting } from './domain/retry-schedule';
import { DEVELOPMENT_SECRETS_KEY } from './domain/secret-box';

/** The notifications service's settings (docs/webhooks.md), parsed once at start. */
export const NotificationsConfig = BaseConfig.extend({
  /**
   * Encrypts the endpoints' signing secrets at rest (AES-256-GCM, key derived by SHA-256): at
   * least 32 characters. Production refuses to start with the published development value.
   */
  WEBHOOK_SECRETS_KEY: z.string().min(32).default(DEVELOPMENT_SECRETS_KEY),
  /** Accept http:// endpoint URLs (local work); https:// only otherwise. */
  WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  /** Comma-separated CIDR ranges opened despite the SSRF rules (tests, on-premise receivers), e.g. 127.0.0.0/8,10.1.0.0/16. */
  WEBHOOK_ALLOWED_CIDRS: CidrListSetting,
  /** Delays before each attempt of a message, the first counted from its creation (0: at once), e.g. 0,5s,5m,30m,2h,5h,10h,10h. */
  WEBHOOK_RETRY_SCHEDULE: RetryScheduleSetting,
  /** An endpoint whose every attempt failed for this long is disabled, e.g. 5d. */
  WEBHOOK_DISABLE_AFTER: DisableAfterSetting,
  /** One attempt, connection to the end of the response: success is a 2xx within this. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Requests in flight to one endpoint at most, across every replica: a slow receiver holds up only its own messages. */
  WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: z.coerce.number().int().min(1).max(100).default(4),
  /** Requests in flight from one process at most, all endpoints together. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  /** How much of a response is read at most (the first 2 KB are kept in the deliveries log). */
  WEBHOOK_MAX_RESPONSE_BYTES: z.coerce.number().int().min(2048).max(10_485_760).default(65_536),
  /** How often the delivery worker looks for due messages when nothing woke it (a retry coming due, another replica's message). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /**
   * How often the queue's per-workspace bindings are brought in line with the endpoints
   * (use-cases/routes.ts): what deleted, disabled or narrowed endpoints no longer need is unbound
   * within this; what they need is bound before any change of them is acknowledged.
   */
  WEBHOOK_ROUTES_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Delivered and failed messages (with their attempts) are kept this long for the deliveries log. */
  WEBHOOK_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(720),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;
