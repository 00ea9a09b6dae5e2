import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseConfig } from '../config';
import type { Logger } from '../logger';
import { serveMetrics } from './metrics';
import type { StopObserving } from './observers';
import { startTracing } from './tracing';

export interface ProcessTelemetry {
  /** Where /metrics is served, when it is. */
  metricsUrl: string | undefined;
  /** Keeps observers (observePool, observeOutbox, observeDeadLetters) until `stop`. */
  watch: (...observers: StopObserving[]) => void;
  /** Stops observing, closes the metrics port and exports the spans still buffered. */
  stop: () => Promise<void>;
}

export interface TelemetryOptions {
  /** The process: service.name of its spans, and the prefix of its port variable (CATALOG → CATALOG_METRICS_PORT). */
  name: string;
  config: BaseConfig;
  metricsPort: number;
  logger: Logger;
}

/**
 * Starts a process's tracing and its /metrics port. Call it first thing, so that a process still
 * waiting for its database already answers scrapes. The port is bound to SERVICES_HOST (loopback
 * or the private network), never the public one. When the port is taken the process runs on
 * without metrics and says so at error level: the API matters more than its measurements, and
 * the scraper sees the target down.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<ProcessTelemetry> {
  const { name, config, logger } = options;
  const tracing = startTracing(name, config);
  logger.info(`traces: ${tracing.destination}`);
  const server = config.METRICS_ENABLED ? await listenForScrapes(config.SERVICES_HOST, options.metricsPort, `${name.toUpperCase()}_METRICS_PORT`, logger) : undefined;
  const observers: StopObserving[] = [];
  return {
    metricsUrl: server && `http://${config.SERVICES_HOST}:${(server.address() as AddressInfo).port}/metrics`,
    watch: (...more) => void observers.push(...more),
    stop: async () => {
      for (const stopObserving of observers.splice(0)) stopObserving();
      if (server) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      }
      await tracing.shutdown().catch((err: Error) => logger.warn({ err: err.message }, 'buffered spans could not be exported at shutdown'));
    },
  };
}

async function listenForScrapes(host: string, port: number, variable: string, logger: Logger): Promise<http.Server | undefined> {
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) return serveMetrics(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are at GET /metrics.\n');
  });
  // A scrape is one short request; a client that holds the socket longer is not a scraper.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 65_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (err) {
    logger.error({ err: (err as Error).message }, `metrics are not served: ${host}:${port} (${variable}) could not be bound; the process runs on without them`);
    return undefined;
  }
  const { port: bound } = server.address() as AddressInfo;
  logger.info({ url: `http://${host}:${bound}/metrics` }, 'metrics served');
  return server;
}
