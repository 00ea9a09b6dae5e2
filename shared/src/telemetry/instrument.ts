/**
 * Imported first by every process's main.ts, before anything else is required: OpenTelemetry's
 * instrumentations work by patching `http` and `pg` as they are loaded, so a module that had
 * already loaded them would go untraced. It only patches; `startTelemetry` later decides what
 * the spans are for (export or ids for the logs), so this file needs no configuration but the
 * kill switch.
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { BaseConfig } from '../config';

/** Probes and scrapes: frequent, identical and of no interest in a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

if (!BaseConfig.shape.OTEL_SDK_DISABLED.parse(process.env.OTEL_SDK_DISABLED)) {
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(req.url ?? '') }),
      // Only queries made while serving something: the outbox relay's polling would otherwise
      // start a trace of its own four times a second.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
}
