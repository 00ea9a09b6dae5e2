import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';

/** How long a gap in a workspace's stock positions is waited for. */
const GAP_GIVE_UP_MS = 60_000;

/** A workspace's feed: the position applied so far, and the messages that follow it without a gap. */
export interface FeedRun<M> {
  through: number;
  run: M[];
}

/**
 * Each workspace's stock feed in position order, for every workspace of a batch at once (a fixed
 * number of statements whatever their count): parks the messages given, then reads for each
 * workspace given (those of the messages, and `alsoWorkspaces`) the run that follows what was
 * applied. A feed seen for the first time starts just before the earliest position given.
 * Messages at or below the position applied (redeliveries) are not in a run. The feed rows stay
 * locked until the transaction ends (taken in workspace order), so two consumers never apply one
 * workspace's feed at once. The caller applies what it can of each run and then calls advanceFeeds.
 */
export async function pendingRuns<M extends Envelope<{ position: number }>>(tx: PoolClient, messages: M[], alsoWorkspaces: readonly string[] = []): Promise<Map<string, FeedRun<M>>> {
  const earliest = new Map<string, number>();
  for (const m of messages) earliest.set(m.workspaceId, Math.min(earliest.get(m.workspaceId) ?? Infinity, m.payload.position));
  const workspaces = [...new Set([...earliest.keys(), ...alsoWorkspaces])].sort();
  if (messages.length > 0) {
    await tx.query(
      `INSERT INTO stock_feed_waiting (workspace_id, position, message)
       SELECT w, p, m FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) AS x(w, p, m) ON CONFLICT DO NOTHING`,
      [messages.map((m) => m.workspaceId), messages.map((m) => m.payload.position), messages.map((m) => JSON.stringify(m))],
    );
    await tx.query(
      'INSERT INTO stock_feed (workspace_id, applied_through) SELECT w, p - 1 FROM unnest($1::text[], $2::bigint[]) AS x(w, p) ON CONFLICT DO NOTHING',
      [[...earliest.keys()], [...earliest.values()]],
    );
  }
  const { rows: feeds } = await tx.query<{ workspace_id: string; applied_through: string }>(
    'SELECT workspace_id, applied_through FROM stock_feed WHERE workspace_id = ANY($1::text[]) ORDER BY workspace_id FOR UPDATE',
    [workspaces],
  );
  const { rows: waiting } = await tx.query<{ workspace_id: string; position: string; message: M; overdue: boolean }>(
    `SELECT w.workspace_id, w.position, w.message, w.parked_at < now() - $2 * interval '1 millisecond' AS overdue
       FROM stock_feed_waiting w JOIN stock_feed f ON f.workspace_id = w.workspace_id
      WHERE w.workspace_id = ANY($1::text[]) AND w.position > f.applied_through
      ORDER BY w.workspace_id, w.position`,
    [workspaces, GAP_GIVE_UP_MS],
  );
  const runs = new Map<string, FeedRun<M>>();
  for (const feed of feeds) {
    const queued = waiting.filter((w) => w.workspace_id === feed.workspace_id);
    let through = Number(feed.applied_through);
    // A position that has not come for a minute was dead-lettered or lost on its way here: the feed
    // goes on without it rather than stall the workspace's alerts for good (a crossing inside it may be missed).
    const first = queued[0];
    if (first && Number(first.position) > through + 1 && first.overdue) through = Number(first.position) - 1;
    const run: M[] = [];
    for (const w of queued) {
      if (Number(w.position) !== through + run.length + 1) break;
      run.push(w.message);
    }
    runs.set(feed.workspace_id, { through, run });
  }
  return runs;
}

/** Moves each feed to the position applied: what was applied (and any redelivery of it) leaves the waiting room. */
export async function advanceFeeds(tx: PoolClient, applied: ReadonlyArray<{ workspaceId: string; through: number }>): Promise<void> {
  if (applied.length === 0) return;
  await tx.query(
    `WITH moved AS (
       SELECT * FROM unnest($1::text[], $2::bigint[]) AS x(workspace_id, through)
     ), taken AS (
       DELETE FROM stock_feed_waiting w USING moved m WHERE w.workspace_id = m.workspace_id AND w.position <= m.through
     )
     UPDATE stock_feed f SET applied_through = m.through FROM moved m WHERE f.workspace_id = m.workspace_id AND f.applied_through <> m.through`,
    [applied.map((a) => a.workspaceId), applied.map((a) => a.through)],
  );
}

/**
 * The position each workspace's feed has applied (absent: no stock change of it has come yet), the
 * rows locked until the transaction ends, in workspace order as pendingRuns takes them: a decision
 * that depends on the position (an item change to park, or to apply now) cannot interleave with
 * the feed moving past it.
 */
export async function lockedFeedPositions(tx: PoolClient, workspaceIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ workspace_id: string; applied_through: string }>(
    'SELECT workspace_id, applied_through FROM stock_feed WHERE workspace_id = ANY($1::text[]) ORDER BY workspace_id FOR UPDATE',
    [[...workspaceIds]],
  );
  return new Map(rows.map((r) => [r.workspace_id, Number(r.applied_through)]));
}
