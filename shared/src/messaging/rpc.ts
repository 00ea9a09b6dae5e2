import type { ConsumeMessage } from 'amqplib';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { z } from 'zod';
import { databaseRefusal } from '../db/refusals';
import { budgetFor, currentDeadline, TOO_LATE_TO_START_MS } from '../deadline';
import { AppError, appErrorFrom, DeadlinePassed, DependencyAway, InternalError, type RefusalCause, type RefusalOutcome, RetryLater } from '../errors';
import { newId } from '../ids';
import { describeIssues } from '../validation-messages';
import { logContext, type Logger } from '../logger';
import { startCommandCall, traceCommandHandling } from '../telemetry/messaging-telemetry';
import { DEAD_LETTER_EXCHANGE, messageProperties, type Broker, type Sender } from './broker';
import { commandQueue, deadLetterQueue } from './queues';
import { Envelope, envelope } from './envelope';
import { currentActor } from './outbox';

/** How long a command may wait for the broker to take it (a connection being re-established). */
const SEND_TIMEOUT_MS = 1000;

/**
 * How long a command still waits once the broker said no process takes the service's commands:
 * long enough for a service whose broker connection just came back to re-register its consumer
 * (a few milliseconds) and answer, short enough that a service that is down is named within a second.
 */
export const SERVICE_DOWN_GRACE_MS = 500;

/** RabbitMQ down before the command was sent: it was not sent, so nothing was done. */
function brokerUnreachable(service: string, type: string): DependencyAway {
  return new DependencyAway(`RabbitMQ (needed to ask the ${service} service ${type})`, 'unchanged');
}

type Refused = Extract<Reply, { ok: false }>;

function refusalReply(error: RetryLater): Refused {
  return { ok: false, error: { code: error.code, message: error.message, retryAfter: error.retryAfterSeconds } };
}

/**
 * A command sent and not answered (no reply in time, or no process to take it): the retryable
 * refusal for the caller's caller, but for the caller itself an unknown outcome, since the command
 * may still run (a process that starts or catches up before it expires). A caller that must know
 * whether it ran (a saga step) undoes it or has it undone; other refusals are definite. Its words
 * are those of its cause (the service away, or the deadline), with the outcome the command's
 * effect allows: a command that only reads changed nothing, one that writes may have.
 */
export class CommandUnanswered extends RetryLater {
  override readonly refusal: RefusalCause | undefined;
  constructor(
    cause: RetryLater,
    /** The same refusal saying "nothing was changed": for a caller that has made sure the command's effect is undone or will be (a saga's compensation recorded). */
    readonly undone: RetryLater = cause,
  ) {
    super(cause.message, cause.retryAfterSeconds);
    this.refusal = cause.refusal;
  }
}

/** Why a command got no answer, to be worded once its effect is known (see CommandUnanswered). */
type NoAnswerWhy = 'service down' | 'timed out' | 'not taken' | 'shutting down';

/** What the caller is told of a command it sent and got no answer to (CommandUnanswered). */
interface NoAnswer {
  ok: false;
  unanswered: NoAnswerWhy;
}

function noAnswerRefusal(why: NoAnswerWhy, service: string, type: string, outcome: RefusalOutcome, withinRequest: boolean): RetryLater {
  if (why === 'timed out' && withinRequest) return new DeadlinePassed(`the ${service} service answered ${type}`, outcome);
  const who = {
    'service down': `The ${service} service (nothing takes its commands; asked ${type})`,
    'timed out': `The ${service} service (it did not answer ${type} in time)`,
    'not taken': `RabbitMQ (it did not take ${type} for the ${service} service in time)`,
    'shutting down': `This process (shutting down while it waited for the ${service} service to answer ${type})`,
  }[why];
  return new DependencyAway(who, outcome);
}

/** A reply as it travels (answered) or as the client settles a command it got none to. */
type Reply = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string; retryAfter?: number } } | NoAnswer;

export interface CommandMeta {
  workspaceId: string;
  requestId: string | null;
  messageId: string;
}
type CommandHandler = (payload: unknown, meta: CommandMeta) => Promise<unknown>;

