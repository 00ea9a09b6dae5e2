import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: one record of reservations. What a balance holds reserved (balances.reserved, what
 * every change decides free stock by) must be exactly what its holders hold: the pending
 * transfers out of its location (their lines of its item) and the open jobs' lines of its item
 * there (a line without a location holds at its job's source). The schema holds the two equal: a
 * transaction that leaves any balance it touched, or any holder it changed, disagreeing is
 * refused at COMMIT (deferred constraint triggers), whatever code wrote it. The checks run only
 * where a reservation changed: a completed transfer, a receipt or an adjustment fires none.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- What the holders of one balance hold.
CREATE FUNCTION held_reservations(p_workspace_id text, p_item_id uuid, p_location_id uuid) RETURNS numeric STABLE LANGUAGE sql AS $$
  SELECT coalesce((SELECT sum(l.quantity) FROM transfers t JOIN transfer_lines l ON l.workspace_id = t.workspace_id AND l.transfer_id = t.id
                    WHERE t.workspace_id = p_workspace_id AND t.status = 'pending' AND t.from_location_id = p_location_id AND l.item_id = p_item_id), 0)
       + coalesce((SELECT sum(jl.reserved) FROM job_lines jl JOIN jobs j ON j.workspace_id = jl.workspace_id AND j.id = jl.job_id
                    WHERE jl.workspace_id = p_workspace_id AND jl.item_id = p_item_id AND jl.reserved > 0
                      AND coalesce(jl.location_id, j.source_location_id) = p_location_id), 0)
$$;

-- Refuses the transaction when the balance's reserved is not what its holders hold.
CREATE FUNCTION require_reservations_agree(p_workspace_id text, p_item_id uuid, p_location_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  recorded numeric;
  held numeric;
BEGIN
  IF p_location_id IS NULL THEN
    RETURN;
  END IF;
  SELECT coalesce((SELECT reserved FROM balances WHERE workspace_id = p_workspace_id AND item_id = p_item_id AND location_id = p_location_id), 0) INTO recorded;
  held := held_reservations(p_workspace_id, p_item_id, p_location_id);
  IF recorded <> held THEN
    RAISE EXCEPTION 'reservations disagree: balance (%, %) of workspace % records % reserved, its pending transfers and open jobs hold %', p_item_id, p_location_id, p_workspace_id, recorded, held
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_agree';
  END IF;
END $$;

CREATE FUNCTION balance_reservations_agree() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM require_reservations_agree(NEW.workspace_id, NEW.item_id, NEW.location_id);
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER reservations_agree_balance AFTER UPDATE OF reserved ON balances DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.reserved IS DISTINCT FROM NEW.reserved) EXECUTE FUNCTION balance_reservations_agree();
CREATE CONSTRAINT TRIGGER reservations_agree_new_balance AFTER INSERT ON balances DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.reserved <> 0) EXECUTE FUNCTION balance_reservations_agree();

-- A transfer created pending holds its lines at its source; one leaving pending gives them back.
CREATE FUNCTION transfer_reservations_agree() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM require_reservations_agree(NEW.workspace_id, l.item_id, NEW.from_location_id)
     FROM transfer_lines l WHERE l.workspace_id = NEW.workspace_id AND l.transfer_id = NEW.id;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER reservations_agree_pending_transfer AFTER INSERT ON transfers DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION transfer_reservations_agree();
CREATE CONSTRAINT TRIGGER reservations_agree_transfer_ended AFTER UPDATE OF status ON transfers DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION transfer_reservations_agree();

-- A job's line holds at its location, or at its job's source.
CREATE FUNCTION job_line_reservations_agree() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT source_location_id INTO source FROM jobs WHERE workspace_id = OLD.workspace_id AND id = OLD.job_id;
    PERFORM require_reservations_agree(OLD.workspace_id, OLD.item_id, coalesce(OLD.location_id, source));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT source_location_id INTO source FROM jobs WHERE workspace_id = NEW.workspace_id AND id = NEW.job_id;
    PERFORM require_reservations_agree(NEW.workspace_id, NEW.item_id, coalesce(NEW.location_id, source));
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER reservations_agree_job_line_added AFTER INSERT ON job_lines DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.reserved > 0) EXECUTE FUNCTION job_line_reservations_agree();
CREATE CONSTRAINT TRIGGER reservations_agree_job_line_changed AFTER UPDATE ON job_lines DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.reserved > 0 OR NEW.reserved > 0) AND (OLD.reserved IS DISTINCT FROM NEW.reserved OR OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.item_id IS DISTINCT FROM NEW.item_id))
  EXECUTE FUNCTION job_line_reservations_agree();
CREATE CONSTRAINT TRIGGER reservations_agree_job_line_removed AFTER DELETE ON job_lines DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.reserved > 0) EXECUTE FUNCTION job_line_reservations_agree();

-- Lines that follow their job's source move their reservations with it.
CREATE FUNCTION job_source_reservations_agree() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM require_reservations_agree(NEW.workspace_id, l.item_id, place)
     FROM job_lines l, unnest(ARRAY[OLD.source_location_id, NEW.source_location_id]) AS place
    WHERE l.workspace_id = NEW.workspace_id AND l.job_id = NEW.id AND l.location_id IS NULL AND l.reserved > 0;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER reservations_agree_job_source AFTER UPDATE OF source_location_id ON jobs DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.source_location_id IS DISTINCT FROM NEW.source_location_id) EXECUTE FUNCTION job_source_reservations_agree();

-- The functions find the tables in this service's schema whatever the caller's search_path.
ALTER FUNCTION held_reservations(text, uuid, uuid) SET search_path FROM CURRENT;
ALTER FUNCTION require_reservations_agree(text, uuid, uuid) SET search_path FROM CURRENT;
ALTER FUNCTION balance_reservations_agree() SET search_path FROM CURRENT;
ALTER FUNCTION transfer_reservations_agree() SET search_path FROM CURRENT;
ALTER FUNCTION job_line_reservations_agree() SET search_path FROM CURRENT;
ALTER FUNCTION job_source_reservations_agree() SET search_path FROM CURRENT;
`);
}
