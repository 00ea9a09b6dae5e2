import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: one record of reservations. What a balance holds reserved (balances.reserved, what
 * every change decides free stock by) must be exactly what its holders hold: the pending
 * transfers out of its location (their lines of its item) and the open jobs' lines of its item
 * held there. The schema holds the two equal, whatever code writes them:
 *
 * - they agree when this migration runs (it refuses to run otherwise, naming the first balance
 *   that does not);
 * - every transaction keeps them agreeing: each change of a balance's reserved, and each change of
 *   what a holder holds, notes its amount in reservation_changes (row triggers: the balance's with
 *   the opposite sign), and at COMMIT a deferred constraint trigger requires the notes of each
 *   balance to net to zero, then removes them. A transaction that moves one without the other is
 *   refused (check_violation, constraint reservations_agree).
 *
 * The cost is that of the transaction's own changes, not of how many holders a balance has: a
 * check that summed every holder at COMMIT made each reservation at a warehouse with a thousand
 * pending transfers out of it read them all (measured: eight times the buffer reads of a
 * saturated mixed load). job_lines.reserved_at records where a line's reservation is held (its
 * location, else its job's source when it was written; the job's writer sets it), so a line's
 * notes never depend on another row. Completed transfers, receipts and adjustments note nothing.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE job_lines ADD COLUMN reserved_at uuid;
UPDATE job_lines l SET reserved_at = coalesce(l.location_id, j.source_location_id)
  FROM jobs j WHERE j.workspace_id = l.workspace_id AND j.id = l.job_id AND l.reserved > 0;
ALTER TABLE job_lines ADD CONSTRAINT job_lines_reserved_at CHECK ((reserved > 0) = (reserved_at IS NOT NULL));

DO $$
DECLARE
  off record;
BEGIN
  WITH holds AS (
    SELECT t.workspace_id, l.item_id, t.from_location_id AS location_id, l.quantity
      FROM transfers t JOIN transfer_lines l ON l.workspace_id = t.workspace_id AND l.transfer_id = t.id
     WHERE t.status = 'pending'
    UNION ALL
    SELECT workspace_id, item_id, reserved_at, reserved FROM job_lines WHERE reserved > 0
  ), held AS (
    SELECT workspace_id, item_id, location_id, sum(quantity) AS quantity FROM holds GROUP BY 1, 2, 3
  )
  SELECT coalesce(b.workspace_id, h.workspace_id) AS workspace_id, coalesce(b.item_id, h.item_id) AS item_id,
         coalesce(b.location_id, h.location_id) AS location_id, coalesce(b.reserved, 0) AS reserved, coalesce(h.quantity, 0) AS held
    INTO off
    FROM (SELECT * FROM balances WHERE reserved <> 0) b
    FULL JOIN held h ON h.workspace_id = b.workspace_id AND h.item_id = b.item_id AND h.location_id = b.location_id
   WHERE coalesce(b.reserved, 0) <> coalesce(h.quantity, 0)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'reservations disagree before this migration: balance (%, %) of workspace % records % reserved, its pending transfers and open jobs hold %; correct the balance, then migrate again',
      off.item_id, off.location_id, off.workspace_id, off.reserved, off.held;
  END IF;
END $$;

-- What the current transaction changed of reservations, per balance: holders' changes positive,
-- the balance's own negative. Transaction-scoped (emptied at COMMIT), so unlogged.
CREATE UNLOGGED TABLE reservation_changes (
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  amount numeric NOT NULL,
  PRIMARY KEY (workspace_id, tx, item_id, location_id, seq)
);

CREATE FUNCTION note_reservation_change(p_workspace_id text, p_item_id uuid, p_location_id uuid, p_amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reservation_changes (workspace_id, item_id, location_id, amount)
  SELECT p_workspace_id, p_item_id, p_location_id, p_amount WHERE p_location_id IS NOT NULL AND p_amount <> 0
$$;

CREATE FUNCTION note_balance_reserved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM note_reservation_change(NEW.workspace_id, NEW.item_id, NEW.location_id, -NEW.reserved);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM note_reservation_change(NEW.workspace_id, NEW.item_id, NEW.location_id, OLD.reserved - NEW.reserved);
  ELSE
    PERFORM note_reservation_change(OLD.workspace_id, OLD.item_id, OLD.location_id, OLD.reserved);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER balance_reserved_noted AFTER INSERT OR UPDATE OF reserved OR DELETE ON balances
  FOR EACH ROW EXECUTE FUNCTION note_balance_reserved();

-- A line of a transfer created pending is held at its source; a transfer leaving pending gives its lines back.
CREATE FUNCTION note_pending_transfer_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_reservation_change(NEW.workspace_id, NEW.item_id, t.from_location_id, NEW.quantity)
     FROM transfers t WHERE t.workspace_id = NEW.workspace_id AND t.id = NEW.transfer_id AND t.status = 'pending';
  RETURN NULL;
END $$;
CREATE TRIGGER pending_transfer_line_noted AFTER INSERT ON transfer_lines
  FOR EACH ROW EXECUTE FUNCTION note_pending_transfer_line();
CREATE FUNCTION note_transfer_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_reservation_change(NEW.workspace_id, l.item_id, OLD.from_location_id, -l.quantity)
     FROM transfer_lines l WHERE l.workspace_id = NEW.workspace_id AND l.transfer_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER transfer_ended_noted AFTER UPDATE OF status ON transfers
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION note_transfer_ended();

-- A job's line holds its reserved at reserved_at.
CREATE FUNCTION note_job_line_reserved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM note_reservation_change(OLD.workspace_id, OLD.item_id, OLD.reserved_at, -OLD.reserved);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM note_reservation_change(NEW.workspace_id, NEW.item_id, NEW.reserved_at, NEW.reserved);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER job_line_reserved_noted AFTER INSERT OR UPDATE OF reserved, reserved_at, item_id OR DELETE ON job_lines
  FOR EACH ROW EXECUTE FUNCTION note_job_line_reserved();

-- At COMMIT: each balance's notes net to zero, or the transaction is refused.
CREATE FUNCTION require_reservations_agree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net numeric;
BEGIN
  WITH settled AS (
    DELETE FROM reservation_changes
     WHERE tx = NEW.tx AND workspace_id = NEW.workspace_id AND item_id = NEW.item_id AND location_id = NEW.location_id
    RETURNING amount
  )
  SELECT coalesce(sum(amount), 0) INTO net FROM settled;
  IF net <> 0 THEN
    RAISE EXCEPTION 'reservations disagree: in this transaction what the pending transfers and open jobs of balance (%, %) of workspace % hold changed by % more than its reserved',
      NEW.item_id, NEW.location_id, NEW.workspace_id, net
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_agree';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER reservations_agree AFTER INSERT ON reservation_changes DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION require_reservations_agree();

-- The functions find the tables in this service's schema whatever the caller's search_path.
ALTER FUNCTION note_reservation_change(text, uuid, uuid, numeric) SET search_path FROM CURRENT;
ALTER FUNCTION note_balance_reserved() SET search_path FROM CURRENT;
ALTER FUNCTION note_pending_transfer_line() SET search_path FROM CURRENT;
ALTER FUNCTION note_transfer_ended() SET search_path FROM CURRENT;
ALTER FUNCTION note_job_line_reserved() SET search_path FROM CURRENT;
ALTER FUNCTION require_reservations_agree() SET search_path FROM CURRENT;
`);
}
