import { randomUUID } from 'node:crypto';
import { context, isSpanContextValid, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import { OTLPTraceExporter as OtlpJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOffSampler, BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { BaseConfig } from '../config';

export type TracingConfig = Pick<
  BaseConfig,
  'OTEL_SDK_DISABLED' | 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_EXPORTER_OTLP_PROTOCOL' | 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
>;

export interface Tracing {
  /** Where spans go, for the start-up log line. */
  destination: string;
  /** Exports what is still buffered. */
  shutdown: () => Promise<void>;
}

let running: Tracing | undefined;

/**
 * Whether spans are exported: only then do the HTTP and pg instrumentations run (instrument.ts).
 * Without an exporter, `traceContext` gives each request its ids instead, for a fraction of the
 * cost of the HTTP instrumentation's non-recording spans.
 */
export function tracesExported(config: Pick<TracingConfig, 'OTEL_SDK_DISABLED' | 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>): boolean {
  return !config.OTEL_SDK_DISABLED && otlpTracesUrl(config) !== undefined;
}

/** Set by startTracing: ids without spans (no exporter, not disabled). */
let idsOnly = false;

/**
 * Registers this process's tracer provider, W3C trace-context propagation and the async context
 * manager. With an OTLP endpoint configured, spans are batched to it; without one, no span is
 * recorded, but each request still gets a trace and span id (traceContext) that propagate over
 * HTTP and RabbitMQ and appear on log lines. The first call in a process wins: a provider is global.
 */
export function startTracing(serviceName: string, config: TracingConfig): Tracing {
  if (running) return running;
  if (config.OTEL_SDK_DISABLED) return (running = { destination: 'off (OTEL_SDK_DISABLED)', shutdown: async () => undefined });
  const endpoint = otlpTracesUrl(config);
  idsOnly = endpoint === undefined;
  const exporter = endpoint ? traceExporter(endpoint, config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? config.OTEL_EXPORTER_OTLP_PROTOCOL) : undefined;
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES adds to the resource; service.name is always the process's own,
    // since the four processes usually share one environment.
    resource: defaultResource()
      .merge(detectResources({ detectors: [envDetector] }))
      .merge(resourceFromAttributes({ 'service.name': serviceName })),
    ...(exporter ? { spanProcessors: [new BatchSpanProcessor(exporter)] } : { sampler: new AlwaysOffSampler() }),
  });
  provider.register();
  return (running = {
    destination: endpoint ? `OTLP ${endpoint}` : 'not exported (no OTEL_EXPORTER_OTLP_ENDPOINT); trace ids still on log lines',
    shutdown: () => provider.shutdown(),
  });
}

/**
 * The traces URL as the OTLP specification derives it: the signal-specific variable as given,
 * else the base endpoint plus `v1/traces`.
 */
export function otlpTracesUrl(config: Pick<TracingConfig, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>): string | undefined {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

function traceExporter(url: string, protocol: TracingConfig['OTEL_EXPORTER_OTLP_PROTOCOL']): SpanExporter {
  return protocol === 'http/json' ? new OtlpJsonTraceExporter({ url }) : new OtlpProtobufTraceExporter({ url });
}

const NO_TRACE: { trace_id?: string; span_id?: string } = Object.freeze({});

/** trace_id and span_id of the active span, for every log line; nothing outside a span. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : NO_TRACE;
}

/** 32 (trace) or 16 (span) random lowercase hex digits; randomUUID draws from a cached entropy pool. */
function randomHex(digits: 16 | 32): string {
  const hex = randomUUID().replace(/-/g, '');
  // A UUID's 13th digit is its version: replaced, so every digit of the id is random.
  return digits === 32 ? `${hex.slice(0, 12)}${randomUUID()[0]}${hex.slice(13)}` : hex.slice(16);
}

/**
 * Without an exporter: runs the rest of the request in a non-recording span context of its own,
 * child of the caller's W3C `traceparent` when it sent a valid one (the gateway's, or a client's),
 * else of a new trace. Log lines (traceLogFields), the gateway's forward (traceparent) and the
 * messages the request sends (messaging-telemetry.ts) take the ids from it, as they would from the
 * HTTP instrumentation's span. With an exporter (the instrumentation's spans) or with tracing
 * disabled, it does nothing.
 */
export const traceContext: RequestHandler = (req, _res, next) => {
  if (!idsOnly) return next();
  const caller = req.headers.traceparent === undefined ? undefined : trace.getSpanContext(propagation.extract(ROOT_CONTEXT, req.headers));
  const parent = caller && isSpanContextValid(caller) ? caller : undefined;
  const span = trace.wrapSpanContext({ traceId: parent?.traceId ?? randomHex(32), spanId: randomHex(16), traceFlags: parent?.traceFlags ?? TraceFlags.NONE, traceState: parent?.traceState });
  context.with(trace.setSpan(ROOT_CONTEXT, span), next);
};

/** The active trace context as W3C headers (traceparent, tracestate) on an outgoing request; nothing outside a span. */
export function injectTraceHeaders(headers: Record<string, unknown>): void {
  propagation.inject(context.active(), headers);
}
