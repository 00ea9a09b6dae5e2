import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Jobs (issue 36, docs/jobs.md): materials reserved at a location, used when the job completes,
  // priced and reversible. They live here, beside the reservations and the ledger they change.
  // - items.cost, items.sell_price: the catalog's prices join the copied, fenced fields; a job's
  //   completion freezes them from the copy, under the ledger's locks. Copies made before they
  //   were copied hold null: the first completion that needs one asks the catalog
  //   (projection-gate.ts); the next item event fills them in too.
  // - jobs / job_lines: a line's location_id null means "the job's source": such lines follow the
  //   source when a PATCH changes it. reserved: what the line holds of the balance at its
  //   location while the job is open; balances.reserved counts it with what pending transfers
  //   hold (one rule: domain/balance-rules.ts). version: raised by every write of the job, so a
  //   change decided from a read of it can tell, under the job's row lock, that it is still current.
  // - movements.job_id: the job a movement used stock for (reason job) or put back (job_reverted).
  pgm.sql(`
ALTER TABLE items
  ADD COLUMN cost numeric CHECK (cost >= 0),
  ADD COLUMN sell_price numeric CHECK (sell_price >= 0);

CREATE TABLE jobs (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  external_ref text CHECK (char_length(external_ref) BETWEEN 1 AND 100),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('open', 'completed', 'cancelled', 'reverted')),
  source_location_id uuid,
  scheduled_at timestamptz,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  markup_percent numeric CHECK (markup_percent BETWEEN 0 AND 1000),
  tax_percent numeric NOT NULL CHECK (tax_percent BETWEEN 0 AND 100),
  tax_included boolean NOT NULL,
  total_cost numeric,
  total_price numeric,
  total_tax numeric,
  total numeric,
  version bigint NOT NULL,
  created_at timestamptz NOT NULL,
  created_by_user_id text NOT NULL,
  created_by_key_id text NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by_user_id text NOT NULL,
  updated_by_key_id text NOT NULL,
  completed_at timestamptz,
  completed_by_user_id text,
  completed_by_key_id text,
  cancelled_at timestamptz,
  cancelled_by_user_id text,
  cancelled_by_key_id text,
  reverted_at timestamptz,
  reverted_by_user_id text,
  reverted_by_key_id text,
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, external_ref)
);
CREATE INDEX jobs_workspace_created ON jobs (workspace_id, created_at, id);
CREATE INDEX jobs_scheduled ON jobs (workspace_id, scheduled_at) WHERE scheduled_at IS NOT NULL;

CREATE TABLE job_lines (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  job_id uuid NOT NULL,
  position integer NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid,
  planned numeric NOT NULL CHECK (planned >= 0),
  reserved numeric NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  used numeric NOT NULL DEFAULT 0 CHECK (used >= 0),
  billable boolean NOT NULL,
  unit_cost numeric,
  unit_price numeric,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, job_id) REFERENCES jobs (workspace_id, id)
);
CREATE INDEX job_lines_job ON job_lines (workspace_id, job_id, position);
CREATE INDEX job_lines_item ON job_lines (workspace_id, item_id);
-- What open jobs hold: the reservation invariant's check and a closing location's refusal.
CREATE INDEX job_lines_reserved ON job_lines (workspace_id, item_id) WHERE reserved > 0;

ALTER TABLE movements
  ADD COLUMN job_id uuid,
  ADD FOREIGN KEY (workspace_id, job_id) REFERENCES jobs (workspace_id, id),
  DROP CONSTRAINT movements_reason_check,
  ADD CONSTRAINT movements_reason_check CHECK (reason IN ('received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other', 'job', 'job_reverted'));
CREATE INDEX movements_job ON movements (workspace_id, job_id) WHERE job_id IS NOT NULL;
`);
}
