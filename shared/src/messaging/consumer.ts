import { AsyncResource } from 'node:async_hooks';
import type { ConsumeMessage } from 'amqplib';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import { isTransientDatabaseError } from '../db/pool';
import { withTransaction } from '../db/transaction';
import { logContext, type Logger } from '../logger';
import { withTimeout } from '../retry';
import { initConsumerOutcomes, recordConsumerOutcome, traceConsumption } from '../telemetry/messaging-telemetry';
import { DEAD_LETTER_EXCHANGE, type Broker, eventRoutingKey, everyWorkspaceOf, type Sender } from './broker';
import { deadLetterQueue } from './queues';
import { Envelope } from './envelope';

export type EventHandler<P> = (payload: P, message: Envelope<P>, tx: PoolClient) => Promise<void>;

/** Applies messages of one type that follow each other in a batch, in delivery order (one or more). */
export type BatchEventHandler<P> = (messages: Envelope<P>[], tx: PoolClient) => Promise<void>;

interface Subscription {
  schema: z.ZodTypeAny;
  apply: { each: EventHandler<unknown> } | { many: BatchEventHandler<unknown> };
  /** The handler records events of its own in the outbox: its commit wakes the relay. */
  recordsEvents: boolean;
  afterCommit?: () => void;
  /** See BatchSubscriptionOptions.run. */
  run?: string;
  /** See BatchSubscriptionOptions.worthApplying. */
  worthApplying?: (messages: Envelope<unknown>[]) => Promise<boolean[]>;
  /** See BatchSubscriptionOptions.routed. */
  routed: 'every workspace' | 'bound workspaces';
}

/** What a subscription declares of its handler. */
export interface SubscriptionOptions {
  /** The handler records events in the outbox (recordEvent and the like): after its transaction commits, the relay is woken to send them at once instead of at its next poll. */
  recordsEvents?: boolean;
  /** Called after a transaction that applied messages of this subscription committed: wakes whoever acts on what the handler wrote (a delivery worker). */
  afterCommit?: () => void;
}

/** What onMany takes besides the handler. */
export interface BatchSubscriptionOptions extends Pick<SubscriptionOptions, 'afterCommit' | 'recordsEvents'> {
  /**
   * Subscriptions with the same run name (and the same handler) are applied together: the
   * messages of a batch that follow each other go to one call of the handler whatever their
   * type, instead of one call per run of one type (types that alternate message by message
   * would otherwise make runs of one).
   */
  run?: string;
  /**
   * Which messages of a batch would change anything (one answer per message, e.g. from one read
   * of who subscribes to them): the others are acknowledged at once, with no transaction and no
   * record in processed_messages, so a message nobody uses costs its consumer no write. Asked
   * once per batch for the messages of every subscription that shares it. When it fails (its
   * database away), every message is applied as usual, and fails or succeeds as usual.
   */
  worthApplying?: (messages: Envelope<unknown>[]) => Promise<boolean[]>;
  /**
   * Which workspaces' events of the type reach the queue: every workspace's (the default: the
   * queue is bound to the type whatever the workspace), or only those of the workspaces the
   * service binds itself (bindWorkspace), so that RabbitMQ routes every other workspace's past it
   * and they cost the service nothing.
   */
  routed?: 'every workspace' | 'bound workspaces';
}

/** How an EventConsumer applies its queue's messages. */
export interface EventConsumerOptions {
  /** Attempts of a failing message, counting the first, before it is dead-lettered (default 5). */
  maxAttempts?: number;
  /** How long a failed message waits in `<queue>.retry` before it is applied again (default 1000 ms). */
  retryDelayMs?: number;
  /**
   * Unacknowledged deliveries the broker hands over at once (default 16, or batchSize when that is
   * larger). Above batchSize, the next batch is delivered while one is being applied, so a consumer
   * that is behind never waits a round trip to the broker between its transactions.
   */
  prefetch?: number;
  /**
   * The most messages applied in one transaction (default: the prefetch, 16). When handlers write
   * a batch in a few statements (onMany), most of a transaction's cost is its round trips and its
   * commit, whatever its size, so a queue that must outrun a fast producer takes large batches:
   * behind, each transaction takes up to this many; caught up, what arrived within the linger.
   */
  batchSize?: number;
  /** Wakes the service's outbox relay after a transaction whose handler recorded events. */
  wakeRelay?: () => void;
  /** How long a delivery that finds the consumer idle waits for others to share its transaction. */
  lingerMs?: number;
}

