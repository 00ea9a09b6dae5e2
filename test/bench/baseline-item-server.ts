/**
 * Issue 9's baseline for GET /items/info: a bare HTTPS Express + pg endpoint doing the same
 * one-row lookup on the project's own catalog table (the item with its supplier and tags, as
 * the catalog loads it), with the gateway's certificate and the services' default pool size.
 * No key, no rate limit, no forwarding, no context: the cost floor of the call on this machine.
 * Run as a child process by run.ts; says 'ready' over IPC once listening.
 */
import fs from 'node:fs';
import https from 'node:https';
import { z } from '@inv/shared/core';
import { loadConfig } from '@inv/shared/config';
import express from 'express';
import { Pool } from 'pg';

const env = loadConfig(
  z.object({
    DATABASE_URL: z.string().url(),
    BASELINE_PORT: z.coerce.number().int().min(1).max(65535),
    BASELINE_TLS_CERT: z.string().min(1),
    BASELINE_TLS_KEY: z.string().min(1),
  }),
);
const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10, application_name: 'baseline server' });
const app = express();

app.get('/items/info', async (req, res) => {
  const { rows } = await pool.query(
    `SELECT i.*, s.name AS supplier_name, s.email AS supplier_email, s.phone AS supplier_phone,
            COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY it.position)
                        FROM catalog.item_tags it JOIN catalog.tags t ON t.id = it.tag_id WHERE it.item_id = i.id), '[]'::json) AS tags
       FROM catalog.items i LEFT JOIN catalog.suppliers s ON s.id = i.supplier_id
      WHERE i.workspace_id = $1 AND i.id = $2`,
    [req.query.workspaceId, req.query.itemId],
  );
  if (rows.length === 0) res.status(404).json({ error: { code: 'not_found', message: 'Item not found.' } });
  else res.json(rows[0]);
});
// A failure (e.g. no free database connection) is a 500 the bench counts, not a stack trace on its output.
app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  res.status(500).json({ error: { code: 'internal_server_error', message: err.message } });
});

const server = https.createServer({ cert: fs.readFileSync(env.BASELINE_TLS_CERT), key: fs.readFileSync(env.BASELINE_TLS_KEY) }, app);
server.listen(env.BASELINE_PORT, '127.0.0.1', () => process.send?.('ready'));

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
