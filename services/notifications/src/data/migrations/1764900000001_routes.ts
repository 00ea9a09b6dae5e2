import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * routes: the internal event types whose events of a workspace the notifications queue is bound
 * to (messaging/routes.ts), as this service bound them: what it may have to unbind once no enabled
 * endpoint of the workspace subscribes to them any more.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE routes (
  workspace_id text NOT NULL,
  type text NOT NULL,
  PRIMARY KEY (workspace_id, type)
);
`);
}
