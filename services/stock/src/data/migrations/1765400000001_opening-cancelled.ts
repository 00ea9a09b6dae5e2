import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: cancelling an opening goes through the ledger's one write path. Its movements are
 * taken back by movements of their own (type opening, negative, reason opening_cancelled), no
 * longer deleted: the ledger stays append-only.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE movements
  DROP CONSTRAINT movements_reason_check,
  ADD CONSTRAINT movements_reason_check CHECK (reason IN ('received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other', 'job', 'job_reverted', 'opening_cancelled'));
`);
}
