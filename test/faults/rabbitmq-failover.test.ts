import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Pool, withTransaction } from '@inv/shared/db';
import { z } from '@inv/shared/core';
import { Broker, CommandClient, CommandServer, everyWorkspaceOf, MESSAGING_TABLES_SQL, OutboxRelay, recordEvent } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { assertPortsFree, makeDir } from '../../scripts/ha/processes';
import { type RabbitCluster, startRabbitCluster } from '../../scripts/ha/rabbitmq-cluster';
import { type Infrastructure, provideInfrastructure } from '../support/infrastructure';
import { establishedRemotePorts } from '../support/process-sockets';
import { waitUntil } from '../support/stack';

/**
 * A process's move to a surviving RabbitMQ node (docs/high-availability.md), with the 3-node
 * cluster of scripts/ha alone: the HA suite checks the events' bound end to end, with Patroni and
 * the Sentinels beside it, in minutes; this takes seconds. The sender and the receiver are both
 * connected to node 1, which leads the quorum queue between them; node 1 is killed -9 while they
 * work and kept down long enough that only the surviving nodes can carry what is sent. Without a
 * fresh channel after a refusal (Sender), a channel reopened on node 2 before the queue's new
 * leader was known was refused (nacked) every send to that queue until node 1 was back: RabbitMQ
 * 3.10 keeps asking the leader a channel first found for a queue. The relay's node is also lost
 * silently, as a host is (it stops answering without closing its connections, and is killed -9
 * only after the bound), with the consumer's queue led from a node that stays up: the relay
 * alone has to notice and move.
 */
const PORTS = { amqp: [5691, 5692, 5693], dist: [25691, 25692, 25693] };
const EXCHANGE = 'inventory.events';
const TYPE = 'failover.recorded';
const QUEUE = 'failover.listener';
/** The documented bound (docs/high-availability.md): an event recorded while a node is down reaches its consumer within this. */
const DELIVERY_BOUND_MS = 5000;
/** Twice the bound: a relay that waited for the killed node's return would miss it. */
const DOWN_MS = 2 * DELIVERY_BOUND_MS;
/** One event recorded every this many ms, each in a transaction of its own, as a steady flow of transfers would. */
const PACE_MS = 20;

const logger = createLogger('rabbitmq-failover-test', 'silent');
let infrastructure: Infrastructure;
let dir: string;
let cluster: RabbitCluster;
let pool: Pool;
const schema = `failover_${randomBytes(4).toString('hex')}`;
const cleanup: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  infrastructure = await provideInfrastructure();
  await assertPortsFree([...PORTS.amqp.map((p): [string, number] => ['rabbit AMQP', p]), ...PORTS.dist.map((p): [string, number] => ['rabbit dist', p])]);
  // mkdtemp makes it 0700; the rabbitmq user must traverse it to reach the nodes' directories.
  dir = makeDir(fs.mkdtempSync(path.join(os.tmpdir(), 'inv-failover-')), undefined, 0o755);
  cluster = await startRabbitCluster(path.join(dir, 'rabbitmq'), PORTS, () => undefined);
  const admin = createPool(infrastructure.databaseUrl, logger, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  pool = createPool(infrastructure.databaseUrl, logger, { max: 3, options: `-c search_path=${schema}` });
  await pool.query(MESSAGING_TABLES_SQL);
}, 180_000);

