/**
 * Messaging tables every service keeps in its own schema; its first migration runs this.
 * outbox: events written in the same transaction as the state change, relayed after commit.
 * processed_messages: ids of messages a consumer has applied, written in the consumer's transaction.
 */
export const MESSAGING_TABLES_SQL = `
CREATE TABLE outbox (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  workspace_id text NOT NULL,
  message jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz
);
CREATE INDEX outbox_unsent ON outbox (seq) WHERE sent_at IS NULL;

CREATE TABLE processed_messages (
  consumer text NOT NULL,
  message_id text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, message_id)
);
`;

/** Lets the scheduled purge find old applied message ids without scanning the whole table. */
export const PROCESSED_MESSAGES_AGE_INDEX_SQL = 'CREATE INDEX processed_messages_age ON processed_messages (processed_at)';
