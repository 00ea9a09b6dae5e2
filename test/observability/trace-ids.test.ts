import fs from 'node:fs';
import { eventually, newWorkspace, sql, unique } from '../support/fixtures';
import { provideInfrastructure } from '../support/infrastructure';
import { Stack } from '../support/stack';

let stack: Stack | undefined;

/**
 * The default: no OTLP endpoint, so no span is recorded and the HTTP instrumentation does not run
 * (shared/src/telemetry/instrument.ts); every request still gets trace ids that reach the log
 * lines, the service behind the gateway and the events it records. A stack of this file's own,
 * logging at debug so that successful requests have their line too.
 */
beforeAll(async () => {
  const infrastructure = await provideInfrastructure();
  try {
    stack = await Stack.start({ infrastructure, env: { LOG_LEVEL: 'debug', DB_POOL_SIZE: '3' } });
  } catch (err) {
    await infrastructure.stop();
    throw err;
  }
  Object.assign(process.env, stack.testEnv());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await stack?.infrastructure.stop();
}, 60_000);

function logLines(process: 'gateway' | 'stock', requestId: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(stack!.logFile(process), 'utf8')
    .split('\n')
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const completedLine = (process: 'gateway' | 'stock', requestId: string) =>
  eventually(`the ${process} log line of the request`, async () => logLines(process, requestId).find((l) => l.msg === 'request completed'));

describe('trace ids without an exporter', () => {
  it('when a transfer is created, then the gateway and stock log lines and the recorded event carry one trace id, the service\'s span a child of the gateway\'s', async () => {
    const ws = await newWorkspace();
    const item = await ws.owner.post('/items', { sku: unique('SKU'), quantity: 5, locationId: ws.defaultLocationId });
    const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    const requestId = unique('ids-only');

    const transfer = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.body.id, lines: [{ itemId: item.body.id, quantity: 2 }] }, { headers: { 'X-Request-Id': requestId } });
    expect([item.status, van.status, transfer.status]).toEqual([201, 201, 201]);

    const gateway = await completedLine('gateway', requestId);
    const stock = await completedLine('stock', requestId);
    expect(gateway.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(gateway.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(stock.trace_id).toBe(gateway.trace_id);
    expect(stock.span_id).not.toBe(gateway.span_id);

    const [event] = await sql<{ message: { traceContext?: { traceparent?: string } } }>(
      "SELECT message FROM stock.outbox WHERE message->>'requestId' = $1 AND type = 'stock.changed' LIMIT 1",
      [requestId],
    );
    expect(event?.message.traceContext?.traceparent).toMatch(new RegExp(`^00-${gateway.trace_id as string}-[0-9a-f]{16}-0[01]$`));
  });

  it('when a client sends a traceparent, then the gateway and the service continue its trace', async () => {
    const ws = await newWorkspace();
    const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const requestId = unique('client-trace');

    const res = await ws.owner.get('/inventory/movements', { headers: { 'X-Request-Id': requestId, traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.status).toBe(200);

    expect((await completedLine('gateway', requestId)).trace_id).toBe(traceId);
    expect((await completedLine('stock', requestId)).trace_id).toBe(traceId);
  });
});
