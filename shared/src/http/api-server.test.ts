import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { createApiServer } from './api-server';
import { errorHandler } from './errors-middleware';
import { jsonBody } from './request-input';
import { requestLogger } from './service-app';

const REQUEST_TIMEOUT_MS = 200;

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: any;
  /** Milliseconds from the first byte sent to the server's close. */
  ms: number;
}

/** Writes `bytes` on a fresh connection and resolves when the server closes it, with what it answered. */
function exchange(port: number, bytes: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      if (end === -1) return reject(new Error(`no HTTP answer before the close; got ${JSON.stringify(raw)}`));
      const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const text = raw.slice(end + 4);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started });
    });
  });
}

/** An API server as the gateway and the services run it: request log, JSON body reader, one route echoing its body, the error handler. */
async function startServer() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const handled: string[] = [];
  const app = express();
  app.use(requestLogger(logger));
  app.use(jsonBody('1mb'));
  app.all('/echo', (req, res) => {
    handled.push(req.method);
    res.json({ body: req.body ?? null });
  });
  app.use(errorHandler(logger, 'gateway'));
  const server = createApiServer(app, { requestTimeoutMs: REQUEST_TIMEOUT_MS, logger });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, lines, handled, server: server as http.Server };
}

describe('createApiServer', () => {
  let api: Awaited<ReturnType<typeof startServer>>;
  beforeEach(async () => {
    api = await startServer();
  });
  afterEach(async () => {
    api.server.closeAllConnections();
    await new Promise((resolve) => api.server.close(resolve));
  });

  it('when a request is whole, then it reaches the app', async () => {
    const body = '{"a":1}';
    const res = await exchange(api.port, `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { body: { a: 1 } } });
  });

  it('when a body stops short of its Content-Length, then 408 with the envelope says the body did not arrive in time, the connection is closed and the route never runs', async () => {
    const res = await exchange(api.port, 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    expect({ status: res.status, type: res.headers['content-type'], connection: res.headers.connection, length: Number(res.headers['content-length']) }).toEqual({
      status: 408,
      type: 'application/json; charset=utf-8',
      connection: 'close',
      length: Buffer.byteLength(JSON.stringify(res.body)),
    });
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: 'The request body did not arrive in time: Content-Length announces 100 bytes, and the whole request must arrive within 0.2 seconds.',
      doc_url: '/docs#section/Errors/bad_request',
    });
    expect(res.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 10);
    expect(api.handled).toEqual([]);
    expect(api.lines.filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode !== undefined).map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([408]);
    expect(api.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('when a chunked body stops before its last chunk, then 408 says so', async () => {
    const res = await exchange(api.port, 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n');
    expect({ status: res.status, message: res.body.error.message }).toEqual({
      status: 408,
      message: 'The request body did not arrive in time: its chunks stopped before the last one, and the whole request must arrive within 0.2 seconds.',
    });
    expect(api.handled).toEqual([]);
  });

  it('when the headers never end, then 408 with the envelope says the headers did not arrive in time', async () => {
    const res = await exchange(api.port, 'GET /echo HTTP/1.1\r\nHost: x\r\n');
    expect({ status: res.status, code: res.body.error.code, message: res.body.error.message }).toEqual({
      status: 408,
      code: 'bad_request',
      message: expect.stringMatching(/^The request headers did not arrive in time/),
    });
  });

  it('when an HTTP/1.1 request has no Host header, then 400 with the envelope names Host; HTTP/1.0 needs none', async () => {
    const missing = await exchange(api.port, 'GET /echo HTTP/1.1\r\n\r\n');
    expect({ status: missing.status, error: missing.body.error, connection: missing.headers.connection }).toEqual({
      status: 400,
      error: { code: 'bad_request', message: expect.stringMatching(/^Missing Host header/), param: 'Host', doc_url: '/docs#section/Errors/bad_request' },
      connection: 'close',
    });
    expect(api.handled).toEqual([]);
    const old = await exchange(api.port, 'GET /echo HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('when a CONNECT request comes, with or without tunnel bytes after it, then 400 with the envelope and the connection is closed', async () => {
    for (const request of ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 'CONNECT example.com:443 HTTP/1.1\r\n\r\n\u0016\u0003\u0001 tls hello']) {
      const res = await exchange(api.port, request);
      expect({ status: res.status, code: res.body.error.code, message: res.body.error.message, connection: res.headers.connection }).toEqual({
        status: 400,
        code: 'bad_request',
        message: expect.stringMatching(/^CONNECT is not supported/),
        connection: 'close',
      });
    }
    expect(api.handled).toEqual([]);
  });
});
