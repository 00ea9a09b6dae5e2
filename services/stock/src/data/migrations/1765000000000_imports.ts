import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // CSV imports of stock (issue 30): each import applied at most once, recorded in the
  // transaction that applies it, so a repeat of the command (the catalog's import job retried
  // after a crash) answers the first outcome instead of counting twice.
  pgm.sql(`
CREATE TABLE imports_applied (
  workspace_id text NOT NULL,
  import_id uuid NOT NULL,
  applied integer NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, import_id)
);
`);
}
