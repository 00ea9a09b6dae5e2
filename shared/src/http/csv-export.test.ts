import net from 'node:net';
import type { Response } from 'express';
import type { Pool } from 'pg';
import { ERROR_STATUS, PastCapacity, RateLimited } from '../errors';
import { streamCsv } from './csv-export';

/**
 * A server that takes connections and never answers: an export's connection to it stays in its
 * startup, as one streaming a large file stays busy, until the test lets it go.
 */
async function silentServer(): Promise<{ port: number; connected: () => number; release: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connected: () => sockets.size,
    release: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 10));
};

describe('streamCsv, the exports one process streams at once', () => {
  it('when two exports stream already, then a third is the capacity refusal (429, Retry-After 1 s, nothing was changed), not the key\'s rate limit; once they end, an export starts again', async () => {
    const server = await silentServer();
    const pool = { options: { host: '127.0.0.1', port: server.port, user: 'u', database: 'd' } } as unknown as Pool;
    const res = { headersSent: false } as Response;
    const options = { pool, sql: 'SELECT 1', params: [], columns: [], filename: 'x.csv', bom: false };

    const streaming = [streamCsv(res, options), streamCsv(res, options)].map((p) => p.catch((err: unknown) => err));
    await waitFor(() => server.connected() === 2);
    expect(server.connected()).toBe(2);

    const refused = await streamCsv(res, options).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PastCapacity);
    expect(refused).not.toBeInstanceOf(RateLimited);
    const refusal = refused as PastCapacity;
    expect(refusal.refusal).toBe('capacity');
    expect(ERROR_STATUS[refusal.code]).toBe(429);
    expect(refusal.retryAfterSeconds).toBe(1);
    expect(refusal.message).toBe('The service (2 exports already streaming) is past its capacity right now; nothing was changed. Retry in 1 s.');
    // The refusal opened no connection.
    expect(server.connected()).toBe(2);

    await server.release();
    // Both failed before their first row: each is thrown for the envelope (a connection error, from
    // Node or from pg: compared by shape, since jest's realm has an Error class of its own).
    for (const outcome of await Promise.all(streaming)) {
      expect(outcome).toMatchObject({ message: expect.any(String) });
      expect(outcome).not.toBeInstanceOf(PastCapacity);
    }
    // Their places are free again: the next export gets past the cap, to a server that is gone.
    const next = await streamCsv(res, options).catch((err: unknown) => err);
    expect(next).toMatchObject({ code: 'ECONNREFUSED' });
  });
});
