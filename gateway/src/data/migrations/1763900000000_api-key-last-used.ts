import type { MigrationBuilder } from 'node-pg-migrate';

/** When a key last authenticated a request, to the minute (the admin CLI's key:list shows it). */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql('ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz');
}
