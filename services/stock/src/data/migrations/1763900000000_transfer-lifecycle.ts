import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- reserved: what pending transfers out of this balance hold. The stock stays on hand here until
-- a transfer completes; available (on_hand - reserved) is what may move, be adjusted away or be
-- reserved again. The check backs the rule the use cases apply under the row lock.
ALTER TABLE balances
  ADD COLUMN reserved numeric NOT NULL DEFAULT 0,
  ADD CONSTRAINT balances_reserved_within_on_hand CHECK (reserved >= 0 AND reserved <= on_hand);

-- reason: why the destination rejected or the source cancelled a pending transfer.
ALTER TABLE transfers ADD COLUMN reason text NOT NULL DEFAULT '';
-- Closing a location looks for pending transfers in and out of it.
CREATE INDEX transfers_pending_from ON transfers (workspace_id, from_location_id) WHERE status = 'pending';
CREATE INDEX transfers_pending_to ON transfers (workspace_id, to_location_id) WHERE status = 'pending';

-- Why stock changed: receipts and adjustments carry a reason (openings and transfer movements
-- none: their type and transfer say why) and an optional reference such as a purchase order.
-- Movements recorded before reasons existed get the defaults a new one would get.
ALTER TABLE movements
  ADD COLUMN reason text CHECK (reason IN ('received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other')),
  ADD COLUMN reference text NOT NULL DEFAULT '';
UPDATE movements SET reason = CASE type WHEN 'receipt' THEN 'received' ELSE 'correction' END WHERE type IN ('receipt', 'adjustment');
-- A physical count that confirms the balance is still recorded, as a movement of 0.
ALTER TABLE movements
  DROP CONSTRAINT movements_quantity_check,
  ADD CONSTRAINT movements_quantity_check CHECK (quantity <> 0 OR reason = 'count');
`);
}
