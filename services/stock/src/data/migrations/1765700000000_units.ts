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
 * sum of its lots there (lot items). Every change of a tracked balance's on-hand (a row trigger,
 * its WHEN evaluated without a call: an untracked balance's change notes nothing), and each
 * statement's changes of serials in stock and of lots' on-hand (statement triggers over their
 * transition tables, netted per balance) note their amounts in a transaction-scoped journal
 * (unit_changes, one row per balance and transaction, upserted; unit_checks, one row per
 * transaction), and at COMMIT a deferred constraint trigger, once per transaction, requires each
 * balance's notes to net to zero: the cost is what the transaction changed.
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
-- What is in stock at a balance (a count compares with it, GET /inventory/serials?locationId=). Each
-- key unique (its serial last): a transfer of many serials of one item does not pile its entries
-- onto one duplicate run of one leaf page.
CREATE INDEX serials_place ON serials (workspace_id, location_id, item_id, serial_key) WHERE status = 'in_stock';

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
-- negative, its serials' and lots' positive. One row per (transaction, balance), upserted.
CREATE UNLOGGED TABLE unit_changes (
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (workspace_id, tx, item_id, location_id)
);
-- One row per transaction (and workspace) that noted any: the check at COMMIT runs once for all of
-- its balances, not once per balance (a 10-line transfer of serials touches 20).
CREATE UNLOGGED TABLE unit_checks (
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  workspace_id text NOT NULL,
  PRIMARY KEY (workspace_id, tx)
);

-- A tracked balance's change of on-hand. The INSERTs are the function's own (a call of a helper
-- function per row cost four times as much).
CREATE FUNCTION note_tracked_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b balances;
  amount numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    b := NEW; amount := -NEW.on_hand;
  ELSIF TG_OP = 'UPDATE' THEN
    b := NEW; amount := OLD.on_hand - NEW.on_hand;
  ELSE
    b := OLD; amount := OLD.on_hand;
  END IF;
  IF amount <> 0 THEN
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount) VALUES (b.workspace_id, b.item_id, b.location_id, amount)
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount;
    INSERT INTO unit_checks (workspace_id) VALUES (b.workspace_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tracked_balance_inserted AFTER INSERT ON balances
  FOR EACH ROW WHEN (NEW.tracking <> 'none') EXECUTE FUNCTION note_tracked_balance();
CREATE TRIGGER tracked_balance_changed AFTER UPDATE OF on_hand, tracking ON balances
  FOR EACH ROW WHEN (NEW.tracking <> 'none' AND OLD.on_hand IS DISTINCT FROM NEW.on_hand) EXECUTE FUNCTION note_tracked_balance();
CREATE TRIGGER tracked_balance_deleted AFTER DELETE ON balances
  FOR EACH ROW WHEN (OLD.tracking <> 'none') EXECUTE FUNCTION note_tracked_balance();

-- A statement's serials and lots noted at once, netted per balance (transition tables): a transfer
-- of ten serials notes each balance once, not each serial twice. Only serial and lot items' changes
-- reach these tables, so nothing else pays for them. Each function writes its notes itself (a
-- shared helper taking them as JSON cost twice as much a statement).
CREATE FUNCTION note_serials_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, count(*) FROM new_rows WHERE status = 'in_stock' GROUP BY workspace_id, item_id, location_id
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION note_serials_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, sum(amount) FROM (
      SELECT workspace_id, item_id, location_id, -1 AS amount FROM old_rows WHERE status = 'in_stock'
      UNION ALL
      SELECT workspace_id, item_id, location_id, 1 FROM new_rows WHERE status = 'in_stock'
    ) x
    GROUP BY workspace_id, item_id, location_id HAVING sum(amount) <> 0
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION note_serials_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, -count(*) FROM old_rows WHERE status = 'in_stock' GROUP BY workspace_id, item_id, location_id
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER serials_inserted AFTER INSERT ON serials REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_serials_inserted();
CREATE TRIGGER serials_updated AFTER UPDATE ON serials REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_serials_updated();
CREATE TRIGGER serials_deleted AFTER DELETE ON serials REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_serials_deleted();

CREATE FUNCTION note_lots_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, sum(on_hand) FROM new_rows GROUP BY workspace_id, item_id, location_id HAVING sum(on_hand) <> 0
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION note_lots_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, sum(amount) FROM (
      SELECT workspace_id, item_id, location_id, -on_hand AS amount FROM old_rows
      UNION ALL
      SELECT workspace_id, item_id, location_id, on_hand FROM new_rows
    ) x
    GROUP BY workspace_id, item_id, location_id HAVING sum(amount) <> 0
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE FUNCTION note_lots_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH noted AS (
    INSERT INTO unit_changes AS c (workspace_id, item_id, location_id, amount)
    SELECT workspace_id, item_id, location_id, -sum(on_hand) FROM old_rows GROUP BY workspace_id, item_id, location_id HAVING sum(on_hand) <> 0
    ON CONFLICT (workspace_id, tx, item_id, location_id) DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.workspace_id
  )
  INSERT INTO unit_checks (workspace_id) SELECT DISTINCT workspace_id FROM noted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER lots_inserted AFTER INSERT ON lot_balances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_lots_inserted();
CREATE TRIGGER lots_updated AFTER UPDATE ON lot_balances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION note_lots_updated();
CREATE TRIGGER lots_deleted AFTER DELETE ON lot_balances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION note_lots_deleted();

-- At COMMIT, once per transaction: each balance's notes net to zero, or the transaction is refused.
CREATE FUNCTION require_units_agree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off record;
BEGIN
  DELETE FROM unit_checks WHERE workspace_id = NEW.workspace_id AND tx = NEW.tx;
  WITH settled AS (
    DELETE FROM unit_changes WHERE workspace_id = NEW.workspace_id AND tx = NEW.tx RETURNING item_id, location_id, amount
  )
  SELECT item_id, location_id, amount INTO off FROM settled WHERE amount <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'units disagree: in this transaction the serials or lots of balance (%, %) of workspace % changed by % more than its on-hand',
      off.item_id, off.location_id, NEW.workspace_id, off.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'units_agree';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER units_agree AFTER INSERT ON unit_checks DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION require_units_agree();

ALTER FUNCTION note_tracked_balance() SET search_path FROM CURRENT;
ALTER FUNCTION note_serials_inserted() SET search_path FROM CURRENT;
ALTER FUNCTION note_serials_updated() SET search_path FROM CURRENT;
ALTER FUNCTION note_serials_deleted() SET search_path FROM CURRENT;
ALTER FUNCTION note_lots_inserted() SET search_path FROM CURRENT;
ALTER FUNCTION note_lots_updated() SET search_path FROM CURRENT;
ALTER FUNCTION note_lots_deleted() SET search_path FROM CURRENT;
ALTER FUNCTION require_units_agree() SET search_path FROM CURRENT;
`);
}
