import type { Pool, PoolClient } from 'pg';
import { commitWith, withTransaction } from '../db/transaction';
import { type Logger, logContext } from '../logger';
import { runDetached } from '../telemetry/detached';
import { activeTraceContext } from '../telemetry/messaging-telemetry';
import type { Broker } from './broker';
import type { Actor } from '../caller';
import { envelope, type Envelope, type EnvelopeHead } from './envelope';

/** The caller the work in progress is done for (set per request and per consumed message), if any. */
export function currentActor(): Actor | null {
  const store = logContext.getStore();
  return store?.userId && store.keyId ? { userId: store.userId, keyId: store.keyId } : null;
}

/**
 * Records an event in the caller's transaction. It reaches RabbitMQ only if that transaction
 * commits, and then at least once (consumers deduplicate by message id).
 */
export async function recordEvent<P>(tx: PoolClient, type: string, workspaceId: string, payload: P, requestId: string | null): Promise<Envelope<P>> {
  const [message] = await recordEvents(tx, type, workspaceId, [payload], requestId);
  return message!;
}

/**
 * recordEvent for many events of one type in one statement: a bulk write of 100 rows costs one
 * round trip, not 100. Their order in the outbox (and so on the bus) is the payloads' order.
 * `actor`: who they are for, by default the caller of the work in progress (currentActor).
 */
export async function recordEvents<P>(tx: PoolClient, type: string, workspaceId: string, payloads: P[], requestId: string | null, actor: Actor | null = currentActor()): Promise<Envelope<P>[]> {
  if (payloads.length === 0) return [];
  const messages = outboxMessages(type, workspaceId, payloads, requestId, actor);
  await tx.query(
    `INSERT INTO outbox (id, type, workspace_id, message)
     SELECT id, $1, $2, message FROM unnest($3::uuid[], $4::jsonb[]) WITH ORDINALITY AS e(id, message, n) ORDER BY n`,
    [type, workspaceId, messages.map((m) => m.id), messages.map((m) => JSON.stringify(m))],
  );
  return messages;
}

/**
 * The envelopes recordEvents writes, for a caller that inserts them into the outbox itself as
 * part of a larger statement (columns id, type, workspace_id, message = the JSON envelope).
 */
export function outboxMessages<P>(type: string, workspaceId: string, payloads: P[], requestId: string | null, actor: Actor | null = currentActor()): Envelope<P>[] {
  const traceContext = activeTraceContext();
  return payloads.map((payload) => ({ ...envelope(type, workspaceId, payload, requestId, actor), traceContext }));
}

/**
 * How long a relay that found another replica's relay at work waits before looking again: the
 * other relay may have read its last batch before this replica's commit.
 */
const CONTENDED_RETRY_MS = 10;

/**
 * After a publish was refused, lost with its connection or not confirmed, how long the relay waits
 * before it reads and publishes again, kicked or not, however many times it failed. What it waits
 * for is the broker's own failover (a quorum queue electing a leader on a surviving node, within a
 * second or so), which a longer or growing pause would only follow later; a shorter one would
 * spend a transaction and a batch of publishes per commit of a storm on a broker still electing.
 */
const PUBLISH_RETRY_MS = 100;

/**
 * How long the relay waits for the broker to confirm a publish before it counts the publish as
 * failed (the row stays unsent and goes out again PUBLISH_RETRY_MS later, on a fresh channel that
 * also tests the connection: Sender). The relay reads its next batch only once this one is
 * settled, so this bounds what a publish the broker neither confirms nor refuses costs every event
 * behind it: at 5 s, one such publish alone spent the whole 5 s delivery bound (issue 44: up to
 * 7.4 s from a 201 to the exchange). A quorum queue confirms once 2 of its 3 replicas hold the
 * message, in tens of milliseconds under the fault suite's storms; a confirm that is merely slow
 * costs a repeat, which consumers drop by message id.
 */
const CONFIRM_TIMEOUT_MS = 1000;

