import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Creating a workspace is a saga: the row is written first (reserving its id and slug), the
-- locations service is asked for the default location, then the owner, its key and the default
-- location are recorded and provisioned_at set, in one transaction. Until then the workspace has
-- no members, so no caller can reach it. abandoned_at: the creation was given up; the row is
-- deleted once the locations service has discarded the default location.
ALTER TABLE workspaces
  ADD COLUMN provisioned_at timestamptz,
  ADD COLUMN abandoned_at timestamptz,
  ADD CONSTRAINT workspaces_provisioned_or_abandoned CHECK (provisioned_at IS NULL OR abandoned_at IS NULL);
UPDATE workspaces SET provisioned_at = created_at;
CREATE INDEX workspaces_unprovisioned ON workspaces (created_at) WHERE provisioned_at IS NULL;
`);
}
