/**
 * Imported first by every process's main.ts, before anything else is required: OpenTelemetry's
 * instrumentations work by patching `http` and `pg` as they are loaded, so a module that had
 * already loaded them would go untraced. `startTelemetry` later decides what the spans are for.
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { BaseConfig } from '../config';
import { tracesExported } from './tracing';

/** Probes and scrapes: frequent, identical and of no interest in a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const settings = BaseConfig.pick({ OTEL_SDK_DISABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: true }).safeParse(process.env);
// Only when spans are exported: a span shows nothing without a collector, and the HTTP and pg
// instrumentations cost on every request and query even when their spans are not recorded.
// Without an exporter the trace ids still reach the log lines, the services and the messages,
// through traceContext (tracing.ts) and the gateway's forwarder. An invalid value is reported by
// the configuration check at start, which then stops the process.
if (settings.success && tracesExported(settings.data)) {
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(req.url ?? '') }),
      // Only queries made while serving something: the outbox relay's polling would otherwise
      // start a trace of its own four times a second.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
}
