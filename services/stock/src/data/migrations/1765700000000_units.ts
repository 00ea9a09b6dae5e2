import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 45: which unit went where. Serial numbers and lots ride on the ledger's lines, and the
 * schema holds them to the balances (docs/serials.md):
 *
 * - items.tracking: the copy of the catalog's tracking (none, serial, lot); balances.tracking: how
 *   the units of a balance are told apart, the item's when the balance was made, changed with the
 *   copy (only ever with nothing on hand, reserved or on order: the catalog's change is an intent
 *   the stock service confirms first, use-cases/close-items.ts).
 * - serials: one row per serial number of an item ever received (its key: trimmed, lowercased),
 *   with its status (in_stock at location_id; used on job_id, written_off or returned leave
 *   location_id where it last was), the pending transfer or open job holding it (held_by), when
 *   it was first received and last moved.
 * - lots: a lot of an item and its expiry (set by the lot's first receipt that gives one);
 *   lot_balances: what of each lot is on hand at a location, and reserved for pending transfers and
 *   open jobs that named it. Never below 0, reserved never above on hand.
 * - movements.serials / movements.lot (as given, in display form) and lot_key; movement_serials:
 *   one row per serial a movement carried, the trace of a serial through the ledger.
 * - transfer_lines / job_lines: the serials or lot a line names (held while pending or open) and,
 *   once moved, what moved (units: [{lot, quantity}] or {serials}), for its answer.
 *
 * Held by the schema, as reservations are (a COMMIT that breaks them is refused, check_violation
 * units_agree): for a tracked balance, on hand = its serials in stock there (serial items) or the
 * sum of its lots there (lot items). Every change of a tracked balance's on-hand, of a serial's
 * place in stock and of a lot's on-hand notes its amount in a transaction-scoped journal
 * (unit_changes, one row per balance and transaction, upserted), and at COMMIT a deferred
 * constraint trigger requires each row to net to zero: the cost is what the transaction changed,
 * and an untracked balance's change notes nothing (the trigger's WHEN is evaluated without a call).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE items ADD COLUMN tracking text NOT NULL DEFAULT 'none' CHECK (tracking IN ('none', 'serial', 'lot'));
ALTER TABLE balances ADD COLUMN tracking text NOT NULL DEFAULT 'none' CHECK (tracking IN ('none', 'serial', 'lot'));

CREATE TABLE serials (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  serial_key text NOT NULL,
  serial text NOT NULL,
  status text NOT NULL CHECK (status IN ('in_stock', 'used', 'written_off', 'returned')),
  location_id uuid NOT NULL,
  held_by uuid,
  job_id uuid,
  received_at timestamptz NOT NULL,
  last_moved_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, item_id, serial_key),
  CONSTRAINT serials_held_in_stock CHECK (held_by IS NULL OR status = 'in_stock')
);
-- The scan: a serial across items.
CREATE INDEX serials_key ON serials (workspace_id, serial_key);
CREATE INDEX serials_place ON serials (workspace_id, location_id, item_id) WHERE status = 'in_stock';
CREATE INDEX serials_item ON serials (workspace_id, item_id, serial_key);

CREATE TABLE lots (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  lot_key text NOT NULL,
  lot text NOT NULL,
  expires_on date,
  PRIMARY KEY (workspace_id, item_id, lot_key)
);

CREATE TABLE lot_balances (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  lot_key text NOT NULL,
  on_hand numeric NOT NULL DEFAULT 0 CONSTRAINT lot_on_hand_not_negative CHECK (on_hand >= 0),
  reserved numeric NOT NULL DEFAULT 0 CONSTRAINT lot_reserved_within_on_hand CHECK (reserved >= 0 AND reserved <= on_hand),
  PRIMARY KEY (workspace_id, item_id, location_id, lot_key),
  FOREIGN KEY (workspace_id, item_id, lot_key) REFERENCES lots (workspace_id, item_id, lot_key)
);
CREATE INDEX lot_balances_place ON lot_balances (workspace_id, location_id, item_id);

ALTER TABLE movements ADD COLUMN serials text[], ADD COLUMN lot text, ADD COLUMN lot_key text;
CREATE INDEX movements_lot ON movements (workspace_id, lot_key, seq) WHERE lot_key IS NOT NULL;
CREATE TABLE movement_serials (
  workspace_id text NOT NULL,
  serial_key text NOT NULL,
  item_id uuid NOT NULL,
  seq bigint NOT NULL,
  PRIMARY KEY (workspace_id, serial_key, seq)
);

