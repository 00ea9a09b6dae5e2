import { backfillPlanUsageSql, PLAN_USAGE_TABLE_SQL } from '@inv/shared/db';
import type { MigrationBuilder } from 'node-pg-migrate';

// The users plan quota's counters (shared plan-quota.ts), started from each workspace's members.
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(PLAN_USAGE_TABLE_SQL);
  pgm.sql(backfillPlanUsageSql('users', 'SELECT workspace_id, count(*) FROM memberships GROUP BY workspace_id'));
}
