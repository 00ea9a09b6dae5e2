import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * What the item stock alerts are decided from (use-cases/item-stock-alerts.ts):
 * - stock_feed / stock_feed_waiting: each workspace's stock.changed messages applied strictly in
 *   their stock position order (gap-free, the ledger's commit order); one that arrives ahead of a
 *   gap waits here for it.
 * - balances: on hand per item and location as of the last applied position; item_health: the
 *   state each item's last alert decision saw (its on hand over every location, threshold,
 *   tracking, and the position it was decided at).
 * - items: the catalog's items as their events say (threshold, tracking, SKU and description for
 *   the alert's body).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE stock_feed (
  workspace_id text PRIMARY KEY,
  applied_through bigint NOT NULL
);

CREATE TABLE stock_feed_waiting (
  workspace_id text NOT NULL,
  position bigint NOT NULL,
  message jsonb NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, position)
);

CREATE TABLE balances (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  location_id uuid NOT NULL,
  on_hand numeric NOT NULL,
  PRIMARY KEY (workspace_id, item_id, location_id)
);

CREATE TABLE items (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  sku text NOT NULL,
  description text NOT NULL,
  track_stock boolean NOT NULL,
  low_stock_threshold numeric,
  version bigint NOT NULL,
  PRIMARY KEY (workspace_id, id)
);

CREATE TABLE item_health (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  on_hand numeric NOT NULL,
  threshold numeric NOT NULL,
  default_threshold numeric NOT NULL,
  track_stock boolean NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, item_id)
);
`);
}
