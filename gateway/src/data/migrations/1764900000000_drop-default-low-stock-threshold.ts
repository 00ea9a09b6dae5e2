import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // The workspace default low-stock threshold is a stock setting now (PATCH /inventory/settings,
  // issue 29): the stock service decides item health with it in the ledger's transactions. This
  // column was never changeable through the API or the admin CLI, so every workspace held 5, the
  // stock service's default when a workspace has no settings row.
  pgm.sql('ALTER TABLE workspaces DROP COLUMN default_low_stock_threshold');
}
