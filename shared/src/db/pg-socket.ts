import { Socket } from 'node:net';
import type { ClientBase } from 'pg';
import type { Logger } from '../logger';

/**
 * The socket a pg client writes its messages to, or undefined when pg no longer exposes it.
 *
 * pg has no public way to send several statements in one write: its pipeline mode (a documented
 * option) sends each `client.query` at once, in writes of its own (lib/client.js
 * `_pulsePipelinedQueryQueue` calls lib/query.js `submit`, which writes to the socket before
 * `query` returns). Corking this socket while statements are issued together is what makes them
 * leave in one system call (inOneRoundTrip). It is pg's private `client.connection.stream`
 * (lib/client.js, lib/connection.js), verified on the exact pg version package.json pins;
 * test/db/pg-internals.test.ts fails when either of those facts changes.
 */
export function pgSocket(client: ClientBase): Socket | undefined {
  const stream = (client as unknown as { connection?: { stream?: unknown } }).connection?.stream;
  return stream instanceof Socket ? stream : undefined;
}

let missingReported = false;

/**
 * Logs PG_SOCKET_MISSING, once per process, when `client` (a new connection: createPool calls
 * this on each) has no socket pgSocket can reach. Logged, not thrown: without the socket every
 * statement is still correct and pipelined, only dearer in CPU, and refusing to serve over that
 * would turn a slowdown into an outage. At error level and on the first connection (so at
 * start-up), where an upgrade that bypassed the pin and its test shows at once.
 */
export function checkPgSocket(client: ClientBase, logger: Logger): void {
  if (missingReported || pgSocket(client)) return;
  missingReported = true;
  logger.error(PG_SOCKET_MISSING);
}

export const PG_SOCKET_MISSING =
  "pg's private client.connection.stream is missing or no longer a net.Socket (pg upgraded without re-verifying its internals?): " +
  'statements issued together (inOneRoundTrip, withTransaction) stay correct but each leaves in a write of its own. ' +
  'See docs/dependencies.md and test/db/pg-internals.test.ts';
