import { performance } from 'node:perf_hooks';
import type { Pool } from '@inv/shared/db';

/** How often the sampler reads the positions: the lag's resolution, and its whole cost (one small query). */
const READ_EVERY_MS = 5;
/**
 * How long, after its round, the sampler still follows the samples the round started: the lags a
 * consumer that falls behind makes are the last ones, and the longest.
 */
const FOLLOW_UP_MS = 60_000;

/**
 * How far the catalog's stock projection lags the stock service for every caller but the one that
 * made a change (who reads its own writes: docs/consistency.md), measured while a round of (b)
 * runs without adding a call of its own: every READ_EVERY_MS one query reads each workspace's
 * latest stock position and how far the catalog has applied them. A position seen committed for
 * the first time starts a sample (at most one per workspace and read); the sample ends when the
 * catalog has applied it, during the round or after it (the samples still open when the round
 * ends are followed to their end, for at most FOLLOW_UP_MS: one still open then counts as that
 * long, and is reported). So each lag runs from within READ_EVERY_MS of the transaction's commit
 * (about when its 201 leaves the gateway) to the read that finds it applied, to READ_EVERY_MS's
 * resolution (a position already applied when first seen counts as READ_EVERY_MS).
 */
export class ProjectionLagSampler {
  readonly lagsMs: number[] = [];
  /** Samples the catalog had not applied FOLLOW_UP_MS after the round (counted in lagsMs at their age then). */
  unfinished = 0;

  constructor(
    private readonly db: Pool,
    private readonly workspaceIds: string[],
  ) {}

  /** Samples until `round` settles and its samples end; answers the round's own result. */
  async during<T>(round: Promise<T>): Promise<T> {
    let running = true;
    const sampling = this.sample(() => running);
    try {
      return await round;
    } finally {
      running = false;
      await sampling;
    }
  }

  private async sample(running: () => boolean): Promise<void> {
    const pending = new Map<string, Array<{ position: number; seenAt: number }>>();
    const seen = new Map<string, number>();
    let followUntil: number | undefined;
    for (;;) {
      const readAt = performance.now();
      const { rows } = await this.db.query<{ workspace_id: string; head: string; through: string }>(
        `SELECT s.workspace_id, s.position AS head, coalesce(f.applied_through, 0) AS through
           FROM stock.stock_positions s LEFT JOIN catalog.position_feeds f ON f.workspace_id = s.workspace_id AND f.feed = 'stock'
          WHERE s.workspace_id = ANY($1)`,
        [this.workspaceIds],
      );
      const now = performance.now();
      const sampling = running();
      for (const row of rows) {
        const [head, through] = [Number(row.head), Number(row.through)];
        const waiting = (pending.get(row.workspace_id) ?? []).filter((s) => {
          if (s.position > through) return true;
          this.lagsMs.push(now - s.seenAt);
          return false;
        });
        if (sampling && head > (seen.get(row.workspace_id) ?? 0)) {
          seen.set(row.workspace_id, head);
          // Applied already when first seen: within one read interval, which is all that can be said.
          if (head <= through) this.lagsMs.push(READ_EVERY_MS);
          else waiting.push({ position: head, seenAt: now });
        }
        pending.set(row.workspace_id, waiting);
      }
      const open = [...pending.values()].flat();
      if (!sampling) {
        followUntil ??= now + FOLLOW_UP_MS;
        if (open.length === 0) return;
        if (now >= followUntil) {
          this.unfinished = open.length;
          this.lagsMs.push(...open.map((s) => now - s.seenAt));
          return;
        }
      }
      // Every READ_EVERY_MS from the start of the last read, whatever the read took.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, readAt + READ_EVERY_MS - performance.now())));
    }
  }
}