/**
 * A durable queue of domain events for one service. Each message is applied at most once
 * (its id is recorded in processed_messages inside the handler's transaction), retried with a
 * delay a bounded number of times on failure, and then dead-lettered to `<queue>.dlq`.
 * Messages that fail validation go to the dead-letter queue at once: retrying cannot fix them.
 * Messages that arrive together are applied in one transaction (up to batchSize), in delivery
 * order; if any of them fails, each is applied again on its own, so failures and retries stay per
 * message.
 */
export class EventConsumer {
  private readonly subscriptions = new Map<string, Subscription>();
  private channel: ChannelWrapper | undefined;
  /** Where failed messages are parked for retry: a Sender, renewed when the broker refuses one (a fresh consumer channel would lose the consumer). */
  private retries: Sender | undefined;
  private inFlight = 0;
  /** Deliveries parsed and waiting for the batch that applies them. */
  private readonly waiting: Delivery[] = [];
  private applying = false;

  constructor(
    private readonly broker: Broker,
    private readonly pool: Pool,
    private readonly logger: Logger,
    readonly queue: string,
    private readonly options: EventConsumerOptions = {},
  ) {}

  /** See EventConsumerOptions.batchSize. */
  private get batchSize(): number {
    return this.options.batchSize ?? this.options.prefetch ?? 16;
  }

  /** See EventConsumerOptions.prefetch. */
  private get prefetch(): number {
    return Math.max(this.options.prefetch ?? 16, this.batchSize);
  }

  on<S extends z.ZodTypeAny>(type: string, schema: S, handler: EventHandler<z.infer<S>>, options: SubscriptionOptions = {}): this {
    this.subscriptions.set(type, {
      schema,
      apply: { each: handler as EventHandler<unknown> },
      recordsEvents: options.recordsEvents ?? false,
      afterCommit: options.afterCommit,
      routed: 'every workspace',
    });
    return this;
  }

  /**
   * Like `on`, for a handler that applies the messages of a batch that follow each other in one
   * go (e.g. one multi-row statement). It runs outside any one message's log context (its log
   * lines name the message they are about themselves), so a handler that records events names
   * their actor itself (recordEvents' `actor`).
   */
  onMany<S extends z.ZodTypeAny>(type: string, schema: S, handler: BatchEventHandler<z.infer<S>>, options: BatchSubscriptionOptions = {}): this {
    this.subscriptions.set(type, {
      schema,
      apply: { many: handler as BatchEventHandler<unknown> },
      recordsEvents: options.recordsEvents ?? false,
      afterCommit: options.afterCommit,
      run: options.run,
      worthApplying: options.worthApplying,
      routed: options.routed ?? 'every workspace',
    });
    return this;
  }

  async start(): Promise<void> {
    const queue = this.queue;
    const retryQueue = `${queue}.retry`;
    const deadQueue = deadLetterQueue(queue);
    initConsumerOutcomes(queue);
    this.channel = this.broker.channel(`consumer:${queue}`, async (ch) => {
      await ch.assertQueue(queue, this.broker.durableQueue({ deadLetterExchange: DEAD_LETTER_EXCHANGE, deadLetterRoutingKey: deadQueue }));
      // Retry queue: messages wait out their TTL, then dead-letter straight back to the work queue.
      await ch.assertQueue(
        retryQueue,
        this.broker.durableQueue({ messageTtl: this.options.retryDelayMs ?? 1000, deadLetterExchange: '', deadLetterRoutingKey: queue }),
      );
      await ch.assertQueue(deadQueue, this.broker.durableQueue());
      await ch.bindQueue(deadQueue, DEAD_LETTER_EXCHANGE, deadQueue);
      for (const [type, { routed }] of this.subscriptions) {
        if (routed === 'every workspace') await ch.bindQueue(queue, this.broker.eventsExchange, everyWorkspaceOf(type));
        else {
          // A queue routed every workspace before (a durable binding survives a deploy) stops being so.
          await ch.unbindQueue(queue, this.broker.eventsExchange, everyWorkspaceOf(type));
          await ch.unbindQueue(queue, this.broker.eventsExchange, type);
        }
      }
      await ch.prefetch(this.prefetch);
      await ch.consume(queue, (msg) => {
        if (msg) void traceConsumption(queue, msg, () => this.handle(settleOn(ch), msg));
      });
    });
    this.retries = this.broker.sender(`retries:${queue}`);
    await Promise.all([this.channel.waitForConnect(), this.retries.waitForConnect()]);
  }

