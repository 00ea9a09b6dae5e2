/**
 * The Idempotency-Key table every service with POST routes keeps in its own schema (a migration
 * of the service runs this; the stock service's first migration created the same table).
 * A key is claimed first in the transaction of the effect it answers for, so a second request
 * with the key waits for the first, and completed with the response before that commit: status
 * and body are therefore never null once committed. Rows older than 24 hours are expired:
 * overwritten on reuse and purged periodically. The body is json, not jsonb, so a replay sends
 * the original answer with its fields in the original order.
 */
export const IDEMPOTENCY_KEYS_TABLE_SQL = `
CREATE TABLE idempotency_keys (
  workspace_id text NOT NULL,
  user_id text NOT NULL,
  endpoint text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id, endpoint, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`;
