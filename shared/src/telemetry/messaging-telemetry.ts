import { performance } from 'node:perf_hooks';
import { type Attributes, type Context, context, propagation, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ConsumeMessage } from 'amqplib';
import type { Envelope } from '../messaging/envelope';
import { commandQueue } from '../messaging/queues';
import { consumedMessages, rpcClientDuration, rpcClientTimeouts } from './metrics';

/**
 * Trace context over RabbitMQ: W3C `traceparent`/`tracestate` in the AMQP headers of every
 * message, a producer or client span around each send and a consumer or server span around each
 * handling, so one trace runs from an HTTP request through the events and commands it causes.
 */
const tracer = trace.getTracer('@inv/shared/messaging');

/** W3C headers (traceparent, tracestate) describing `ctx`; empty when tracing is off. */
export type TraceHeaders = Record<string, string>;

function traceHeaders(ctx: Context): TraceHeaders {
  const carrier: TraceHeaders = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * The active trace context, for a message that is sent later by someone else: the outbox relay
 * publishes minutes or milliseconds after the request that recorded the event has ended, and
 * needs this to join that request's trace.
 */
export function activeTraceContext(): TraceHeaders | undefined {
  const carrier = traceHeaders(context.active());
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

const MESSAGING = { 'messaging.system': 'rabbitmq' } as const;

function endWith(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `publish` in a producer span and hands it the headers that make consumers children of
 * that span. The span's parent is the context stored with the message when it was recorded (the
 * originating request), else whatever is active.
 */
export async function tracePublish<T>(exchange: string, message: Omit<Envelope, 'payload'>, publish: (headers: TraceHeaders) => Promise<T>): Promise<T> {
  const parent = message.traceContext ? propagation.extract(ROOT_CONTEXT, message.traceContext) : context.active();
  const span = tracer.startSpan(
    `publish ${message.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: { ...MESSAGING, 'messaging.operation.type': 'send', 'messaging.destination.name': exchange, 'messaging.rabbitmq.destination.routing_key': message.type, 'messaging.message.id': message.id },
    },
    parent,
  );
  try {
    return await publish(traceHeaders(trace.setSpan(parent, span)));
  } catch (err) {
    endWith(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** The sender's context from a delivered message's headers (the root context when it has none). */
function senderContext(msg: ConsumeMessage): Context {
  return propagation.extract(ROOT_CONTEXT, msg.properties.headers ?? {});
}

/**
 * Runs the handling of one event message in a consumer span, child of the span that published
 * it, so that log lines written meanwhile carry the originating request's trace id.
 */
export function traceConsumption<T>(queue: string, msg: ConsumeMessage, handle: () => Promise<T>): Promise<T> {
  const type = typeof msg.properties.type === 'string' ? msg.properties.type : undefined;
  const attributes: Attributes = { ...MESSAGING, 'messaging.operation.type': 'process', 'messaging.destination.name': queue, 'messaging.message.id': msg.properties.messageId, 'messaging.message.type': type };
  return tracer.startActiveSpan(`process ${type ?? queue}`, { kind: SpanKind.CONSUMER, attributes }, senderContext(msg), async (span) => {
    try {
      return await handle();
    } catch (err) {
      endWith(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** skipped: acknowledged unapplied, since nothing would use it (BatchSubscriptionOptions.worthApplying). */
export type ConsumerOutcome = 'processed' | 'duplicate' | 'skipped' | 'retried' | 'dead_lettered';
const CONSUMER_OUTCOMES: ConsumerOutcome[] = ['processed', 'duplicate', 'skipped', 'retried', 'dead_lettered'];

/** Counts what became of a message, and marks the active consumer span failed when it failed. */
export function recordConsumerOutcome(queue: string, outcome: ConsumerOutcome): void {
  consumedMessages.add(1, { queue, outcome });
  const span = trace.getActiveSpan();
  span?.setAttribute('messaging.outcome', outcome);
  if (outcome === 'retried' || outcome === 'dead_lettered') span?.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
}

/** Makes every outcome of `queue` a series from the start, so rates over it exist before its first failure. */
export function initConsumerOutcomes(queue: string): void {
  for (const outcome of CONSUMER_OUTCOMES) consumedMessages.add(0, { queue, outcome });
}

/**
 * Runs the handling of one command in a server span, child of the caller's client span. A reply
 * that carries an error marks the span failed.
 */
export function traceCommandHandling<R extends { ok: boolean }>(queue: string, msg: ConsumeMessage, handle: () => Promise<R>): Promise<R> {
  const type = typeof msg.properties.type === 'string' ? msg.properties.type : queue;
  const attributes: Attributes = { ...MESSAGING, 'messaging.operation.type': 'process', 'messaging.destination.name': queue, 'messaging.message.type': type };
  return tracer.startActiveSpan(`handle ${type}`, { kind: SpanKind.SERVER, attributes }, senderContext(msg), async (span) => {
    try {
      const reply = await handle();
      if (!reply.ok) span.setStatus({ code: SpanStatusCode.ERROR });
      return reply;
    } catch (err) {
      endWith(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

export type CommandOutcome = 'ok' | 'error' | 'timeout' | 'unreachable';

export interface CommandCall {
  /** Headers for the command message: the server's span becomes a child of this call's. */
  headers: TraceHeaders;
  /** Records the call's duration and outcome and ends its span; call once. */
  end: (outcome: CommandOutcome) => void;
}

const timeoutSeriesStarted = new Map<string, Set<string>>();

/** Starts measuring one request/reply call to `service`: a client span and a timer. */
export function startCommandCall(service: string, command: string): CommandCall {
  startTimeoutSeries(service, command);
  const started = performance.now();
  const span = tracer.startSpan(`request ${command}`, {
    kind: SpanKind.CLIENT,
    attributes: { ...MESSAGING, 'messaging.operation.type': 'send', 'messaging.destination.name': commandQueue(service), 'rpc.service': service, 'rpc.method': command },
  });
  return {
    headers: traceHeaders(trace.setSpan(context.active(), span)),
    end: (outcome) => {
      rpcClientDuration.record((performance.now() - started) / 1000, { service, command, outcome });
      if (outcome === 'timeout') rpcClientTimeouts.add(1, { service, command });
      span.setAttribute('rpc.outcome', outcome);
      if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
      span.end();
    },
  };
}

/** A timeout counter at 0 from a command's first call, so alerting on its increase needs no first timeout. */
function startTimeoutSeries(service: string, command: string): void {
  let commands = timeoutSeriesStarted.get(service);
  if (!commands) timeoutSeriesStarted.set(service, (commands = new Set()));
  if (commands.has(command)) return;
  commands.add(command);
  rpcClientTimeouts.add(0, { service, command });
}
