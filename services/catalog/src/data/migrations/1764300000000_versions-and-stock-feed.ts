import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
-- The catalog's version of each item, taken from one sequence on every write: it only grows and
-- is never reused (a rolled-back write burns its number), which is what lets the stock service
-- tell a fence of a write that never committed from one still in flight (docs/consistency.md).
CREATE SEQUENCE item_versions;
ALTER TABLE items ADD COLUMN version bigint NOT NULL DEFAULT nextval('item_versions');

-- How far this service has applied the stock service's transactions of each workspace (its
-- stock positions, numbered 1, 2, 3, … in commit order): applied_through is the highest position
-- with every position up to it applied; positions applied beyond a gap wait in stock_feed_ahead
-- until the gap fills. A read that must reflect a caller's stock change waits for applied_through.
CREATE TABLE stock_feed (
  workspace_id text PRIMARY KEY,
  applied_through bigint NOT NULL DEFAULT 0
);
CREATE TABLE stock_feed_ahead (
  workspace_id text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, position)
);

-- Records positions as applied (in the transaction that applied them; p_workspace_ids[i] is the
-- workspace of p_positions[i]) and advances each workspace's applied_through over every position
-- now contiguous. Workspaces are taken in id order and their feed rows locked, so concurrent
-- consumers (several processes) queue per workspace instead of deadlocking. Positions at or below
-- applied_through (a repeat) change nothing.
CREATE FUNCTION advance_stock_feeds(p_workspace_ids text[], p_positions bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ws text;
  through bigint;
  fresh bigint[];
BEGIN
  FOR ws IN SELECT DISTINCT w FROM unnest(p_workspace_ids) AS w ORDER BY w LOOP
    INSERT INTO stock_feed (workspace_id) VALUES (ws) ON CONFLICT (workspace_id) DO NOTHING;
    SELECT applied_through INTO through FROM stock_feed WHERE workspace_id = ws FOR UPDATE;
    fresh := ARRAY(SELECT DISTINCT a.position FROM unnest(p_workspace_ids, p_positions) AS a(workspace_id, position)
                    WHERE a.workspace_id = ws AND a.position > through ORDER BY a.position);
    IF cardinality(fresh) = 0 THEN
      CONTINUE;
    END IF;
    -- The usual case: the positions follow on from applied_through with none waiting beyond a gap.
    IF fresh[1] = through + 1 AND fresh[cardinality(fresh)] = through + cardinality(fresh)
       AND NOT EXISTS (SELECT 1 FROM stock_feed_ahead WHERE workspace_id = ws) THEN
      through := fresh[cardinality(fresh)];
    ELSE
      INSERT INTO stock_feed_ahead (workspace_id, position) SELECT ws, p FROM unnest(fresh) AS p ON CONFLICT DO NOTHING;
      LOOP
        DELETE FROM stock_feed_ahead WHERE workspace_id = ws AND position = through + 1;
        EXIT WHEN NOT FOUND;
        through := through + 1;
      END LOOP;
    END IF;
    UPDATE stock_feed SET applied_through = through WHERE workspace_id = ws;
  END LOOP;
END $$;
-- The function finds its tables in this service's schema whatever the caller's search_path.
ALTER FUNCTION advance_stock_feeds(text[], bigint[]) SET search_path FROM CURRENT;
`);
}
