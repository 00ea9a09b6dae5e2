/**
 * Imported first by every process's main.ts, before anything else is required: OpenTelemetry's
 * instrumentations work by patching `http` and `pg` as they are loaded, so a module that had
 * already loaded them would go untraced. `startTelemetry` later decides what the spans are for.
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { BaseConfig } from '../config';
import { otlpTracesUrl } from './tracing';

/** Probes and scrapes: frequent, identical and of no interest in a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const settings = BaseConfig.pick({ OTEL_SDK_DISABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: true, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: true }).safeParse(process.env);
// An invalid value is reported by the configuration check at start, which then stops the process.
if (settings.success && !settings.data.OTEL_SDK_DISABLED) {
  const exporting = otlpTracesUrl(settings.data) !== undefined;
  registerInstrumentations({
    instrumentations: [
      // Always: the HTTP spans carry the trace context from the gateway to the services and the
      // ids onto the log lines, even when nothing is exported.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(req.url ?? '') }),
      // Only when exported: a query span shows nothing without a collector, and costs on every query.
      // Only queries made while serving something: the outbox relay's polling would otherwise
      // start a trace of its own four times a second.
      ...(exporting ? [new PgInstrumentation({ requireParentSpan: true })] : []),
    ],
  });
}
