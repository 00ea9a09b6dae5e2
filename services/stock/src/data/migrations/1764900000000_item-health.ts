import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  // Item health is decided here, in the transaction that changes what it is judged by (issue 29,
  // domain/item-health.ts):
  // - item_totals: each item's on-hand over every location, locked by every change of it (a
  //   receipt, an adjustment, a count, an opening; never a transfer, which changes no total), so
  //   changes of one item's total queue and each is judged from the one committed before it.
  //   `changes` counts them: 0 means the item's total never changed (its first change is no
  //   crossing). Backfilled from the balances.
  // - items.low_stock_threshold: the item's own threshold joins the copied, fenced fields.
  //   Copies made before it was copied do not hold it: each is fenced at the version it holds
  //   and its version forgotten, so the first change that needs the item asks the catalog for
  //   it (projection-gate.ts), as for any copy fenced past what it holds.
  // - items.fence_actor: who made the change a fence announced (the catalog's caller), for the
  //   alert a threshold change sends when the copy learns it from the catalog's answer.
  // - workspace_settings: the stock settings of a workspace (the default low-stock threshold of
  //   items without their own); no row: the default (DEFAULT_LOW_STOCK_THRESHOLD).
  pgm.sql(`
ALTER TABLE items
  ADD COLUMN low_stock_threshold numeric CHECK (low_stock_threshold >= 0),
  ADD COLUMN fence_actor jsonb;
UPDATE items SET fence = greatest(coalesce(fence, 0), version), version = 0 WHERE version > 0;

CREATE TABLE item_totals (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  on_hand numeric NOT NULL,
  changes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, item_id)
);
INSERT INTO item_totals (workspace_id, item_id, on_hand, changes)
SELECT workspace_id, item_id, sum(on_hand), 1 FROM balances GROUP BY workspace_id, item_id;

CREATE TABLE workspace_settings (
  workspace_id text PRIMARY KEY,
  default_low_stock_threshold numeric NOT NULL CHECK (default_low_stock_threshold BETWEEN 0 AND 1000000),
  updated_at timestamptz NOT NULL
);
`);
}
