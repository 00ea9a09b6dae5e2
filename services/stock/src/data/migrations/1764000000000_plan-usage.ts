import { PLAN_USAGE_TABLE_SQL } from '@inv/shared/db';
import type { MigrationBuilder } from 'node-pg-migrate';

// Counters of the plan's transfers per billing cycle (see shared plan-quota.ts). No backfill: a
// cycle's counter starts from a count of the cycle's transfers on its first claim.
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(PLAN_USAGE_TABLE_SQL);
}