afterAll(async () => {
  await pool?.end();
  if (infrastructure) {
    const admin = createPool(infrastructure.databaseUrl, logger, { max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
  await cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await infrastructure?.stop();
}, 60_000);

/** The `q`-quantile of `values` (nearest rank). */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** Kills node 1 (which must lead `queue`) -9 and keeps it down DOWN_MS while the case works; answers when it was killed. */
async function killNode1For(queue: string): Promise<number> {
  const leader = await cluster.queueLeader(queue, '/');
  expect(leader.name).toBe('rabbit-1');
  await leader.kill();
  const killedAt = Date.now();
  // Started again after the case (afterEach), so the next one finds the cluster whole.
  restartAfterCase = leader;
  await new Promise((r) => setTimeout(r, DOWN_MS));
  return killedAt;
}

/**
 * Loses node 1 as a host is lost: it stops answering (SIGSTOP) without closing a connection, and
 * is killed -9 only DOWN_MS later, so whoever was connected to it must notice by itself; answers
 * when it stopped answering.
 */
async function silenceThenKillNode1(): Promise<number> {
  const node = cluster.nodes[0]!;
  await node.freeze();
  const silencedAt = Date.now();
  restartAfterCase = node;
  await new Promise((r) => setTimeout(r, DOWN_MS));
  await node.kill();
  return silencedAt;
}


/**
 * An outbox relay on `relayBroker` (no pause but its linger) relaying events of `type`, one
 * recorded every PACE_MS in a transaction of its own, as a steady flow of transfers would, until
 * `lose` (which loses a node and answers when) returns; then waits up to a minute for those
 * recorded since the loss to reach `arrived`, prints the figures and holds them to the bound.
 */
async function relayThrough(relayBroker: Broker, type: string, arrived: Map<string, number>, what: string, lose: () => Promise<number>): Promise<void> {
  const relay = new OutboxRelay(pool, relayBroker, logger, { pollMs: 250, lingerMs: 3 });
  relay.start();
  cleanup.push(() => relay.stop());
  const recorded: Array<{ id: string; committedAt: number }> = [];
  let recording = true;
  const recorder = (async () => {
    for (let n = 0; recording; n++) {
      const { id } = await withTransaction(pool, (tx) => recordEvent(tx, type, 'ws-1', { n }, null));
      recorded.push({ id, committedAt: Date.now() });
      relay.kick();
      await new Promise((r) => setTimeout(r, PACE_MS));
    }
  })();
  await waitUntil('the first events to arrive', async () => arrived.size >= 20, 30_000, 50);

  const lostAt = await lose();
  recording = false;
  await recorder;

  const whileDown = recorded.filter((e) => e.committedAt >= lostAt);
  await waitUntil(`the ${whileDown.length} events recorded while node 1 was down to arrive`, async () => whileDown.every((e) => arrived.has(e.id)), 60_000, 100).catch(() => undefined);
  const lost = recorded.filter((e) => !arrived.has(e.id));
  const delays = whileDown.filter((e) => arrived.has(e.id)).map((e) => arrived.get(e.id)! - e.committedAt);
  process.stdout.write(
    `rabbitmq failover (${what}): ${whileDown.length} events recorded in the ${DOWN_MS / 1000} s node 1 was down; from commit to consumer: max ${Math.max(0, ...delays)} ms, p99 ${quantile(delays, 0.99)} ms, median ${quantile(delays, 0.5)} ms; ${lost.length} not delivered\n`,
  );
  expect(whileDown.length).toBeGreaterThan(0);
  expect(lost.map((e) => e.id)).toEqual([]);
  expect(delays.filter((ms) => ms > DELIVERY_BOUND_MS)).toEqual([]);
}

let restartAfterCase: { start(): Promise<void> } | undefined;

afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => undefined);
  const node = restartAfterCase;
  restartAfterCase = undefined;
  if (!node) return;
  await node.start();
  await waitUntil('the cluster to be whole again', async () => (await cluster.problems().catch(() => ['?'])).length === 0, 120_000, 500);
}, 180_000);

