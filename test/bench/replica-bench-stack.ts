import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createLogger } from '@inv/shared/observability';
import { loadTls } from '../../gateway/src/http/tls';
import { haproxyConfig, type ProcessKind, type Replica, replicaEnv, replicaLayout, SERVICE_KINDS, spawnReplica, startHaproxy } from '../../scripts/topology/replicas';
import { freePort, httpsReady, stopProcess, waitUntil } from '../support/stack';
import type { BenchConfig } from './bench-config';
import { attachBench, BENCH_OWN_CONNECTIONS, benchProcessEnv, type BenchStack, createWorld, NOTIFICATIONS_POOL_SIZE, serviceReady } from './bench-stack';
import { log } from './load';

export interface ReplicaBenchStackOptions {
  config: BenchConfig;
  /** Replicas of each process: gateways behind HAProxy's public port, each service behind a balanced address. */
  replicas: number;
  /** DB_POOL_SIZE of every replica but the notifications service's (NOTIFICATIONS_POOL_SIZE, as in every bench stack). */
  poolSize: number;
  /** PostgreSQL connections opened besides this stack's (another stack's pools). */
  extraConnections: number;
}

const KINDS: ProcessKind[] = ['gateway', ...SERVICE_KINDS];
const poolOf = (kind: ProcessKind, poolSize: number): number => (kind === 'notifications' ? NOTIFICATIONS_POOL_SIZE : poolSize);
/** What the processes' pools may hold: each replica's. */
const processConnections = (replicas: number, poolSize: number): number => replicas * KINDS.reduce((sum, kind) => sum + poolOf(kind, poolSize), 0);

/** The most PostgreSQL connections a replicated stack opens: each replica's pool, and the bench's own on its database. */
export const replicaStackConnections = (replicas: number, poolSize: number): number => processConnections(replicas, poolSize) + BENCH_OWN_CONNECTIONS;

/**
 * The replicated topology (scripts/topology/replicas.ts, as `npm run start:replicas` and
 * test/support/replica-stack.ts run it) as a bench stack: a world of its own like
 * startBenchStack's, every replica with the bench stack's environment (benchProcessEnv) plus its
 * pool size, the gateways sharing one certificate, HAProxy's public port as the gateway address.
 * Its processes' CPU is reported per kind with the count, e.g. `stock ×2`, and `haproxy`.
 * BENCH_CPU_PROF does not reach the replicas (spawnReplica takes no Node arguments, and Node
 * refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startReplicaBenchStack({ config, replicas, poolSize, extraConnections }: ReplicaBenchStackOptions): Promise<BenchStack> {
  const world = await createWorld(config, replicaStackConnections(replicas, poolSize) + extraConnections);
  const layout = await replicaLayout(replicas, () => freePort());
  const children = new Map<string, ChildProcess>();
  let haproxy: ChildProcess | undefined;
  const stopProcesses = async () => {
    await Promise.all([...children.values()].map((c) => stopProcess(c)));
    if (haproxy) await stopProcess(haproxy);
  };
  const logOf = (name: string) => path.join(world.workDir, `${name}.log`);
  const certPath = path.join(world.workDir, 'tls/cert.pem');
  const keyPath = path.join(world.workDir, 'tls/key.pem');
  const gatewayUrl = `https://127.0.0.1:${layout.publicPort}`;
  const label = (kind: string) => `${kind} ×${replicas}`;

  try {
    // The one certificate every gateway serves, made before any starts (each would make its own).
    await loadTls({ dataDir: world.workDir, logger: createLogger('bench', 'silent') });
    const ca = fs.readFileSync(certPath, 'utf8');
    const base = benchProcessEnv(config, world);
    const start = (replica: Replica) => {
      const env = replicaEnv(layout, replica, { ...base, DB_POOL_SIZE: String(poolOf(replica.kind, poolSize)) }, { cert: certPath, key: keyPath });
      children.set(replica.name, spawnReplica(replica, env, logOf(replica.name)));
    };
    const ready = async (replica: Replica) => (replica.kind === 'gateway' ? httpsReady(`https://127.0.0.1:${replica.port}`, ca) : serviceReady(replica.port));
    const waitReady = (group: Replica[], what: string) =>
      waitUntil(
        what,
        async () => {
          const dead = group.filter((r) => children.get(r.name)?.exitCode !== null);
          if (dead.length > 0) throw new Error(`${dead.map((r) => r.name).join(', ')} exited during start; last log:\n${fs.readFileSync(logOf(dead[0]!.name), 'utf8').slice(-4000)}`);
          return (await Promise.all(group.map(ready))).every(Boolean);
        },
        120_000,
      );
    // Services first (the replicas of a kind race each other's migrations, as in a rollout), then the gateways, then HAProxy.
    const services = layout.replicas.filter((r) => (SERVICE_KINDS as readonly string[]).includes(r.kind));
    const gateways = layout.replicas.filter((r) => r.kind === 'gateway');
    services.forEach(start);
    await waitReady(services, `the ${services.length} service replicas to become ready`);
    gateways.forEach(start);
    await waitReady(gateways, `the ${gateways.length} gateways to become ready`);
    haproxy = startHaproxy(haproxyConfig(layout), world.workDir, logOf('haproxy'));
    await waitUntil(
      'HAProxy to pass calls to the gateways',
      async () => {
        if (haproxy!.exitCode !== null) throw new Error(`haproxy exited during start; its log:\n${fs.readFileSync(logOf('haproxy'), 'utf8').slice(-4000)}`);
        return httpsReady(gatewayUrl, ca);
      },
      30_000,
    );
  } catch (err) {
    await stopProcesses().catch(() => undefined);
    await world.drop().catch(() => undefined);
    throw err;
  }
  if (config.BENCH_CPU_PROF) log(`# BENCH_CPU_PROF: the replicas stack's processes are not profiled`);

  return attachBench(config, world, {
    gatewayUrl,
    tls: { certPath, keyPath },
    maxConnections: processConnections(replicas, poolSize),
    processNames: () => {
      const names = new Map<number, string>();
      for (const replica of layout.replicas) {
        const pid = children.get(replica.name)?.pid;
        if (pid !== undefined) names.set(pid, label(replica.kind));
      }
      if (haproxy?.pid !== undefined) names.set(haproxy.pid, 'haproxy');
      return names;
    },
    // Sessions of the bench's own pool keep their name.
    postgresName: (name) => (name === 'bench' ? name : label(name)),
    stopProcesses,
  });
}
