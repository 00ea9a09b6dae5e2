/** Logs, metrics, traces and readiness. Importing it starts nothing: metrics are made on first use. */
export * from './src/logger';
export * from './src/readiness';
export * from './src/telemetry/http-metrics';
export * from './src/telemetry/metrics';
export * from './src/telemetry/observers';
export * from './src/telemetry/process-telemetry';
export { injectTraceHeaders, traceContext } from './src/telemetry/tracing';
