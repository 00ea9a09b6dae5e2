import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { logContext } from '../logger';
import { errorHandler } from './errors-middleware';
import { requestLogger } from './service-app';

/** An app whose one route fails unexpectedly, logging into `lines`. */
function failingApp(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info', mixin: () => ({ ...logContext.getStore() }) }, sink);
  const app = express();
  app.use((req, _res, next) => logContext.run({ requestId: String(req.headers['x-request-id']) }, next));
  app.use(requestLogger(logger));
  app.get('/boom', () => {
    throw new Error('database exploded: secret detail');
  });
  app.use(errorHandler(logger, 'gateway'));
  return app;
}

describe('errorHandler', () => {
  it('when a request fails unexpectedly, then the client gets the bare 500 envelope and the log has the failure once, with the request id and the cause', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = http.createServer(failingApp(lines)).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/boom`, { headers: { 'x-request-id': 'req-123' } });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status).toBe(500);
      expect(body.error.code).toBe('internal_server_error');
      expect(JSON.stringify(body)).not.toContain('exploded');
      await new Promise((r) => setImmediate(r));
      const errors = lines.filter((l) => (l.level as number) >= 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ requestId: 'req-123', err: expect.objectContaining({ message: 'database exploded: secret detail' }) });
    } finally {
      server.close();
    }
  });
});
