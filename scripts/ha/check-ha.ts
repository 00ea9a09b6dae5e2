/**
 * Self-check of the HA topology (`npx tsx scripts/ha/check-ha.ts`): starts it, then for each engine
 * kills the leader and measures how long until a write through the client path succeeds again,
 * restarts the node and waits until the topology is whole; then freezes the PostgreSQL leader to
 * check that an isolated old primary acknowledges nothing and rejoins as a replica. Prints every
 * timing, stops everything and checks with `ps` that nothing it started still runs. Exits 1 on a
 * failed check.
 *
 * Options: `--patroni-timings TTL,LOOP_WAIT,RETRY_TIMEOUT` (seconds) to try other Patroni timings;
 * `--soak SECONDS` to first watch the idle topology that long and count leader changes nobody
 * caused (a timing too tight for the machine shows up there as spurious failovers).
 */
import { execFileSync } from 'node:child_process';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { sleep, withTimeout } from './processes';
import type { PatroniTimings } from './patroni';
import { DEFAULT_HA_PORTS, type HaNode, type HaTopology, startHaTopology } from './topology';

const QUEUE = 'ha-check';
const HEAL_TIMEOUT_MS = 120_000;
const WRITE_TIMEOUT_MS = 60_000;

const t0 = Date.now();
const stamp = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`;
const log = (line: string) => process.stdout.write(`${stamp()}  ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timings: Array<[string, string]> = [];
const failures: string[] = [];

function record(label: string, value: string): void {
  timings.push([label, value]);
  log(`${label}: ${value}`);
}

function check(ok: boolean, what: string): void {
  log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failures.push(what);
}

/** Repeats `attempt` until it succeeds, at most WRITE_TIMEOUT_MS; returns the ms from `since` and the attempt's value. Throws with the last error. */
async function untilWriteSucceeds<T>(what: string, since: number, attempt: () => Promise<T>): Promise<{ ms: number; value: T; attempts: number }> {
  let last = '';
  for (let attempts = 1; Date.now() - since < WRITE_TIMEOUT_MS; attempts++) {
    try {
      const value = await attempt();
      return { ms: Date.now() - since, value, attempts };
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await sleep(100);
    }
  }
  throw new Error(`${what}: no write succeeded within ${WRITE_TIMEOUT_MS / 1000} s (last: ${last})`);
}

