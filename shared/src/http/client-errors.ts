import http from 'node:http';
import type https from 'node:https';
import type { Duplex } from 'node:stream';
import { BadRequest } from '../errors';
import type { Logger } from '../logger';

/** A request Node's HTTP parser refused, as the sentence the client gets. llhttp's reasons are fixed strings. */
function describe(err: NodeJS.ErrnoException & { reason?: unknown }): string {
  if (err.code === 'HPE_HEADER_OVERFLOW') return `Request headers, the URL included, are too large: the limit is ${http.maxHeaderSize} bytes.`;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'The request was not received in time.';
  return typeof err.reason === 'string' ? `Malformed HTTP request: ${err.reason}.` : 'Malformed HTTP request.';
}

/**
 * How long a refused connection keeps reading (and discarding) what the client still sends:
 * closing with unread bytes makes the kernel reset the connection, which can destroy the
 * answer before the client has read it.
 */
const LINGER_MS = 1000;

/**
 * Answers requests that never reach Express (headers or URL too large, a malformed request
 * line, duplicate Content-Length, Content-Length with Transfer-Encoding…) with the JSON
 * envelope, 400 bad_request, instead of Node's empty body; then closes the connection, since
 * the rest of its bytes cannot be trusted. Nothing is written when a response on the
 * connection has already started (pipelining), as Node itself does.
 */
export function answerClientErrors(server: http.Server | https.Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const message = describe(err);
    logger.info({ code: err.code, message }, 'malformed HTTP request refused');
    const body = JSON.stringify(new BadRequest(message).toEnvelope());
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    const linger = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(linger));
  });
}
