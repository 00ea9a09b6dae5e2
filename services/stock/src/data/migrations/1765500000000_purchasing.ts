import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Issue 41: purchase orders, receipts against them, and a cost on every movement (docs/purchasing.md).
 *
 * - suppliers: the catalog's suppliers as its supplier.created events (owner events) name them, and
 *   items.supplier_id from item events: what an order names and replenishment orders from.
 * - purchase_orders / purchase_order_lines: `received` never exceeds `ordered` (CHECK): with the
 *   order's row lock taken by every receipt, racing receipts cannot receive more than was ordered.
 * - purchase_order_receipts: one row per receipt, its lines as received (immutable), reverted_at
 *   once a revert took it back.
 * - movements.unit_cost: the cost the movement carried (a receipt's) or the item's average cost at
 *   that moment; null on movements recorded before costs were, and on movements of an item whose
 *   cost was never known (no receipt at a cost, and a copy of the item without a catalog cost). purchase_order_id and
 *   receipt_id on a receipt's movements and on its revert's.
 * - item_totals.average_cost: the moving average over the workspace, null until a movement brought
 *   a cost (the catalog's cost applies). item_cost_changes: every change of it, for valuation asOf.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE suppliers (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
-- supplier_known: the copy learned the item's supplier (null included) from an event that carries it;
-- a copy made before suppliers were copied asks the catalog before replenishment orders from its supplier.
ALTER TABLE items ADD COLUMN supplier_id uuid, ADD COLUMN supplier_known boolean NOT NULL DEFAULT false;

CREATE TABLE purchase_orders (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  supplier_id uuid NOT NULL,
  location_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'ordered', 'partially_received', 'received', 'closed', 'cancelled')),
  reference text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  external_ref text,
  expected_at timestamptz,
  origin text NOT NULL DEFAULT 'manual' CHECK (origin IN ('manual', 'replenishment')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  created_by_user_id text NOT NULL,
  created_by_key_id text NOT NULL,
  updated_at timestamptz NOT NULL,
  submitted_at timestamptz,
  received_at timestamptz,
  closed_at timestamptz,
  cancelled_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  UNIQUE (workspace_id, external_ref)
);
CREATE INDEX purchase_orders_created ON purchase_orders (workspace_id, created_at, id);
CREATE INDEX purchase_orders_open ON purchase_orders (workspace_id, location_id) WHERE status IN ('draft', 'ordered', 'partially_received');

CREATE TABLE purchase_order_lines (
  workspace_id text NOT NULL,
  purchase_order_id uuid NOT NULL,
  position integer NOT NULL,
  item_id uuid NOT NULL,
  ordered numeric NOT NULL CHECK (ordered > 0),
  received numeric NOT NULL DEFAULT 0,
  received_value numeric NOT NULL DEFAULT 0,
  unit_cost numeric NOT NULL CHECK (unit_cost >= 0),
  PRIMARY KEY (workspace_id, purchase_order_id, item_id),
  CONSTRAINT received_within_ordered CHECK (received >= 0 AND received <= ordered),
  FOREIGN KEY (workspace_id, purchase_order_id) REFERENCES purchase_orders (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX purchase_order_lines_item ON purchase_order_lines (workspace_id, item_id);

CREATE TABLE purchase_order_receipts (
  workspace_id text NOT NULL,
  id uuid NOT NULL,
  purchase_order_id uuid NOT NULL,
  lines jsonb NOT NULL,
  reference text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  created_by_user_id text NOT NULL,
  created_by_key_id text NOT NULL,
  reverted_at timestamptz,
  PRIMARY KEY (workspace_id, id),
  FOREIGN KEY (workspace_id, purchase_order_id) REFERENCES purchase_orders (workspace_id, id)
);
CREATE INDEX purchase_order_receipts_order ON purchase_order_receipts (workspace_id, purchase_order_id, created_at);

ALTER TABLE movements
  DROP CONSTRAINT movements_reason_check,
  ADD CONSTRAINT movements_reason_check CHECK (reason IN ('received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other', 'job', 'job_reverted', 'opening_cancelled', 'receipt_reverted')),
  ADD COLUMN unit_cost numeric CHECK (unit_cost >= 0),
  ADD COLUMN purchase_order_id uuid,
  ADD COLUMN receipt_id uuid;
CREATE INDEX movements_purchase_order ON movements (workspace_id, purchase_order_id) WHERE purchase_order_id IS NOT NULL;
-- Valuation asOf: the last movement of each balance at or before an instant (it serves what movements_balance did).
DROP INDEX movements_balance;
CREATE INDEX movements_balance_time ON movements (workspace_id, item_id, location_id, created_at, seq);

ALTER TABLE item_totals ADD COLUMN average_cost numeric CHECK (average_cost >= 0);
CREATE TABLE item_cost_changes (
  workspace_id text NOT NULL,
  item_id uuid NOT NULL,
  changed_at timestamptz NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  average_cost numeric NOT NULL CHECK (average_cost >= 0),
  PRIMARY KEY (workspace_id, item_id, changed_at, seq)
);
`);
}
