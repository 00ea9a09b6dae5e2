import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCidrList } from '../domain/address-policy';
import { RESPONSE_EXCERPT_BYTES, type SendRequest, sendWebhook } from './send';

/** A real receiver on 127.0.0.1 whose behaviour each test sets, recording what reached it. */
let server: Server;
let port: number;
let handler: (req: IncomingMessage, res: ServerResponse) => void;
let received: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  handler = (_req, res) => res.end('ok');
});

const loopbackAllowed = parseCidrList('127.0.0.0/8,::1');
const body = JSON.stringify({ type: 'webhook.test' });
const signature = 'v1,c2lnbmF0dXJlLXRoYXQtbXVzdC1uZXZlci1hcHBlYXItaW4tZXJyb3Jz';
const attempt = (over: Partial<SendRequest> = {}): SendRequest => ({
  url: `http://127.0.0.1:${port}/hook?x=1`,
  headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1764057600', 'webhook-signature': signature },
  body,
  timeoutMs: 2000,
  maxResponseBytes: 64 * 1024,
  allow: loopbackAllowed,
  allowHttp: true,
  ...over,
});

describe('sending a webhook', () => {
  it('when the receiver answers 2xx, then it is a success and the receiver got the body and the signature headers', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    const result = await sendWebhook(attempt());
    expect(result).toMatchObject({ ok: true, status: 204, responseExcerpt: '' });
    expect(result.error).toBeUndefined();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hook?x=1', body });
    expect(received[0]?.headers).toMatchObject({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1764057600',
      'webhook-signature': signature,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    });
  });

  it('when the receiver answers 500, then it is a failure recording the status and the start of the response', async () => {
    handler = (_req, res) => res.writeHead(500).end('database down');
    expect(await sendWebhook(attempt())).toMatchObject({ ok: false, status: 500, error: 'HTTP 500', responseExcerpt: 'database down' });
  });

  it('when the receiver answers 410 Gone, then the status 410 is reported', async () => {
    handler = (_req, res) => res.writeHead(410).end();
    expect(await sendWebhook(attempt())).toMatchObject({ ok: false, status: 410, error: 'HTTP 410' });
  });

  it('when the receiver redirects, then the redirect is not followed: one request, a failure with its status', async () => {
    handler = (_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${port}/elsewhere` }).end();
    expect(await sendWebhook(attempt())).toMatchObject({ ok: false, status: 307, error: 'HTTP 307: redirect not followed' });
    expect(received.map((r) => r.url)).toEqual(['/hook?x=1']);
  });

  it('when the receiver answers after the timeout, then it is a failure naming the timeout, ended on time', async () => {
    handler = (_req, res) => setTimeout(() => res.end('late'), 1500).unref();
    const result = await sendWebhook(attempt({ timeoutMs: 300 }));
    expect(result).toMatchObject({ ok: false, error: 'timed out after 300 ms' });
    expect(result.status).toBeUndefined();
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('when the headers come in time but the body does not, then the timeout covers the body read too', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('partial');
    };
    const result = await sendWebhook(attempt({ timeoutMs: 300 }));
    expect(result).toMatchObject({ ok: false, error: 'timed out after 300 ms' });
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('when the response body is huge, then no more than the cap is read, 2 KB are kept and the connection is dropped', async () => {
    let finished = false;
    let closed: () => void = () => undefined;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(() => (finished = true));
      };
      res.on('close', closed);
      pump();
    };
    const result = await sendWebhook(attempt({ maxResponseBytes: 100 * 1024 }));
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.responseExcerpt).toBe('a'.repeat(RESPONSE_EXCERPT_BYTES));
    await serverSawClose;
    expect(finished).toBe(false);
  });

  it('when the excerpt ends inside a multi-byte character, then it is still text', async () => {
    handler = (_req, res) => res.writeHead(400).end(`x${'é'.repeat(2000)}`);
    const result = await sendWebhook(attempt());
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(Buffer.byteLength(result.responseExcerpt)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES + 2);
    expect(result.responseExcerpt.startsWith('xé')).toBe(true);
  });

  it('when nothing listens at the address, then it is a failure with the network error and no header in it', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const result = await sendWebhook(attempt({ url: `http://127.0.0.1:${closedPort}/` }));
    expect(result.ok).toBe(false);
    expect(result.error).toContain('ECONNREFUSED');
    expect(result.error).not.toContain(signature.slice(3));
  });
});

describe('sending a webhook: SSRF at connect time', () => {
  it('when a host name resolves to 127.0.0.1 and no allowlist opens it, then the connection is refused and no request reaches the server', async () => {
    const result = await sendWebhook(attempt({ url: `http://localhost:${port}/hook`, allow: [] }));
    expect(result.ok).toBe(false);
    expect(result.status).toBeUndefined();
    expect(result.error).toMatch(/^refused address (127\.0\.0\.1|::1) \(loopback\) for localhost$/);
    expect(received).toHaveLength(0);
  });

  it('when the allowlist opens loopback, then the same host name is delivered to', async () => {
    const result = await sendWebhook(attempt({ url: `http://localhost:${port}/hook` }));
    expect(result).toMatchObject({ ok: true, status: 200, responseExcerpt: 'ok' });
    expect(received).toHaveLength(1);
  });

  it.each([
    [`http://127.0.0.1:PORT/`, 'refused address 127.0.0.1 (loopback)'],
    [`http://[::ffff:127.0.0.1]:PORT/`, 'refused address ::ffff:7f00:1 (loopback via IPv4-mapped 127.0.0.1)'],
    [`http://2130706433:PORT/`, 'refused address 127.0.0.1 (loopback)'],
  ])('when the URL is the IP literal %s, then it is refused before connecting', async (url, error) => {
    const result = await sendWebhook(attempt({ url: url.replace('PORT', String(port)), allow: [] }));
    expect(result).toMatchObject({ ok: false, error, responseExcerpt: '' });
    expect(received).toHaveLength(0);
  });

  it('when http is not allowed, or the URL carries credentials, then nothing is sent and the rule is the error', async () => {
    expect(await sendWebhook(attempt({ allowHttp: false }))).toMatchObject({ ok: false, error: 'The URL must start with https://.' });
    const withCredentials = await sendWebhook(attempt({ url: `http://user:hunter2@127.0.0.1:${port}/` }));
    expect(withCredentials.error).toContain('must not contain credentials');
    expect(withCredentials.error).not.toContain('hunter2');
    expect(received).toHaveLength(0);
  });
});
