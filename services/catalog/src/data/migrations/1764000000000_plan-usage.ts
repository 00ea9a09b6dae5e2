import { backfillPlanUsageSql, PLAN_USAGE_TABLE_SQL } from '@inv/shared/db';
import type { MigrationBuilder } from 'node-pg-migrate';

// The catalog's plan quota counters (shared plan-quota.ts), started from what each workspace has.
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(PLAN_USAGE_TABLE_SQL);
  for (const table of ['items', 'tags', 'suppliers']) {
    pgm.sql(backfillPlanUsageSql(table, `SELECT workspace_id, count(*) FROM ${table} GROUP BY workspace_id`));
  }
}
