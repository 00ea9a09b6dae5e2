import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { account, run } from '../../scripts/ha/processes';

/**
 * Where the tests find PostgreSQL, Redis and RabbitMQ: the URLs in the environment (or the local
 * defaults) when they answer; otherwise containers started with testcontainers when a Docker
 * engine is available; otherwise an error that names what is missing.
 */
export interface Infrastructure {
  databaseUrl: string;
  redisUrl: string;
  amqpUrl: string;
  /** A RabbitMQ cluster: every node's URL (amqpUrl is one of them); the processes get them all. */
  amqpUrls?: string[];
  /** Redis behind Sentinel: the processes ask these for the primary (redisUrl is the primary when the world was made). */
  redisSentinels?: Array<{ host: string; port: number }>;
  redisMasterName?: string;
  /** Runs `rabbitmqctl -q <args>` (locally or inside the container) and answers its stdout; throws with what it printed on a failure. */
  rabbitmqctl: (args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

const DEFAULTS = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  amqpUrl: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
};

function reachable(url: string, port: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || port), timeout: 2000 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/**
 * Where the local `rabbitmqctl` starts: the rabbitmq user's home. The packaged CLI runs as that
 * user (Debian's wrapper switches to it with su), and Erlang prints error reports on stdout when
 * its user cannot read its working directory, as with a checkout inside `mktemp -d` or under
 * /root (issue 35). Debian's wrapper changes directory itself; this does not rely on it. Without
 * such a user (a CLI run as oneself), our own directory.
 */
function localRabbitmqctlCwd(): string | undefined {
  let home: string;
  try {
    home = account('rabbitmq').home;
  } catch {
    return undefined;
  }
  return fs.existsSync(home) ? home : undefined;
}

function dockerAvailable(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

export async function provideInfrastructure(): Promise<Infrastructure> {
  const down = [] as string[];
  if (!(await reachable(DEFAULTS.databaseUrl, 5432))) down.push(`PostgreSQL (${new URL(DEFAULTS.databaseUrl).host})`);
  if (!(await reachable(DEFAULTS.redisUrl, 6379))) down.push(`Redis (${new URL(DEFAULTS.redisUrl).host})`);
  if (!(await reachable(DEFAULTS.amqpUrl, 5672))) down.push(`RabbitMQ (${new URL(DEFAULTS.amqpUrl).host})`);
  if (down.length === 0) {
    return {
      ...DEFAULTS,
      rabbitmqctl: (args) => run('rabbitmqctl', ['-q', ...args], { cwd: localRabbitmqctlCwd(), timeoutMs: 60_000 }),
      stop: async () => undefined,
    };
  }
  if (!dockerAvailable()) {
    throw new Error(`Tests need ${down.join(', ')}, which did not answer, and no Docker engine is available to start them. Start them locally or run: docker compose up -d postgres redis rabbitmq`);
  }
  return startContainers();
}

async function startContainers(): Promise<Infrastructure> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [pg, redis, rabbit] = await Promise.all([
    new GenericContainer('postgres:15-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).start(),
    new GenericContainer('rabbitmq:3.13-alpine').withExposedPorts(5672).withWaitStrategy(Wait.forLogMessage(/Server startup complete/)).start(),
  ]);
  return {
    databaseUrl: `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
    amqpUrl: `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`,
    rabbitmqctl: async (args) => {
      const result = await rabbit.exec(['rabbitmqctl', '-q', ...args]);
      if (result.exitCode !== 0) throw new Error(`rabbitmqctl ${args.join(' ')} failed: ${result.output}`);
      return result.stdout;
    },
    stop: async () => {
      await Promise.all([pg.stop(), redis.stop(), rabbit.stop()]);
    },
  };
}
