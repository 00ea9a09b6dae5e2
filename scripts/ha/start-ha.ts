/**
 * `npm run start:ha`: starts the highly-available dependencies (topology.ts) on loopback, prints
 * their URLs and the environment the project's processes need to use them, and keeps them up until
 * Ctrl-C or SIGTERM, then stops everything it started and removes its directory. Starting the
 * gateway and the services on top is left to the caller (e.g. `npm start` with that environment).
 */
import { type HaTopology, startHaTopology } from './topology';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The environment of a project process, in the form `npm start` and docs/high-availability.md read. */
function projectEnv(topology: HaTopology): Array<[string, string]> {
  return [
    ['AMQP_URL', topology.amqpUrls.join(',')],
    ['DATABASE_URL', topology.databaseUrl],
    ['REDIS_SENTINELS', topology.redisSentinels.map((s) => `${s.host}:${s.port}`).join(',')],
    ['REDIS_SENTINEL_MASTER', topology.redisMasterName],
    // With a cluster, a classic queue lives on one node and goes when it goes; quorum queues are replicated.
    ['AMQP_QUEUE_TYPE', 'quorum'],
  ];
}

async function main(): Promise<void> {
  const controller = new AbortController();
  let topology: HaTopology | undefined;
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the HA topology`);
    // During the start, aborting makes startHaTopology stop what it started and reject.
    if (!topology) return controller.abort(new Error(`${signal} during start`));
    void topology.stop().then(() => process.exit(0));
  };
  // Explicit rather than relying on the children's handles: the process lives until a signal.
  setInterval(() => undefined, 1 << 30);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  topology = await startHaTopology({ log, signal: controller.signal });
  const s = topology.startupSeconds;
  const lines = [
    '',
    `HA topology up in ${s.total.toFixed(1)} s (RabbitMQ ${s.rabbitmq.toFixed(1)} s, PostgreSQL ${s.postgres.toFixed(1)} s, Redis ${s.redis.toFixed(1)} s), files in ${topology.baseDir}`,
    `  RabbitMQ nodes:      ${topology.amqpUrls.join('  ')}`,
    `  PostgreSQL primary:  ${topology.databaseUrl}  (HAProxy; nodes on ${topology.postgres.map((n) => n.port).join(', ')})`,
    `  Redis Sentinels:     ${topology.redisSentinels.map((x) => `${x.host}:${x.port}`).join(', ')}  master ${topology.redisMasterName}  (nodes on ${topology.redis.map((n) => n.port).join(', ')})`,
    '',
    'Environment for the project processes:',
    ...projectEnv(topology).map(([key, value]) => `${key}=${value}`),
    '',
    'Ctrl-C or SIGTERM stops everything.',
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

main().catch((error: unknown) => {
  process.stderr.write(`start:ha: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
