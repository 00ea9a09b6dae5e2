import { backfillPlanUsageSql, PLAN_USAGE_TABLE_SQL } from '@inv/shared/db';
import type { MigrationBuilder } from 'node-pg-migrate';

// The locations plan quota's counters (shared plan-quota.ts), started from the live locations.
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(PLAN_USAGE_TABLE_SQL);
  pgm.sql(backfillPlanUsageSql('locations', 'SELECT workspace_id, count(*) FROM locations WHERE deleted_at IS NULL GROUP BY workspace_id'));
}
