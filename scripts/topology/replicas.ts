/**
 * The replicated topology (docs/scaling.md): HAProxy in front of N gateways, and N replicas of
 * each service behind a balanced address of its own that the gateways call. Written once here and
 * used by `npm run start:replicas`, the replicas fault suite and the benchmark's replicas variant.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const SERVICE_KINDS = ['locations', 'catalog', 'stock', 'notifications'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export type ProcessKind = ServiceKind | 'gateway';

const ROOT = path.resolve(__dirname, '../..');

export const ENTRY_POINTS: Record<ProcessKind, string> = {
  locations: 'services/locations/src/main.ts',
  catalog: 'services/catalog/src/main.ts',
  stock: 'services/stock/src/main.ts',
  notifications: 'services/notifications/src/main.ts',
  gateway: 'gateway/src/main.ts',
};

/** One process of the topology. */
export interface Replica {
  kind: ProcessKind;
  /** 1-based, per kind. */
  index: number;
  /** `stock-2`: its log file and its HAProxy server name. */
  name: string;
  /** Where it listens: the gateway's HTTPS port, or the service's HTTP port. */
  port: number;
  metricsPort: number;
}

export interface ReplicaLayout {
  /** HAProxy's public port (TLS passes through to the gateways, which hold the certificate). */
  publicPort: number;
  /** Interface the public port binds to. */
  publicHost: string;
  /** HAProxy's balanced address of each service, on loopback: what the gateways call. */
  fronts: Record<ServiceKind, number>;
  replicas: Replica[];
}

/** A layout of `count` replicas of each kind, asking `port()` for every port it needs. */
export async function replicaLayout(count: number, port: (purpose: string) => number | Promise<number>, publicHost = '127.0.0.1'): Promise<ReplicaLayout> {
  const fronts = {} as Record<ServiceKind, number>;
  for (const kind of SERVICE_KINDS) fronts[kind] = await port(`${kind} front`);
  const replicas: Replica[] = [];
  for (const kind of ['gateway', ...SERVICE_KINDS] as ProcessKind[]) {
    for (let index = 1; index <= count; index++) {
      const name = `${kind}-${index}`;
      replicas.push({ kind, index, name, port: await port(name), metricsPort: await port(`${name} metrics`) });
    }
  }
  return { publicPort: await port('public'), publicHost, fronts, replicas };
}

/**
 * The environment of one replica on top of the deployment's `base`: its own ports; a gateway calls the services through HAProxy and serves the one certificate
 * every gateway shares (`tls`), so clients see the same one whichever gateway answers.
 */
export function replicaEnv(layout: ReplicaLayout, replica: Replica, base: NodeJS.ProcessEnv, tls: { cert: string; key: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  if (replica.kind === 'gateway') {
    return {
      ...env,
      PORT: String(replica.port),
      GATEWAY_METRICS_PORT: String(replica.metricsPort),
      TLS_CERT: tls.cert,
      TLS_KEY: tls.key,
      CATALOG_URL: `http://127.0.0.1:${layout.fronts.catalog}`,
      LOCATIONS_URL: `http://127.0.0.1:${layout.fronts.locations}`,
      STOCK_URL: `http://127.0.0.1:${layout.fronts.stock}`,
      NOTIFICATIONS_URL: `http://127.0.0.1:${layout.fronts.notifications}`,
    };
  }
  const KIND = replica.kind.toUpperCase();
  return { ...env, [`${KIND}_PORT`]: String(replica.port), [`${KIND}_METRICS_PORT`]: String(replica.metricsPort) };
}

export interface HaproxyTimings {
  /** Between health checks of a replica; two failed checks take it out of rotation, two passed put it back. */
  checkIntervalMs: number;
}

/**
 * HAProxy's configuration for a layout. Gateways: TCP, TLS passed through. Services: HTTP with
 * kept-alive connections. Every server is checked on /readyz, so a replica that is draining
 * (it stops listening at SIGTERM) or has lost a dependency (503 there) leaves rotation. A request
 * whose connection to a replica fails is sent to another (`retries` + `redispatch`); a request
 * a replica received and then died on is not re-sent by HAProxy, since it may have had effects:
 * the gateway decides that, knowing which requests are safe to repeat (gateway/src/http/proxy.ts).
 */
export function haproxyConfig(layout: ReplicaLayout, timings: HaproxyTimings = { checkIntervalMs: 500 }): string {
  const servers = (kind: ProcessKind, options: string) =>
    layout.replicas.filter((r) => r.kind === kind).map((r) => `  server ${r.name} 127.0.0.1:${r.port} check ${options}`.trimEnd());
  const lines = [
    'global',
    // Within a default process's file limit (HAProxy needs about two descriptors per connection).
    '  maxconn 4000',
    '  log stdout format raw local0 notice',
    '',
    'defaults',
    '  log global',
    '  timeout connect 2s',
    // Longer than the gateway's 30 s forward timeout, so the gateway reports a silent service first.
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    `  default-server inter ${timings.checkIntervalMs} fastinter ${Math.max(100, Math.floor(timings.checkIntervalMs / 2))} downinter ${timings.checkIntervalMs} fall 2 rise 2`,
    '',
    'frontend gateways',
    '  mode tcp',
    `  bind ${layout.publicHost}:${layout.publicPort}`,
    '  default_backend gateways',
    '',
    'backend gateways',
    '  mode tcp',
    '  balance leastconn',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers('gateway', 'check-ssl verify none'),
  ];
  for (const kind of SERVICE_KINDS) {
    lines.push(
      '',
      `frontend ${kind}`,
      '  mode http',
      `  bind 127.0.0.1:${layout.fronts[kind]}`,
      `  default_backend ${kind}`,
      '',
      `backend ${kind}`,
      '  mode http',
      '  balance leastconn',
      '  http-reuse safe',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      ...servers(kind, ''),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the configuration into `dir` and runs HAProxy in the foreground as a child, logging to `logFile`. */
export function startHaproxy(config: string, dir: string, logFile: string): ChildProcess {
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const out = fs.openSync(logFile, 'a');
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

/** Starts one process of the topology as a child, the way `npm start` does. */
export function spawnReplica(replica: Replica, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawnEntry(replica.kind, { ...process.env, ...env }, ['ignore', out, out]);
  fs.closeSync(out);
  return child;
}

/**
 * Runs a process of the stack (its main.ts, through tsx) as a child tied to this process: an IPC
 * channel that the child's runMain watches (shared/src/service-runtime.ts), so the child stops
 * when this process is gone, even killed with SIGKILL, rather than hold its port as an orphan.
 * The channel carries no message and keeps neither process running.
 */
export function spawnEntry(kind: ProcessKind, env: NodeJS.ProcessEnv, stdio: ['ignore' | 'inherit', 'inherit' | number, 'inherit' | number]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, ENTRY_POINTS[kind])], { cwd: ROOT, env, stdio: [...stdio, 'ipc'] });
  child.channel?.unref();
  return child;
}
