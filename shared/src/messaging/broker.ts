import amqp, { type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, Options } from 'amqplib';
import type { Logger } from '../logger';
import { tracePublish, type TraceHeaders } from '../telemetry/messaging-telemetry';
import { amqplibSocket, coalesceConnectionWrites } from './amqplib-socket';
import { connectFailureMessage, isVhostRefusal, redactUrl, vhostRefusedMessage } from './connect-failures';
import type { Envelope, EnvelopeHead } from './envelope';
import { CLASSIC_QUEUES, durableQueueArguments, type QueuePolicy } from './queues';

export { redactUrl } from './connect-failures';

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
 * How long amqp-connection-manager waits before each connection attempt, the move to the next
 * node after a loss included. 0 would mean its default (the heartbeat, 5 s), so one timer tick:
 * a node killed -9 closes its sockets, the loss is seen at once, and the next node is tried at
 * once instead of a second later.
 */
const RECONNECT_AT_ONCE_S = 0.01;

/** The pause between two rounds of attempts in which no node took the connection: while none answers, each is tried every second. */
const ROUND_PAUSE_MS = 1000;

/**
 * A node's TCP connect and AMQP handshake (amqplib's socket timeout, lifted once the connection
 * is open): a node that does not answer within it is passed over for the next at once, instead of
 * holding the move until the kernel gives up on it (minutes) or forever (a node that accepts and
 * never answers). A handshake took up to 0.93 s here under the fault suite's load.
 */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * After a send went unconfirmed, how long the node has to open the sender's fresh channel before
 * it is taken for lost (expectAnswer): three round trips (channel.open, confirm.select, the
 * exchanges' declarations) that the node's connection process answers whatever its queues are
 * doing, in milliseconds on a node that is up.
 */
const ANSWER_TIMEOUT_MS = 1000;

/**
 * One reconnecting AMQP connection per process (amqp-connection-manager re-runs every channel's
 * setup, so exchanges, queues and consumers come back after the broker does). Given the nodes of
 * a cluster, it connects to one and, when that connection is lost, tries the next at once, so a
 * node's loss costs a reconnect (tens of milliseconds), not the node's return.
 */
export class Broker {
  readonly connection: AmqpConnectionManager;
  /** Where events go. */
  private readonly publisher: Sender;
  private connected = false;
  /** The node connected to, password hidden, for messages. */
  private node: string | undefined;
  /** Each node's last failed connection attempt since the process was last connected: what waitForConnect reports. */
  private readonly failures = new Map<string, unknown>();
  /** Aborted by close(): cuts a pause between rounds short. */
  private readonly closing = new AbortController();

  constructor(
    /** The node, or every node of a cluster (AMQP_URL). */
    readonly urls: readonly string[],
    readonly eventsExchange: string,
    private readonly logger: Logger,
    /** How every durable queue this process declares is declared (AMQP_QUEUE_TYPE); all processes of a deployment must agree. */
    readonly queues: QueuePolicy = CLASSIC_QUEUES,
  ) {
    // amqp-connection-manager waits reconnectTimeInSeconds before every attempt, the one after a
    // loss and those between nodes that refuse alike, and asks findServers for the nodes at the
    // start of each round of them. So the pause is made there, and only after a round in which no
    // node took the connection: the move to a surviving node is immediate, and a broker that is
    // wholly down is not tried in a loop. Its own hooks rather than a reconnect loop of ours, which
    // would have to re-run every channel's setup as it does.
    let connectedThisRound = true;
    this.connection = amqp.connect(null, {
      findServers: async () => {
        if (!connectedThisRound) await pause(ROUND_PAUSE_MS, this.closing.signal);
        connectedThisRound = false;
        // Closed meanwhile: no node, so that no connection is made after close().
        return this.closing.signal.aborted ? [] : [...urls];
      },
      // For a connection nothing is sent on that goes silent without closing (a host or network
      // loss): noticed after two to three intervals. One that is sent on notices sooner (expectAnswer).
      heartbeatIntervalInSeconds: 5,
      reconnectTimeInSeconds: RECONNECT_AT_ONCE_S,
      // Request/reply round trips are small frames; Nagle's delay would add ~40 ms to each.
      connectionOptions: { noDelay: true, timeout: CONNECT_TIMEOUT_MS },
    });
    this.connection.on('connect', ({ connection, url }) => {
      connectedThisRound = true;
      coalesceConnectionWrites(connection, logger);
      this.connected = true;
      this.failures.clear();
      this.node = typeof url === 'string' ? redactUrl(url) : undefined;
      logger.info({ node: this.node }, 'connected to RabbitMQ');
    });
    this.connection.on('disconnect', ({ err }) => {
      if (this.connected) logger.warn({ err: err?.message }, 'lost RabbitMQ connection; reconnecting');
      this.connected = false;
    });
    this.connection.on('connectFailed', ({ err, url }) => {
      // A refused vhost stays refused until someone creates it: said once, at warn, with the fix.
      if (isVhostRefusal(err) && !isVhostRefusal(this.failures.get(String(url)))) logger.warn(vhostRefusedMessage([String(url)]));
      else logger.debug({ err: err?.message }, 'RabbitMQ connection attempt failed');
      this.failures.set(String(url), err);
    });
    this.publisher = this.sender('publisher');
  }

  /** The nodes, passwords hidden, for messages. */
  get where(): string {
    return this.urls.map(redactUrl).join(', ');
  }

  get isConnected(): boolean {
    return this.connected;
  }

  /** Calls `listener` each time the connection is made again (after the channels' setup has started, not finished). */
  onConnect(listener: () => void): void {
    this.connection.on('connect', () => listener());
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

  /** A channel to send on (events, commands) that is replaced by a fresh one when a send on it is refused or not confirmed (Sender). */
  sender(name: string): Sender {
    return new Sender(() => this.channel(name, async () => undefined), this.logger, name, (fresh) => this.expectAnswer(fresh));
  }

  /**
   * After a send went unconfirmed: `fresh`, the sender's new channel, must open on the current
   * connection within ANSWER_TIMEOUT_MS. If it does not, the node is taken for lost without having
   * closed the connection (a host or a network lost: no FIN, no RST, and the heartbeat would take
   * 10 to 15 s), and the connection's socket is dropped, so that amqp-connection-manager moves to
   * the next node at once, as it does after a kill -9. Its own reconnect() would first wait for the
   * lost node to acknowledge a close. A node that is up but slow to confirm (a queue electing a
   * leader) opens the channel in time and keeps the connection, and every consumer on it.
   */
  private expectAnswer(fresh: ChannelWrapper): void {
    const connection = this.connection.connection;
    // Not connected: the move to another node is already under way.
    if (!connection) return;
    const timer = setTimeout(() => {
      if (this.connection.connection !== connection) return;
      const socket = amqplibSocket(connection);
      // Without the socket (amqplib's internals changed: AMQPLIB_SOCKET_MISSING), the heartbeat is left to notice.
      if (!socket) return;
      this.logger.warn({ node: this.node, waitedMs: ANSWER_TIMEOUT_MS }, 'RabbitMQ node confirms nothing and opens no channel: dropping the connection to move to the next node');
      socket.destroy(new Error(`no answer from ${this.node ?? 'the node'} within ${ANSWER_TIMEOUT_MS} ms`));
    }, ANSWER_TIMEOUT_MS);
    timer.unref();
    fresh.waitForConnect().then(() => clearTimeout(timer));
  }

  /** `options` for a durable queue, with the arguments its type needs (see QueuePolicy). */
  durableQueue(options: Options.AssertQueue = {}): Options.AssertQueue {
    const deadLettered = options.deadLetterExchange !== undefined;
    return { ...options, durable: true, arguments: { ...options.arguments, ...durableQueueArguments(this.queues, deadLettered) } };
  }

  /**
   * Publishes a persistent message and resolves only once the broker confirms it. Rejects when
   * the broker refuses it (a nack), when the connection is lost before the confirm, and after
   * `timeoutMs` without one; the caller keeps the message, and sends it again (a later publish
   * goes through a fresh channel after a refusal or a timeout: Sender).
   */
  async publishEvent(message: Envelope, timeoutMs: number): Promise<void> {
    await this.publishEncoded(message, JSON.stringify(message), timeoutMs);
  }

  /**
   * publishEvent for a message already encoded as JSON (`encoded`, whose fields `head` repeats),
   * e.g. as the outbox stores it: sent as it is, without parsing or encoding it again.
   */
  async publishEncoded(head: EnvelopeHead, encoded: string, timeoutMs: number): Promise<void> {
    await this.publisher.send((channel) =>
      tracePublish(this.eventsExchange, head, (traceHeaders) =>
        channel.publish(this.eventsExchange, eventRoutingKey(head.type, head.workspaceId), Buffer.from(encoded), {
          ...messageProperties(head, traceHeaders),
          timeout: timeoutMs,
        } as Options.Publish),
      ),
    );
  }

  /**
   * Resolves once connected. Rejects after `timeoutMs`, naming each node's last failure; and at
   * once when every node has refused the URL's vhost, with the commands that create it (waiting
   * longer changes nothing until someone runs them). Connecting goes on in the background either way.
   */
  async waitForConnect(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let onFailed = (): void => undefined;
    try {
      await Promise.race([
        this.publisher.waitForConnect(),
        new Promise((_, reject) => {
          onFailed = () => {
            if (this.urls.every((url) => isVhostRefusal(this.failures.get(url)))) reject(new Error(vhostRefusedMessage(this.urls)));
          };
          this.connection.on('connectFailed', onFailed);
          onFailed();
          timer = setTimeout(() => reject(new Error(this.unreachable())), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.connection.off('connectFailed', onFailed);
    }
  }

  /** "Not reachable", with each node's last failure when there was one. */
  private unreachable(): string {
    const causes = [...this.failures].map(([url, err]) => connectFailureMessage(url, err));
    return `RabbitMQ not reachable at ${this.where}${causes.length > 0 ? ` (${causes.join('; ')})` : ''}`;
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.connection.close();
  }
}

/**
 * A confirm channel that only sends (no consumer on it), replaced by a fresh one when a send on it
 * is refused (nacked) or not confirmed in time. RabbitMQ 3.10 registers a channel as a publisher
 * to a quorum queue at its first publish there, asking the node that the queue's record names as
 * its leader at that moment. When that node was just killed (the other replicas elect a leader
 * within a second or so, and the record follows), the registration fails and the channel keeps
 * asking that node: it refuses every publish to the queue until the node is back, however long
 * that takes. A fresh channel asks whichever node the record names now. The connection manager
 * re-creates a channel only with its connection, so this closes the channel and asks it for
 * another (createChannel): the connection, and every consumer on it, stays. Consumers stay on
 * channels of their own, which this never replaces. A send that was not confirmed in time says
 * more: the node may be gone without a word, so the fresh channel is also the test of the
 * connection (`expectAnswer`: Broker.expectAnswer).
 */
export class Sender {
  private channel: ChannelWrapper;

  constructor(
    private readonly open: () => ChannelWrapper,
    private readonly logger: Logger,
    private readonly name: string,
    private readonly expectAnswer: (fresh: ChannelWrapper) => void,
  ) {
    this.channel = open();
  }

  /** Runs `send` on the current channel; rethrows its failure, after renewing the channel when the broker refused the send or did not confirm it. */
  async send<T>(send: (channel: ChannelWrapper) => Promise<T>): Promise<T> {
    const channel = this.channel;
    try {
      return await send(channel);
    } catch (err) {
      const failure = sendFailure(err);
      if (failure) this.renew(channel, failure);
      throw err;
    }
  }

  waitForConnect(): Promise<void> {
    return this.channel.waitForConnect();
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  /**
   * Replaces `failed`, if it is still the channel (one failed batch renews it once), and closes it:
   * what it still holds is rejected, and its senders send it again. After an unconfirmed send, the
   * fresh channel must open in time or the connection is dropped.
   */
  private renew(failed: ChannelWrapper, failure: 'refused' | 'unconfirmed'): void {
    if (this.channel !== failed) return;
    this.logger.debug({ channel: this.name, failure }, 'a send was refused or not confirmed: the next goes out on a fresh channel');
    this.channel = this.open();
    failed.close().catch(() => undefined);
    if (failure === 'unconfirmed') this.expectAnswer(this.channel);
  }
}

/**
 * A nack (amqplib: "message nacked") is a refusal, and no confirm within the publish's timeout
 * (amqp-connection-manager: "timeout") an unconfirmed send; anything else (the loss of the
 * connection, after which the channel is re-created anyway) is neither.
 */
function sendFailure(err: unknown): 'refused' | 'unconfirmed' | undefined {
  const message = err instanceof Error ? err.message : '';
  return message === 'message nacked' ? 'refused' : message === 'timeout' ? 'unconfirmed' : undefined;
}

/**
 * Waits `ms`, or until `signal` aborts. The abort listener is removed when the wait ends: a process
 * pausing once a second while RabbitMQ refuses it (a missing vhost, an outage) would otherwise add
 * one for good at every round, and Node warns of a leak (MaxListenersExceededWarning) after 10.
 */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
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
