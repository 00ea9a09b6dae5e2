import { Socket } from 'node:net';
import type { Logger } from '../logger';
import { coalesceWrites } from './coalesced-writes';

/**
 * The socket of an amqplib connection (the `connection` amqp-connection-manager's 'connect' event
 * gives), or undefined when amqplib no longer exposes it.
 *
 * Neither amqplib nor amqp-connection-manager has a public way to coalesce frames: amqplib's Mux
 * (lib/mux.js) writes every queued frame with a `write` of its own, and its socket options reach
 * only `net.connect`. So coalesceConnectionWrites wraps this socket's `write`, and the Broker
 * destroys it to leave a node that stopped answering (Broker.expectAnswer). It is amqplib's
 * private `ChannelModel.connection.stream` (lib/channel_model.js, lib/connection.js: the
 * net.Socket itself, since `wrapStream` leaves a Duplex as it is), verified on the exact amqplib
 * and amqp-connection-manager versions package.json pins;
 * test/messaging/amqplib-internals.test.ts fails when that changes.
 */
export function amqplibSocket(connection: unknown): Socket | undefined {
  const stream = (connection as { connection?: { stream?: unknown } } | undefined)?.connection?.stream;
  return stream instanceof Socket ? stream : undefined;
}

let missingReported = false;

/**
 * Makes the frames written in one stretch of code on `connection` leave in one write
 * (coalesceWrites on its socket); the Broker calls it on every (re)connect. When the socket
 * cannot be reached, logs AMQPLIB_SOCKET_MISSING once per process instead. Logged, not thrown:
 * this runs on every reconnect, and without the socket every message is still delivered in
 * order, only at more CPU, so failing over it would turn a slowdown into an outage. At error
 * level and on the first connection (so at start-up), where an upgrade that bypassed the pin and
 * its test shows at once.
 */
export function coalesceConnectionWrites(connection: unknown, logger: Logger): void {
  const socket = amqplibSocket(connection);
  if (socket) coalesceWrites(socket);
  else if (!missingReported) {
    missingReported = true;
    logger.error(AMQPLIB_SOCKET_MISSING);
  }
}

export const AMQPLIB_SOCKET_MISSING =
  "amqplib's private connection.stream is missing or no longer a net.Socket (amqplib or amqp-connection-manager upgraded without re-verifying their internals?): " +
  'messages are still delivered, in order, but every frame (each publish, each ack) leaves in a write of its own. ' +
  'See docs/dependencies.md and test/messaging/amqplib-internals.test.ts';
