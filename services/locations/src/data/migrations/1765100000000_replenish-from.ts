import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- The location a location is normally refilled from (issue 31); null for every existing one. The
-- service checks it under the workspace's replenishment lock (same workspace, live, active, no
-- cycle). No foreign key: its check would take a key-share lock on the source's row, which waits
-- for a write of the source holding that row while it waits for the replenishment lock.
ALTER TABLE locations ADD COLUMN replenish_from uuid;
-- Which live locations name a location as their source: what deactivating or deleting it reads.
CREATE INDEX locations_replenish_from ON locations (workspace_id, replenish_from) WHERE replenish_from IS NOT NULL AND deleted_at IS NULL;
`);
}
