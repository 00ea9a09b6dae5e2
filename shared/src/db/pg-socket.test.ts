import { Socket } from 'node:net';
import type { ClientBase } from 'pg';
import type { Logger } from '../logger';
import { checkPgSocket, PG_SOCKET_MISSING, pgSocket } from './pg-socket';

function recordingLogger(): { logger: Logger; errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { logger: { error: (...args: unknown[]) => errors.push(args) } as unknown as Logger, errors };
}

const clientWith = (connection: unknown) => ({ connection }) as unknown as ClientBase;

describe('pgSocket', () => {
  it("when a client's connection holds a net.Socket, then that socket", () => {
    const socket = new Socket();
    expect(pgSocket(clientWith({ stream: socket }))).toBe(socket);
  });

  it('when the connection or its stream is missing, or the stream is not a net.Socket, then undefined', () => {
    expect(pgSocket(clientWith(undefined))).toBeUndefined();
    expect(pgSocket(clientWith({}))).toBeUndefined();
    expect(pgSocket(clientWith({ stream: { cork() {}, uncork() {} } }))).toBeUndefined();
  });
});

describe('checkPgSocket', () => {
  it('when new clients have their socket, then nothing is logged; when they lack it, then one error naming the internal, once per process', () => {
    const { logger, errors } = recordingLogger();
    checkPgSocket(clientWith({ stream: new Socket() }), logger);
    expect(errors).toEqual([]);
    checkPgSocket(clientWith({}), logger);
    checkPgSocket(clientWith({}), logger);
    expect(errors).toEqual([[PG_SOCKET_MISSING]]);
    expect(PG_SOCKET_MISSING).toContain('client.connection.stream');
  });
});
