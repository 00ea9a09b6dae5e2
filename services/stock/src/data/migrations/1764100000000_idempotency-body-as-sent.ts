import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The stored answer keeps its fields in the order they were sent (jsonb reorders them), so a
 * replay is the original body; the table is now the one every service creates from
 * IDEMPOTENCY_KEYS_TABLE_SQL.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql('ALTER TABLE idempotency_keys ALTER COLUMN body TYPE json USING body::json');
}
