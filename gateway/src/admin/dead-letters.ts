import { connect, type ChannelModel, type ConfirmChannel, type GetMessage, type MessagePropertyHeaders, type Options } from 'amqplib';
import { CATALOG_SERVICE, LOCATIONS_SERVICE, NotFound, STOCK_SERVICE, z } from '@inv/shared/core';
import { connectFailureMessage, DEAD_LETTER_SUFFIX, deadLetterQueuesOf, isVhostRefusal, queueOfDeadLetters, vhostRefusedMessage } from '@inv/shared/messaging';
import { withTimeout } from '@inv/shared/runtime';

/**
 * The dead-letter queues: each service's event queue (`<service>.events`, EventConsumer) and
 * command queue (`rpc.<service>`, CommandServer) dead-letters into `<queue>.dlq`. The
 * notifications service has no message contract of its own, so no constant names it.
 */
export const DEAD_LETTER_QUEUES = [CATALOG_SERVICE, LOCATIONS_SERVICE, STOCK_SERVICE, 'notifications'].flatMap(deadLetterQueuesOf);
/** Any `<queue>.dlq`, so a consumer added later is covered too; never a work queue. */
const DeadLetterQueue = z.string().regex(/^\S+\.dlq$/, `must name a dead-letter queue, whose name ends in ${DEAD_LETTER_SUFFIX}`);

export interface DeadLetterDeps {
  /** The node, or every node of a cluster: the first that answers is used. */
  amqpUrls: readonly string[];
  /** Bound on connecting and on each broker round trip. */
  timeoutMs: number;
}

interface DeathRecord {
  queue?: string;
  reason?: string;
  count?: number;
  time?: unknown;
}

/** RabbitMQ's x-death header, most recent death first. */
function deaths(headers: MessagePropertyHeaders | undefined): DeathRecord[] {
  const value = headers?.['x-death'];
  return Array.isArray(value) ? (value as DeathRecord[]) : [];
}

/** The queue a dead letter came from: where it last died, by its x-death header; else the queue the DLQ serves. */
function originOf(deadLetterQueue: string, message: GetMessage): string {
  return deaths(message.properties.headers)[0]?.queue ?? queueOfDeadLetters(deadLetterQueue);
}

/** amqplib decodes an AMQP timestamp (seconds since the epoch) in a header as {'!': 'timestamp', value}. */
function isoFromAmqpTimestamp(value: unknown): string | null {
  const seconds = Number((value as { value?: unknown } | undefined)?.value);
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

function describe(deadLetterQueue: string, message: GetMessage) {
  const { properties } = message;
  const headers = properties.headers ?? {};
  const death = deaths(headers)[0];
  const text = message.content.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON (a malformed message is one reason to be here): shown as text */
  }
  return {
    messageId: (properties.messageId as string | undefined) ?? null,
    type: (properties.type as string | undefined) ?? null,
    workspaceId: (headers.workspaceId as string | undefined) ?? null,
    requestId: (headers.requestId as string | undefined) ?? null,
    origin: originOf(deadLetterQueue, message),
    reason: death?.reason ?? null,
    deadLetteredAt: isoFromAmqpTimestamp(death?.time),
    attempts: Number(headers['x-attempts'] ?? 0) + 1,
    replays: replaysOf(message),
    body,
  };
}

/** How many times a message was sent back from a dead-letter queue: one that keeps coming back needs a fix, not a replay. */
function replaysOf(message: GetMessage): number {
  return Number(message.properties.headers?.['x-replays'] ?? 0);
}

/**
 * The message as it goes back to its queue: the same content and properties, without the
 * dead-lettering history and with the consumer's attempt counter reset, so it gets its full
 * number of attempts again; `x-replays` counts the replays.
 */
function replayProperties(message: GetMessage): Options.Publish {
  const headers = Object.fromEntries(
    Object.entries(message.properties.headers ?? {}).filter(([name]) => name !== 'x-attempts' && !/^x-(death|first-death-|last-death-)/.test(name)),
  );
  return { ...message.properties, persistent: true, headers: { ...headers, 'x-replays': replaysOf(message) + 1 } } as Options.Publish;
}

async function withBroker<T>(deps: DeadLetterDeps, work: (session: BrokerSession) => Promise<T>): Promise<T> {
  const connection = await firstNode(deps);
  // Failures reach the operation in flight as a rejection; the event itself needs no handling.
  connection.on('error', () => undefined);
  try {
    return await work(new BrokerSession(connection, deps.timeoutMs));
  } finally {
    await withTimeout(connection.close(), deps.timeoutMs, 'closing the RabbitMQ connection').catch(() => undefined);
  }
}

/**
 * A connection to the first node that answers, each tried within the timeout. Throws naming each
 * node's failure; when every node refused the vhost, with the commands that create it instead.
 */
async function firstNode(deps: DeadLetterDeps): Promise<ChannelModel> {
  const failures: Array<{ url: string; err: unknown }> = [];
  for (const url of deps.amqpUrls) {
    try {
      return await withTimeout(connect(url, { timeout: deps.timeoutMs }), deps.timeoutMs, `no answer within ${deps.timeoutMs} ms`);
    } catch (err) {
      failures.push({ url, err });
    }
  }
  if (failures.every(({ err }) => isVhostRefusal(err))) throw new Error(vhostRefusedMessage(deps.amqpUrls));
  throw new Error(`RabbitMQ not reachable (${failures.map(({ url, err }) => connectFailureMessage(url, err)).join('; ')})`);
}