/**
 * Answers request/reply commands on `rpc.<service>`. A handler's AppError travels back to the
 * caller as-is (so a 409 from the stock service is a 409 at the gateway); anything else is
 * logged here and answered as internal_server_error.
 */
export class CommandServer {
  private readonly handlers = new Map<string, { schema: z.ZodTypeAny; handler: CommandHandler }>();
  private channel: ChannelWrapper | undefined;
  private inFlight = 0;

  constructor(
    private readonly broker: Broker,
    private readonly logger: Logger,
    readonly service: string,
  ) {}

  handle<S extends z.ZodTypeAny, R>(type: string, schema: S, handler: (payload: z.infer<S>, meta: CommandMeta) => Promise<R>): this {
    this.handlers.set(type, { schema, handler: handler as CommandHandler });
    return this;
  }

  async start(): Promise<void> {
    const queue = commandQueue(this.service);
    this.channel = this.broker.channel(`commands:${queue}`, async (ch) => {
      const deadLetters = deadLetterQueue(queue);
      await assertCommandQueue(this.broker, ch, this.service);
      await ch.assertQueue(deadLetters, this.broker.durableQueue());
      await ch.bindQueue(deadLetters, DEAD_LETTER_EXCHANGE, deadLetters);
      await ch.prefetch(32);
      await ch.consume(queue, (msg) => {
        if (!msg) return;
        void this.answer(msg).then(
          () => {
            try {
              ch.ack(msg);
            } catch {
              /* channel gone: the broker redelivers, and the caller has its answer or its timeout */
            }
          },
          (err) => {
            this.logger.error({ err }, 'command could not be answered; dead-lettered');
            try {
              ch.nack(msg, false, false);
            } catch {
              /* channel gone: the broker redelivers */
            }
          },
        );
      });
    });
    await this.channel.waitForConnect();
  }