  /**
   * Binds the queue to the events of `types` made in `workspaceId` (subscriptions routed to bound
   * workspaces); resolves once RabbitMQ has bound them, so an event published afterwards reaches
   * the queue. Idempotent. Rejects while RabbitMQ cannot be reached, or has not answered within
   * `timeoutMs`.
   */
  async bindWorkspace(workspaceId: string, types: readonly string[], timeoutMs: number): Promise<void> {
    const channel = this.started();
    const binds = Promise.all(types.map((type) => channel.bindQueue(this.queue, this.broker.eventsExchange, eventRoutingKey(type, workspaceId))));
    await withTimeout(binds, timeoutMs, `RabbitMQ did not bind ${this.queue} within ${timeoutMs} ms`);
  }

  /** Undoes bindWorkspace for `types` (idempotent), with the same bound on RabbitMQ's answer. */
  async unbindWorkspace(workspaceId: string, types: readonly string[], timeoutMs: number): Promise<void> {
    const channel = this.started();
    const unbinds = Promise.all(types.map((type) => channel.unbindQueue(this.queue, this.broker.eventsExchange, eventRoutingKey(type, workspaceId))));
    await withTimeout(unbinds, timeoutMs, `RabbitMQ did not unbind ${this.queue} within ${timeoutMs} ms`);
  }

  private started(): ChannelWrapper {
    if (!this.channel) throw new Error(`the consumer of ${this.queue} has not started`);
    return this.channel;
  }

  async stop(): Promise<void> {
    await this.channel?.close();
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
    await this.retries?.close();
  }

  private async handle(ch: Settle, msg: ConsumeMessage): Promise<void> {
    this.inFlight += 1;
    try {
      const parsed = this.parse(msg);
      if (!parsed) {
        ch.nack(msg, false, false);
        recordConsumerOutcome(this.queue, 'dead_lettered');
        return;
      }
      const { message, subscription } = parsed;
      // The message's actor carries on to the events its handler records.
      const actor = { userId: message.actor?.userId, keyId: message.actor?.keyId };
      await logContext.run({ requestId: message.requestId ?? undefined, workspaceId: message.workspaceId, ...actor }, () => this.applyWithOthers({ ch, msg, message, subscription }));
    } finally {
      this.inFlight -= 1;
    }
  }

  /**
   * Applies the delivery together with the others that arrived with it: one transaction, one
   * insert of their ids and one commit for the lot instead of one each (see applyBatch).
   * Resolves once it is settled (acked, parked for retry or dead-lettered).
   */
  private applyWithOthers(delivery: Omit<Delivery, 'inContext' | 'settled'>): Promise<void> {
    return new Promise((settled) => {
      // The handler runs in the message's own context (its trace span and log fields), not the batch's.
      this.waiting.push({ ...delivery, inContext: AsyncResource.bind(<T>(run: () => T) => run()), settled });
      if (this.applying) return;
      this.applying = true;
      // After this turn, so that the deliveries read from the socket together wait for each other;
      // with a linger, also those that arrive within it (one transaction for all of them).
      const linger = this.options.lingerMs ?? 0;
      if (linger > 0) setTimeout(() => void this.applyWaiting(), linger);
      else setImmediate(() => void this.applyWaiting());
    });
  }

