import { randomBytes } from 'node:crypto';
import { AppError, Conflict, z } from '@inv/shared/core';
import { createPool, type Pool, type PoolClient, withTransaction } from '@inv/shared/db';
import { Broker, CommandClient, type Envelope, CommandServer, commandQueue, DEAD_LETTER_EXCHANGE, deadLetterQueue, SERVICE_DOWN_GRACE_MS, envelope, EventConsumer, everyWorkspaceOf, MESSAGING_TABLES_SQL, OutboxRelay, recordEvent } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { eventually } from '../support/fixtures';
import { TcpProxy } from './tcp-proxy';

const logger = createLogger('messaging-test', 'silent');
const EXCHANGE = 'inventory.events';

/** A schema of its own with the messaging tables, as a service has after its first migration. */
async function serviceSchema(): Promise<{ pool: Pool; schema: string }> {
  const schema = `msg_${randomBytes(4).toString('hex')}`;
  const admin = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 5, options: `-c search_path=${schema}` });
  await pool.query(MESSAGING_TABLES_SQL);
  await pool.query('CREATE TABLE applied (message_id text NOT NULL, value text NOT NULL)');
  return { pool, schema };
}

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => undefined);
});

function broker(url = process.env.TEST_AMQP_URL!): Broker {
  const b = new Broker([url], EXCHANGE, logger);
  cleanup.push(() => b.close());
  return b;
}

/** A queue bound to `type` on the events exchange, collecting what arrives. */
async function listen(type: string): Promise<{ received: Array<{ id: string; payload: unknown }> }> {
  const received: Array<{ id: string; payload: unknown }> = [];
  const b = broker();
  const ch = b.channel('listener', async (c) => {
    const { queue } = await c.assertQueue('', { exclusive: true });
    await c.bindQueue(queue, EXCHANGE, everyWorkspaceOf(type));
    await c.consume(queue, (m) => m && received.push(JSON.parse(m.content.toString())), { noAck: true });
  });
  await ch.waitForConnect();
  return { received };
}

describe('transactional outbox', () => {
  it('when the broker is unreachable, then events stay in the outbox, and they are all delivered once it is back', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const amqp = new URL(process.env.TEST_AMQP_URL!);
    const proxy = new TcpProxy(amqp.hostname, Number(amqp.port || 5672));
    await proxy.start();
    cleanup.push(() => proxy.stop());
    const viaProxy = new URL(amqp);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const relayBroker = broker(viaProxy.toString());
    await relayBroker.waitForConnect(5000);
    const relay = new OutboxRelay(pool, relayBroker, logger, { pollMs: 50, publishTimeoutMs: 500 });
    relay.start();
    cleanup.push(() => relay.stop());
    const type = `test.outage.${randomBytes(3).toString('hex')}`;
    const listener = await listen(type);

    await proxy.cut();
    await eventually('the relay to notice the outage', async () => (relayBroker.isConnected ? undefined : true));
    const ids = await withTransaction(pool, async (tx) => {
      const out = [];
      for (let i = 0; i < 3; i++) out.push((await recordEvent(tx, type, 'ws-1', { n: i }, 'req-1')).id);
      return out;
    });
    relay.kick();
    const pending = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
    expect(pending.rows[0].n).toBe(3);

    await proxy.restore();
    await eventually('all three events to arrive', async () => (listener.received.length >= 3 ? true : undefined), 20_000);
    expect(listener.received.map((m) => m.id).sort()).toEqual([...ids].sort());
    await eventually('the outbox rows to be marked sent', async () => {
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      return rows[0].n === 0 ? true : undefined;
    });
  });

  it('when two replicas relay one outbox while events are recorded, then every event is published, first in the order it was recorded', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const type = `test.replicas.${randomBytes(3).toString('hex')}`;
    const listener = await listen(type);
    // Each replica its own connection to the broker and its own relay, as two processes have.
    const relays = await Promise.all(
      [0, 1].map(async () => {
        const b = broker();
        await b.waitForConnect(5000);
        const relay = new OutboxRelay(pool, b, logger, { pollMs: 50, batchSize: 20 });
        relay.start();
        cleanup.push(() => relay.stop());
        return relay;
      }),
    );
    const COMMITS = 60;
    const EVENTS_PER_COMMIT = 25;
    // Commits follow each other (as a balance's versions do), each waking both relays.
    for (let c = 0; c < COMMITS; c++) {
      await withTransaction(pool, async (tx) => {
        await Promise.all(Array.from({ length: EVENTS_PER_COMMIT }, (_, i) => recordEvent(tx, type, 'ws-1', { n: c * EVENTS_PER_COMMIT + i }, null)));
      });
      for (const relay of relays) relay.kick();
    }
    const total = COMMITS * EVENTS_PER_COMMIT;
    const firstArrivals = () => [...new Set(listener.received.map((m) => m.id))];
    await eventually(`all ${total} events to arrive`, async () => (firstArrivals().length >= total ? true : undefined), 20_000);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM outbox ORDER BY seq');
    // At least once: a batch whose confirms came too late for its mark is published again, right
    // after itself; the first arrival of every event is in the order it was recorded.
    expect(firstArrivals()).toEqual(rows.map((r) => r.id));
  });

  it('when the transaction that recorded an event rolls back, then the event is never published', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const b = broker();
    await b.waitForConnect(5000);
    const relay = new OutboxRelay(pool, b, logger, { pollMs: 50 });
    const type = `test.rollback.${randomBytes(3).toString('hex')}`;
    await expect(
      withTransaction(pool, async (tx) => {
        await recordEvent(tx, type, 'ws-1', {}, null);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await relay.drain()).toBe(0);
  });
});