  async stop(): Promise<void> {
    await this.channel?.close();
    while (this.inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private async answer(msg: ConsumeMessage): Promise<void> {
    const { replyTo, correlationId } = msg.properties;
    if (!replyTo || !correlationId) throw new Error('command without replyTo/correlationId');
    this.inFlight += 1;
    try {
      const reply = await traceCommandHandling(commandQueue(this.service), msg, () => this.run(msg));
      // Bounded: a reply that cannot be sent soon is useless to a caller whose timeout is running.
      await this.channel!.sendToQueue(replyTo, Buffer.from(JSON.stringify(reply)), { correlationId, contentType: 'application/json', timeout: SEND_TIMEOUT_MS } as never);
    } finally {
      this.inFlight -= 1;
    }
  }

  private async run(msg: ConsumeMessage): Promise<Reply> {
    let request: Envelope;
    try {
      request = Envelope.parse(JSON.parse(msg.content.toString('utf8')));
    } catch {
      return { ok: false, error: { code: 'bad_request', message: 'Malformed command message.' } };
    }
    const entry = this.handlers.get(request.type);
    if (!entry) return { ok: false, error: { code: 'bad_request', message: `Unknown command ${request.type}.` } };
    const payload = entry.schema.safeParse(request.payload);
    if (!payload.success) return { ok: false, error: { code: 'bad_request', message: `Invalid ${request.type} command: ${describeIssues(payload.error)}` } };
    // The caller stops waiting at its deadline: a command that sat in the queue or in this
    // process's prefetch past it is not run (its answer would go to nobody).
    const deadline = request.deadline ?? undefined;
    if (deadline !== undefined && deadline - Date.now() < TOO_LATE_TO_START_MS) {
      return refusalReply(new DeadlinePassed(`the ${this.service} service could start ${request.type}`, 'unchanged'));
    }
    const actor = { userId: request.actor?.userId, keyId: request.actor?.keyId };
    return logContext.run({ requestId: request.requestId ?? undefined, workspaceId: request.workspaceId, ...actor, deadline }, async () => {
      try {
        const result = await entry.handler(payload.data, { workspaceId: request.workspaceId, requestId: request.requestId, messageId: request.id });
        return { ok: true as const, result: result ?? null };
      } catch (err) {
        if (err instanceof RetryLater) return refusalReply(err);
        if (err instanceof AppError) return { ok: false as const, error: { code: err.code, message: err.message } };
        const refusal = databaseRefusal(err, this.service);
        if (refusal) {
          this.logger.warn({ err, command: request.type }, 'command refused: a dependency failed in a way that passes');
          return refusalReply(refusal);
        }
        this.logger.error({ err, command: request.type }, 'command handler failed');
        return { ok: false as const, error: { code: 'internal_server_error', message: new InternalError().message } };
      }
    });
  }
}

/** Declares a service's command queue, the same way wherever it is declared; answers its consumer count. */
function assertCommandQueue(broker: Broker, ch: Pick<ChannelWrapper, 'assertQueue'>, service: string): Promise<{ consumerCount: number }> {
  const queue = commandQueue(service);
  return ch.assertQueue(queue, broker.durableQueue({ deadLetterExchange: DEAD_LETTER_EXCHANGE, deadLetterRoutingKey: deadLetterQueue(queue) }));
}

/**
 * Sends commands and waits for their replies on one exclusive reply queue per process. Commands go
 * out on a channel of their own (a Sender, renewed when the broker refuses a command), apart from
 * the reply queue's consumer, which a fresh channel would lose.
 */
export class CommandClient {
  private channel: ChannelWrapper | undefined;
  private sender: Sender | undefined;
  /** Asks the broker how many processes take a service's commands (a channel of its own, kept apart from the reply queue's). */
  private probe: ChannelWrapper | undefined;
  private replyQueue = '';
  private readonly pending = new Map<string, { resolve: (r: Reply) => void; timer: NodeJS.Timeout }>();

  constructor(
    private readonly broker: Broker,
    private readonly defaultTimeoutMs: number,
  ) {}

  async start(): Promise<void> {
    this.channel = this.broker.channel('command-client', async (ch) => {
      const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
      this.replyQueue = queue;
      await ch.consume(queue, (msg) => msg && this.settle(msg), { noAck: true });
    });
    this.probe = this.broker.channel('command-probe', async () => undefined);
    this.sender = this.broker.sender('command-sender');
    await Promise.all([this.channel.waitForConnect(), this.probe.waitForConnect(), this.sender.waitForConnect()]);
  }

  async stop(): Promise<void> {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, unanswered: 'shutting down' });
      this.pending.delete(id);
    }
    await Promise.all([this.channel?.close(), this.probe?.close(), this.sender?.close()]);
  }

  /**
   * Sends `type` to `service` and resolves with its result. Within a request, the wait is what is
   * left of the request's deadline (shared/src/deadline.ts), and the command carries the deadline
   * so the service does not start it once it has passed; outside one (consumers, sweepers,
   * workers), `timeoutMs` or the client's default. Rejects with the handler's AppError; with a
   * retryable refusal (CommandUnanswered, 429) naming the silent service when no answer comes in time
   * (the command expires in the queue at the same moment, so a late consumer never runs it), or
   * at once when too little of the deadline is left to ask. While the broker connection is down
   * it rejects at once, naming RabbitMQ; when no process of the service takes commands (the broker
   * says so, asked alongside the send) it waits at most SERVICE_DOWN_GRACE_MS more and then rejects
   * naming the service: waiting out a long timeout for a message nobody will read only delays the
   * answer. Each of these refusals is retryable; an unanswered command that `changes` something
   * (the default) may still have run, and its refusal says so.
   */
  async request<R = unknown>(
    service: string,
    type: string,
    payload: unknown,
    context: { workspaceId: string; requestId?: string | null; timeoutMs?: number; readsOnly?: boolean },
  ): Promise<R> {
    if (!this.channel || !this.sender) throw new Error('CommandClient not started');
    const call = startCommandCall(service, type);
    if (!this.broker.isConnected) {
      call.end('unreachable');
      throw brokerUnreachable(service, type);
    }
    let timeoutMs: number;
    try {
      timeoutMs = Math.round(budgetFor(`the ${service} service could be asked (${type})`, context.timeoutMs ?? this.defaultTimeoutMs));
    } catch (refusal) {
      call.end('timeout');
      throw refusal;
    }
    const requestId = context.requestId ?? logContext.getStore()?.requestId ?? null;
    const message = { ...envelope(type, context.workspaceId, payload, requestId, currentActor()), deadline: currentDeadline() ?? null };
    const correlationId = newId();
    const reply = new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        resolve({ ok: false, unanswered: 'timed out' });
      }, timeoutMs);
      this.pending.set(correlationId, { resolve, timer });
    });
    try {
      await this.sender.send((channel) =>
        channel.sendToQueue(commandQueue(service), Buffer.from(JSON.stringify(message)), {
          ...messageProperties(message, call.headers),
          persistent: false,
          correlationId,
          replyTo: this.replyQueue,
          expiration: String(timeoutMs),
          timeout: Math.min(timeoutMs, SEND_TIMEOUT_MS),
        } as never),
      );
    } catch {
      const pending = this.pending.get(correlationId);
      if (pending) clearTimeout(pending.timer);
      this.pending.delete(correlationId);
      call.end('unreachable');
      // The send may or may not have reached the broker: the command may still run.
      throw new CommandUnanswered(noAnswerRefusal('not taken', service, type, context.readsOnly ? 'unchanged' : 'unknown', message.deadline !== null), noAnswerRefusal('not taken', service, type, 'unchanged', message.deadline !== null));
    }
    // Asked only now, so that a service coming up cannot be missed between the question and the send.
    void this.consumersOf(service).then((consumers) => {
      if (consumers === 0) this.settleLater(correlationId, SERVICE_DOWN_GRACE_MS, { ok: false, unanswered: 'service down' });
    });
    const answer = await reply;
    call.end(answer.ok ? 'ok' : 'unanswered' in answer && answer.unanswered === 'timed out' ? 'timeout' : 'error');
    if (answer.ok) return answer.result as R;
    if ('unanswered' in answer) throw new CommandUnanswered(noAnswerRefusal(answer.unanswered, service, type, context.readsOnly ? 'unchanged' : 'unknown', message.deadline !== null), noAnswerRefusal(answer.unanswered, service, type, 'unchanged', message.deadline !== null));
    throw appErrorFrom(answer.error.code, answer.error.message, answer.error.retryAfter);
  }

  /**
   * Whether any process of the service takes commands: false when the broker says none does,
   * undefined when it could not say (the broker or the channel away).
   */
  async serving(service: string): Promise<boolean | undefined> {
    if (!this.broker.isConnected) return undefined;
    const consumers = await this.consumersOf(service);
    return consumers === undefined ? undefined : consumers > 0;
  }

  /**
   * How many processes consume the service's command queue; undefined when the broker could not
   * say. Declared as the service declares it (so a queue that does not exist yet, of a service
   * that never ran here, answers 0 instead of failing the channel).
   */
  private async consumersOf(service: string): Promise<number | undefined> {
    try {
      return (await assertCommandQueue(this.broker, this.probe!, service)).consumerCount;
    } catch {
      return undefined;
    }
  }

  private settle(msg: ConsumeMessage): void {
    let reply: Reply;
    try {
      reply = JSON.parse(msg.content.toString('utf8')) as Reply;
    } catch {
      reply = { ok: false, error: { code: 'internal_server_error', message: 'Malformed reply.' } };
    }
    this.settleWith(msg.properties.correlationId, reply);
  }

  /** Settles a pending command with `reply` in `ms` unless it is answered sooner (and never later than its own timeout). */
  private settleLater(correlationId: string, ms: number, reply: Reply): void {
    const p = this.pending.get(correlationId);
    if (!p) return;
    const deadline = setTimeout(() => this.settleWith(correlationId, reply), ms);
    const { resolve } = p;
    p.resolve = (answer) => {
      clearTimeout(deadline);
      resolve(answer);
    };
  }

  private settleWith(correlationId: string, reply: Reply): void {
    const p = this.pending.get(correlationId);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(correlationId);
    p.resolve(reply);
  }
}
