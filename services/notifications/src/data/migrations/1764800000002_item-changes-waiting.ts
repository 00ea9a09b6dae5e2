import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * item_changes_waiting: a change of an item's threshold or stock tracking that the catalog placed
 * at a stock position the workspace's feed has not applied yet (item.updated's stockPosition). It
 * takes effect, and re-evaluates the item's health, once the feed has applied that position and
 * before the next one (use-cases/item-stock-alerts.ts), so a threshold change is judged against
 * the on hand the ledger had when it was made, whichever of the two services' messages came first.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE item_changes_waiting (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  version bigint NOT NULL,
  after_position bigint NOT NULL,
  message jsonb NOT NULL,
  PRIMARY KEY (workspace_id, item_id, version)
);
CREATE INDEX item_changes_waiting_by_position ON item_changes_waiting (workspace_id, after_position);
`);
}
