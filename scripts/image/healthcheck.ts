/**
 * The image's HEALTHCHECK: asks the process this container runs (SERVICE) for `/readyz` on the
 * address it listens on and exits 0 only when it answers 200 (database and broker reachable).
 * Port, interface and scheme come from the same configuration the process itself parsed.
 */
import http from 'node:http';
import https from 'node:https';
import { z } from '@inv/shared/core';
import { loadConfig } from '@inv/shared/config';
import { GatewayConfig } from '../../gateway/src/config';

const ProbeConfig = GatewayConfig.extend({ SERVICE: z.enum(['gateway', 'catalog', 'locations', 'stock', 'notifications']) });
const TIMEOUT_MS = 3000;

/** A wildcard bind address is reached on loopback; a specific one only on itself. */
function probeHost(bindAddress: string): string {
  if (bindAddress === '0.0.0.0') return '127.0.0.1';
  if (bindAddress === '::') return '::1';
  return bindAddress;
}

function readinessUrl(config: z.infer<typeof ProbeConfig>): URL {
  const service = config.SERVICE;
  if (service === 'gateway') {
    const url = new URL(`${config.TRUST_PROXY ? 'http' : 'https'}://localhost/readyz`);
    url.hostname = probeHost(config.HOST);
    url.port = String(config.PORT);
    return url;
  }
  const ports = { catalog: config.CATALOG_PORT, locations: config.LOCATIONS_PORT, stock: config.STOCK_PORT, notifications: config.NOTIFICATIONS_PORT };
  const url = new URL('http://localhost/readyz');
  url.hostname = probeHost(config.SERVICES_HOST);
  url.port = String(ports[service]);
  return url;
}

function probe(url: URL): Promise<number> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    // The gateway's certificate may be self-signed; this checks our own process on its own address, not trust.
    const req = get(url, { rejectUnauthorized: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.once('error', reject);
  });
}

let url: URL | undefined;
Promise.resolve()
  .then(() => (url = readinessUrl(loadConfig(ProbeConfig))))
  .then(probe)
  .then(
    (status) => {
      if (status === 200) process.exit(0);
      process.stderr.write(`${url} answered ${status}\n`);
      process.exit(1);
    },
    (err: Error) => {
      process.stderr.write(`${url ?? 'healthcheck'}: ${err.message}\n`);
      process.exit(1);
    },
  );
