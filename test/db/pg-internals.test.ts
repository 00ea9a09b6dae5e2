import type { Socket } from 'node:net';
import { createPool, inOneRoundTrip, withTransaction, type Pool, type PoolClient } from '@inv/shared/db';
import { createLogger } from '@inv/shared/observability';
import { pgSocket } from '../../shared/src/db/pg-socket';
import { countWrites, inOrder, relyOn } from '../support/socket-writes';

/**
 * The pg internals shared/src/db/pg-socket.ts relies on (inOneRoundTrip and withTransaction in
 * shared/src/db/transaction.ts cork that socket), checked against the real pg and PostgreSQL.
 * Each failure names the internal that changed; see docs/dependencies.md.
 */
const RELIED_ON = 'shared/src/db/pg-socket.ts (pgSocket), corked by inOneRoundTrip and withTransaction in shared/src/db/transaction.ts';
const logger = createLogger('pg-internals-test', 'silent');

let pool: Pool;
beforeAll(() => {
  pool = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 1 });
});
afterAll(() => pool.end());

/** The pool's one client and the socket pg writes it through. */
async function clientAndSocket(): Promise<{ client: PoolClient; socket: Socket }> {
  const client = await pool.connect();
  const socket = pgSocket(client);
  if (!socket) {
    client.release();
    const stream = (client as unknown as { connection?: { stream?: unknown } }).connection?.stream;
    relyOn(false, 'pg', `client.connection.stream is ${stream === undefined ? 'missing' : `a ${(stream as object)?.constructor?.name}, not a net.Socket`}`, RELIED_ON);
  }
  return { client, socket: socket! };
}

describe("pg's private connection socket", () => {
  it('when a client comes from createPool, then client.connection.stream is the net.Socket connected to PostgreSQL, in pipeline mode', async () => {
    const { client, socket } = await clientAndSocket();
    try {
      expect(client.pipeline).toBe(true);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      relyOn(socket.remotePort === Number(url.port || 5432), 'pg', `client.connection.stream is connected to port ${socket.remotePort}, not PostgreSQL's ${url.port}`, RELIED_ON);
      relyOn(typeof socket.cork === 'function' && typeof socket.uncork === 'function', 'pg', 'client.connection.stream cannot be corked', RELIED_ON);
    } finally {
      client.release();
    }
  });

  it('when a statement is issued in pipeline mode, then pg writes it to that socket before client.query returns', async () => {
    const { client, socket } = await clientAndSocket();
    const writes = countWrites(socket);
    try {
      const answer = client.query('SELECT 1 AS n');
      const writtenBeforeReturn = writes.count;
      await answer;
      relyOn(
        writtenBeforeReturn === 1 && writes.text().includes('SELECT 1 AS n'),
        'pg',
        `a pipelined client.query no longer writes to client.connection.stream synchronously (${writtenBeforeReturn} writes before it returned, ${writes.count} in all), so corking around the calls cannot gather them`,
        RELIED_ON,
      );
    } finally {
      writes.stop();
      client.release();
    }
  });
});

describe('inOneRoundTrip against the real pg', () => {
  it('when statements are issued together, then they leave in one socket write and answer in the order issued', async () => {
    const { client, socket } = await clientAndSocket();
    const writes = countWrites(socket);
    try {
      const [first, second, third] = await inOneRoundTrip(client, () => [
        client.query<{ n: number }>('SELECT 1 AS n'),
        client.query<{ n: number }>('SELECT $1::int AS n', [2]),
        client.query<{ n: number }>({ name: 'pg-internals-third', text: 'SELECT 3 AS n' }),
      ]);
      expect([first.rows[0]?.n, second.rows[0]?.n, third.rows[0]?.n]).toEqual([1, 2, 3]);
      relyOn(
        writes.count === 1 && inOrder(writes.first(), ['SELECT 1 AS n', 'SELECT $1::int AS n', 'SELECT 3 AS n']),
        'pg',
        `three statements issued in inOneRoundTrip left in ${writes.count} socket writes (expected 1 holding all three)`,
        RELIED_ON,
      );
    } finally {
      writes.stop();
      client.release();
    }
  });

  it('when a statement in the middle fails inside a transaction, then the first failure is thrown, the statements after it fail with 25P02, and all left in one write', async () => {
    const { client, socket } = await clientAndSocket();
    await client.query('BEGIN');
    const writes = countWrites(socket);
    try {
      let issued: Array<Promise<unknown>> = [];
      const outcome = inOneRoundTrip(client, () => {
        issued = [client.query('SELECT 1 AS n'), client.query('SELECT 1/0'), client.query('SELECT 3 AS n')];
        return issued;
      });
      await expect(outcome).rejects.toMatchObject({ code: '22012' });
      const settled = await Promise.allSettled(issued);
      expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
      expect(settled[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      expect(settled[2]).toMatchObject({ status: 'rejected', reason: { code: '25P02' } });
      relyOn(
        writes.count === 1 && inOrder(writes.first(), ['SELECT 1 AS n', 'SELECT 1/0', 'SELECT 3 AS n']),
        'pg',
        `three statements issued in inOneRoundTrip left in ${writes.count} socket writes (expected 1 holding all three)`,
        RELIED_ON,
      );
    } finally {
      writes.stop();
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("when withTransaction's work issues statements at once, then BEGIN leaves in the same write as they do, and COMMIT in the next", async () => {
    const { client, socket } = await clientAndSocket();
    client.release();
    const writes = countWrites(socket);
    try {
      const answers = await withTransaction(pool, async (tx) => {
        relyOn(pgSocket(tx) === socket, 'pg', 'the pool handed out a client on another socket', RELIED_ON);
        const [a, b] = await inOneRoundTrip(tx, () => [tx.query<{ n: number }>('SELECT 1 AS n'), tx.query<{ n: number }>('SELECT $1::int AS n', [2])]);
        return [a.rows[0]?.n, b.rows[0]?.n];
      });
      expect(answers).toEqual([1, 2]);
      relyOn(
        writes.count === 2 && inOrder(writes.first(), ['BEGIN', 'SELECT 1 AS n', 'SELECT $1::int AS n']) && writes.all()[1]?.includes('COMMIT') === true,
        'pg',
        `BEGIN and the work's first statements left in ${writes.count} writes (expected 2: BEGIN with both statements, then COMMIT)`,
        RELIED_ON,
      );
    } finally {
      writes.stop();
    }
  });
});
