import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // The parts of an item's copy (shared/src/contracts/stock.ts, ITEM_COPY_PARTS: identity,
  // tracking, health, prices) that the changes fenced past the copy's version touch; null: every
  // part (fences placed before parts were named). A write that needs none of them trusts the copy
  // while it is fenced (issue 35: a threshold change no longer holds up the item's transfers).
  pgm.sql(`ALTER TABLE items ADD COLUMN fenced_parts text[];`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE items DROP COLUMN fenced_parts;`);
}
