import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { ConsumeMessage } from 'amqplib';
import { logContext } from '../logger';
import { envelope } from '../messaging/envelope';
import { runDetached } from './detached';
import { activeTraceContext, startCommandCall, traceCommandHandling, traceConsumption, tracePublish } from './messaging-telemetry';
import { traceLogFields } from './tracing';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
const tracer = trace.getTracer('test');

afterEach(() => exporter.reset());
afterAll(() => provider.shutdown());

/** A delivery as amqplib hands it over, with the headers the sender set. */
function delivered(headers: Record<string, string>, type: string): ConsumeMessage {
  return { content: Buffer.from('{}'), fields: {}, properties: { headers, type, messageId: 'm-1' } } as unknown as ConsumeMessage;
}

function finished(name: string) {
  const span = exporter.getFinishedSpans().find((s) => s.name === name);
  if (!span) throw new Error(`no finished span ${name}; have ${exporter.getFinishedSpans().map((s) => s.name).join(', ')}`);
  return span;
}

describe('trace context over RabbitMQ', () => {
  it('when an event recorded during a request is published later, then the publish and its consumer join the request\'s trace', async () => {
    const request = tracer.startSpan('POST /inventory/transfers');
    const recorded = context.with(trace.setSpan(context.active(), request), () => ({ ...envelope('stock.changed', 'ws-1', {}, 'r-1'), traceContext: activeTraceContext() }));
    request.end();
    expect(recorded.traceContext?.traceparent).toContain(request.spanContext().traceId);

    // The relay publishes outside any request, so the parent must come from the message itself.
    let headers: Record<string, string> = {};
    await runDetached(() => tracePublish('inventory.events', recorded, async (h) => void (headers = h)));
    let idsWhileConsuming: ReturnType<typeof traceLogFields> = {};
    await traceConsumption('catalog.events', delivered(headers, 'stock.changed'), async () => void (idsWhileConsuming = traceLogFields()));

    const publish = finished('publish stock.changed');
    const consume = finished('process stock.changed');
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(publish.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consume.kind).toBe(SpanKind.CONSUMER);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(consume.attributes['messaging.destination.name']).toBe('catalog.events');
    expect(idsWhileConsuming).toEqual({ trace_id: request.spanContext().traceId, span_id: consume.spanContext().spanId });
  });

  it('when a command is sent and handled, then the handler\'s span is a child of the call\'s, and the outcome marks both', async () => {
    const call = startCommandCall('stock', 'stock.usage');
    const reply = await traceCommandHandling('rpc.stock', delivered(call.headers, 'stock.usage'), async () => ({ ok: false as const }));
    call.end('timeout');
    expect(reply).toEqual({ ok: false });
    const client = finished('request stock.usage');
    const server = finished('handle stock.usage');
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(client.attributes['rpc.outcome']).toBe('timeout');
    expect(client.status.code).toBe(2);
    expect(server.status.code).toBe(2);
  });

  it('when no span is active, then there is no trace context to record and no ids for the logs', () => {
    expect(activeTraceContext()).toBeUndefined();
    expect(traceLogFields()).toEqual({});
  });
});

describe('runDetached', () => {
  it('when called inside a request, then the work sees neither its trace nor its request id', () => {
    const span = tracer.startSpan('request');
    const seen = logContext.run({ requestId: 'r-1' }, () => context.with(trace.setSpan(context.active(), span), () => runDetached(() => ({ ids: traceLogFields(), log: logContext.getStore() }))));
    span.end();
    expect(seen).toEqual({ ids: {}, log: undefined });
  });
});
