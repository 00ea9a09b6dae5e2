import { OUTBOX_WORKSPACE_KEY_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Ready to shard by workspace (docs/sharding.md): workspace_id leads every primary key and is part
-- of every unique constraint and of every foreign key between the workspace's tables, so a
-- workspace's rows can live together on one node and each key is checked there.
ALTER TABLE location_deletions DROP CONSTRAINT location_deletions_location_id_fkey;
ALTER TABLE locations DROP CONSTRAINT locations_pkey, ADD PRIMARY KEY (workspace_id, id);
ALTER TABLE location_deletions
  DROP CONSTRAINT location_deletions_pkey,
  ADD PRIMARY KEY (workspace_id, location_id),
  ADD FOREIGN KEY (workspace_id, location_id) REFERENCES locations (workspace_id, id);
`);
  pgm.sql(OUTBOX_WORKSPACE_KEY_SQL);
}
