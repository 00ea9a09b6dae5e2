import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Projection of the catalog's items. confirmed: the catalog vouched for the item (an event or a
-- get-items answer); a row written only from a record-opening command is not confirmed until
-- then, because that item may yet be rolled back by the catalog. source_at: occurredAt of the
-- last event applied, so late or repeated events cannot overwrite newer data.
CREATE TABLE items (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  sku text NOT NULL,
  description text NOT NULL,
  track_stock boolean NOT NULL,
  confirmed boolean NOT NULL,
  source_at timestamptz
);

-- Projection of the locations service's locations. deleted is sticky; closed is ours
-- (stock.close-location), and its row lock is what makes closing race-free with movements.
-- name and type stay null only for a location closed before we ever heard of it.
CREATE TABLE locations (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  name text,
  type text,
  active boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  deleted boolean NOT NULL DEFAULT false,
  closed boolean NOT NULL DEFAULT false,
  source_at timestamptz
);

CREATE TABLE balances (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  on_hand numeric NOT NULL CONSTRAINT balances_on_hand_not_negative CHECK (on_hand >= 0),
  version bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, item_id, location_id)
);
CREATE INDEX balances_location ON balances (workspace_id, location_id);

CREATE TABLE transfers (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  from_location_id uuid NOT NULL,
  to_location_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'reverted', 'rejected', 'cancelled')),
  note text NOT NULL DEFAULT '',
  user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  reverted_at timestamptz,
  CHECK (from_location_id <> to_location_id)
);
CREATE INDEX transfers_workspace_created ON transfers (workspace_id, created_at, id);

CREATE TABLE transfer_lines (
  id uuid PRIMARY KEY,
  transfer_id uuid NOT NULL REFERENCES transfers (id),
  position integer NOT NULL,
  item_id uuid NOT NULL,
  quantity numeric NOT NULL CHECK (quantity > 0),
  note text NOT NULL DEFAULT '',
  UNIQUE (transfer_id, position),
  UNIQUE (transfer_id, item_id)
);

-- One row per stock.record-opening operationId: makes the command idempotent and lets a
-- cancel that overtakes its opening stop the opening from ever applying.
CREATE TABLE openings (
  operation_id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  movements integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);

-- The ledger: immutable, one row per change of a balance, written with that change.
CREATE TABLE movements (
  seq bigserial UNIQUE,
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('opening', 'receipt', 'adjustment', 'transfer_out', 'transfer_in')),
  quantity numeric NOT NULL CHECK (quantity <> 0),
  balance_after numeric NOT NULL CHECK (balance_after >= 0),
  user_id text NOT NULL,
  transfer_id uuid REFERENCES transfers (id),
  operation_id uuid REFERENCES openings (operation_id),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  FOREIGN KEY (workspace_id, item_id, location_id) REFERENCES balances (workspace_id, item_id, location_id)
);
CREATE INDEX movements_workspace_seq ON movements (workspace_id, seq);
CREATE INDEX movements_balance ON movements (workspace_id, item_id, location_id);
CREATE INDEX movements_transfer ON movements (transfer_id) WHERE transfer_id IS NOT NULL;
CREATE INDEX movements_operation ON movements (operation_id) WHERE operation_id IS NOT NULL;

-- Idempotency-Key: claimed first in the transaction of the effect it answers for (so a second
-- request with the key waits for the first), completed with the response before commit; status
-- and body are therefore never null once committed. Rows older than 24 hours are expired:
-- overwritten on reuse and purged periodically.
CREATE TABLE idempotency_keys (
  workspace_id text NOT NULL,
  user_id text NOT NULL,
  endpoint text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id, endpoint, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`);
}
