import { logContext, type Logger } from '@inv/shared/observability';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { claimImport, type ClaimedImport, renewLease } from '../data/import-repository';
import { giveUp, runImport } from './run-import';

/** Runs a job this many times at most: a file that fails every run (a defect, or a dependency down for long) is then failed, saying why. */
const MAX_RUNS = 5;

export interface ImportWorkerSettings {
  /** How often it looks for jobs when nothing woke it (another replica's job, a job whose worker died). */
  pollMs: number;
  /** How long a job stays with its worker unless renewed (renewed every third of it while it runs). */
  leaseMs: number;
}

/**
 * Runs import jobs (run-import.ts), one at a time per process, any number of replicas side by side:
 * a job is leased in PostgreSQL (claimImport), its lease renewed while it runs, so a worker that
 * dies leaves it to another once the lease runs out, and none runs it while another holds it. Each
 * job runs for the caller that sent it (its log lines and events name that caller).
 */
export class ImportWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly runtime: Pick<ServiceRuntime, 'pool' | 'client' | 'outbox' | 'config' | 'logger'>,
    private readonly settings: ImportWorkerSettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Looks for jobs now (after one was submitted). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.work(), delayMs);
    this.timer.unref();
  }

  private async work(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          for (let job = await claimImport(this.runtime.pool, this.settings.leaseMs); job && !this.stopped; job = await claimImport(this.runtime.pool, this.settings.leaseMs)) {
            await this.run(job);
          }
        } while (this.again && !this.stopped);
      } catch (err) {
        this.logger.warn({ err: (err as Error).message }, 'could not claim an import; retrying at the next poll');
      }
    })();
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.settings.pollMs);
  }

  private async run(job: ClaimedImport): Promise<void> {
    const heartbeat = setInterval(() => {
      renewLease(this.runtime.pool, job, this.settings.leaseMs).then(
        (until) => {
          if (until) job.leaseUntil = until;
        },
        (err: Error) => this.logger.warn({ err: err.message, importId: job.id }, 'could not renew an import lease'),
      );
    }, this.settings.leaseMs / 3);
    const { caller } = job;
    try {
      await logContext.run({ requestId: caller.requestId, workspaceId: job.workspaceId, userId: caller.user.id, keyId: caller.keyId }, () => runImport(this.runtime, job));
    } catch (err) {
      const reason = (err as Error).message;
      if (job.attempts >= MAX_RUNS) {
        this.logger.error({ err, importId: job.id, runs: job.attempts }, 'import failed every run; giving up');
        await giveUp(this.runtime, job, `The import could not be processed (${job.attempts} tries): ${reason}. Nothing was applied.`).catch((failure: Error) =>
          this.logger.warn({ err: failure.message, importId: job.id }, 'could not record that an import failed; the next run tries again'),
        );
      } else {
        this.logger.warn({ err: reason, importId: job.id, run: job.attempts }, 'import run failed; it runs again once its lease ends');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