  private async applyWaiting(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const taken = this.waiting.splice(0, this.batchSize);
        try {
          const batch = await this.withoutUnused(taken);
          if (batch.length === 0) continue;
          if (batch.length === 1 || !(await this.applyBatch(batch))) {
            for (const delivery of batch) await delivery.inContext(() => this.applyOne(delivery));
          }
        } catch (err) {
          // Failures are settled per message above, so this is a defect; the deliveries still
          // waiting must not wait for it. What this batch left unsettled the broker redelivers
          // when the channel closes.
          this.logger.error({ err, queue: this.queue, messages: taken.length }, 'applying a batch of deliveries failed; its unsettled messages return when the channel closes');
        } finally {
          for (const delivery of taken) delivery.settled();
        }
      }
    } finally {
      this.applying = false;
    }
  }

  /**
   * The deliveries of a batch worth applying (see BatchSubscriptionOptions.worthApplying); the
   * others are acknowledged here, unapplied.
   */
  private async withoutUnused(batch: Delivery[]): Promise<Delivery[]> {
    const judges = new Set(batch.map((d) => d.subscription.worthApplying).filter((j) => j !== undefined));
    if (judges.size === 0) return batch;
    const unused = new Set<Delivery>();
    for (const judge of judges) {
      const judged = batch.filter((d) => d.subscription.worthApplying === judge);
      let worth: boolean[];
      try {
        worth = await judge(judged.map((d) => d.message));
      } catch (err) {
        this.logger.warn({ err: (err as Error).message, queue: this.queue, messages: judged.length }, 'could not tell which messages are worth applying; applying them all');
        continue;
      }
      judged.forEach((d, i) => {
        if (!worth[i]) unused.add(d);
      });
    }
    for (const delivery of unused) {
      delivery.inContext(() => {
        delivery.ch.ack(delivery.msg);
        recordConsumerOutcome(this.queue, 'skipped');
      });
    }
    return batch.filter((d) => !unused.has(d));
  }

  /**
   * Applies a batch in one transaction and acks it; false (having applied and settled nothing)
   * when anything in it failed, so that each message is then applied on its own and only the one
   * at fault spends an attempt.
   */
  private async applyBatch(batch: Delivery[]): Promise<boolean> {
    let applied: boolean[];
    try {
      applied = await withTransaction(this.pool, (tx) => this.applyIn(tx, batch));
    } catch (err) {
      this.logger.debug({ err: (err as Error).message, queue: this.queue, messages: batch.length }, 'batch failed; applying its messages one by one');
      return false;
    }
    this.committed(batch, applied);
    batch.forEach((delivery, i) => delivery.inContext(() => this.acknowledge(delivery, applied[i]!)));
    return true;
  }

  /** Wakes the relay when a committed batch applied a handler that records events, and the subscriptions' own after-commit hooks (once each). */
  private committed(batch: Delivery[], applied: boolean[]): void {
    const subscriptions = new Set(batch.filter((_, i) => applied[i]).map((delivery) => delivery.subscription));
    if ([...subscriptions].some((s) => s.recordsEvents)) this.options.wakeRelay?.();
    for (const hook of new Set([...subscriptions].map((s) => s.afterCommit))) hook?.();
  }

  private async applyOne(delivery: Delivery): Promise<void> {
    let applied: boolean;
    try {
      applied = (await withTransaction(this.pool, (tx) => this.applyIn(tx, [delivery])))[0]!;
    } catch (err) {
      return this.retryOrDeadLetter(delivery.ch, delivery.msg, delivery.message, err);
    }
    this.committed([delivery], [applied]);
    this.acknowledge(delivery, applied);
  }

  /**
   * In `tx`: records the deliveries' ids as processed and applies those not seen before, in
   * delivery order; answers, per delivery, whether it was applied (false: a duplicate).
   */
  private async applyIn(tx: PoolClient, batch: Delivery[]): Promise<boolean[]> {
    const { rows } = await tx.query<{ message_id: string }>({
      // Named: parsed and planned once per connection, not per batch.
      name: 'consumer_mark_processed',
      text: 'INSERT INTO processed_messages (consumer, message_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING RETURNING message_id',
      values: [this.queue, batch.map((d) => d.message.id)],
    });
    const fresh = new Set(rows.map((r) => r.message_id));
    // A message delivered twice in one batch is applied once: the first copy takes the id.
    const outcomes = batch.map((d) => fresh.delete(d.message.id));
    for (let i = 0; i < batch.length; ) {
      const { message, subscription, inContext } = batch[i]!;
      if (!outcomes[i]) i += 1;
      else if ('each' in subscription.apply) {
        const { each } = subscription.apply;
        await inContext(() => each(message.payload, message, tx));
        i += 1;
      } else {
        // The fresh messages of this subscription (or of its run) up to the next message of another one.
        const run: Envelope[] = [];
        for (; i < batch.length && (!outcomes[i] || sameRun(batch[i]!.subscription, subscription)); i++) if (outcomes[i]) run.push(batch[i]!.message);
        const { many } = subscription.apply;
        await logContext.exit(() => many(run, tx));
      }
    }
    return outcomes;
  }

  private acknowledge({ ch, msg, message }: Delivery, applied: boolean): void {
    ch.ack(msg);
    if (!applied) this.logger.debug({ messageId: message.id, type: message.type }, 'duplicate message ignored');
    recordConsumerOutcome(this.queue, applied ? 'processed' : 'duplicate');
  }

  private parse(msg: ConsumeMessage): { message: Envelope; subscription: Subscription } | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(msg.content.toString('utf8'));
    } catch {
      this.logger.error({ queue: this.queue, messageId: msg.properties.messageId }, 'message is not JSON; dead-lettered');
      return undefined;
    }
    const env = Envelope.safeParse(raw);
    const subscription = env.success ? this.subscriptions.get(env.data.type) : undefined;
    if (!env.success || !subscription) {
      this.logger.error({ queue: this.queue, messageId: msg.properties.messageId }, 'message envelope invalid or type unknown; dead-lettered');
      return undefined;
    }
    const payload = subscription.schema.safeParse(env.data.payload);
    if (!payload.success) {
      this.logger.error({ queue: this.queue, messageId: env.data.id, type: env.data.type, issues: payload.error.issues }, 'message payload invalid; dead-lettered');
      return undefined;
    }
    return { message: { ...env.data, payload: payload.data }, subscription };
  }

  private async retryOrDeadLetter(
    ch: Settle,
    msg: ConsumeMessage,
    message: Envelope,
    err: unknown,
  ): Promise<void> {
    // A database outage says nothing about the message: wait it out without spending attempts,
    // or a few seconds of downtime would dead-letter every event that arrived meanwhile.
    const transient = isTransientDatabaseError(err);
    const attempts = Number(msg.properties.headers?.['x-attempts'] ?? 0) + (transient ? 0 : 1);
    const maxAttempts = this.options.maxAttempts ?? 5;
    if (attempts >= maxAttempts) {
      this.logger.error({ err, messageId: message.id, type: message.type, attempts }, 'message failed too often; dead-lettered');
      ch.nack(msg, false, false);
      recordConsumerOutcome(this.queue, 'dead_lettered');
      return;
    }
    this.logger.warn({ err: (err as Error).message, messageId: message.id, type: message.type, attempts, transient }, 'message failed; will retry');
    recordConsumerOutcome(this.queue, 'retried');
    try {
      await this.retries!.send((channel) =>
        channel.sendToQueue(`${this.queue}.retry`, msg.content, {
          ...msg.properties,
          headers: { ...msg.properties.headers, 'x-attempts': attempts },
        }),
      );
      ch.ack(msg);
    } catch {
      // Could not park it for retry: hand it back to the broker rather than lose it.
      ch.nack(msg, false, true);
    }
  }
}

/** Whether two subscriptions' messages are applied in one call (see BatchSubscriptionOptions.run). */
function sameRun(a: Subscription, b: Subscription): boolean {
  return a === b || (a.run !== undefined && a.run === b.run);
}

interface Delivery {
  ch: Settle;
  msg: ConsumeMessage;
  message: Envelope;
  subscription: Subscription;
  /** Runs a function in the async context the delivery arrived in. */
  inContext: <T>(run: () => T) => T;
  settled: () => void;
}

interface Settle {
  ack(m: ConsumeMessage): void;
  nack(m: ConsumeMessage, all?: boolean, requeue?: boolean): void;
}

/**
 * Acks and nacks on the channel that delivered the message. When that channel has died the
 * broker redelivers the message anyway (and processed_messages absorbs the repeat), so a
 * failure to settle is not an error worth crashing for.
 */
function settleOn(ch: Settle): Settle {
  return {
    ack: (m) => {
      try {
        ch.ack(m);
      } catch {
        /* channel gone: redelivery follows */
      }
    },
    nack: (m, all, requeue) => {
      try {
        ch.nack(m, all, requeue);
      } catch {
        /* channel gone: redelivery follows */
      }
    },
  };
}