/** A batch's publish that the broker refused, did not confirm in time, or lost with its connection. */
class PublishFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Moves committed outbox rows to RabbitMQ. A row is marked sent only after the broker confirms
 * it. With several replicas of a service, one relay at a time works on its outbox (a transaction
 * advisory lock taken with the claim): relays side by side with SKIP LOCKED would publish
 * neighbouring batches concurrently, and a balance's `stock.changed` versions could reach the
 * bus out of order. The others find the lock taken, answer at once and look again shortly, so a
 * relay that dies mid-batch (lock and claim released with its connection) is replaced within
 * CONTENDED_RETRY_MS or the poll interval.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** The last read found another replica's relay at work on this outbox, holding what this commit recorded. */
  private contended = false;
  /** Until start(): a relay never started (a service that records no events) ignores kick(). */
  private stopped = true;
  /** After a failed publish, kicks wait until then (PUBLISH_RETRY_MS). */
  private holdUntil = 0;
  /** Since when nothing could be relayed (the broker away, or a publish failed), and how it failed; cleared by the next confirm. */
  private stalled: { since: number; failures: Record<string, number> } | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly broker: Broker,
    private readonly logger: Logger,
    private readonly options: { pollMs: number; batchSize?: number; publishTimeoutMs?: number; lingerMs?: number },
  ) {
    // Back on a node (after a failover, or the broker's return): what waited in the outbox goes
    // out now, not at the next commit or poll, and a pause for the old channel's refusals is over.
    broker.onConnect(() => {
      this.holdUntil = 0;
      this.kick();
    });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Relays as soon as possible; call after committing a transaction that recorded events. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(Math.max(this.lingerMs, this.holdUntil - Date.now()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Relays until a batch comes back short of full (nothing more was pending when it was read;
   * kick() covers what commits meanwhile); returns how many messages were sent.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { read, sent } = await this.relayBatch();
      total += sent;
      if (read < this.batchSize) return total;
    }
  }

  /** After a kick, how long to wait for more commits before reading: under load, one read then relays several transactions' events. */
  private get lingerMs(): number {
    return this.options.lingerMs ?? 0;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => runDetached(() => void this.tick()), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    let delay = this.options.pollMs;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          if ((await this.drain()) > 0) this.resumed();
          // Kicked meanwhile (or another replica's relay held the outbox): let the commits behind
          // that kick gather too, or the other relay finish its batch.
          const pause = this.contended ? Math.max(this.lingerMs, CONTENDED_RETRY_MS) : this.lingerMs;
          if (this.contended) this.again = true;
          if (this.again && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
        } while (this.again && !this.stopped);
      } catch (err) {
        if (err instanceof PublishFailed) {
          delay = PUBLISH_RETRY_MS;
          this.holdUntil = Date.now() + delay;
        } else delay = Math.max(this.options.pollMs, 1000);
        this.failed(err);
      }
    })();
    await this.running;
    this.running = undefined;
    this.schedule(delay);
  }

  /** Logs the first failure of a stall at warn, the next ones at debug (under a storm the relay retries many times a second). */
  private failed(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    const stalled = (this.stalled ??= { since: Date.now(), failures: {} });
    stalled.failures[message] = (stalled.failures[message] ?? 0) + 1;
    const level = Object.values(stalled.failures).reduce((n, c) => n + c, 0) === 1 ? 'warn' : 'debug';
    this.logger[level]({ err: message }, 'outbox relay failed; pending events stay in the outbox and will be retried');
  }

  /** After a stall, once a publish is confirmed again: how long nothing could be relayed, and what failed meanwhile. */
  private resumed(): void {
    if (!this.stalled) return;
    this.logger.info({ stalledMs: Date.now() - this.stalled.since, failures: this.stalled.failures }, 'outbox relay resumed: the broker confirms again');
    this.stalled = undefined;
  }

  private async relayBatch(): Promise<{ read: number; sent: number }> {
    if (!this.broker.isConnected) {
      this.stalled ??= { since: Date.now(), failures: {} };
      return { read: 0, sent: 0 };
    }
    let publishError: unknown;
    const relayed = await withTransaction(
      this.pool,
      async (tx) => {
        // Each message as the text PostgreSQL prints, published as it is (never parsed here), with
        // the fields its AMQP properties and trace need beside it.
        // The relay lock first (a one-row CTE, evaluated once), then the batch only if it was granted:
        // a row with nulls says whether the outbox was empty or another relay holds it.
        const { rows: claimed } = await tx.query<{ active: boolean; seq: string | null; encoded: string; head: EnvelopeHead }>({
          // Named: parsed and planned once per connection, not per batch.
          name: 'outbox_claim_batch_single_relay',
          text: `WITH relay AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(hashtext('inventory-api:outbox-relay:' || current_schema())) AS active)
                 SELECT relay.active, o.seq, o.encoded, o.head FROM relay LEFT JOIN LATERAL (
                   SELECT seq, message::text AS encoded, message - 'payload' AS head FROM outbox
                   WHERE relay.active AND sent_at IS NULL ORDER BY seq LIMIT $1) o ON true`,
          values: [this.batchSize],
        });
        this.contended = claimed[0]?.active === false;
        const rows = claimed.filter((row): row is typeof row & { seq: string } => row.seq !== null);
        // All at once: the broker confirms a burst about as fast as one message, and the channel keeps their order.
        const outcomes = await Promise.allSettled(rows.map((row) => this.broker.publishEncoded(row.head, row.encoded, this.options.publishTimeoutMs ?? CONFIRM_TIMEOUT_MS)));
        const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (failure) publishError = failure.reason;
        const confirmed = rows.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((row) => row.seq);
        // Mark what the broker confirmed even when another publish in the batch failed, with COMMIT
        // in the same message (seq values are the database's own integers, safe as a literal).
        if (confirmed.length > 0) await commitWith(tx, `UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE seq = ANY('{${confirmed.join(',')}}'::bigint[])`);
        return { read: rows.length, sent: confirmed.length };
      },
    );
    if (publishError) throw new PublishFailed(publishError);
    return relayed;
  }
}
