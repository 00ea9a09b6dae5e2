import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Broker, envelope, everyWorkspaceOf } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { amqplibSocket } from '../../shared/src/messaging/amqplib-socket';
import { writesCoalesced } from '../../shared/src/messaging/coalesced-writes';
import { eventually } from '../support/fixtures';
import { countWrites, inOrder, relyOn } from '../support/socket-writes';

/**
 * The amqplib and amqp-connection-manager internals shared/src/messaging/amqplib-socket.ts relies
 * on (the Broker wraps that socket's writes on every connect), checked against the real libraries
 * and RabbitMQ. Each failure names the internal that changed; see docs/dependencies.md.
 */
const RELIED_ON = 'shared/src/messaging/amqplib-socket.ts (amqplibSocket), whose socket the Broker (shared/src/messaging/broker.ts) has coalesceWrites wrap on every connect, and destroys to leave a node that stopped answering';
const EXCHANGE = 'inventory.events';
const logger = createLogger('amqplib-internals-test', 'silent');

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => undefined);
});

/** A Broker, connected, with the amqplib connection its 'connect' event gave and that connection's socket. */
async function connectedBroker(): Promise<{ broker: Broker; socket: Socket }> {
  const broker = new Broker(process.env.TEST_AMQP_URL!.split(','), EXCHANGE, logger);
  cleanup.push(() => broker.close());
  let given: unknown;
  broker.connection.on('connect', ({ connection }) => {
    given = connection;
  });
  await broker.waitForConnect(10_000);
  relyOn(given !== undefined, 'amqp-connection-manager', "its 'connect' event no longer gives { connection }", RELIED_ON);
  const socket = amqplibSocket(given);
  if (!socket) {
    const stream = (given as { connection?: { stream?: unknown } }).connection?.stream;
    relyOn(
      false,
      'amqplib',
      `the connection's connection.stream is ${stream === undefined ? 'missing' : `a ${(stream as object)?.constructor?.name}, not the net.Socket`}`,
      RELIED_ON,
    );
  }
  return { broker, socket: socket! };
}

/** An exclusive queue bound to the events of type `routingKey` (any workspace) on its own connection, collecting message ids in arrival order. */
async function listen(routingKey: string): Promise<string[]> {
  const received: string[] = [];
  const listener = new Broker(process.env.TEST_AMQP_URL!.split(','), EXCHANGE, logger);
  cleanup.push(() => listener.close());
  const ch = listener.channel('listener', async (c) => {
    const { queue } = await c.assertQueue('', { exclusive: true });
    await c.bindQueue(queue, EXCHANGE, everyWorkspaceOf(routingKey));
    await c.consume(queue, (m) => m && received.push(m.properties.messageId as string), { noAck: true });
  });
  await ch.waitForConnect();
  return received;
}

describe("amqplib's private connection socket", () => {
  it('when the Broker connects, then the socket it reaches is the net.Socket connected to RabbitMQ, its writes are coalesced, and amqplib writes its frames through it', async () => {
    const { broker, socket } = await connectedBroker();
    const url = new URL(process.env.TEST_AMQP_URL!);
    relyOn(socket.remotePort === Number(url.port || 5672), 'amqplib', `connection.stream is connected to port ${socket.remotePort}, not RabbitMQ's ${url.port || 5672}`, RELIED_ON);
    relyOn(writesCoalesced(socket), 'amqp-connection-manager', "the Broker's 'connect' listener did not wrap the writes of the connection the event gave", RELIED_ON);

    const routingKey = `internals.${randomBytes(4).toString('hex')}`;
    const writes = countWrites(socket);
    try {
      await broker.publishEvent(envelope(routingKey, 'ws-1', {}, null), 5000);
    } finally {
      writes.stop();
    }
    relyOn(writes.text().includes(routingKey), 'amqplib', `a publish did not go through connection.stream (${writes.count} writes on it, none holding the message)`, RELIED_ON);
  });

  it('when a burst of confirmed publishes is made in one tick, then it leaves in far fewer socket writes than messages, in the order published, and arrives in that order', async () => {
    const routingKey = `internals.${randomBytes(4).toString('hex')}`;
    const received = await listen(routingKey);
    const { broker, socket } = await connectedBroker();
    const messages = Array.from({ length: 100 }, () => envelope(routingKey, 'ws-1', { filler: 'x'.repeat(64) }, null));

    const writes = countWrites(socket);
    try {
      await Promise.all(messages.map((m) => broker.publishEvent(m, 5000)));
    } finally {
      writes.stop();
    }

    const ids = messages.map((m) => m.id);
    // Without the wrapper, amqplib's Mux writes each message's frames with a write of its own:
    // 100 writes. With it, the burst leaves in one or two.
    relyOn(
      writes.count * 10 <= messages.length,
      'amqplib',
      `${messages.length} confirmed publishes made in one tick left in ${writes.count} socket writes (expected at most ${messages.length / 10}): the Mux no longer writes a turn's frames to connection.stream in one stretch of code, or the wrapper is gone`,
      RELIED_ON,
    );
    expect(inOrder(writes.text(), ids)).toBe(true);
    await eventually(`${messages.length} messages at the listener`, async () => (received.length >= messages.length ? true : undefined));
    expect(received).toEqual(ids);
  });
});
