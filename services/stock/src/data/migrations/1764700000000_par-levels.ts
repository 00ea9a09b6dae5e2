import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Per-location minimums (issue 23). A workspace's rows (docs/sharding.md): workspace_id leads
  // the key and both foreign keys, which reference the copies' (workspace_id, id) keys. Rows of
  // the copies are never deleted once confirmed (a deletion is a flag), so the keys hold.
  pgm.sql(`
CREATE TABLE par_levels (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  minimum numeric NOT NULL CHECK (minimum >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, item_id, location_id),
  FOREIGN KEY (workspace_id, item_id) REFERENCES items (workspace_id, id),
  FOREIGN KEY (workspace_id, location_id) REFERENCES locations (workspace_id, id)
);
CREATE INDEX par_levels_location ON par_levels (workspace_id, location_id);
`);
}
