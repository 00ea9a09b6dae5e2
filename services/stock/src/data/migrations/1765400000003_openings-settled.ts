import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: an opening is an intent the catalog confirms by creating its items (item.created) or
 * abandons (opening.abandoned). A catalog process that dies in between leaves it to the stock
 * service's sweeper, which settles each opening once, past INTENT_LEASE_MS: confirmed (settled_at
 * set) or cancelled through the ledger unit. Openings whose items the catalog confirmed before
 * this migration are settled already.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE openings ADD COLUMN settled_at timestamptz;
UPDATE openings o SET settled_at = o.created_at
 WHERE o.cancelled_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM movements m JOIN items i ON i.workspace_id = m.workspace_id AND i.id = m.item_id
                    WHERE m.workspace_id = o.workspace_id AND m.operation_id = o.operation_id AND NOT i.confirmed);
CREATE INDEX openings_unsettled ON openings (created_at) WHERE cancelled_at IS NULL AND settled_at IS NULL;
`);
}
