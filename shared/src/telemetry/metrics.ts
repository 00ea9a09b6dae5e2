import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Attributes, Counter, Histogram, Meter, MetricOptions, ObservableGauge } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';

/**
 * Every series the processes expose, in one place. Names are the Prometheus names (the exporter
 * adds `_bucket`/`_sum`/`_count` to histograms and nothing else). The provider is deliberately
 * not registered globally: the instrumentations' own HTTP and pg metrics then go nowhere, so each
 * request is measured once, by the histogram below, with our labels.
 *
 * Nothing is created when this module is imported: the provider and its exporter on the first
 * measurement or scrape, each instrument on its first use. Importing a module of this library
 * starts nothing.
 */
let provider: { exporter: PrometheusExporter; meter: Meter } | undefined;

/** The process's meter, made on first use. */
export function meter(): Meter {
  if (!provider) {
    const exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true, withoutTargetInfo: true });
    provider = { exporter, meter: new MeterProvider({ readers: [exporter] }).getMeter('inventory-api') };
  }
  return provider.meter;
}

/** Whether anything has measured or been scraped yet (for the test that imports must start nothing). */
export function metricsStarted(): boolean {
  return provider !== undefined;
}

function onFirstUse<T>(make: (m: Meter) => T): () => T {
  let made: T | undefined;
  return () => (made ??= make(meter()));
}

function histogram(name: string, options: MetricOptions): Pick<Histogram, 'record'> {
  const instrument = onFirstUse((m) => m.createHistogram(name, options));
  return { record: (value: number, attributes?: Attributes) => instrument().record(value, attributes) };
}

function counter(name: string, options: MetricOptions): Pick<Counter, 'add'> {
  const instrument = onFirstUse((m) => m.createCounter(name, options));
  return { add: (value: number, attributes?: Attributes) => instrument().add(value, attributes) };
}

/** An observable gauge, made on first use; observers.ts registers its callbacks. */
export interface LazyGauge {
  instrument: () => ObservableGauge;
}

function gauge(name: string, options: MetricOptions): LazyGauge {
  return { instrument: onFirstUse((m) => m.createObservableGauge(name, options)) };
}

/** Seconds; from a fast loopback call to the longest timeout a call can wait. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = histogram('http_server_request_duration_seconds', {
  description: 'Time to answer an HTTP request, by route template (the gateway labels forwarded calls by service prefix), method and status',
  unit: 's',
  advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
});

export const consumedMessages = counter('consumer_messages_total', {
  description: 'Event messages taken from a queue, by outcome: processed, duplicate (already applied), retried, dead_lettered',
});

export const rpcClientDuration = histogram('rpc_client_duration_seconds', {
  description: 'Request/reply round trips, by target service, command and outcome: ok, error (an error answered), timeout, unreachable (broker down)',
  unit: 's',
  advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
});

export const rpcClientTimeouts = counter('rpc_client_timeouts_total', {
  description: 'Request/reply calls that got no answer within their timeout, by target service and command',
});

export const rateLimitRejections = counter('rate_limit_rejections_total', {
  description: 'Calls refused with 429 because their key (or address) had used its window',
});

export const overloadRefusals = counter('overload_refusals_total', {
  description: 'Calls answered with the retryable 429 because the process was past its capacity or a dependency was briefly away, by reason: capacity (admission control), capacity_retry_after_ignored (the same, held on a connection that came back before its Retry-After), deadline, dependency',
});

/** Gauges read on each scrape of the admission control: its current limit and the requests it holds. */
export const admissionLimit = gauge('admission_limit_requests', {
  description: 'Admission control: how many requests the process lets run at once now (state: limit), and how many run (state: in_flight)',
});

export const transfersCreated = counter('transfers_created_total', {
  description: 'Transfers committed (idempotent replays are not counted again)',
});

export const readYourWritesWait = histogram('read_your_writes_wait_seconds', {
  description: "Time a read built from a projection waited for the caller's own writes to reach it, by outcome: reached, timeout, unavailable (RabbitMQ or the producing service away)",
  unit: 's',
  advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
});

export const ownerChangesWait = histogram('owner_changes_wait_seconds', {
  description: "Time a stock call waited for the stock service's copies of items and locations to apply the changes its callers had acknowledged (only calls that had to wait are measured), by outcome: reached, timeout, unavailable (RabbitMQ away)",
  unit: 's',
  advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
});

export const writePositionsUnrecorded = counter('write_positions_unrecorded_total', {
  description: "Writes whose stock position the gateway could not record in Redis (that caller's next reads are covered by the projection's lag only)",
});

/** Gauges read on each scrape; their callbacks are registered by whoever owns the thing measured. */
export const dbPoolConnections = gauge('db_pool_connections', {
  description: 'PostgreSQL pool clients by state: total (open), idle, waiting (callers queued for a client)',
});

export const outboxBacklog = gauge('outbox_backlog_messages', {
  description: 'Outbox rows not yet confirmed by the broker',
});

export const outboxOldestUnsentAge = gauge('outbox_oldest_unsent_age_seconds', {
  description: 'Age of the oldest outbox row not yet confirmed by the broker; 0 when none',
  unit: 's',
});

export const deadLetterDepth = gauge('dlq_depth_messages', {
  description: 'Messages waiting in a dead-letter queue',
});

export const webhookAttempts = counter('webhook_attempts_total', {
  description: 'Webhook delivery attempts, by outcome: succeeded (a 2xx), failed (any other answer, a refused address, a network error or a timeout)',
});

export const webhookAttemptDuration = histogram('webhook_attempt_duration_seconds', {
  description: 'Time of one webhook attempt, connection to the end of the response, by outcome',
  unit: 's',
  advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
});

export const webhookDeliveryDelay = histogram('webhook_delivery_delay_seconds', {
  description: "From the event's commit to its successful delivery (retries included)",
  unit: 's',
  advice: { explicitBucketBoundaries: [...LATENCY_BUCKETS, 60, 300, 1800, 7200, 36000, 86400] },
});

export const webhookBacklog = gauge('webhook_backlog_messages', {
  description: 'Webhook messages pending (due now or waiting for a retry), of enabled endpoints',
});

export const webhookOldestPendingAge = gauge('webhook_oldest_pending_age_seconds', {
  description: 'Age of the oldest pending webhook message of an enabled endpoint; 0 when none',
  unit: 's',
});

export const webhookDisabledEndpoints = gauge('webhook_disabled_endpoints', {
  description: 'Webhook endpoints disabled (by the service after failures or a 410, or paused through the API)',
});

/** Answers a scrape with the Prometheus text format. */
export function serveMetrics(request: IncomingMessage, response: ServerResponse): void {
  meter();
  provider!.exporter.getMetricsRequestHandler(request, response);
}
