import http from 'node:http';
import type https from 'node:https';
import type { Duplex } from 'node:stream';
import { BadRequest } from '../errors';
import type { Logger } from '../logger';

/**
 * A request refused before Express sees it: its status and the envelope's error. The status is
 * 400 but for a request that did not arrive in time, which is 408: the spec's table has no code
 * for that status, so its error is `bad_request`, the table's code for a request to fix.
 */
interface Refusal {
  status: number;
  error: BadRequest;
}

function seconds(ms: number): string {
  return `${ms / 1000} second${ms === 1000 ? '' : 's'}`;
}

/**
 * A request Node's HTTP parser refused, as what the client gets. llhttp's reasons are fixed
 * strings. When a request timeout (`requestTimeoutMs`) finds a request whose headers were
 * complete (`waitingForBody`, the request its response belongs to), it is the body that stopped short.
 */
function refusalOf(err: NodeJS.ErrnoException & { reason?: unknown }, requestTimeoutMs: number, waitingForBody: http.IncomingMessage | undefined): Refusal {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const bound = `the whole request must arrive within ${seconds(requestTimeoutMs)}`;
    if (!waitingForBody) return { status: 408, error: new BadRequest(`The request headers did not arrive in time: ${bound}.`) };
    const announced = waitingForBody.headers['content-length'];
    const shortBy = announced === undefined ? 'its chunks stopped before the last one' : `Content-Length announces ${announced} bytes`;
    return { status: 408, error: new BadRequest(`The request body did not arrive in time: ${shortBy}, and ${bound}.`) };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') return { status: 400, error: new BadRequest(`Request headers, the URL included, are too large: the limit is ${http.maxHeaderSize} bytes.`) };
  return { status: 400, error: new BadRequest(typeof err.reason === 'string' ? `Malformed HTTP request: ${err.reason}.` : 'Malformed HTTP request.') };
}

function envelopeHeaders(body: string): Record<string, string | number> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
}

/**
 * How long a refused connection keeps reading (and discarding) what the client still sends:
 * closing with unread bytes makes the kernel reset the connection, which can destroy the
 * answer before the client has read it.
 */
const LINGER_MS = 1000;

/** Writes the envelope on a connection no response object owns, then closes it: its remaining bytes cannot be trusted. */
function answerOnSocket(socket: Duplex, { status, error }: Refusal): void {
  const body = JSON.stringify(error.toEnvelope());
  const head = Object.entries(envelopeHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(linger));
}

/**
 * Answers requests that never reach Express with the JSON envelope instead of Node's empty
 * body or a silent close, then closes the connection:
 * - what Node's HTTP parser refuses (headers or URL too large, a malformed request line,
 *   duplicate Content-Length, Content-Length with Transfer-Encoding…): 400;
 * - a request that did not arrive within the server's requestTimeout (headers, or a body
 *   that stopped short of its Content-Length): 408. When the request already has its response
 *   (Express is waiting for the body), the answer goes through that response, so the request
 *   log shows the 408; Node then closes the connection (Connection: close);
 * - CONNECT: 400, since this server is an origin, not a proxy, and the bytes after a CONNECT
 *   are a tunnel's, not HTTP. No 405: the spec's table has no code for it, and a CONNECT names
 *   a host and port rather than a resource of this API whose methods an Allow header could list.
 * Nothing is written when a response on the connection has already started (pipelining, or an
 * answer given before the body was read), as Node itself does.
 */
export function answerClientErrors(server: http.Server | https.Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(err, server.requestTimeout, inFlight?.req);
    logger.info({ code: err.code, status: refusal.status, message: refusal.error.message }, 'HTTP request refused before routing');
    // A client that timed out is not sending, so nothing is left unread for Node's close to
    // trip over; other refusals may have bytes still coming, which the socket path drains.
    if (!inFlight || err.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return answerOnSocket(socket, refusal);
    const body = JSON.stringify(refusal.error.toEnvelope());
    inFlight.writeHead(refusal.status, envelopeHeaders(body)).end(body);
  });
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    const refusal = { status: 400, error: new BadRequest('CONNECT is not supported: this is an API, not a proxy; send GET, POST, PATCH or DELETE to one of its paths.') };
    logger.info({ method: req.method, url: req.url, message: refusal.error.message }, 'HTTP request refused before routing');
    // Node hands the socket over paused; read what the client sends so the close lingers as above.
    socket.resume();
    answerOnSocket(socket, refusal);
  });
}

/**
 * Wraps a request listener so that an HTTP/1.1 request without a Host header, which HTTP/1.1
 * requires (RFC 9112, section 3.2), is answered 400 with the envelope. Node's own check
 * (`requireHostHeader`, which the server must turn off for this to run) answers an empty 400.
 * HTTP/1.0 has no Host header and passes, as with Node's check.
 */
export function refuseMissingHost(listener: http.RequestListener, logger: Logger): http.RequestListener {
  return (req, res) => {
    if (req.headers.host !== undefined || req.httpVersion !== '1.1') return listener(req, res);
    const error = new BadRequest('Missing Host header: HTTP/1.1 requests must send one, naming the host they are for.', 'Host');
    logger.info({ method: req.method, url: req.url, message: error.message }, 'HTTP request refused before routing');
    const body = JSON.stringify(error.toEnvelope());
    res.writeHead(400, envelopeHeaders(body)).end(body);
  };
}