/** One INSERT through `url` on a fresh connection, 2 s to connect; returns the port of the server that took it. */
async function pgInsert(connectionString: string, note: string): Promise<number> {
  const client = new Client({ connectionString, connectionTimeoutMillis: 2000, query_timeout: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ port: number }>('INSERT INTO ha_check (note) VALUES ($1) RETURNING inet_server_port() AS port', [note]);
    return rows[0]?.port ?? 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function pgCount(port: number, note: string): Promise<number> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000, query_timeout: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM ha_check WHERE note = $1', [note]);
    return Number(rows[0]?.n);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A confirmed publish to the quorum queue through the first node of `urls` that accepts a connection. */
async function amqpPublish(urls: string[], body: string): Promise<string> {
  const reasons: string[] = [];
  for (const url of urls) {
    let connection: amqp.ChannelModel | undefined;
    try {
      connection = await amqp.connect(url, { timeout: 2000 });
      connection.on('error', () => undefined);
      const channel = await connection.createConfirmChannel();
      channel.on('error', () => undefined);
      await channel.assertQueue(QUEUE, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      channel.sendToQueue(QUEUE, Buffer.from(body), { persistent: true });
      await withTimeout(channel.waitForConfirms(), 5000, 'publisher confirm');
      return url;
    } catch (error) {
      reasons.push(`${new URL(url).port}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await connection?.close().catch(() => undefined);
    }
  }
  throw new Error(reasons.join('; '));
}

async function queueDepth(urls: string[]): Promise<number> {
  for (const url of urls) {
    const connection = await amqp.connect(url, { timeout: 2000 }).catch(() => undefined);
    if (!connection) continue;
    try {
      connection.on('error', () => undefined);
      const channel = await connection.createChannel();
      return (await channel.checkQueue(QUEUE)).messageCount;
    } finally {
      await connection.close().catch(() => undefined);
    }
  }
  throw new Error('no RabbitMQ node accepted a connection');
}

function redisClient(topology: HaTopology): Redis {
  const client = new Redis({
    sentinels: topology.redisSentinels,
    name: topology.redisMasterName,
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    sentinelRetryStrategy: () => null,
  });
  client.on('error', () => undefined);
  return client;
}

async function redisSet(topology: HaTopology, key: string, value: string): Promise<void> {
  const client = redisClient(topology);
  try {
    await client.connect();
    await client.set(key, value);
  } finally {
    client.disconnect();
  }
}

/** Restarts `node` and waits for the whole topology; records both durations. */
async function mend(topology: HaTopology, engine: string, node: HaNode): Promise<void> {
  let t = Date.now();
  await node.start();
  record(`${engine}: ${node.name} start() resolved after`, seconds(Date.now() - t));
  t = Date.now();
  await topology.waitHealthy(HEAL_TIMEOUT_MS);
  record(`${engine}: healthy again (waitHealthy) after`, seconds(Date.now() - t));
}

async function rabbitKill(topology: HaTopology): Promise<void> {
  for (let i = 0; i < 50; i++) await amqpPublish(topology.amqpUrls, `before-${i}`);
  const before = await queueDepth(topology.amqpUrls);
  const leader = await topology.rabbitQueueLeader(QUEUE, '/');
  log(`rabbitmq: queue ${QUEUE} leader on ${leader.name}; ${before} confirmed messages in it; killing it`);
  const killedAt = Date.now();
  await leader.kill();
  const { ms, value } = await untilWriteSucceeds('rabbitmq', killedAt, () => amqpPublish(topology.amqpUrls, 'after-kill'));
  record('rabbitmq: kill of queue leader -> confirmed publish', `${seconds(ms)} (through ${value})`);
  const newLeader = await topology.rabbitQueueLeader(QUEUE, '/');
  log(`rabbitmq: new leader ${newLeader.name}`);
  await mend(topology, 'rabbitmq', leader);
  const after = await queueDepth(topology.amqpUrls);
  check(after >= before + 1, `rabbitmq: every confirmed message kept (${after} >= ${before} + 1)`);
}

async function pgKill(topology: HaTopology): Promise<void> {
  const leader = await topology.postgresLeader();
  await pgInsert(topology.databaseUrl, 'before-kill');
  log(`postgres: leader ${leader.name}; killing it`);
  const killedAt = Date.now();
  await leader.kill();
  const { ms, value, attempts } = await untilWriteSucceeds('postgres', killedAt, () => pgInsert(topology.databaseUrl, 'after-kill'));
  record('postgres: kill of leader -> INSERT through HAProxy', `${seconds(ms)} (on port ${value}, ${attempts} attempts)`);
  check(value !== leader.port, `postgres: the write after the kill went to the other node (${value})`);
  await mend(topology, 'postgres', leader);
  const rejoined = await topology.postgresLeader();
  check(rejoined !== leader, `postgres: ${leader.name} rejoined as a replica (leader is ${rejoined.name})`);
  check((await pgCount(leader.port, 'before-kill')) === 1, `postgres: the row written before the kill is on the rejoined ${leader.name}`);
}

async function redisKill(topology: HaTopology): Promise<void> {
  const primary = await topology.redisPrimary();
  const before = `v-${Date.now()}`;
  const client = redisClient(topology);
  await client.connect();
  await client.set('ha-check:before', before);
  const acked = await client.call('WAIT', 1, 2000);
  client.disconnect();
  log(`redis: primary ${primary.name}; the replica acknowledged the last write: ${String(acked)}; killing it`);
  const killedAt = Date.now();
  await primary.kill();
  const { ms, attempts } = await untilWriteSucceeds('redis', killedAt, () => redisSet(topology, 'ha-check:after', 'x'));
  record('redis: kill of primary -> SET through Sentinel', `${seconds(ms)} (${attempts} attempts)`);
  const promoted = await topology.redisPrimary();
  check(promoted !== primary, `redis: ${promoted.name} promoted`);
  const reader = redisClient(topology);
  await reader.connect();
  check((await reader.get('ha-check:before')) === before, 'redis: the write acknowledged by the replica survived');
  reader.disconnect();
  await mend(topology, 'redis', primary);
}

async function pgFreeze(topology: HaTopology): Promise<void> {
  const leader = await topology.postgresLeader();
  const note = `isolated-${Date.now()}`;
  // Connected before the freeze: a new connection to a frozen postmaster would not even get its startup reply.
  const direct = new Client({ host: '127.0.0.1', port: leader.port, user: 'postgres', database: 'postgres' });
  direct.on('error', () => undefined);
  await direct.connect();
  log(`postgres: leader ${leader.name}; freezing it, then writing to it directly on ${leader.port}`);
  const frozenAt = Date.now();
  await leader.freeze();
  let outcome = 'pending';
  const directWrite = direct.query('INSERT INTO ha_check (note) VALUES ($1)', [note]).then(
    () => (outcome = `ACKNOWLEDGED after ${seconds(Date.now() - frozenAt)}`),
    (error: Error) => (outcome = `refused after ${seconds(Date.now() - frozenAt)}: ${error.message}`),
  );
  const { ms, value } = await untilWriteSucceeds('postgres (frozen leader)', frozenAt, () => pgInsert(topology.databaseUrl, 'after-freeze'));
  record('postgres: freeze of leader -> INSERT through HAProxy', `${seconds(ms)} (on port ${value})`);
  check(value !== leader.port, 'postgres: the write during the freeze went to the other node');
  log(`postgres: direct write on the frozen ${leader.name} so far: ${outcome}; thawing it`);
  const thawedAt = Date.now();
  await leader.thaw();
  await topology.waitHealthy(HEAL_TIMEOUT_MS);
  record('postgres: thaw -> healthy again, old leader a sync standby', seconds(Date.now() - thawedAt));
  await withTimeout(directWrite, 30_000, 'direct write').catch(() => (outcome = `never answered (${outcome})`));
  await direct.end().catch(() => undefined);
  log(`postgres: direct write on the isolated old primary: ${outcome}`);
  check(!outcome.startsWith('ACKNOWLEDGED'), 'postgres: the isolated old primary acknowledged no write');
  const current = await topology.postgresLeader();
  check(current !== leader, `postgres: ${leader.name} is a replica now (leader ${current.name})`);
  check((await pgCount(current.port, note)) === 0, 'postgres: the unacknowledged row is absent from the new primary');
  check((await pgCount(leader.port, note)) === 0, `postgres: ... and from the rewound ${leader.name}`);
}

/** Lines of `ps` that belong to the topology: its directory, node names, cluster name or ports. Zombies are left out: PID 1 here does not reap. */
function leftovers(baseDir: string): string[] {
  const p = DEFAULT_HA_PORTS;
  const ports = [...p.redis.data, ...p.redis.sentinels].map((n) => `:${n}`);
  return execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim() && !/^\s*\d+\s+Z/.test(line))
    .filter((line) => line.includes(baseDir) || line.includes('inv-ha') || ports.some((port) => line.includes(`127.0.0.1${port}`)));
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function patroniTimings(): PatroniTimings | undefined {
  const value = option('--patroni-timings');
  if (!value) return undefined;
  const [ttl, loopWait, retryTimeout] = value.split(',').map(Number);
  if (![ttl, loopWait, retryTimeout].every((n) => Number.isInteger(n) && (n ?? 0) > 0)) throw new Error(`--patroni-timings wants TTL,LOOP_WAIT,RETRY_TIMEOUT in whole seconds, got ${value}`);
  return { ttl: ttl ?? 0, loopWait: loopWait ?? 0, retryTimeout: retryTimeout ?? 0 };
}

/** Watches the idle topology for `soakSeconds`: any change of PostgreSQL leader or Redis primary is spurious. */
async function soak(topology: HaTopology, soakSeconds: number): Promise<void> {
  const pg = await topology.postgresLeader();
  const redis = await topology.redisPrimary();
  log(`soak: watching ${soakSeconds} s (postgres leader ${pg.name}, redis primary ${redis.name})`);
  let changes = 0;
  let blips = 0;
  for (const until = Date.now() + soakSeconds * 1000; Date.now() < until; await sleep(500)) {
    const now = await topology.postgresLeader().catch(() => undefined);
    if (!now) blips++;
    else if (now !== pg) changes++;
    if ((await topology.redisPrimary()) !== redis) changes++;
  }
  check(changes === 0 && blips === 0, `soak: no spurious failover in ${soakSeconds} s (${changes} leader changes, ${blips} polls without a leader)`);
}

async function main(): Promise<void> {
  const controller = new AbortController();
  let topology: HaTopology | undefined;
  const interrupt = () => {
    log('interrupted: stopping');
    controller.abort(new Error('interrupted'));
    void topology?.stop().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  const patroni = patroniTimings();
  topology = await startHaTopology({ log, signal: controller.signal, patroniTimings: patroni });
  if (patroni) log(`patroni timings: ${JSON.stringify(patroni)}`);
  const s = topology.startupSeconds;
  record('startup', `${s.total.toFixed(1)} s (rabbitmq ${s.rabbitmq.toFixed(1)} s, postgres ${s.postgres.toFixed(1)} s, redis ${s.redis.toFixed(1)} s)`);
  const baseDir = topology.baseDir;
  try {
    const setup = new Client({ connectionString: topology.databaseUrl, connectionTimeoutMillis: 2000 });
    await setup.connect();
    await setup.query('CREATE TABLE IF NOT EXISTS ha_check (id bigserial PRIMARY KEY, note text NOT NULL, at timestamptz NOT NULL DEFAULT now())');
    await setup.end();
    const soakSeconds = Number(option('--soak') ?? 0);
    if (soakSeconds > 0) await soak(topology, soakSeconds);
    await rabbitKill(topology);
    await pgKill(topology);
    await redisKill(topology);
    await pgFreeze(topology);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    log(`FAILED: ${String(error)}`);
  } finally {
    const t = Date.now();
    await topology.stop();
    record('stop()', seconds(Date.now() - t));
  }
  const left = leftovers(baseDir);
  check(left.length === 0, `nothing left running${left.length ? `:\n${left.join('\n')}` : ''}`);
  process.stdout.write('\nTimings\n');
  for (const [label, value] of timings) process.stdout.write(`  ${label.padEnd(62)} ${value}\n`);
  process.stdout.write(failures.length === 0 ? '\nall checks passed\n' : `\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}\n`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`check-ha: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
