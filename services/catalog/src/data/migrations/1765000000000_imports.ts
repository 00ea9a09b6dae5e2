import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * CSV imports (issue 30, docs/csv.md): a job per file, run by the import worker of any replica
 * (use-cases/import-worker.ts) under a lease, so a job whose process died is taken up again.
 * - imports: the file as sent (kept until the job ends), who sent it (the caller it acts for),
 *   its status and counts; `attempts` numbers the runs (an opening of stock is named by the run).
 * - import_errors: every refused row of the job's last validation, numbered as a spreadsheet
 *   numbers rows (the header is row 1).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE imports (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('items', 'stock-counts', 'par-levels')),
  mode text NOT NULL CHECK (mode IN ('create', 'upsert')),
  dry_run boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'validating', 'applying', 'completed', 'failed')),
  file bytea,
  caller jsonb NOT NULL,
  created_by jsonb NOT NULL,
  rows_total integer NOT NULL DEFAULT 0,
  rows_valid integer NOT NULL DEFAULT 0,
  rows_invalid integer NOT NULL DEFAULT 0,
  rows_applied integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  failure text,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX imports_of_workspace ON imports (workspace_id, created_at DESC, id DESC);
CREATE INDEX imports_unfinished ON imports (created_at) WHERE status IN ('queued', 'validating', 'applying');

CREATE TABLE import_errors (
  workspace_id text NOT NULL,
  import_id uuid NOT NULL,
  seq integer NOT NULL,
  row integer NOT NULL,
  "column" text,
  code text NOT NULL,
  message text NOT NULL,
  PRIMARY KEY (workspace_id, import_id, seq),
  FOREIGN KEY (workspace_id, import_id) REFERENCES imports (workspace_id, id) ON DELETE CASCADE
);
`);
}