describe('a consumer that records events', () => {
  it('when its handler records an event, then its commit wakes the relay: the event goes out at once, not at the next poll', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const b = broker();
    await b.waitForConnect(5000);
    // A poll far beyond the wait below: only the wake can send the event in time.
    const relay = new OutboxRelay(pool, b, logger, { pollMs: 60_000 });
    relay.start();
    cleanup.push(() => relay.stop());
    const queue = `test.${randomBytes(4).toString('hex')}`;
    const inType = `${queue}.asked`;
    const outType = `${queue}.answered`;
    const listener = await listen(outType);
    const c = new EventConsumer(b, pool, logger, queue, { wakeRelay: () => relay.kick() }).on(
      inType,
      z.object({ value: z.string() }),
      async ({ value }, message, tx) => {
        await recordEvent(tx, outType, message.workspaceId, { value }, message.requestId);
      },
      { recordsEvents: true },
    );
    await c.start();
    cleanup.push(() => c.stop());
    await eventually('the relay to finish its first poll', async () => ((await relay.drain()) === 0 ? true : undefined));
    await b.publishEvent(envelope(inType, 'ws-1', { value: 'v' }, null), 5000);
    await eventually('the recorded event to be published', async () => (listener.received.length === 1 ? true : undefined), 5_000);
    expect(listener.received[0]!.payload).toEqual({ value: 'v' });
  });
});

