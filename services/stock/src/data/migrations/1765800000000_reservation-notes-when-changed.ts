import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The reservations journal (1765400000002_reservations-agree) noted every balance row a statement
 * wrote with `reserved` in its SET list, changed or not: the ledger writes both columns of every
 * balance it moves, so each transfer paid a trigger call per balance (20 for a 10-line transfer,
 * 0.73 ms of a 3.8 ms write under EXPLAIN ANALYZE) to note nothing. A WHEN on each event, evaluated
 * without a call, leaves only the rows whose reserved changed. What is noted is unchanged: the
 * function already skipped amounts of 0.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
DROP TRIGGER balance_reserved_noted ON balances;
CREATE TRIGGER balance_reserved_inserted AFTER INSERT ON balances
  FOR EACH ROW WHEN (NEW.reserved <> 0) EXECUTE FUNCTION note_balance_reserved();
CREATE TRIGGER balance_reserved_changed AFTER UPDATE OF reserved ON balances
  FOR EACH ROW WHEN (OLD.reserved IS DISTINCT FROM NEW.reserved) EXECUTE FUNCTION note_balance_reserved();
CREATE TRIGGER balance_reserved_deleted AFTER DELETE ON balances
  FOR EACH ROW WHEN (OLD.reserved <> 0) EXECUTE FUNCTION note_balance_reserved();
`);
}