/** One connection's operations, each bounded by the timeout. */
class BrokerSession {
  constructor(
    private readonly connection: ChannelModel,
    private readonly timeoutMs: number,
  ) {}

  within<T>(what: string, operation: Promise<T>): Promise<T> {
    return withTimeout(operation, this.timeoutMs, `RabbitMQ did not answer within ${this.timeoutMs} ms (${what})`);
  }

  /** Messages ready in `queue`, or undefined when it does not exist (its service never ran on this vhost). */
  async depth(queue: string): Promise<number | undefined> {
    // A missing queue closes the channel that asked, so each check gets its own.
    const channel = await this.within('opening a channel', this.connection.createChannel());
    channel.on('error', () => undefined);
    try {
      return (await this.within(`checking ${queue}`, channel.checkQueue(queue))).messageCount;
    } catch (err) {
      if ((err as { code?: number }).code === 404) return undefined;
      throw err;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /**
   * Takes up to `max` messages from `queue` one at a time, without acknowledging them, and hands
   * each to `visit` with the (confirm) channel it came on, so `visit` may republish and ack it.
   * Every message not acked goes back to the queue, in its place, whether `visit` finished or
   * failed. `visit` returns false to stop.
   */
  async browse(queue: string, max: number, visit: (message: GetMessage, channel: ConfirmChannel) => Promise<boolean>): Promise<void> {
    const channel = await this.within('opening a channel', this.connection.createConfirmChannel());
    channel.on('error', () => undefined);
    try {
      for (let taken = 0; taken < max; taken++) {
        const message = await this.within(`reading ${queue}`, channel.get(queue, { noAck: false }));
        if (!message || !(await visit(message, channel))) return;
      }
    } finally {
      try {
        channel.nackAll(true);
      } catch {
        /* channel already gone: the broker requeues what it had delivered */
      }
      await channel.close().catch(() => undefined);
    }
  }
}

export const DlqListArgs = z.strictObject({
  queue: DeadLetterQueue.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

/**
 * Shows what is in the dead-letter queues (one, or all) without taking anything out: at most
 * `limit` messages per queue, oldest first, each with where it came from and why it died.
 */
export async function listDeadLetters(deps: DeadLetterDeps, input: z.input<typeof DlqListArgs>) {
  const args = DlqListArgs.parse(input);
  return withBroker(deps, async (broker) => {
    const queues = [];
    for (const queue of args.queue ? [args.queue] : DEAD_LETTER_QUEUES) {
      const depth = await broker.depth(queue);
      const messages: Array<ReturnType<typeof describe>> = [];
      if (depth) {
        await broker.browse(queue, Math.min(depth, args.limit), async (message) => {
          messages.push(describe(queue, message));
          return true;
        });
      }
      queues.push({ queue, exists: depth !== undefined, messageCount: depth ?? 0, messages });
    }
    return { queues };
  });
}

export const DlqReplayArgs = z
  .strictObject({
    queue: DeadLetterQueue.optional(),
    id: z.string().min(1).optional(),
    all: z.boolean().optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  })
  .refine((args) => (args.id === undefined) === (args.all === true), { message: 'is needed to replay one message; give either --id MESSAGE_ID or --all, not both', path: ['id'] });

/**
 * Sends dead letters back to the queue each came from: the one with message id `id`, or all of
 * them (at most `limit` per queue), from one dead-letter queue or every one. Each is republished
 * and confirmed by the broker before its dead-letter copy is acknowledged, so a failure midway
 * loses nothing: the message is still in the dead-letter queue (and, if it was also republished,
 * the consumers' processed-message record applies it once). Only the messages there when the
 * replay starts are replayed, so one that fails again is not replayed twice.
 * Throws NotFound when `id` is in none of the queues looked at, or the origin queue is missing.
 */
export async function replayDeadLetters(deps: DeadLetterDeps, input: z.input<typeof DlqReplayArgs>) {
  const args = DlqReplayArgs.parse(input);
  return withBroker(deps, async (broker) => {
    const replayed: Array<{ messageId: string | null; type: string | null; from: string; to: string }> = [];
    const origins = new Set<string>();
    let looked = 0;
    for (const queue of args.queue ? [args.queue] : DEAD_LETTER_QUEUES) {
      const depth = await broker.depth(queue);
      if (!depth) continue;
      await broker.browse(queue, Math.min(depth, args.limit), async (message, channel) => {
        looked += 1;
        const messageId = (message.properties.messageId as string | undefined) ?? null;
        if (args.id !== undefined && messageId !== args.id) return true;
        const origin = originOf(queue, message);
        if (!origins.has(origin)) {
          // Publishing to a missing queue would be confirmed and dropped.
          if ((await broker.depth(origin)) === undefined) throw new NotFound(`Queue ${origin}, where ${queue} message ${messageId ?? '(no id)'} came from: start its service first`);
          origins.add(origin);
        }
        channel.sendToQueue(origin, message.content, replayProperties(message));
        await broker.within(`confirming the republish to ${origin}`, channel.waitForConfirms());
        channel.ack(message);
        replayed.push({ messageId, type: (message.properties.type as string | undefined) ?? null, from: queue, to: origin });
        return args.id === undefined;
      });
      if (args.id !== undefined && replayed.length > 0) break;
    }
    if (args.id !== undefined && replayed.length === 0) {
      throw new NotFound(`Dead-lettered message ${args.id} (looked at ${looked} message(s) in ${args.queue ?? 'every dead-letter queue'})`);
    }
    return { replayed, count: replayed.length };
  });
}
