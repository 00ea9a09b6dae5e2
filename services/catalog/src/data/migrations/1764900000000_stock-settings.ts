import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // The stock service's settings the catalog's health filters read (stock.settings_changed): the
  // workspace default low-stock threshold, no row: the default. A copy, as stale as the events
  // that bring it (docs/consistency.md); alerts are decided by the stock service from its own.
  pgm.sql(`
CREATE TABLE stock_settings (
  workspace_id text PRIMARY KEY,
  default_low_stock_threshold numeric NOT NULL
);
`);
}
