import { performance } from 'node:perf_hooks';
import type { BenchStack } from './bench-stack';
import type { RoundStats, Side } from './load';

/** How often the positions are read while the catalog catches up. */
const READ_EVERY_MS = 50;
/** The catalog counts as caught up once its backlog is below this share of the largest it had. */
const CAUGHT_UP_SHARE = 0.1;

export interface CatchUp {
  /** Stock positions (one stock.changed each) the catalog applied per second while behind. */
  appliedPerSecond: number;
  /** Stock positions committed per second in the same window (the catalog's catching up takes CPU from the storm: less than its full rate). */
  committedPerSecond: number;
  /** The most positions committed and not yet applied. */
  largestBacklog: number;
  /** The window the rates are measured over (from the catalog's first apply). */
  windowMs: number;
  /** Whether the backlog fell below CAUGHT_UP_SHARE of its largest before the storm ended. */
  caughtUp: boolean;
  /** The storm's round: its rate is the full rate the consumer is held to. */
  storm: RoundStats;
}

/**
 * The ceiling of the catalog's stock.changed consumer under the load it must outrun: the catalog
 * is stopped while the transfer storm runs for `backlogSeconds` (its durable queue keeps every
 * event), then started again with the storm still running, and the positions of `workspaceIds`
 * are read every READ_EVERY_MS. From its first apply until its backlog is below
 * CAUGHT_UP_SHARE of the largest (or the storm ends), the rate at which it applies them is its
 * ceiling on this machine while the storm takes its share of the CPU; the storm's own rate is what
 * it has to beat. A consumer whose ceiling is not above the transfers' rate falls behind for good:
 * no lag bound holds then, however short its lag at a lower rate. The catalog restarts cold (its
 * code not yet optimised), so this errs low.
 */
export async function catalogCatchUp(stack: BenchStack, workspaceIds: string[], storm: Side, backlogSeconds: number): Promise<CatchUp> {
  if (!stack.setCatalog) throw new Error('this stack cannot stop its catalog');
  const positions = async () => {
    const { rows } = await stack.db.query<{ head: string; through: string }>(
      `SELECT sum(s.position) AS head, sum(coalesce(f.applied_through, 0)) AS through
         FROM stock.stock_positions s LEFT JOIN catalog.position_feeds f ON f.workspace_id = s.workspace_id AND f.feed = 'stock'
        WHERE s.workspace_id = ANY($1)`,
      [workspaceIds],
    );
    return { at: performance.now(), head: Number(rows[0]!.head), through: Number(rows[0]!.through) };
  };
  await stack.quiesce();
  await stack.setCatalog(false);
  let stormEnded = false;
  try {
    // The storm outlasts the catalog's start (a few seconds of it) and its catching up.
    const round = storm(backlogSeconds * 3).finally(() => (stormEnded = true));
    await new Promise((resolve) => setTimeout(resolve, backlogSeconds * 1000));
    const started = stack.setCatalog(true);
    started.catch(() => undefined);
    const stopped = await positions();
    let largestBacklog = stopped.head - stopped.through;
    let first: Awaited<ReturnType<typeof positions>> | undefined;
    let last = stopped;
    let caughtUp = false;
    while (!stormEnded) {
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      const now = await positions();
      if (stormEnded) break;
      if (!first && now.through > stopped.through) first = last;
      last = now;
      largestBacklog = Math.max(largestBacklog, now.head - now.through);
      if (first && now.head - now.through < largestBacklog * CAUGHT_UP_SHARE) {
        caughtUp = true;
        break;
      }
    }
    const stats = await round;
    await started;
    const seconds = first ? (last.at - first.at) / 1000 : 0;
    return {
      appliedPerSecond: first && seconds > 0 ? (last.through - first.through) / seconds : 0,
      committedPerSecond: first && seconds > 0 ? (last.head - first.head) / seconds : stats.rps,
      largestBacklog,
      windowMs: seconds * 1000,
      caughtUp,
      storm: stats,
    };
  } finally {
    await stack.setCatalog(true);
  }
}
