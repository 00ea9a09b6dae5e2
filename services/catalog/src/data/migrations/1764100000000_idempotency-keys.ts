import { IDEMPOTENCY_KEYS_TABLE_SQL } from '@inv/shared/db';
import type { MigrationBuilder } from 'node-pg-migrate';

/** Idempotency-Key on this service's POST routes: the same table the stock service keeps, in this schema. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(IDEMPOTENCY_KEYS_TABLE_SQL);
}
