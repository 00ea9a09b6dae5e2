import type { Pool } from 'pg';
import type { Logger } from './logger';

/** One run of a recurring job; answers what it did as counts, e.g. `{ purged: 120 }`. */
export type HousekeepingJob = () => Promise<Record<string, number>>;

interface ScheduledJob {
  intervalMs: number;
  run: HousekeepingJob;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/** The first run comes this soon after start at most, so frequent restarts cannot postpone a job forever. */
const FIRST_RUN_WITHIN_MS = 30_000;

/**
 * A process's recurring upkeep: purges of tables that would otherwise grow forever, and the
 * sweepers that heal work a crash or an outage interrupted. Each job runs alone (a run never
 * overlaps the previous one), first soon after start, then every interval. A failed run is
 * logged and the job tries again at its next run; counts are logged whenever a run did anything.
 */
export class Housekeeping {
  private readonly jobs = new Map<string, ScheduledJob>();
  private started = false;

  constructor(private readonly logger: Logger) {}

  /** Registers `run` under `name` (the log names it). Jobs added after start() start at once. */
  every(name: string, intervalMs: number, run: HousekeepingJob): this {
    if (this.jobs.has(name)) throw new Error(`Housekeeping job "${name}" is registered twice`);
    const job: ScheduledJob = { intervalMs, run };
    this.jobs.set(name, job);
    if (this.started) this.schedule(name, job, this.firstDelay(job));
    return this;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const [name, job] of this.jobs) this.schedule(name, job, this.firstDelay(job));
  }

  /** Cancels what is scheduled and waits for runs in progress to end. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  private firstDelay(job: ScheduledJob): number {
    // Spread over a window, so the processes of a deployment do not all purge at the same moment.
    return Math.floor(Math.random() * Math.min(job.intervalMs, FIRST_RUN_WITHIN_MS));
  }

  private schedule(name: string, job: ScheduledJob, delayMs: number): void {
    job.timer = setTimeout(() => {
      job.running = this.runOnce(name, job).finally(() => {
        job.running = undefined;
        if (this.started) this.schedule(name, job, job.intervalMs);
      });
    }, delayMs);
    job.timer.unref();
  }

  private async runOnce(name: string, job: ScheduledJob): Promise<void> {
    const startedAt = Date.now();
    try {
      const counts = await job.run();
      const did = Object.values(counts).some((n) => n > 0);
      this.logger[did ? 'info' : 'debug']({ job: name, ...counts, ms: Date.now() - startedAt }, `housekeeping: ${name}`);
    } catch (err) {
      this.logger.warn({ job: name, err: (err as Error).message }, `housekeeping: ${name} failed; the next run retries`);
    }
  }
}

/** Rows a purge removes: `condition` selects them, `key` identifies each (the primary key columns). */
export interface PurgeTarget {
  table: string;
  key: string;
  /** SQL condition over the table's columns; may use $1… bound from `params`. */
  condition: string;
  params?: unknown[];
  /** Lets the selection walk an index (e.g. `seq`) instead of scanning for matches. */
  orderBy?: string;
}

export interface PurgeLimits {
  batchSize: number;
  /** Batches in one call at most; what is left waits for the next run. */
  maxBatches?: number;
}

/**
 * Deletes the rows `target` selects, `batchSize` at a time, each batch one short statement of its
 * own. Rows another transaction holds are skipped (SKIP LOCKED) and left for a later run, so a
 * purge never waits on, nor blocks, live work for long. Returns how many rows were deleted.
 */
export async function purgeInBatches(pool: Pool, target: PurgeTarget, limits: PurgeLimits): Promise<number> {
  const params = target.params ?? [];
  const order = target.orderBy ? ` ORDER BY ${target.orderBy}` : '';
  const sql = `DELETE FROM ${target.table} WHERE (${target.key}) IN (
    SELECT ${target.key} FROM ${target.table} WHERE ${target.condition}${order} LIMIT $${params.length + 1} FOR UPDATE SKIP LOCKED)`;
  const maxBatches = limits.maxBatches ?? 1000;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { rowCount } = await pool.query(sql, [...params, limits.batchSize]);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < limits.batchSize) break;
  }
  return total;
}
