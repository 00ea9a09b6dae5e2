import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Client, type Pool } from 'pg';
import QueryStream from 'pg-query-stream';
import { spreadsheetSafe, UTF8_BOM } from '../csv';
import { PastCapacity } from '../errors';

/** One column of an export: its header, and its cell of a row (text is made spreadsheet-safe; numbers and booleans are written as they are). */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | boolean | null;
}

/** Exports one process streams at once: each holds a connection of its pool for as long as its client reads. */
const MAX_EXPORTS_PER_PROCESS = 2;
/** Rows read from PostgreSQL at a time: the memory an export holds, whatever its size. */
const ROWS_PER_READ = 500;
/** How long one export may stream (a cursor open that long is a client that stopped reading). */
const EXPORT_TIMEOUT = '30min';

let streaming = 0;

/**
 * Streams the rows of `sql` as a CSV file (docs/csv.md) from a cursor: ROWS_PER_READ rows at a
 * time, each written once the client has taken the previous ones (backpressure), so a file of a
 * million rows holds the memory of a few hundred. Text cells are spreadsheet-safe (a leading = +
 * - @ tab or CR is neutralised, OWASP CSV injection); `bom` starts the file with a UTF-8 byte
 * order mark for Excel. The query runs in a read-only transaction of its own with a statement
 * timeout long enough for a large file, on a connection of its own (the pools run in pipeline
 * mode, which has no cursors), opened with the pool's settings. Failing before the first row is
 * an envelope; after it, the connection is cut (a CSV has no place for an error).
 * @throws PastCapacity (the retryable 429 of a process at its capacity, Retry-After 1 s: see
 * docs/overload.md) when this process already streams MAX_EXPORTS_PER_PROCESS exports: a limit
 * of the process, not of the caller's key, and nothing was started.
 */
export async function streamCsv<Row>(res: Response, options: { pool: Pool; sql: string; params: unknown[]; columns: ReadonlyArray<CsvColumn<Row>>; filename: string; bom: boolean }): Promise<void> {
  if (streaming >= MAX_EXPORTS_PER_PROCESS) throw new PastCapacity(`The service (${MAX_EXPORTS_PER_PROCESS} exports already streaming)`);
  streaming += 1;
  // No client-side query timeout (the pool's bounds one statement; this one is a cursor read for as long as the file takes).
  const client = new Client({ ...(options.pool as unknown as { options: object }).options, pipeline: false, query_timeout: undefined } as never);
  // A connection that fails while it streams must not crash the process (node-postgres#1707).
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = '${EXPORT_TIMEOUT}'; SET LOCAL idle_in_transaction_session_timeout = '${EXPORT_TIMEOUT}'`);
    const rows = client.query(new QueryStream(options.sql, options.params, { batchSize: ROWS_PER_READ, highWaterMark: ROWS_PER_READ }));
    const reading = rows[Symbol.asyncIterator]() as AsyncIterator<Row>;
    // The first row, before anything is sent: a query that fails is still an envelope.
    const first = await reading.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${options.filename}"`);
    if (options.bom) res.write(UTF8_BOM);
    const { columns } = options;
    await pipeline(
      async function* () {
        for (let next = first; !next.done; next = await reading.next()) {
          yield columns.map((c) => {
            const value = c.cell(next.value);
            return typeof value === 'string' ? spreadsheetSafe(value) : value;
          });
        }
      },
      stringify({ header: true, columns: columns.map((c) => c.header), cast: { boolean: (value) => (value ? 'true' : 'false') } }),
      res,
    );
    await client.query('COMMIT');
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy(err as Error);
  } finally {
    await client.end().catch(() => undefined);
    streaming -= 1;
  }
}