describe('idempotent consumer', () => {
  async function consumer(pool: Pool, options: { maxAttempts?: number; prefetch?: number; batchSize?: number; handler?: (value: string) => Promise<void> } = {}) {
    const queue = `test.${randomBytes(4).toString('hex')}`;
    const b = broker();
    await b.waitForConnect(5000);
    const type = `${queue}.happened`;
    const c = new EventConsumer(b, pool, logger, queue, { prefetch: options.prefetch ?? 1, batchSize: options.batchSize, maxAttempts: options.maxAttempts ?? 5, retryDelayMs: 50 });
    c.on(type, z.object({ value: z.string() }), async ({ value }, message, tx) => {
      await options.handler?.(value);
      await tx.query('INSERT INTO applied (message_id, value) VALUES ($1, $2)', [message.id, value]);
    });
    // A second type whose handler takes the messages that follow each other in a batch at once.
    const countedType = `${queue}.counted`;
    const manyCalls: string[][] = [];
    const many = async (messages: Array<Envelope<{ value: string }>>, tx: PoolClient) => {
      manyCalls.push(messages.map((m) => m.payload.value));
      for (const m of messages) await tx.query('INSERT INTO applied (message_id, value) VALUES ($1, $2)', [m.id, m.payload.value]);
    };
    c.onMany(countedType, z.object({ value: z.string() }), many, { run: 'counted' });
    // A third type applied in the same run as the second: one call for both, in delivery order.
    const pairedType = `${queue}.paired`;
    c.onMany(pairedType, z.object({ value: z.string() }), many, { run: 'counted' });
    await c.start();
    cleanup.push(() => c.stop());
    const publisher = b.channel('raw-publisher', async () => undefined);
    const publishRaw = (routingKey: string, content: Buffer) => publisher.publish(EXCHANGE, routingKey, content, { persistent: true });
    return { queue, type, countedType, pairedType, manyCalls, broker: b, publishRaw };
  }

  it('when the same message is delivered twice, then it is applied once', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { type, publishRaw } = await consumer(pool);
    const message = envelope(type, 'ws-1', { value: 'once' }, null);
    const marker = envelope(type, 'ws-1', { value: 'marker' }, null);
    await publishRaw(type, Buffer.from(JSON.stringify(message)));
    await publishRaw(type, Buffer.from(JSON.stringify(message)));
    await publishRaw(type, Buffer.from(JSON.stringify(marker)));
    await eventually('the marker to be applied', async () => {
      const { rows } = await pool.query("SELECT 1 FROM applied WHERE value = 'marker'");
      return rows.length ? true : undefined;
    });
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM applied WHERE value = 'once'");
    expect(rows[0].n).toBe(1);
  });

  it('when a message is malformed, then it goes to the dead-letter queue without being applied', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { queue, type, broker: b, publishRaw } = await consumer(pool);
    await publishRaw(type, Buffer.from('{not json'));
    await publishRaw(type, Buffer.from(JSON.stringify(envelope(type, 'ws-1', { value: 42 }, null))));
    await expectDeadLetters(b, `${queue}.dlq`, 2);
    expect((await pool.query('SELECT count(*)::int AS n FROM applied')).rows[0].n).toBe(0);
  });

  it('when the handler keeps failing, then the message is retried a bounded number of times and dead-lettered', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    let calls = 0;
    const { queue, type, broker: b, publishRaw } = await consumer(pool, {
      maxAttempts: 3,
      handler: async () => {
        calls += 1;
        throw new Error('downstream broken');
      },
    });
    await publishRaw(type, Buffer.from(JSON.stringify(envelope(type, 'ws-1', { value: 'doomed' }, null))));
    await expectDeadLetters(b, `${queue}.dlq`, 1);
    expect(calls).toBe(3);
  });

  it('when the handler fails once, then the retry applies the message', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    let calls = 0;
    const { type, publishRaw } = await consumer(pool, {
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
      },
    });
    await publishRaw(type, Buffer.from(JSON.stringify(envelope(type, 'ws-1', { value: 'eventually' }, null))));
    await eventually('the retry to apply it', async () => {
      const { rows } = await pool.query("SELECT 1 FROM applied WHERE value = 'eventually'");
      return rows.length ? true : undefined;
    });
    expect(calls).toBe(2);
  });
  /**
   * A consumer whose handler holds the message 'gate' until released, so that what is published
   * meanwhile is delivered (up to the prefetch, 16 unless given) and waits to be applied as one
   * batch (or as batches of `batchSize`).
   */
  async function gatedConsumer(pool: Pool, handler: (value: string) => Promise<void> = async () => undefined, batching: { prefetch?: number; batchSize?: number } = {}) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const c = await consumer(pool, {
      prefetch: batching.prefetch ?? 16,
      batchSize: batching.batchSize,
      handler: async (value) => {
        calls.push(value);
        if (value === 'gate') await gate;
        await handler(value);
      },
    });
    const publish = (value: string, message = envelope(c.type, 'ws-1', { value }, null)) => c.publishRaw(message.type, Buffer.from(JSON.stringify(message)));
    await publish('gate');
    await eventually('the gate to be held', async () => (calls.includes('gate') ? true : undefined));
    const check = c.broker.channel('queue-check', async () => undefined);
    cleanup.push(() => check.close());
    /** Waits until the broker has handed over everything published (it waits, unacked, behind the gate), then opens the gate. */
    const open = async () => {
      await eventually('the messages delivered behind the gate', async () => ((await check.checkQueue(c.queue)).messageCount === 0 ? true : undefined));
      release();
    };
    return { publish, open, calls, type: c.type, countedType: c.countedType, pairedType: c.pairedType, manyCalls: c.manyCalls };
  }

  const appliedValues = async (pool: Pool) => (await pool.query<{ value: string; xmin: string }>('SELECT value, xmin::text FROM applied ORDER BY value')).rows;

  it('when messages arrive together, then they are applied once each, in delivery order, in one transaction', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { publish, open, calls, type } = await gatedConsumer(pool);
    const twice = envelope(type, 'ws-1', { value: 'b' }, null);
    for (const value of ['a', 'b', 'c', 'd']) await publish(value, value === 'b' ? twice : undefined);
    await publish('b', twice);
    await open();
    await eventually('the four messages applied', async () => ((await appliedValues(pool)).length === 5 ? true : undefined));
    const rows = await appliedValues(pool);
    expect(rows.map((r) => r.value)).toEqual(['a', 'b', 'c', 'd', 'gate']);
    expect(new Set(rows.filter((r) => r.value !== 'gate').map((r) => r.xmin)).size).toBe(1);
    expect(calls).toEqual(['gate', 'a', 'b', 'c', 'd']);
  });

  it('when the prefetch exceeds the batch size, then what is delivered while a batch is applied waits for the next, each transaction taking at most the batch size', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    // Held behind the gate: all 8 delivered at once (the prefetch), though a transaction takes 3.
    const { publish, open } = await gatedConsumer(pool, undefined, { prefetch: 8, batchSize: 3 });
    for (const value of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await publish(value);
    await open();
    await eventually('every message applied', async () => ((await appliedValues(pool)).length === 8 ? true : undefined));
    const byTransaction = new Map<string, string[]>();
    for (const { value, xmin } of await appliedValues(pool)) byTransaction.set(xmin, [...(byTransaction.get(xmin) ?? []), value]);
    expect([...byTransaction.values()].sort((x, y) => x[0]!.localeCompare(y[0]!))).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g'], ['gate']]);
  });

  it('when a handler takes many, then the fresh messages of its type that follow each other in a batch come to it in one call', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { publish, open, calls, countedType, manyCalls } = await gatedConsumer(pool);
    const counted = (value: string) => envelope(countedType, 'ws-1', { value }, null);
    const z1 = counted('z');
    for (const message of [counted('x'), counted('y'), undefined, z1, z1, counted('w')]) await publish('a', message);
    await open();
    await eventually('every message applied', async () => ((await appliedValues(pool)).length === 6 ? true : undefined));
    expect((await appliedValues(pool)).map((r) => r.value)).toEqual(['a', 'gate', 'w', 'x', 'y', 'z']);
    expect(manyCalls).toEqual([
      ['x', 'y'],
      ['z', 'w'],
    ]);
    expect(calls).toEqual(['gate', 'a']);
  });

  it('when types share a run, then the messages of either that follow each other in a batch come to the handler in one call', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { publish, open, countedType, pairedType, manyCalls } = await gatedConsumer(pool);
    for (const [type, value] of [[countedType, 'x'], [pairedType, 'p'], [countedType, 'y'], [pairedType, 'q']] as const) await publish(value, envelope(type, 'ws-1', { value }, null));
    await open();
    await eventually('every message applied', async () => ((await appliedValues(pool)).length === 5 ? true : undefined));
    expect(manyCalls).toEqual([['x', 'p', 'y', 'q']]);
  });

  it('when one message of a batch fails, then the others are applied on their own and only that one is retried', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    let failures = 0;
    const { publish, open, calls } = await gatedConsumer(pool, async (value) => {
      if (value === 'flaky' && failures < 2) {
        failures += 1;
        throw new Error('not yet');
      }
    });
    for (const value of ['a', 'flaky', 'b']) await publish(value);
    await open();
    await eventually('every message applied', async () => ((await appliedValues(pool)).length === 4 ? true : undefined));
    expect((await appliedValues(pool)).map((r) => r.value)).toEqual(['a', 'b', 'flaky', 'gate']);
    // The batch (a, flaky) rolled back; then a, flaky (failing its first attempt) and b on their own; then flaky's retry.
    expect(calls).toEqual(['gate', 'a', 'flaky', 'a', 'flaky', 'b', 'flaky']);
  });
});

