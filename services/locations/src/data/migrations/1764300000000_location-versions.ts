import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- The service's version of each location, taken from one sequence on every write: it only grows
-- and is never reused (a rolled-back write burns its number), which is what lets the stock
-- service tell a fence of a write that never committed from one still in flight
-- (docs/consistency.md).
CREATE SEQUENCE location_versions;
ALTER TABLE locations ADD COLUMN version bigint NOT NULL DEFAULT nextval('location_versions');
`);
}
