import { OWNER_POSITIONS_SQL, POSITION_FEEDS_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: owners publish, the ledger orders (docs/consistency.md).
 * - owner_positions: every item event takes the workspace's next owner position, so the stock
 *   service's copy of the items knows how far it has applied them (no fences any more).
 * - position_feeds: how far this service has applied the stock service's positions, now kept by the
 *   one mechanism every consumer of numbered changes uses (shared/src/messaging/position-feeds.ts);
 *   the stock feed's rows move over as they are.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(OWNER_POSITIONS_SQL);
  pgm.sql(POSITION_FEEDS_SQL);
  pgm.sql(`
INSERT INTO position_feeds (workspace_id, feed, applied_through) SELECT workspace_id, 'stock', applied_through FROM stock_feed;
INSERT INTO position_feed_ahead (workspace_id, feed, position) SELECT workspace_id, 'stock', position FROM stock_feed_ahead;
DROP FUNCTION advance_stock_feeds(text[], bigint[]);
DROP TABLE stock_feed, stock_feed_ahead;
`);
}
