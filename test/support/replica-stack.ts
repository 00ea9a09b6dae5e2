import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@inv/shared/observability';
import { loadTls } from '../../gateway/src/http/tls';
import { haproxyConfig, type Replica, replicaEnv, replicaLayout, type ReplicaLayout, SERVICE_KINDS, spawnReplica, startHaproxy, type ProcessKind } from '../../scripts/topology/replicas';
import type { Infrastructure } from './infrastructure';
import { createWorld, type World } from './world';
import { freePort, httpsReady, stopProcess, waitUntil } from './stack';

/**
 * The replicated topology of docs/scaling.md as an isolated world (a fresh database, vhost and
 * Redis prefix, like Stack): HAProxy in front of `replicas` gateways, and `replicas` replicas of
 * each service behind HAProxy's balanced addresses, every process a child of the test. The
 * replicas of a kind start at the same moment, so each start races the others' migrations.
 */
export class ReplicaStack {
  private readonly children = new Map<string, ChildProcess>();
  private haproxy: ChildProcess | undefined;

  private constructor(
    readonly infrastructure: Infrastructure,
    readonly world: World,
    readonly workDir: string,
    readonly layout: ReplicaLayout,
    private readonly env: NodeJS.ProcessEnv,
    private readonly tls: { cert: string; key: string },
  ) {}

  get vhost(): string {
    return this.world.vhost;
  }

  static async start(options: { infrastructure: Infrastructure; replicas: number; env?: NodeJS.ProcessEnv }): Promise<ReplicaStack> {
    const { infrastructure } = options;
    const world = await createWorld(infrastructure);
    const { urls } = world;
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inv-replicas-'));
    const layout = await replicaLayout(options.replicas, () => freePort());
    // The one certificate every gateway serves.
    await loadTls({ dataDir: workDir, logger: createLogger('replica-stack', 'silent') });
    const tls = { cert: path.join(workDir, 'tls/cert.pem'), key: path.join(workDir, 'tls/key.pem') };
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REDIS_PREFIX: world.redisPrefix,
      INTERNAL_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: workDir,
      TRUST_PROXY: '',
      DATABASE_URL: urls.database,
      AMQP_URL: urls.amqp,
      REDIS_URL: urls.redis,
      ...options.env,
    };
    const stack = new ReplicaStack(infrastructure, world, workDir, layout, env, tls);
    try {
      for (const replica of stack.ofKinds(SERVICE_KINDS)) stack.spawn(replica);
      await stack.waitReady(stack.ofKinds(SERVICE_KINDS), 90_000);
      for (const replica of stack.ofKinds(['gateway'])) stack.spawn(replica);
      await stack.waitReady(stack.ofKinds(['gateway']), 60_000);
      stack.haproxy = startHaproxy(haproxyConfig(layout, { checkIntervalMs: 300 }), workDir, path.join(workDir, 'haproxy.log'));
      await waitUntil('HAProxy to pass calls to the gateways', () => httpsReady(stack.gatewayUrl, fs.readFileSync(stack.caFile, 'utf8')), 30_000);
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  /** The public address: HAProxy. */
  get gatewayUrl(): string {
    return `https://localhost:${this.layout.publicPort}`;
  }

  /** One gateway directly, bypassing HAProxy. */
  gatewayReplicaUrl(name: string): string {
    return `https://localhost:${this.replica(name).port}`;
  }

  get caFile(): string {
    return this.tls.cert;
  }

  replica(name: string): Replica {
    const replica = this.layout.replicas.find((r) => r.name === name);
    if (!replica) throw new Error(`no replica ${name} in this stack`);
    return replica;
  }

  ofKinds(kinds: readonly ProcessKind[]): Replica[] {
    return this.layout.replicas.filter((r) => kinds.includes(r.kind));
  }

  logFile(name: string): string {
    return path.join(this.workDir, `${name}.log`);
  }

  spawn(replica: Replica): ChildProcess {
    const child = spawnReplica(replica, replicaEnv(this.layout, replica, this.env, this.tls), this.logFile(replica.name));
    this.children.set(replica.name, child);
    return child;
  }

  async isReady(replica: Replica): Promise<boolean> {
    if (replica.kind === 'gateway') return httpsReady(this.gatewayReplicaUrl(replica.name), fs.readFileSync(this.caFile, 'utf8'));
    return (await fetch(`http://127.0.0.1:${replica.port}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 200;
  }

  async waitReady(replicas: Replica[], timeoutMs = 30_000): Promise<void> {
    await waitUntil(
      `${replicas.map((r) => r.name).join(', ')} to become ready`,
      async () => {
        const dead = this.exited().filter((name) => replicas.some((r) => r.name === name));
        if (dead.length > 0) throw new Error(`${dead.join(', ')} exited while starting\n${this.logTails(dead)}`);
        return (await Promise.all(replicas.map((r) => this.isReady(r)))).every(Boolean);
      },
      timeoutMs,
    );
  }

  /** kill -9 (or `signal`) one replica and wait for it to be gone. */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.children.delete(name);
  }

  /** Starts a replica again on its port, as a supervisor would, and waits until it is ready. */
  async respawn(name: string, timeoutMs = 60_000): Promise<void> {
    const replica = this.replica(name);
    this.spawn(replica);
    await this.waitReady([replica], timeoutMs);
  }

  /** Replicas that exited without the test killing them. */
  exited(): string[] {
    return [...this.children.entries()].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([name]) => name);
  }

  logTails(names: string[] = [...this.layout.replicas.map((r) => r.name), 'haproxy'], chars = 3000): string {
    return names
      .map((n) => {
        let text = '(no log)';
        try {
          text = fs.readFileSync(this.logFile(n), 'utf8').slice(-chars);
        } catch {
          /* not started */
        }
        return `--- ${n}, last ${chars} characters:\n${text}`;
      })
      .join('\n');
  }

  /** What test/support/api.ts and fixtures.ts read to reach this stack. */
  testEnv(): Record<string, string> {
    return {
      TEST_GATEWAY_URL: this.gatewayUrl,
      TEST_GATEWAY_CA: this.caFile,
      TEST_DATABASE_URL: this.world.urls.database,
      TEST_AMQP_URL: this.world.urls.amqp,
      TEST_AMQP_QUEUE_TYPE: this.env.AMQP_QUEUE_TYPE ?? 'classic',
      TEST_REDIS_URL: this.world.urls.redis,
      TEST_REDIS_PREFIX: this.world.redisPrefix,
      TEST_INTERNAL_SECRET: this.env.INTERNAL_SECRET!,
      TEST_WORK_DIR: this.workDir,
    };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.children.values()].map((c) => stopProcess(c)));
    this.children.clear();
    if (this.haproxy) await stopProcess(this.haproxy);
    await this.world.drop();
    if (!process.env.TEST_KEEP_LOGS) fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
