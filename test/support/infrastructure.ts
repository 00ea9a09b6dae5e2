import { execFileSync } from 'node:child_process';
import net from 'node:net';

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
  /** Runs rabbitmqctl (locally or inside the container). */
  rabbitmqctl: (args: string[]) => Promise<void>;
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
      rabbitmqctl: async (args) => {
        execFileSync('rabbitmqctl', ['-q', ...args], { stdio: 'pipe' });
      },
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
    },
    stop: async () => {
      await Promise.all([pg.stop(), redis.stop(), rabbit.stop()]);
    },
  };
}
