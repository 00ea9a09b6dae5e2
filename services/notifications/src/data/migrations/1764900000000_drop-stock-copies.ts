import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Item health alerts are decided by the stock service in the ledger's transactions and reach this
 * service as stock.item_health_crossed (issue 29): the copies of balances and items, the feed
 * positions, the stock changes waiting for a gap and the item changes waiting for their place go.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql('DROP TABLE item_changes_waiting, item_health, items, balances, stock_feed_waiting, stock_feed');
}