describe('a consumer that skips what nothing would use', () => {
  async function judged(pool: Pool, worth: (messages: Envelope<{ value: string }>[]) => Promise<boolean[]>) {
    const b = broker();
    const queue = `test.worth.${randomBytes(3).toString('hex')}`;
    const type = `${queue}.thing`;
    const judgedBatches: string[][] = [];
    const c = new EventConsumer(b, pool, logger, queue, { prefetch: 16, retryDelayMs: 50 });
    c.onMany(
      type,
      z.object({ value: z.string() }),
      async (messages, tx) => {
        for (const m of messages) await tx.query('INSERT INTO applied (message_id, value) VALUES ($1, $2)', [m.id, m.payload.value]);
      },
      {
        worthApplying: async (messages) => {
          judgedBatches.push(messages.map((m) => (m.payload as { value: string }).value));
          return worth(messages as Envelope<{ value: string }>[]);
        },
      },
    );
    await c.start();
    cleanup.push(() => c.stop());
    const publisher = b.channel('raw-publisher', async () => undefined);
    const publish = (value: string) => publisher.publish(EXCHANGE, type, Buffer.from(JSON.stringify(envelope(type, 'ws-1', { value }, null))), { persistent: true });
    return { queue, publish, judgedBatches, broker: b };
  }

  it('when some messages are judged not worth applying, then they are acknowledged with no write at all, and the others applied once', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { queue, publish, judgedBatches, broker: b } = await judged(pool, async (messages) => messages.map((m) => m.payload.value.startsWith('keep')));
    for (const value of ['skip-1', 'keep-1', 'skip-2', 'keep-2', 'skip-3']) await publish(value);
    await eventually('the kept messages applied', async () => ((await pool.query('SELECT value FROM applied')).rows.length === 2 ? true : undefined));
    expect((await pool.query('SELECT value FROM applied ORDER BY value')).rows.map((r) => r.value)).toEqual(['keep-1', 'keep-2']);
    // Only the applied ones are recorded as processed: a skipped message left no row anywhere.
    expect((await pool.query('SELECT count(*)::int AS n FROM processed_messages')).rows[0].n).toBe(2);
    expect(judgedBatches.flat().sort()).toEqual(['keep-1', 'keep-2', 'skip-1', 'skip-2', 'skip-3']);
    const ch = b.channel('check', async () => undefined);
    await ch.waitForConnect();
    await eventually('the queue empty (skipped ones acknowledged)', async () => ((await ch.checkQueue(queue)).messageCount === 0 ? true : undefined));
    expect((await ch.checkQueue(deadLetterQueue(queue))).messageCount).toBe(0);
    await ch.close();
  });

  it('when the judgement fails (its database away), then every message is applied as usual', async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const { publish } = await judged(pool, async () => {
      throw new Error('connection refused');
    });
    for (const value of ['a', 'b', 'c']) await publish(value);
    await eventually('all three applied', async () => ((await pool.query('SELECT value FROM applied')).rows.length === 3 ? true : undefined));
  });
});

