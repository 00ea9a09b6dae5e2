import { randomBytes } from 'node:crypto';
import { newId, z } from '@inv/shared/core';
import { createPool, type Pool } from '@inv/shared/db';
import { Broker, envelope, EventConsumer, messageProperties, MESSAGING_TABLES_SQL } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { DEAD_LETTER_QUEUES } from '../../gateway/src/admin/dead-letters';
import { eventually } from '../support/fixtures';
import { admin } from './admin-cli';
import { stackBroker } from '../support/bus';

const logger = createLogger('dlq-test', 'silent');
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => undefined);
});

async function depth(broker: Broker, queue: string): Promise<number> {
  const channel = broker.channel('depth', async () => undefined);
  await channel.waitForConnect();
  try {
    return (await channel.checkQueue(queue)).messageCount;
  } finally {
    await channel.close();
  }
}

/**
 * A consumer of its own, built like every service's (EventConsumer: bounded retries, then
 * `<queue>.dlq`), whose handler needs a part to exist: an event naming a missing part fails
 * until the part is added, as a real handler fails while a dependency is missing.
 */
async function partsConsumer() {
  const id = randomBytes(4).toString('hex');
  const schema = `dlq_${id}`;
  const setup = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 1 });
  await setup.query(`CREATE SCHEMA ${schema}`);
  await setup.end();
  const pool: Pool = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 4, options: `-c search_path=${schema}` });
  cleanup.push(() => pool.end());
  await pool.query(MESSAGING_TABLES_SQL);
  await pool.query('CREATE TABLE parts (id text PRIMARY KEY); CREATE TABLE used_parts (message_id uuid PRIMARY KEY, part_id text NOT NULL REFERENCES parts)');

  const broker = stackBroker(logger);
  cleanup.push(() => broker.close());
  const queue = `dlq-test-${id}.events`;
  const type = `dlq-test-${id}.part-used`;
  const consumer = new EventConsumer(broker, pool, logger, queue, { maxAttempts: 2, retryDelayMs: 100 }).on(type, z.object({ partId: z.string() }), async ({ partId }, message, tx) => {
    await tx.query('INSERT INTO used_parts (message_id, part_id) VALUES ($1, $2)', [message.id, partId]);
  });
  await consumer.start();
  cleanup.push(() => consumer.stop());

  return {
    queue,
    deadLetters: `${queue}.dlq`,
    type,
    broker,
    use: async (partId: string) => {
      const message = envelope(type, 'ws-dlq-test', { partId }, null);
      await broker.publishEvent(message, 5000);
      return message;
    },
    addPart: (partId: string) => pool.query('INSERT INTO parts (id) VALUES ($1)', [partId]),
    used: async () => (await pool.query<{ message_id: string }>('SELECT message_id FROM used_parts ORDER BY message_id')).rows.map((r) => r.message_id),
  };
}