ALTER TABLE transfer_lines ADD COLUMN serials text[], ADD COLUMN lot text, ADD COLUMN units jsonb;
-- A transfer may carry an item on several lines when their lots differ.
ALTER TABLE transfer_lines DROP CONSTRAINT transfer_lines_workspace_id_transfer_id_item_id_key;
ALTER TABLE job_lines ADD COLUMN serials text[], ADD COLUMN lot text, ADD COLUMN units jsonb;

-- What the current transaction changed of tracked on-hand, per balance: the balance's own change
-- negative, its serials' and lots' positive. One row per (transaction, balance), so the check at
-- COMMIT runs once per balance the transaction touched.
CREATE UNLOGGED TABLE unit_changes (
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (workspace_id, tx, item_id, location_id)
);

CREATE FUNCTION note_unit_change(p_workspace_id text, p_item_id uuid, p_location_id uuid, p_amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
  SELECT p_workspace_id, p_item_id, p_location_id, p_amount WHERE p_amount <> 0
  ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
$$;

CREATE FUNCTION note_tracked_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM note_unit_change(NEW.workspace_id, NEW.item_id, NEW.location_id, -NEW.on_hand);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM note_unit_change(NEW.workspace_id, NEW.item_id, NEW.location_id, OLD.on_hand - NEW.on_hand);
  ELSE
    PERFORM note_unit_change(OLD.workspace_id, OLD.item_id, OLD.location_id, OLD.on_hand);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tracked_balance_inserted AFTER INSERT ON balances
  FOR EACH ROW WHEN (NEW.tracking <> 'none') EXECUTE FUNCTION note_tracked_balance();
CREATE TRIGGER tracked_balance_changed AFTER UPDATE OF on_hand, tracking ON balances
  FOR EACH ROW WHEN (NEW.tracking <> 'none' AND OLD.on_hand IS DISTINCT FROM NEW.on_hand) EXECUTE FUNCTION note_tracked_balance();
CREATE TRIGGER tracked_balance_deleted AFTER DELETE ON balances
  FOR EACH ROW WHEN (OLD.tracking <> 'none') EXECUTE FUNCTION note_tracked_balance();

CREATE FUNCTION note_serial() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'in_stock' THEN
    PERFORM note_unit_change(OLD.workspace_id, OLD.item_id, OLD.location_id, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'in_stock' THEN
    PERFORM note_unit_change(NEW.workspace_id, NEW.item_id, NEW.location_id, 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER serial_noted AFTER INSERT OR UPDATE OF status, location_id OR DELETE ON serials
  FOR EACH ROW EXECUTE FUNCTION note_serial();

CREATE FUNCTION note_lot_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM note_unit_change(NEW.workspace_id, NEW.item_id, NEW.location_id, NEW.on_hand);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM note_unit_change(NEW.workspace_id, NEW.item_id, NEW.location_id, NEW.on_hand - OLD.on_hand);
  ELSE
    PERFORM note_unit_change(OLD.workspace_id, OLD.item_id, OLD.location_id, -OLD.on_hand);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lot_balance_noted AFTER INSERT OR UPDATE OF on_hand OR DELETE ON lot_balances
  FOR EACH ROW EXECUTE FUNCTION note_lot_balance();

-- At COMMIT: each balance's notes net to zero, or the transaction is refused.
CREATE FUNCTION require_units_agree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net numeric;
BEGIN
  DELETE FROM unit_changes
   WHERE tx = NEW.tx AND workspace_id = NEW.workspace_id AND item_id = NEW.item_id AND location_id = NEW.location_id
  RETURNING amount INTO net;
  IF coalesce(net, 0) <> 0 THEN
    RAISE EXCEPTION 'units disagree: in this transaction the serials or lots of balance (%, %) of workspace % changed by % more than its on-hand',
      NEW.item_id, NEW.location_id, NEW.workspace_id, net
      USING ERRCODE = 'check_violation', CONSTRAINT = 'units_agree';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER units_agree AFTER INSERT ON unit_changes DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION require_units_agree();

ALTER FUNCTION note_unit_change(text, uuid, uuid, numeric) SET search_path FROM CURRENT;
ALTER FUNCTION note_tracked_balance() SET search_path FROM CURRENT;
ALTER FUNCTION note_serial() SET search_path FROM CURRENT;
ALTER FUNCTION note_lot_balance() SET search_path FROM CURRENT;
ALTER FUNCTION require_units_agree() SET search_path FROM CURRENT;
`);
}
