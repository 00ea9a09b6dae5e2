import { context, isSpanContextValid, trace } from '@opentelemetry/api';
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
 * Registers this process's tracer provider, W3C trace-context propagation and the async context
 * manager. With an OTLP endpoint configured, spans are batched to it; without one, no span is
 * recorded, but each still gets a trace and span id that propagate over HTTP and RabbitMQ and
 * appear on log lines, at the cost of generating two random ids. The first call in a process
 * wins: a provider is global.
 */
export function startTracing(serviceName: string, config: TracingConfig): Tracing {
  if (running) return running;
  if (config.OTEL_SDK_DISABLED) return (running = { destination: 'off (OTEL_SDK_DISABLED)', shutdown: async () => undefined });
  const endpoint = otlpTracesUrl(config);
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
