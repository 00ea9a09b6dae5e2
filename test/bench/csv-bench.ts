import fs from 'node:fs';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { BenchConfig } from './bench-config';
import type { BenchStack } from './bench-stack';
import { newWorkspace, type BenchWorkspace } from './gateway-client';
import { log } from './load';
import { type Outcome, ratioOf } from './report';

/**
 * (i) Issue 30, CSV: 100,000 item rows imported (a dry run, then the import) against the same
 * rows created through POST /items/bulk in batches of 100, in rows per second; and an export of
 * 1,000,000 movements, in rows per second with the peak RSS of the process that streams it (the
 * stock service) against its 150 MB bound.
 */
const IMPORT_ROWS = 100_000;
const BULK_BATCH = 100;
const EXPORT_MOVEMENTS = 1_000_000;
const EXPORT_RSS_BOUND_MB = 150;

export async function csvScenario(stack: BenchStack, config: BenchConfig): Promise<Outcome> {
  void config;
  const failedChecks: string[] = [];
  // The export first: the stock service's memory then owes nothing to the 100,000 item events the imports make it apply.
  await stack.quiesce();
  const exporter = await newWorkspace(stack, 'bench-i-export');
  const seeded = await seedMovements(stack, exporter, EXPORT_MOVEMENTS);
  log(`(i) seeded ${seeded.movements} movements in ${(seeded.ms / 1000).toFixed(1)} s`);
  // A fresh process: what it holds then is the export's, not what earlier scenarios left in its heap.
  await stack.restartStock?.();
  const stockPid = [...stack.processNames()].find(([, name]) => name === 'stock')?.[0];
  if (stockPid === undefined) throw new Error('(i) the stock process is not running');
  const exported = await streamExport(stack, exporter, stockPid);
  log(`(i) export of ${exported.rows} movements: ${(exported.ms / 1000).toFixed(1)} s, ${Math.round(exported.rows / (exported.ms / 1000))} rows/s, the stock service's RSS ${exported.rssBeforeMb.toFixed(0)} MB before, peak ${exported.peakRssMb.toFixed(0)} MB`);
  if (exported.rows !== EXPORT_MOVEMENTS) failedChecks.push(`(i) the export had ${exported.rows} rows, not ${EXPORT_MOVEMENTS}`);

  const importer = await newWorkspace(stack, 'bench-i-import');
  const bulk = await newWorkspace(stack, 'bench-i-bulk');
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({ sku: `I-${i}`, description: `Imported item ${i}` }));
  const file = `sku,description\n${rows.map((r) => `${r.sku},${r.description}`).join('\n')}\n`;

  await stack.quiesce();
  const dry = await timedImport(stack, importer, file, true);
  const applied = await timedImport(stack, importer, file, false);
  const importSeconds = (dry.ms + applied.ms) / 1000;
  log(`(i) import of ${IMPORT_ROWS} item rows: dry run ${(dry.ms / 1000).toFixed(1)} s (${dry.job.status}), import ${(applied.ms / 1000).toFixed(1)} s (${applied.job.status}, ${applied.job.rows.applied} applied)`);
  if (dry.job.status !== 'completed' || dry.job.errorCount !== 0) failedChecks.push(`(i) the dry run ended ${dry.job.status} with ${dry.job.errorCount} errors`);
  if (applied.job.status !== 'completed' || applied.job.rows.applied !== IMPORT_ROWS) failedChecks.push(`(i) the import ended ${applied.job.status}, ${applied.job.rows.applied} rows applied`);

  await stack.quiesce();
  const bulkStarted = performance.now();
  for (let i = 0; i < IMPORT_ROWS; i += BULK_BATCH) await bulk.client.expect(201, 'POST', '/items/bulk', { body: rows.slice(i, i + BULK_BATCH) });
  const bulkSeconds = (performance.now() - bulkStarted) / 1000;
  log(`(i) the same rows through POST /items/bulk (${IMPORT_ROWS / BULK_BATCH} sequential calls of ${BULK_BATCH}): ${bulkSeconds.toFixed(1)} s`);

  return {
    ratios: [
      ratioOf('i', `item rows/s: CSV import of ${IMPORT_ROWS} (dry run, then import) vs POST /items/bulk in batches of ${BULK_BATCH}`, 'rows/s', IMPORT_ROWS / importSeconds, IMPORT_ROWS / bulkSeconds, { atLeast: 1 }),
      ratioOf('i', `peak RSS of the stock service streaming ${EXPORT_MOVEMENTS} movements as CSV (${Math.round(exported.rows / (exported.ms / 1000))} rows/s) vs its ${EXPORT_RSS_BOUND_MB} MB bound`, 'MB', exported.peakRssMb, EXPORT_RSS_BOUND_MB, { atMost: 1 }),
      ratioOf('i', 'RSS of the stock service at the peak of the export vs just before it (constant memory: ~1)', 'MB', exported.peakRssMb, exported.rssBeforeMb, undefined),
    ],
    failedChecks,
  };
}

