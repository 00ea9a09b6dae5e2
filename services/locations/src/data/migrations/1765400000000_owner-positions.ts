import { OWNER_POSITIONS_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 40: owners publish, the ledger orders (docs/consistency.md). Every location event takes
 * the workspace's next owner position, so the stock service's copy of the locations knows how far
 * it has applied them (no fences any more).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(OWNER_POSITIONS_SQL);
}