describe('a consumer routed only the workspaces it binds', () => {
  it("when the queue is bound to one workspace, then only that workspace's events reach it; unbound, none do", async () => {
    const { pool } = await serviceSchema();
    cleanup.push(() => pool.end());
    const b = broker();
    const queue = `test.routed.${randomBytes(3).toString('hex')}`;
    const type = `${queue}.thing`;
    const c = new EventConsumer(b, pool, logger, queue, { prefetch: 16 });
    c.onMany(
      type,
      z.object({ value: z.string() }),
      async (messages, tx) => {
        for (const m of messages) await tx.query('INSERT INTO applied (message_id, value) VALUES ($1, $2)', [m.id, m.payload.value]);
      },
      { routed: 'bound workspaces' },
    );
    await c.start();
    cleanup.push(() => c.stop());
    const publish = (workspaceId: string, value: string) => b.publishEvent(envelope(type, workspaceId, { value }, null), 5000);
    await c.bindWorkspace('ws-listened', [type], 5000);
    await c.bindWorkspace('ws-listened', [type], 5000); // idempotent
    await publish('ws-other', 'other-1');
    await publish('ws-listened', 'listened-1');
    await eventually("the listened workspace's event applied", async () => ((await pool.query('SELECT value FROM applied')).rows.length === 1 ? true : undefined));
    await c.unbindWorkspace('ws-listened', [type], 5000);
    await publish('ws-listened', 'listened-2');
    await publish('ws-other', 'other-2');
    const ch = b.channel('check', async () => undefined);
    await ch.waitForConnect();
    // Nothing else was routed to the queue: it is empty and only the one event was ever applied.
    expect((await ch.checkQueue(queue)).messageCount).toBe(0);
    expect((await pool.query('SELECT value FROM applied')).rows.map((r) => r.value)).toEqual(['listened-1']);
    await ch.close();
  });
});

