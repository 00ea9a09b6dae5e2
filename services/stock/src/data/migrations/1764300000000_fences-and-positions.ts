import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- Projections of items and locations are kept by the owners' versions (docs/consistency.md):
-- version is the owner's version this row holds (0: none yet), fence the version an owner
-- announced, before committing it, for a change this row does not hold yet. A row whose fence is
-- above its version is not trusted: the stock service asks the owner instead. A fence may arrive
-- for an entity never heard of, so the copied fields may be null until the owner's answer or
-- event fills them. Versions replace the event times compared so far (source_at).
ALTER TABLE items
  ALTER COLUMN sku DROP NOT NULL,
  ALTER COLUMN description DROP NOT NULL,
  ALTER COLUMN track_stock DROP NOT NULL,
  ADD COLUMN version bigint NOT NULL DEFAULT 0,
  ADD COLUMN fence bigint,
  DROP COLUMN source_at;
ALTER TABLE locations
  ADD COLUMN version bigint NOT NULL DEFAULT 0,
  ADD COLUMN fence bigint,
  DROP COLUMN source_at,
  DROP COLUMN is_default;

-- The stock position of each workspace: the number of its transactions that changed on-hand
-- (each takes the next number in the transaction, under this row's lock, so numbers follow
-- commit order with no gaps). stock.changed carries it; the catalog's projection counts how far
-- it has applied them, and a read that must reflect a caller's change waits for its number.
CREATE TABLE stock_positions (
  workspace_id text PRIMARY KEY,
  position bigint NOT NULL
);
`);
}
