import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- A deletion under way: written before the stock service is asked to close the location, removed
-- in the transaction that deletes it, or once the close is undone. A row idle for longer than the
-- sweep grace period belongs to a deletion that was interrupted; the sweeper reopens its location.
-- 'closing': attempts may still complete the deletion. 'reverting': the deletion is being undone;
-- nothing may complete it, and new attempts wait until the reopen is confirmed.
CREATE TABLE location_deletions (
  location_id uuid PRIMARY KEY REFERENCES locations (id),
  workspace_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('closing', 'reverting')),
  -- Who last took the row over: only that attempt removes it after its reopen.
  attempt_id uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX location_deletions_idle ON location_deletions (updated_at);

-- Workspaces whose creation the gateway gave up: they get no default location, ever, so a
-- create-default arriving late cannot leave an orphan behind.
CREATE TABLE abandoned_workspaces (
  workspace_id text PRIMARY KEY,
  abandoned_at timestamptz NOT NULL DEFAULT now()
);
`);
}
