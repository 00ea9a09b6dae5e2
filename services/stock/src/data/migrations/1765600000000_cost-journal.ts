import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 44: books that close. Every change of an item's average cost is recorded with what moved it
 * (item_cost_changes becomes the cost journal), a revert records what it could not take back at
 * the receipt's own cost on its movement, and a wrong average is corrected by a revaluation (a
 * recorded event, never an edit).
 *
 * - item_cost_changes.kind: receipt, receipt_reverted or revaluation (null on rows recorded before
 *   kinds were); average_before: the average it replaced; unit_cost: the cost a receipt brought
 *   (the last price paid is the latest receipt's, unless that receipt was reverted); source_id:
 *   the purchase order receipt or the revaluation; total_changes: for a receipt, the item total's
 *   change count after it (a revert with the same count and average undoes it exactly).
 * - movements.cost_variance: on the movement of a receipt's revert, what it could not take back at
 *   the receipt's own cost (exact, Σ quantity × cost precision); null elsewhere.
 * - revaluations: POST /inventory/revaluations, one row each.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
ALTER TABLE item_cost_changes
  ADD COLUMN kind text CHECK (kind IN ('receipt', 'receipt_reverted', 'revaluation')),
  ADD COLUMN average_before numeric CHECK (average_before >= 0),
  ADD COLUMN unit_cost numeric CHECK (unit_cost >= 0),
  ADD COLUMN source_id uuid,
  ADD COLUMN total_changes bigint;
CREATE INDEX item_cost_changes_source ON item_cost_changes (workspace_id, source_id) WHERE source_id IS NOT NULL;

ALTER TABLE movements ADD COLUMN cost_variance numeric;

CREATE TABLE revaluations (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  item_id uuid NOT NULL,
  average_cost_before numeric NOT NULL CHECK (average_cost_before >= 0),
  average_cost numeric NOT NULL CHECK (average_cost >= 0),
  on_hand numeric NOT NULL,
  value_change numeric NOT NULL,
  reason text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  created_by_user_id text NOT NULL,
  created_by_key_id text NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX revaluations_item ON revaluations (workspace_id, item_id, created_at, id);
CREATE INDEX revaluations_created ON revaluations (workspace_id, created_at, id);
`);
}
