import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Replenishment from par levels (issue 31, domain/replenishment.ts):
  // - par_levels.target: the on-hand a refill brings the location up to, never below the
  //   minimum; existing par levels get their minimum (the default when none is given).
  // - locations.replenish_from: the location a location is normally refilled from, a copied,
  //   fenced field like name and active (the locations service fences it before a change
  //   commits). Every location had none when it was introduced, so existing copies hold it.
  // - transfers.origin: what created the transfer; a replenishment's transfers are ordinary
  //   transfers otherwise. Existing ones were created by a caller (manual).
  pgm.sql(`
ALTER TABLE par_levels ADD COLUMN target numeric;
UPDATE par_levels SET target = minimum;
ALTER TABLE par_levels ALTER COLUMN target SET NOT NULL, ADD CONSTRAINT par_levels_target_at_least_minimum CHECK (target >= minimum);

ALTER TABLE locations ADD COLUMN replenish_from uuid;

ALTER TABLE transfers ADD COLUMN origin text NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'replenishment'));
`);
}
