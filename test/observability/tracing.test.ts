import fs from 'node:fs';
import { eventually, newWorkspace, unique } from '../support/fixtures';
import { provideInfrastructure } from '../support/infrastructure';
import { Stack } from '../support/stack';
import { type ReceivedSpan, SpanKind, startOtlpReceiver } from './otlp-receiver';

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let stack: Stack | undefined;

/**
 * A stack of this file's own whose four processes export their spans over OTLP/JSON to a
 * receiver in this test: the shared stack does not export (tracing there would tax every other
 * test, and its spans could not be told apart by test). The test helpers point at it.
 */
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const infrastructure = await provideInfrastructure();
  try {
    stack = await Stack.start({
      infrastructure,
      env: { LOG_LEVEL: 'debug', DB_POOL_SIZE: '5', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
  } catch (err) {
    await infrastructure.stop();
    throw err;
  }
  Object.assign(process.env, stack.testEnv());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await stack?.infrastructure.stop();
  await receiver?.close();
}, 60_000);

/** The parsed log lines of one process that name `requestId`. */
function logLines(process: 'gateway' | 'stock', requestId: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(stack!.logFile(process), 'utf8')
    .split('\n')
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function find(spans: ReceivedSpan[], service: string, kind: number, name: string): ReceivedSpan | undefined {
  return spans.find((s) => s.service === service && s.kind === kind && s.name === name);
}

/**
 * The spans of one trace once the catalog consumer's has arrived and every span's parent with it
 * (each process exports in its own batches), or whatever arrived within 15 s, for the assertions
 * to say what is missing.
 */
async function spansOf(traceId: string): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    const ids = new Set(spans.map((s) => s.spanId));
    const connected = spans.filter((s) => s.parentSpanId === undefined).length === 1 && spans.every((s) => s.parentSpanId === undefined || ids.has(s.parentSpanId));
    if ((connected && find(spans, 'catalog', SpanKind.CONSUMER, 'process stock.changed')) || Date.now() > deadline) return spans;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('one trace from the gateway through the services and RabbitMQ', () => {
  it('when a transfer is created, then one trace holds the gateway and stock request spans, the outbox publish and the catalog consumer, and the request\'s log lines name it', async () => {
    const ws = await newWorkspace();
    const item = await ws.owner.post('/items', { sku: unique('SKU'), quantity: 5, locationId: ws.defaultLocationId });
    expect(item.status).toBe(201);
    const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    expect(van.status).toBe(201);
    const requestId = unique('traced-transfer');

    const transfer = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.body.id, lines: [{ itemId: item.body.id, quantity: 2 }] }, { headers: { 'X-Request-Id': requestId } });
    expect(transfer.status).toBe(201);

    const traceId = await eventually('the gateway log line of the request', async () => logLines('gateway', requestId).find((l) => l.msg === 'request completed')?.trace_id as string | undefined);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    // The stock process writes its line when its answer is finished, possibly after the gateway's.
    await eventually('the stock log line of the request, in the same trace', async () => logLines('stock', requestId).find((l) => l.trace_id === traceId));

    const trace = await spansOf(traceId!);
    const gateway = find(trace, 'gateway', SpanKind.SERVER, 'POST /inventory/*');
    const stock = find(trace, 'stock', SpanKind.SERVER, 'POST /inventory/transfers');
    const publishes = trace.filter((s) => s.service === 'stock' && s.kind === SpanKind.PRODUCER && s.name === 'publish stock.changed');
    const consumer = find(trace, 'catalog', SpanKind.CONSUMER, 'process stock.changed');
    expect({ gateway: gateway?.parentSpanId ?? 'root', stock: !!stock, publishes: publishes.length, consumer: !!consumer }).toEqual({ gateway: 'root', stock: true, publishes: expect.any(Number), consumer: true });
    expect(publishes.map((p) => p.spanId)).toContain(consumer!.parentSpanId);
    expect(consumer!.attributes['messaging.destination.name']).toBe('catalog.events');

    // Connected: every span but the gateway's hangs off another span of the same trace, so the
    // stock request descends from the gateway's and the publish from the stock request.
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: ReceivedSpan): string[] => (span.parentSpanId && byId.has(span.parentSpanId) ? [span.parentSpanId, ...ancestors(byId.get(span.parentSpanId)!)] : []);
    for (const span of trace) if (span !== gateway) expect({ span: span.name, parentFound: byId.has(span.parentSpanId ?? '') }).toEqual({ span: span.name, parentFound: true });
    expect(ancestors(stock!)).toContain(gateway!.spanId);
    expect(ancestors(consumer!)).toEqual(expect.arrayContaining([stock!.spanId, gateway!.spanId]));
    // The relay was woken by the request but polls on behalf of nobody: its queries are not the request's.
    expect(trace.map((s) => String(s.attributes['db.query.text'] ?? '')).filter((q) => q.includes('FROM outbox WHERE sent_at IS NULL'))).toEqual([]);
  });
});