describe('admin CLI dead letters', () => {
  it('when a handler fails for want of a dependency, then dlq:list shows the message and dlq:replay, once the dependency exists, gets it processed', async () => {
    const parts = await partsConsumer();
    const first = await parts.use('gasket');
    await eventually('the message to be dead-lettered', async () => ((await depth(parts.broker, parts.deadLetters)) === 1 ? true : undefined));

    const listed = await admin(['dlq:list', '--queue', parts.deadLetters]);
    expect(listed.json).toEqual({
      queues: [
        {
          queue: parts.deadLetters,
          exists: true,
          messageCount: 1,
          messages: [
            {
              messageId: first.id,
              type: parts.type,
              workspaceId: 'ws-dlq-test',
              requestId: null,
              origin: parts.queue,
              reason: 'rejected',
              deadLetteredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
              attempts: 2,
              replays: 0,
              body: first,
            },
          ],
        },
      ],
    });
    expect(await depth(parts.broker, parts.deadLetters)).toBe(1);

    // Replayed while the part is still missing: it reaches the handler again and comes back.
    const tooEarly = await admin(['dlq:replay', '--queue', parts.deadLetters, '--id', first.id]);
    expect(tooEarly.json).toEqual({ replayed: [{ messageId: first.id, type: parts.type, from: parts.deadLetters, to: parts.queue }], count: 1 });
    const back = await eventually('the replayed message to fail again', async () => {
      const again = await admin(['dlq:list', '--queue', parts.deadLetters]);
      return again.json.queues[0].messages.find((m: any) => m.messageId === first.id && m.replays === 1);
    }, 30_000);
    expect(back).toMatchObject({ origin: parts.queue, attempts: 2 });
    expect(await parts.used()).toEqual([]);

    await parts.addPart('gasket');
    const replayed = await admin(['dlq:replay', '--queue', parts.deadLetters, '--id', first.id]);
    expect(replayed.json.count).toBe(1);
    await eventually('the replayed message to be processed', async () => ((await parts.used()).includes(first.id) ? true : undefined));
    expect(await depth(parts.broker, parts.deadLetters)).toBe(0);
  }, 120_000);

  it('when --all is given, then every dead letter of the queue goes back to its queue and is processed, each once', async () => {
    const parts = await partsConsumer();
    const messages = [await parts.use('valve'), await parts.use('hose')];
    await eventually('both messages to be dead-lettered', async () => ((await depth(parts.broker, parts.deadLetters)) === 2 ? true : undefined));
    await parts.addPart('valve');
    await parts.addPart('hose');

    const replayed = await admin(['dlq:replay', '--queue', parts.deadLetters, '--all']);
    expect(replayed.json.count).toBe(2);
    expect(replayed.json.replayed.map((r: any) => r.messageId).sort()).toEqual(messages.map((m) => m.id).sort());
    await eventually('both to be processed', async () => ((await parts.used()).length === 2 ? true : undefined));
    expect((await parts.used()).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(await depth(parts.broker, parts.deadLetters)).toBe(0);
  }, 120_000);

  it('when the message id is in no dead-letter queue, or neither --id nor --all is given, then dlq:replay fails and replays nothing', async () => {
    const parts = await partsConsumer();
    const stuck = await parts.use('missing-part');
    await eventually('the message to be dead-lettered', async () => ((await depth(parts.broker, parts.deadLetters)) === 1 ? true : undefined));

    const unknown = await admin(['dlq:replay', '--queue', parts.deadLetters, '--id', newId()]);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^admin: not_found: Dead-lettered message [0-9a-f-]+ \(looked at 1 message\(s\) in dlq-test-\w+\.events\.dlq\) not found\.\n$/);
    const neither = await admin(['dlq:replay', '--queue', parts.deadLetters]);
    expect(neither).toMatchObject({ code: 1, stdout: '' });
    expect(neither.stderr).toContain('give either --id MESSAGE_ID or --all');
    const notADeadLetterQueue = await admin(['dlq:replay', '--queue', parts.queue, '--all']);
    expect(notADeadLetterQueue).toMatchObject({ code: 1, stdout: '' });
    expect(notADeadLetterQueue.stderr).toContain('--queue must name a dead-letter queue');

    const listed = await admin(['dlq:list', '--queue', parts.deadLetters]);
    expect(listed.json.queues[0].messages.map((m: any) => m.messageId)).toEqual([stuck.id]);
  }, 120_000);

  it("when a service's consumer dead-letters a message, then dlq:list finds it in that service's queue and dlq:replay hands it back to that service", async () => {
    const broker = stackBroker(logger);
    cleanup.push(() => broker.close());
    const channel = broker.channel('to-catalog', async () => undefined);
    await channel.waitForConnect();
    cleanup.push(() => channel.close());
    // A stock.changed the catalog cannot parse goes to catalog.events.dlq at once (retrying cannot fix it).
    const malformed = envelope('stock.changed', 'ws-dlq-test', { itemId: 'no-such-shape' }, null);
    await channel.sendToQueue('catalog.events', Buffer.from(JSON.stringify(malformed)), messageProperties(malformed));

    const inCatalogQueue = (replays: number) => async () => {
      const listed = await admin(['dlq:list', '--queue', 'catalog.events.dlq', '--limit', '1000']);
      return listed.json.queues[0].messages.find((m: any) => m.messageId === malformed.id && m.replays === replays);
    };
    const deadLetter = await eventually('the catalog to dead-letter it', inCatalogQueue(0), 30_000);
    expect(deadLetter).toMatchObject({ type: 'stock.changed', origin: 'catalog.events', reason: 'rejected', body: malformed });

    const replayed = await admin(['dlq:replay', '--queue', 'catalog.events.dlq', '--id', malformed.id]);
    expect(replayed.json.replayed).toEqual([{ messageId: malformed.id, type: 'stock.changed', from: 'catalog.events.dlq', to: 'catalog.events' }]);
    // Only the catalog's consumer of catalog.events can have sent it back, with the replay counted.
    await eventually('the catalog to dead-letter the replayed message again', inCatalogQueue(1), 30_000);

    const everyQueue = await admin(['dlq:list', '--limit', '1']);
    expect(everyQueue.json.queues.map((q: any) => [q.queue, q.exists])).toEqual(DEAD_LETTER_QUEUES.map((queue) => [queue, true]));
  }, 120_000);
});
