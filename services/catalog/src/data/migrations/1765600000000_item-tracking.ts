import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 45: how an item's units are told apart (none, serial, lot). Every item so far tells them
 * apart not at all. The CHECKs back the rules of domain/item.ts (the three values; a catalog-only
 * item has no units to tell apart), which refuse before a write ever gets here.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE items ADD COLUMN tracking text NOT NULL DEFAULT 'none'
  CONSTRAINT items_tracking_mode CHECK (tracking IN ('none', 'serial', 'lot'))
  CONSTRAINT items_catalog_only_untracked CHECK (track_stock OR tracking = 'none');
`);
}