/** An import from upload to its end, timed; answers the job as it ended. */
export async function timedImport(stack: BenchStack, ws: BenchWorkspace, file: string, dryRun: boolean, kind = 'items'): Promise<{ ms: number; job: any }> {
  const started = performance.now();
  const sent = await upload(stack, ws, file, dryRun, kind);
  for (;;) {
    const res = await ws.client.expect(200, 'GET', `/imports/${sent.id}`);
    if (res.body.status === 'completed' || res.body.status === 'failed') return { ms: performance.now() - started, job: res.body };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST /imports of a CSV file through the gateway; answers the job as accepted (202). */
export function upload(stack: BenchStack, ws: BenchWorkspace, file: string, dryRun: boolean, kind = 'items'): Promise<{ id: string }> {
  const url = new URL(ws.client.pathOf('/imports', { kind, ...(dryRun ? { dryRun: true } : {}) }), stack.gatewayUrl);
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'POST', ca: stack.tls.ca, headers: { authorization: ws.client.authorization, 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(file)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (res.statusCode !== 202) reject(new Error(`POST /imports answered ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`));
        else resolve(body);
      });
    });
    req.on('error', reject);
    req.end(file);
  });
}

/** Receipts written by SQL into the stock service's ledger (10 items at the default location), as the scale bench seeds its rows. */
async function seedMovements(stack: BenchStack, ws: BenchWorkspace, count: number): Promise<{ movements: number; ms: number }> {
  const started = performance.now();
  await stack.db.query(
    `INSERT INTO stock.items (workspace_id, id, sku, description, track_stock, confirmed, version)
     SELECT $1, md5($1 || ':export-item:' || n)::uuid, 'EXP-' || n, 'Exported item ' || n, true, true, 1 FROM generate_series(0, 9) AS n
     ON CONFLICT DO NOTHING`,
    [ws.id],
  );
  await stack.db.query(
    `INSERT INTO stock.balances (workspace_id, item_id, location_id, on_hand, updated_at)
     SELECT $1, md5($1 || ':export-item:' || n)::uuid, $2::uuid, $3::numeric / 10, now() FROM generate_series(0, 9) AS n`,
    [ws.id, ws.defaultLocationId, count],
  );
  await stack.db.query(
    `INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, reason, reference, note, created_at)
     SELECT md5($1 || ':export-movement:' || n)::uuid, $1, md5($1 || ':export-item:' || (n % 10))::uuid, $2::uuid, 'receipt', 1, n / 10 + 1, $3, 'received', 'PO-' || n, '', now() - (($4 - n) * interval '1 millisecond')
       FROM generate_series(0, $4 - 1) AS n`,
    [ws.id, ws.defaultLocationId, ws.ownerUserId, count],
  );
  await stack.db.query('VACUUM ANALYZE stock.movements');
  return { movements: count, ms: performance.now() - started };
}

/** GET /exports/movements through the gateway, reading the stream as a client would, while the stock process's RSS is sampled. */
async function streamExport(stack: BenchStack, ws: BenchWorkspace, stockPid: number): Promise<{ rows: number; ms: number; peakRssMb: number; rssBeforeMb: number }> {
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${stockPid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const rssBeforeMb = rss();
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rss())), 50);
  const started = performance.now();
  try {
    const rows = await new Promise<number>((resolve, reject) => {
      const url = new URL(ws.client.pathOf('/exports/movements'), stack.gatewayUrl);
      https
        .get(url, { ca: stack.tls.ca, headers: { authorization: ws.client.authorization } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`GET /exports/movements answered ${res.statusCode}`));
          let lines = 0;
          res.on('data', (c: Buffer) => {
            for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines += 1;
          });
          res.on('end', () => resolve(lines - 1));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    return { rows, ms: performance.now() - started, peakRssMb: Math.max(peakRssMb, rss()), rssBeforeMb };
  } finally {
    clearInterval(sampler);
  }
}