describe('senders and receivers when a RabbitMQ node is killed', () => {
  it('when the node the relay publishes through, which leads the queue, is killed -9, then every event recorded while it is down reaches the consumer through the other nodes within 5 s', async () => {
    const quorum = { type: 'quorum', deliveryLimit: 20 } as const;
    // Both on node 1, the first URL, as every process of the HA suite is; the queue declared there is led from there.
    const relayBroker = new Broker(cluster.amqpUrls, EXCHANGE, logger, quorum);
    const consumerBroker = new Broker(cluster.amqpUrls, EXCHANGE, logger, quorum);
    cleanup.push(() => relayBroker.close(), () => consumerBroker.close());
    const arrived = new Map<string, number>();
    const listener = consumerBroker.channel('listener', async (ch) => {
      await ch.assertQueue(QUEUE, consumerBroker.durableQueue());
      await ch.bindQueue(QUEUE, EXCHANGE, everyWorkspaceOf(TYPE));
      await ch.consume(QUEUE, (msg) => {
        if (!msg) return;
        if (!arrived.has(msg.properties.messageId as string)) arrived.set(msg.properties.messageId as string, Date.now());
        ch.ack(msg);
      });
    });
    await listener.waitForConnect();
    await relayBroker.waitForConnect(10_000);
    await relayThrough(relayBroker, TYPE, arrived, 'the node killed -9', () => killNode1For(QUEUE));
  }, 120_000);

  it('when the node the relay publishes through stops answering without closing its connections, then every event recorded meanwhile reaches a consumer on the other nodes within 5 s', async () => {
    const quorum = { type: 'quorum', deliveryLimit: 20 } as const;
    const type = 'failover.silent';
    const queue = 'failover.silent.listener';
    const relayBroker = new Broker(cluster.amqpUrls, EXCHANGE, logger, quorum);
    // The consumer and its queue on the other nodes: what is late here, the relay made late.
    const consumerBroker = new Broker(cluster.amqpUrls.slice(1), EXCHANGE, logger, quorum);
    cleanup.push(() => relayBroker.close(), () => consumerBroker.close());
    const arrived = new Map<string, number>();
    const listener = consumerBroker.channel('listener', async (ch) => {
      await ch.assertQueue(queue, consumerBroker.durableQueue());
      await ch.bindQueue(queue, EXCHANGE, everyWorkspaceOf(type));
      await ch.consume(queue, (msg) => {
        if (!msg) return;
        if (!arrived.has(msg.properties.messageId as string)) arrived.set(msg.properties.messageId as string, Date.now());
        ch.ack(msg);
      });
    });
    await listener.waitForConnect();
    await relayBroker.waitForConnect(10_000);
    // The relay is the only connection of this process that may reach node 1 (the consumer was given the others).
    expect(establishedRemotePorts(process.pid)).toContain(PORTS.amqp[0]);
    expect((await cluster.queueLeader(queue, '/')).name).not.toBe('rabbit-1');
    await relayThrough(relayBroker, type, arrived, 'the node silent, then killed -9', silenceThenKillNode1);
  }, 120_000);

  it('when the node a command client and its service are on, which leads the command queue, is killed -9, then commands are answered again through the other nodes within 5 s, while it is still down', async () => {
    const quorum = { type: 'quorum', deliveryLimit: 20 } as const;
    const service = `failover${randomBytes(3).toString('hex')}`;
    const serverBroker = new Broker(cluster.amqpUrls, EXCHANGE, logger, quorum);
    const clientBroker = new Broker(cluster.amqpUrls, EXCHANGE, logger, quorum);
    cleanup.push(() => serverBroker.close(), () => clientBroker.close());
    const server = new CommandServer(serverBroker, logger, service).handle('ping', z.object({ n: z.number() }), async ({ n }) => ({ n }));
    await server.start();
    cleanup.push(() => server.stop());
    const client = new CommandClient(clientBroker, 1000);
    await client.start();
    cleanup.push(() => client.stop());

    const calls: Array<{ sentAt: number; answered: boolean }> = [];
    let calling = true;
    const caller = (async () => {
      for (let n = 0; calling; n++) {
        const sentAt = Date.now();
        const answered = await client.request(service, 'ping', { n }, { workspaceId: 'ws-1' }).then(
          (reply) => (reply as { n: number }).n === n,
          () => false,
        );
        calls.push({ sentAt, answered });
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    })();
    await waitUntil('the first commands to be answered', async () => calls.filter((c) => c.answered).length >= 10, 30_000, 50);

    const killedAt = await killNode1For(`rpc.${service}`);
    calling = false;
    await caller;

    const whileDown = calls.filter((c) => c.sentAt >= killedAt);
    const firstAnswered = whileDown.find((c) => c.answered);
    const refusedLate = whileDown.filter((c) => !c.answered && c.sentAt - killedAt > DELIVERY_BOUND_MS);
    process.stdout.write(
      `rabbitmq failover: ${whileDown.length} commands sent in the ${DOWN_MS / 1000} s node 1 was down, ${whileDown.filter((c) => c.answered).length} answered; ` +
        `the first answered one sent ${firstAnswered ? `${firstAnswered.sentAt - killedAt} ms` : 'never'} after the kill; ${refusedLate.length} refused more than ${DELIVERY_BOUND_MS} ms after it\n`,
    );
    expect(firstAnswered).toBeDefined();
    expect(refusedLate).toEqual([]);
  }, 120_000);
});
