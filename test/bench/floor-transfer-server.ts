/**
 * The architecture's floor for (b) and (m): the two hops the design card requires in front of a
 * transfer or an adjustment, with nothing else. The role 'gateway' is a bare HTTPS Express server that forwards every request
 * over a keep-alive HTTP agent; the role 'service' is Node's bare HTTP server that parses the
 * transfer's JSON body and runs exactly the baseline's SQL transaction (`transferOne`; for an
 * adjustment of one unit, `adjustOne`) on a pool
 * of the stock service's size. No key, rate limit, context, validation, idempotency, quota, outbox
 * or events: whatever the project spends above this floor is its own; what the floor spends above
 * the direct-SQL baseline is the price of the hops. Run as child processes by run.ts, the role as
 * the first argument (so it shows in the process list); each says 'ready' over IPC once listening.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { z } from '@inv/shared/core';
import { loadConfig } from '@inv/shared/config';
import express from 'express';
import { Pool } from 'pg';
import { adjustOne, transferOne } from './transfer-lanes';

const env = loadConfig(
  z.discriminatedUnion('FLOOR_ROLE', [
    z.object({
      FLOOR_ROLE: z.literal('service'),
      BASELINE_PORT: z.coerce.number().int().min(1).max(65535),
      DATABASE_URL: z.string().url(),
    }),
    z.object({
      FLOOR_ROLE: z.literal('gateway'),
      BASELINE_PORT: z.coerce.number().int().min(1).max(65535),
      FLOOR_UPSTREAM_PORT: z.coerce.number().int().min(1).max(65535),
      BASELINE_TLS_CERT: z.string().min(1),
      BASELINE_TLS_KEY: z.string().min(1),
    }),
  ]),
  { ...process.env, FLOOR_ROLE: process.argv[2] },
);

const TransferBody = z.object({
  fromLocationId: z.string(),
  toLocationId: z.string(),
  lines: z.array(z.object({ itemId: z.string(), quantity: z.literal(1) })).length(1),
});

const AdjustmentBody = z.object({ type: z.literal('adjustment'), itemId: z.string(), locationId: z.string(), quantity: z.union([z.literal(1), z.literal(-1)]) });

let server: http.Server;
let stop: () => Promise<unknown> = async () => undefined;

if (env.FLOOR_ROLE === 'service') {
  // Node's own HTTP server, not Express: the card prescribes Express for the gateway only, so the
  // floor gives the service the cheapest server Node has.
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10, application_name: 'floor service' });
  stop = () => pool.end();
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://floor');
      const route = req.method === 'POST' ? url.pathname : undefined;
      if (route !== '/inventory/transfers' && route !== '/inventory/movements') return answer(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
      const client = await pool.connect().catch(() => undefined);
      if (!client) return answer(res, 500, { error: { code: 'internal_server_error', message: 'No database connection.' } });
      const workspaceId = url.searchParams.get('workspaceId') ?? '';
      if (route === '/inventory/movements') {
        try {
          const body = AdjustmentBody.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          const done = await adjustOne(client, { lane: { workspaceId, itemId: body.itemId }, locationId: body.locationId, quantity: body.quantity });
          if (done) answer(res, 201, { ...body });
          else answer(res, 422, { error: { code: 'insufficient_stock', message: 'Not enough stock.' } });
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          answer(res, 500, { error: { code: 'internal_server_error', message: (err as Error).message } });
        } finally {
          client.release();
        }
        return;
      }
      try {
        const body = TransferBody.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        const moved = await transferOne(client, {
          lane: { workspaceId, itemId: body.lines[0]!.itemId, locations: [body.fromLocationId, body.toLocationId] },
          from: body.fromLocationId,
          to: body.toLocationId,
        });
        if (moved) answer(res, 201, { ...body, status: 'completed' });
        else answer(res, 422, { error: { code: 'insufficient_stock', message: 'Not enough stock.' } });
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        answer(res, 500, { error: { code: 'internal_server_error', message: (err as Error).message } });
      } finally {
        client.release();
      }
    });
  });
} else {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const agent = new http.Agent({ keepAlive: true });
  const upstreamPort = env.FLOOR_UPSTREAM_PORT;
  app.use((req, res, next) => {
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', next);
    req.pipe(upstream);
  });
  // A failure is a 500 the bench counts, not a stack trace on its output.
  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (!res.headersSent) res.status(500).json({ error: { code: 'internal_server_error', message: err.message } });
  });
  server = https.createServer({ cert: fs.readFileSync(env.BASELINE_TLS_CERT), key: fs.readFileSync(env.BASELINE_TLS_KEY) }, app);
}

server.listen(env.BASELINE_PORT, '127.0.0.1', () => process.send?.('ready'));

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void stop().then(() => process.exit(0));
});