async function expectDeadLetters(b: Broker, dlq: string, count: number): Promise<void> {
  const ch = b.channel('dlq-check', async () => undefined);
  await ch.waitForConnect();
  await eventually(`${count} message(s) in ${dlq}`, async () => {
    const { messageCount } = await ch.checkQueue(dlq);
    return messageCount >= count ? true : undefined;
  });
  expect((await ch.checkQueue(dlq)).messageCount).toBe(count);
  await ch.close();
}

describe('request/reply', () => {
  it('when the handler throws an AppError, then the caller receives the same code and message', async () => {
    const b = broker();
    await b.waitForConnect(5000);
    const service = `test-${randomBytes(3).toString('hex')}`;
    const server = new CommandServer(b, logger, service).handle('echo', z.object({ text: z.string() }), async ({ text }) => {
      if (text === 'clash') throw new Conflict('already there');
      return { echoed: text };
    });
    await server.start();
    cleanup.push(() => server.stop());
    const client = new CommandClient(b, 2000);
    await client.start();
    cleanup.push(() => client.stop());
    await expect(client.request(service, 'echo', { text: 'hi' }, { workspaceId: 'ws' })).resolves.toEqual({ echoed: 'hi' });
    const err = await client.request(service, 'echo', { text: 'clash' }, { workspaceId: 'ws' }).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect({ code: (err as AppError).code, status: (err as AppError).status, message: (err as AppError).message }).toEqual({ code: 'conflict', status: 409, message: 'already there' });
    const invalid = await client.request(service, 'echo', { text: 1 }, { workspaceId: 'ws' }).catch((e: AppError) => e);
    expect((invalid as AppError).code).toBe('bad_request');
  });

  it('when no process takes the service\'s commands, then the request is refused (retryable) within the grace naming the service, without waiting out its timeout', async () => {
    const b = broker();
    await b.waitForConnect(5000);
    const client = new CommandClient(b, 60_000);
    await client.start();
    cleanup.push(() => client.stop());
    const started = Date.now();
    const err = (await client.request('nobody-home', 'ping', {}, { workspaceId: 'ws' }).catch((e) => e)) as AppError;
    expect(err).toMatchObject({ code: 'rate_limit_exceeded', status: 429, retryAfterSeconds: 2 });
    expect(err.message).toContain('The nobody-home service (nothing takes its commands');
    // A command may still run once a process comes up before it expires: the refusal does not say nothing was done.
    expect(err.message).toContain('it may have been done');
    expect(Date.now() - started).toBeLessThan(SERVICE_DOWN_GRACE_MS + 500);
    expect(await client.serving('nobody-home')).toBe(false);
  });

  it('when a process takes the commands but never answers, then the request is refused (retryable) after its timeout naming the service', async () => {
    const b = broker();
    await b.waitForConnect(5000);
    const service = `silent-${randomBytes(3).toString('hex')}`;
    const silent = b.channel('silent-service', async (ch) => {
      // Declared as a service declares its command queue, and consumed without ever answering.
      await ch.assertQueue(commandQueue(service), { durable: true, deadLetterExchange: DEAD_LETTER_EXCHANGE, deadLetterRoutingKey: deadLetterQueue(commandQueue(service)) });
      await ch.consume(commandQueue(service), () => undefined);
    });
    await silent.waitForConnect();
    cleanup.push(() => silent.close());
    const client = new CommandClient(b, 300);
    await client.start();
    cleanup.push(() => client.stop());
    expect(await client.serving(service)).toBe(true);
    const started = Date.now();
    const err = (await client.request(service, 'ping', {}, { workspaceId: 'ws' }).catch((e) => e)) as AppError;
    expect(err).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(err.message).toContain(`The ${service} service (it did not answer ping in time)`);
    expect(err.message).toContain('it may have been done');
    // A command that only reads changed nothing, and says so.
    const read = (await client.request(service, 'ping', {}, { workspaceId: 'ws', readsOnly: true }).catch((e) => e)) as AppError;
    expect(read.message).toContain('nothing was changed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
