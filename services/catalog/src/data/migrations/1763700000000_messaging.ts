import { MESSAGING_TABLES_SQL } from '@inv/shared/messaging';
import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(MESSAGING_TABLES_SQL);
}
