import { withTransaction, type Pool } from '@inv/shared/db';
import { type Logger, webhookAttemptDuration, webhookAttempts, webhookDeliveryDelay } from '@inv/shared/observability';
import type { CidrList } from '../domain/address-policy';
import { disableReason, nextAttemptAt } from '../domain/retry-schedule';
import type { SecretBox } from '../domain/secret-box';
import { signatureHeaders } from '../domain/signing';
import { findEndpoint, startFailingStreak, updateEndpoint } from '../data/endpoint-repository';
import { type AttemptRecord, type ClaimedMessage, claimDueMessages, recordAttempt } from '../data/message-repository';
import { sendWebhook } from './send';

/** How much longer than pollMs an idle worker waits between polls at most. */
const IDLE_POLL_FACTOR = 8;

/** How a deployment delivers (NotificationsConfig, parsed). */
export interface DeliverySettings {
  schedule: readonly number[];
  disableAfterMs: number;
  timeoutMs: number;
  maxInFlightPerEndpoint: number;
  concurrency: number;
  maxResponseBytes: number;
  allowHttp: boolean;
  allow: CidrList;
  pollMs: number;
  /**
   * How long a claimed message stays with its worker: the attempt's deadline plus the longest its
   * record may take, so a slow record after a send does not hand the message to another worker.
   * A worker that dies frees its messages this long after claiming them.
   */
  leaseMs: number;
}

/**
 * Sends the due messages: claims them with leases (any number of replicas side by side, no
 * schedule in memory: the next attempt's time is in PostgreSQL), sends each signed, and records
 * the outcome. Woken when this process records messages, and polling for the rest (retries
 * coming due, other replicas' messages). At most `concurrency` attempts in flight in the
 * process, at most `maxInFlightPerEndpoint` per endpoint across every replica.
 */
export class DeliveryWorker {
  private inFlight = 0;
  private filling = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Polls in a row that found nothing due: each waits longer, up to IDLE_POLL_FACTOR × pollMs. */
  private idlePolls = 0;
  private readonly attempts = new Set<Promise<void>>();

  constructor(
    private readonly pool: Pool,
    private readonly box: SecretBox,
    private readonly settings: DeliverySettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.poll();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.attempts]);
  }

  /** Looks for due messages now (after recording some). */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    void this.fill();
  }

  /**
   * Looks for due messages every pollMs while there are some, and less often while there are none
   * (doubling up to IDLE_POLL_FACTOR × pollMs): an idle service costs a query every few seconds,
   * not twice a second. Messages this process records wake it at once (kick); what the slower
   * polls may find later is another replica's message or a retry coming due, both by at most that.
   */
  private poll(): void {
    if (this.stopped) return;
    this.kick();
    const factor = Math.min(2 ** this.idlePolls, IDLE_POLL_FACTOR);
    this.timer = setTimeout(() => this.poll(), this.settings.pollMs * factor);
    this.timer.unref();
  }

  private async fill(): Promise<void> {
    this.filling = true;
    try {
      do {
        this.again = false;
        const room = this.settings.concurrency - this.inFlight;
        if (room <= 0) break;
        const claimed = await claimDueMessages(this.pool, { limit: room, perEndpoint: this.settings.maxInFlightPerEndpoint, leaseMs: this.settings.leaseMs });
        this.idlePolls = claimed.length === 0 && this.inFlight === 0 ? this.idlePolls + 1 : 0;
        for (const message of claimed) this.deliver(message);
        // A full claim may have left more behind.
        if (claimed.length === room) this.again = true;
      } while (this.again && !this.stopped);
    } catch (err) {
      // PostgreSQL away: the next poll tries again; nothing was leased, or its lease runs out.
      this.logger.warn({ err: (err as Error).message }, 'could not claim webhook messages; retrying at the next poll');
    } finally {
      this.filling = false;
    }
  }

  private deliver(message: ClaimedMessage): void {
    this.inFlight += 1;
    const attempt = this.attempt(message)
      .catch((err: Error) => {
        // The outcome was not recorded: the lease runs out and the message is sent again, same webhook-id.
        this.logger.warn({ err: err.message, messageId: message.id, endpointId: message.endpointId }, 'could not record a webhook attempt; it will be repeated when its lease ends');
      })
      .finally(() => {
        this.inFlight -= 1;
        this.attempts.delete(attempt);
        this.kick();
      });
    this.attempts.add(attempt);
  }

  private async attempt(message: ClaimedMessage): Promise<void> {
    const attemptedAt = new Date();
    const secrets = [this.box.open(message.secret)];
    if (message.previousSecret && message.previousSecretUntil && message.previousSecretUntil > attemptedAt) secrets.push(this.box.open(message.previousSecret));
    const headers = signatureHeaders({ id: message.id, timestamp: attemptedAt, body: message.body, secrets });
    const { settings } = this;
    const result = await sendWebhook({ url: message.url, headers: { ...headers }, body: message.body, timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, allow: settings.allow, allowHttp: settings.allowHttp });
    const outcome = result.ok ? 'succeeded' : 'failed';
    webhookAttempts.add(1, { outcome });
    webhookAttemptDuration.record(result.durationMs / 1000, { outcome });
    const finished = new Date();
    const attemptRecord = { attemptedAt, statusCode: result.status, durationMs: result.durationMs, error: result.error, responseExcerpt: result.responseExcerpt };
    if (result.ok) {
      if (await recordAttempt(this.pool, message, attemptRecord, { status: 'succeeded', nextAttemptAt: undefined })) {
        webhookDeliveryDelay.record((finished.getTime() - message.createdAt.getTime()) / 1000);
      }
      return;
    }
    await this.failed(message, attemptRecord, nextAttemptAt(settings.schedule, message.attempts + 1, finished), finished);
  }

  /**
   * Records a failed attempt and, in the same transaction (so a crash leaves neither without the
   * other), starts or extends the endpoint's streak and disables it when the rules say so (410, or
   * the streak is long enough).
   */
  private async failed(message: ClaimedMessage, attempt: AttemptRecord, next: Date | undefined, now: Date): Promise<void> {
    await withTransaction(this.pool, async (tx) => {
      const endpoint = await findEndpoint(tx, message.workspaceId, message.endpointId, true);
      const moved = await recordAttempt(tx, message, attempt, { status: next ? 'pending' : 'failed', nextAttemptAt: next });
      if (!moved || !endpoint?.enabled) return;
      const failingSince = endpoint.failingSince ?? now;
      const reason = disableReason({ status: attempt.statusCode, failingSince, now }, this.settings.disableAfterMs);
      if (reason) {
        await updateEndpoint(tx, message.workspaceId, message.endpointId, { enabled: false, disabledReason: reason }, now);
        this.logger.warn({ endpointId: message.endpointId, reason }, 'webhook endpoint disabled');
      } else if (!endpoint.failingSince) {
        await startFailingStreak(tx, message.workspaceId, message.endpointId, failingSince);
      }
    });
  }
}
