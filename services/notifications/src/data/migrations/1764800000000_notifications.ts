import { IDEMPOTENCY_KEYS_TABLE_SQL, PLAN_USAGE_TABLE_SQL } from '@inv/shared/db';
import { MESSAGING_TABLES_SQL, OUTBOX_WORKSPACE_KEY_SQL, PROCESSED_MESSAGES_AGE_INDEX_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The notifications service's schema: the messaging tables every service keeps, its plan quota
 * counter (webhook endpoints), and the webhooks themselves (docs/webhooks.md).
 *
 * - endpoints: where to send, which events, the signing secrets sealed (SecretBox), and the
 *   failing streak that disables an endpoint.
 * - messages: one per event and endpoint, the unit of delivery (its id is the `webhook-id`
 *   every attempt carries). The schedule lives here: `next_attempt_at` while pending, a lease
 *   (`lease_until`) while a worker of any replica is sending it.
 * - attempts: each try, for the deliveries log.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(MESSAGING_TABLES_SQL);
  pgm.sql(PROCESSED_MESSAGES_AGE_INDEX_SQL);
  pgm.sql(OUTBOX_WORKSPACE_KEY_SQL);
  pgm.sql(PLAN_USAGE_TABLE_SQL);
  pgm.sql(IDEMPOTENCY_KEYS_TABLE_SQL);
  pgm.sql(`
CREATE TABLE endpoints (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  description text NOT NULL,
  enabled boolean NOT NULL,
  disabled_reason text,
  secret bytea NOT NULL,
  previous_secret bytea,
  previous_secret_until timestamptz,
  failing_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, id)
);

CREATE TABLE messages (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  endpoint_id uuid NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, endpoint_id) REFERENCES endpoints (workspace_id, id) ON DELETE CASCADE,
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);
-- What the worker claims: an endpoint's pending messages by due time.
CREATE INDEX messages_due ON messages (workspace_id, endpoint_id, next_attempt_at) WHERE status = 'pending';
-- The deliveries log of an endpoint, newest first; and what is leased per endpoint (the in-flight cap).
CREATE INDEX messages_of_endpoint ON messages (workspace_id, endpoint_id, created_at DESC, id DESC);
CREATE INDEX messages_leased ON messages (workspace_id, endpoint_id, lease_until) WHERE lease_until IS NOT NULL;
CREATE INDEX messages_finished ON messages (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE attempts (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  message_id uuid NOT NULL,
  attempted_at timestamptz NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  response_excerpt text NOT NULL,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, message_id) REFERENCES messages (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX attempts_of_message ON attempts (workspace_id, message_id, attempted_at DESC);
`);
}
