import http from 'node:http';
import https from 'node:https';
import type { Logger } from '../logger';
import { answerClientErrors, refuseMissingHost } from './client-errors';

export interface ApiServerOptions {
  /** Serves HTTPS with this certificate and key; plain HTTP without. */
  tls?: { cert: string; key: string };
  /** The whole request, headers and body, must arrive within this (HTTP_REQUEST_TIMEOUT_MS); past it the answer is 408. */
  requestTimeoutMs: number;
  logger: Logger;
}

/**
 * The server of an API port, the gateway's and each service's alike, so that a request which
 * never reaches Express (refused by Node's parser, without Host, CONNECT, or not arrived in
 * time) is answered with the envelope the same way everywhere (see client-errors.ts).
 */
export function createApiServer(app: http.RequestListener, options: ApiServerOptions): http.Server | https.Server {
  const serverOptions: http.ServerOptions = {
    // Node's own check answers an empty 400; refuseMissingHost answers the envelope.
    requireHostHeader: false,
    // One bound for the whole request: Node's separate 60 s default for the headers would
    // otherwise apply when the request timeout is longer.
    requestTimeout: options.requestTimeoutMs,
    headersTimeout: options.requestTimeoutMs,
    // Node looks for expired requests every 30 s by default: a request could outlive a short timeout by that much.
    connectionsCheckingInterval: Math.min(1000, options.requestTimeoutMs),
  };
  const listener = refuseMissingHost(app, options.logger);
  const server = options.tls ? https.createServer({ ...options.tls, ...serverOptions }, listener) : http.createServer(serverOptions, listener);
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server, options.logger);
  return server;
}
