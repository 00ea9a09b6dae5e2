import amqp, { type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, Options } from 'amqplib';
import type { Logger } from '../logger';
import { tracePublish, type TraceHeaders } from '../telemetry/messaging-telemetry';
import { coalesceConnectionWrites } from './amqplib-socket';
import type { Envelope, EnvelopeHead } from './envelope';
import { CLASSIC_QUEUES, durableQueueArguments, type QueuePolicy } from './queues';

export const DEAD_LETTER_EXCHANGE = 'inventory.dead-letter';

/**
 * The routing key of an event on the events exchange: its type, then the workspace it happened in
 * as one last word (workspace ids are UUIDs; the characters topic routing reads are replaced), so
 * a queue can be bound to one workspace's events of a type (EventConsumer.bindWorkspace) and
 * RabbitMQ routes the other workspaces' past it.
 */
export function eventRoutingKey(type: string, workspaceId: string): string {
  return `${type}.${workspaceId.replace(/[.*#]/g, '_')}`;
}

/** The binding pattern of every event of `type`, whichever its workspace (and one published with the type alone, as before keys named the workspace). */
export function everyWorkspaceOf(type: string): string {
  return `${type}.#`;
}

/**
 * One reconnecting AMQP connection per process (amqp-connection-manager re-runs every channel's
 * setup, so exchanges, queues and consumers come back after the broker does). Given the nodes of
 * a cluster, it connects to one and, when that connection is lost, tries the next in turn, so a
 * node's loss costs a reconnect (about a second), not the node's return.
 */
export class Broker {
  readonly connection: AmqpConnectionManager;
  private readonly publisher: ChannelWrapper;
  private connected = false;

  constructor(
    /** The node, or every node of a cluster (AMQP_URL). */
    readonly urls: readonly string[],
    readonly eventsExchange: string,
    private readonly logger: Logger,
    /** How every durable queue this process declares is declared (AMQP_QUEUE_TYPE); all processes of a deployment must agree. */
    readonly queues: QueuePolicy = CLASSIC_QUEUES,
  ) {
    this.connection = amqp.connect([...urls], {
      heartbeatIntervalInSeconds: 5,
      reconnectTimeInSeconds: 1,
      // Request/reply round trips are small frames; Nagle's delay would add ~40 ms to each.
      connectionOptions: { noDelay: true },
    });
    this.connection.on('connect', ({ connection, url }) => {
      coalesceConnectionWrites(connection, logger);
      this.connected = true;
      logger.info({ node: typeof url === 'string' ? redactUrl(url) : undefined }, 'connected to RabbitMQ');
    });
    this.connection.on('disconnect', ({ err }) => {
      if (this.connected) logger.warn({ err: err?.message }, 'lost RabbitMQ connection; reconnecting');
      this.connected = false;
    });
    this.connection.on('connectFailed', ({ err }) => logger.debug({ err: err?.message }, 'RabbitMQ connection attempt failed'));
    this.publisher = this.channel('publisher', async () => undefined);
  }

  /** The nodes, passwords hidden, for messages. */
  get where(): string {
    return this.urls.map(redactUrl).join(', ');
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** A confirm channel whose `setup` declares the shared exchanges first, then whatever the caller needs. */
  channel(name: string, setup: (ch: ConfirmChannel) => Promise<unknown>): ChannelWrapper {
    const wrapper = this.connection.createChannel({
      name,
      confirm: true,
      json: false,
      setup: async (ch: ConfirmChannel) => {
        await ch.assertExchange(this.eventsExchange, 'topic', { durable: true });
        await ch.assertExchange(DEAD_LETTER_EXCHANGE, 'direct', { durable: true });
        await setup(ch);
      },
    });
    wrapper.on('error', (err) => this.logger.warn({ err: (err as Error).message, channel: name }, 'AMQP channel error'));
    return wrapper;
  }

  /** `options` for a durable queue, with the arguments its type needs (see QueuePolicy). */
  durableQueue(options: Options.AssertQueue = {}): Options.AssertQueue {
    const deadLettered = options.deadLetterExchange !== undefined;
    return { ...options, durable: true, arguments: { ...options.arguments, ...durableQueueArguments(this.queues, deadLettered) } };
  }

  /**
   * Publishes a persistent message and resolves only once the broker confirms it.
   * Rejects after `timeoutMs` when the broker is unreachable; the caller keeps the message.
   */
  async publishEvent(message: Envelope, timeoutMs: number): Promise<void> {
    await this.publishEncoded(message, JSON.stringify(message), timeoutMs);
  }

  /**
   * publishEvent for a message already encoded as JSON (`encoded`, whose fields `head` repeats),
   * e.g. as the outbox stores it: sent as it is, without parsing or encoding it again.
   */
  async publishEncoded(head: EnvelopeHead, encoded: string, timeoutMs: number): Promise<void> {
    await tracePublish(this.eventsExchange, head, (traceHeaders) =>
      this.publisher.publish(this.eventsExchange, eventRoutingKey(head.type, head.workspaceId), Buffer.from(encoded), {
        ...messageProperties(head, traceHeaders),
        timeout: timeoutMs,
      } as Options.Publish),
    );
  }

  async waitForConnect(timeoutMs: number): Promise<void> {
    await Promise.race([
      this.publisher.waitForConnect(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`RabbitMQ not reachable at ${this.where}`)), timeoutMs).unref()),
    ]);
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export function messageProperties(message: EnvelopeHead, traceHeaders: TraceHeaders = {}): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: message.id,
    type: message.type,
    timestamp: Math.floor(Date.parse(message.occurredAt) / 1000),
    headers: { workspaceId: message.workspaceId, requestId: message.requestId, ...traceHeaders },
  };
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<invalid url>';
  }
}
