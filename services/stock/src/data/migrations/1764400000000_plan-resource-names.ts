import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Plan quotas are named by their resource alone (PlanResource: the key of the plan's limits);
  // the per-cycle wording moved to the refusal's message.
  pgm.sql(`UPDATE plan_usage SET resource = 'transfers' WHERE resource = 'transfers per billing cycle';`);
}
