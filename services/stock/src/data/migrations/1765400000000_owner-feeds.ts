import { POSITION_FEEDS_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: owners publish, the ledger orders (docs/consistency.md).
 * - position_feeds: how far the copies of items (feed 'catalog') and locations ('locations') have
 *   applied their owners' positions. A call decides from a copy only once it has applied every
 *   owner change the workspace's callers had acknowledged.
 * - Fences are gone: owners no longer ask the stock service before they commit.
 * - closing_attempt, closing_since: an item being made catalog-only (intent, then confirm): the
 *   stock service has checked under the item's lock that none of it is on hand and refuses to add
 *   any until the catalog's change arrives (its event names the attempt) or is abandoned.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(POSITION_FEEDS_SQL);
  pgm.sql(`
ALTER TABLE items DROP COLUMN fence, DROP COLUMN fenced_parts, DROP COLUMN fence_actor,
  ADD COLUMN closing_attempt uuid, ADD COLUMN closing_since timestamptz;
ALTER TABLE locations DROP COLUMN fence;
CREATE INDEX items_closing ON items (closing_since) WHERE closing_attempt IS NOT NULL;
`);
}
