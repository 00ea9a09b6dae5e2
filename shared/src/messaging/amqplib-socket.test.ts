import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { Logger } from '../logger';
import { AMQPLIB_SOCKET_MISSING, amqplibSocket, coalesceConnectionWrites } from './amqplib-socket';
import { writesCoalesced } from './coalesced-writes';

function recordingLogger(): { logger: Logger; errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { logger: { error: (...args: unknown[]) => errors.push(args) } as unknown as Logger, errors };
}

describe('amqplibSocket', () => {
  it("when the connection's inner connection holds a net.Socket, then that socket", () => {
    const socket = new Socket();
    expect(amqplibSocket({ connection: { stream: socket } })).toBe(socket);
  });

  it('when the inner connection or its stream is missing, or the stream only wraps the socket, then undefined', () => {
    expect(amqplibSocket(undefined)).toBeUndefined();
    expect(amqplibSocket({})).toBeUndefined();
    expect(amqplibSocket({ connection: {} })).toBeUndefined();
    expect(amqplibSocket({ connection: { stream: new PassThrough() } })).toBeUndefined();
  });
});

describe('coalesceConnectionWrites', () => {
  it("when connections have their socket, then its writes are coalesced and nothing is logged; when one lacks it, then one error naming the internal, once per process", () => {
    const { logger, errors } = recordingLogger();
    const socket = new Socket();
    coalesceConnectionWrites({ connection: { stream: socket } }, logger);
    expect(writesCoalesced(socket)).toBe(true);
    expect(errors).toEqual([]);
    coalesceConnectionWrites({ connection: {} }, logger);
    coalesceConnectionWrites({ connection: {} }, logger);
    expect(errors).toEqual([[AMQPLIB_SOCKET_MISSING]]);
    expect(AMQPLIB_SOCKET_MISSING).toContain('connection.stream');
  });
});
