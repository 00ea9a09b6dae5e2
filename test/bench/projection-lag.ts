import { performance } from 'node:perf_hooks';
import type { Pool } from '@inv/shared/db';

/** How often the sampler reads the positions: the lag's resolution, and its whole cost (one small query). */
const READ_EVERY_MS = 5;
/** How often, at most, a workspace's newest position starts a sample. */
const SAMPLE_EVERY_MS = 20;

/**
 * How far the catalog's stock projection lags the stock service for every caller but the one that
 * made a change (who reads its own writes: docs/consistency.md), measured while a round of (b)
 * runs without adding a call of its own: every READ_EVERY_MS one query reads each workspace's
 * latest stock position and how far the catalog has applied them. A position seen committed for
 * the first time starts a sample (at most one per workspace every SAMPLE_EVERY_MS); the sample
 * ends when the catalog has applied it. So each lag runs from within READ_EVERY_MS of the
 * transaction's commit (about when its 201 leaves the gateway) to the read that finds it applied,
 * to READ_EVERY_MS's resolution (a position already applied when first seen counts as READ_EVERY_MS).
 */
export class ProjectionLagSampler {
  readonly lagsMs: number[] = [];

  constructor(
    private readonly db: Pool,
    private readonly workspaceIds: string[],
  ) {}

  /** Samples until `round` settles; answers the round's own result. */
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
    const sampledAt = new Map<string, { at: number; position: number }>();
    while (running()) {
      const { rows } = await this.db.query<{ workspace_id: string; head: string; through: string }>(
        `SELECT s.workspace_id, s.position AS head, coalesce(f.applied_through, 0) AS through
           FROM stock.stock_positions s LEFT JOIN catalog.stock_feed f ON f.workspace_id = s.workspace_id
          WHERE s.workspace_id = ANY($1)`,
        [this.workspaceIds],
      );
      const now = performance.now();
      for (const row of rows) {
        const [head, through] = [Number(row.head), Number(row.through)];
        const waiting = (pending.get(row.workspace_id) ?? []).filter((s) => {
          if (s.position > through) return true;
          this.lagsMs.push(now - s.seenAt);
          return false;
        });
        const last = sampledAt.get(row.workspace_id);
        if (head > (last?.position ?? 0) && now - (last?.at ?? 0) >= SAMPLE_EVERY_MS) {
          sampledAt.set(row.workspace_id, { at: now, position: head });
          // Applied already when first seen: within one read interval, which is all that can be said.
          if (head <= through) this.lagsMs.push(READ_EVERY_MS);
          else waiting.push({ position: head, seenAt: now });
        }
        pending.set(row.workspace_id, waiting);
      }
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    }
  }
}
