import { PROCESSED_MESSAGES_AGE_INDEX_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(PROCESSED_MESSAGES_AGE_INDEX_SQL);
}
