import type { PoolClient } from 'pg';

/**
 * How far a consumer has applied another service's numbered changes of each workspace (its
 * positions, 1, 2, 3, … in commit order, no gaps): the stock service's transactions (the
 * catalog's stock projection), the catalog's and the locations service's owner positions (the
 * stock service's copies of items and locations). `applied_through` is the highest position with
 * every position up to it applied; positions applied beyond a gap (messages arrive out of order
 * after a retry or with several relays) wait in position_feed_ahead until the gap fills. A read or
 * a decision that must reflect a change acknowledged at position P waits until applied_through
 * reaches P. A consumer's migration creates these (POSITION_FEEDS_SQL).
 */
export const POSITION_FEEDS_SQL = `
CREATE TABLE position_feeds (
  workspace_id text NOT NULL,
  feed text NOT NULL,
  applied_through bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, feed)
);
CREATE TABLE position_feed_ahead (
  workspace_id text NOT NULL,
  feed text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, feed, position)
);

-- Records positions of one feed as applied (in the transaction that applied them;
-- p_workspace_ids[i] is the workspace of p_positions[i]) and advances each workspace's
-- applied_through over every position now contiguous. Workspaces are taken in id order and their
-- feed rows locked, so concurrent consumers (several processes) queue per workspace instead of
-- deadlocking. Positions at or below applied_through (a repeat) change nothing.
CREATE FUNCTION advance_position_feeds(p_feed text, p_workspace_ids text[], p_positions bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ws text;
  through bigint;
  fresh bigint[];
BEGIN
  FOR ws IN SELECT DISTINCT w FROM unnest(p_workspace_ids) AS w ORDER BY w LOOP
    INSERT INTO position_feeds (workspace_id, feed) VALUES (ws, p_feed) ON CONFLICT (workspace_id, feed) DO NOTHING;
    SELECT applied_through INTO through FROM position_feeds WHERE workspace_id = ws AND feed = p_feed FOR UPDATE;
    fresh := ARRAY(SELECT DISTINCT a.position FROM unnest(p_workspace_ids, p_positions) AS a(workspace_id, position)
                    WHERE a.workspace_id = ws AND a.position > through ORDER BY a.position);
    IF cardinality(fresh) = 0 THEN
      CONTINUE;
    END IF;
    -- The usual case: the positions follow on from applied_through with none waiting beyond a gap.
    IF fresh[1] = through + 1 AND fresh[cardinality(fresh)] = through + cardinality(fresh)
       AND NOT EXISTS (SELECT 1 FROM position_feed_ahead WHERE workspace_id = ws AND feed = p_feed) THEN
      through := fresh[cardinality(fresh)];
    ELSE
      INSERT INTO position_feed_ahead (workspace_id, feed, position) SELECT ws, p_feed, p FROM unnest(fresh) AS p ON CONFLICT DO NOTHING;
      LOOP
        DELETE FROM position_feed_ahead WHERE workspace_id = ws AND feed = p_feed AND position = through + 1;
        EXIT WHEN NOT FOUND;
        through := through + 1;
      END LOOP;
    END IF;
    UPDATE position_feeds SET applied_through = through WHERE workspace_id = ws AND feed = p_feed;
  END LOOP;
END $$;
-- The function finds its tables in the consumer's schema whatever the caller's search_path.
ALTER FUNCTION advance_position_feeds(text, text[], bigint[]) SET search_path FROM CURRENT;
`;

/** Marks the positions of the messages just applied (in their transaction) and advances each workspace's applied_through of `feed`. */
export async function advancePositionFeed(tx: PoolClient, feed: string, applied: ReadonlyArray<{ workspaceId: string; position: number }>): Promise<void> {
  if (applied.length === 0) return;
  await tx.query({
    name: 'advance_position_feeds',
    text: 'SELECT advance_position_feeds($1, $2::text[], $3::bigint[])',
    values: [feed, applied.map((a) => a.workspaceId), applied.map((a) => a.position)],
  });
}

/** The highest position of each of the workspace's feeds up to which every one has been applied (a feed missing: 0). */
export async function appliedThrough(db: Pick<PoolClient, 'query'>, workspaceId: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ feed: string; through: string }>({
    name: 'position_feeds_applied_through',
    text: 'SELECT feed, applied_through AS through FROM position_feeds WHERE workspace_id = $1',
    values: [workspaceId],
  });
  return new Map(rows.map((r) => [r.feed, Number(r.through)]));
}
