/**
 * Messaging tables every service keeps in its own schema; its first migration runs this.
 * outbox: events written in the same transaction as the state change, relayed after commit.
 * processed_messages: ids of messages a consumer has applied, written in the consumer's transaction.
 * A later migration of each service keys the outbox by workspace (OUTBOX_WORKSPACE_KEY_SQL).
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

/**
 * The outbox keyed by workspace, as every table of a workspace's rows is (docs/sharding.md): an
 * event is written in its workspace's transaction, so its row lives with that workspace's. The
 * relay reads every workspace's events in seq order and marks them sent by seq, and the purge
 * walks seq: it keeps an index of its own (not unique: unique by construction, from its sequence).
 */
export const OUTBOX_WORKSPACE_KEY_SQL = `
ALTER TABLE outbox DROP CONSTRAINT outbox_pkey, DROP CONSTRAINT outbox_id_key, ADD PRIMARY KEY (workspace_id, id);
CREATE INDEX outbox_seq ON outbox (seq);
`;
