import { Actor, ApiId, ApiTimestamp, type ImportRowError, z } from '@inv/shared/core';

/**
 * CSV imports (issue 30, docs/csv.md): what a job is, the columns of each kind, and how a file's
 * header is read. Pure.
 */

export const IMPORT_KINDS = ['items', 'stock-counts', 'par-levels'] as const;
export const ImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKind>;

export const IMPORT_STATUSES = ['queued', 'validating', 'applying', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_MODES = ['create', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** How many of a job's errors its representation shows; GET /imports/{id}/errors pages them all. */
export const ERRORS_SHOWN = 100;

export const ImportError = z
  .object({
    row: z.number().int().openapi({ description: 'The row as a spreadsheet numbers it: the header is row 1, the first data row 2', example: 7 }),
    column: z.string().nullable().openapi({ description: 'The column to blame (as the file names it), null when it is the row as a whole', example: 'quantity' }),
    code: z.string().openapi({ description: 'What is wrong, e.g. invalid_number, unknown_location, sku_taken, duplicate_sku, unknown_column', example: 'invalid_number' }),
    message: z.string().openapi({ example: 'quantity must be a number, not "ten".' }),
  })
  .openapi('ImportError');

export const Import = z
  .object({
    id: ApiId,
    kind: ImportKind,
    mode: z.enum(IMPORT_MODES).openapi({ description: 'items: create (an existing SKU is a row error) or upsert (update by SKU); create for the other kinds' }),
    dryRun: z.boolean(),
    status: z.enum(IMPORT_STATUSES).openapi({
      description: 'queued → validating → applying → completed, or failed. A dry run ends completed after validating, listing every error; an import with any invalid row ends failed and applies nothing',
    }),
    rows: z.object({
      total: z.number().int(),
      valid: z.number().int(),
      invalid: z.number().int(),
      applied: z.number().int().openapi({ description: 'All rows or none: the total once completed (0 for a dry run)' }),
    }),
    errors: z.array(ImportError).openapi({ description: `The first ${ERRORS_SHOWN} errors by row; GET /imports/{id}/errors pages every one` }),
    errorCount: z.number().int(),
    failure: z.string().nullable().openapi({ description: 'Why the whole import failed when no row is to blame (a plan limit, a change made meanwhile); null otherwise' }),
    createdAt: ApiTimestamp,
    completedAt: ApiTimestamp.nullable(),
    createdBy: Actor,
  })
  .openapi('Import', { description: 'A CSV import job.' });
export type Import = z.infer<typeof Import>;

/** One column a kind reads: its canonical name (headers match it ignoring case and surrounding spaces) and whether every file must have it. */
interface Column {
  name: string;
  required: boolean;
}

const col = (name: string, required = false): Column => ({ name, required });

export const IMPORT_COLUMNS: Record<ImportKind, readonly Column[]> = {
  items: [
    col('sku', true),
    col('description'),
    col('tags'),
    col('supplier'),
    col('lowStockThreshold'),
    col('trackStock'),
    col('externalId'),
    col('cost'),
    col('sellPrice'),
    col('tracking'),
    col('location'),
    col('quantity'),
    col('serials'),
    col('lot'),
    col('expiresOn'),
  ],
  'stock-counts': [col('location', true), col('sku', true), col('counted', true), col('reason'), col('serials'), col('lot')],
  'par-levels': [col('location', true), col('sku', true), col('minimum', true), col('target')],
};

/** A file's header read for a kind: each canonical column's index in the rows, or the header's errors (all of them). */
export function readHeader(kind: ImportKind, header: readonly string[]): { columns: Map<string, number>; errors: ImportRowError[] } {
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [c.name.toLowerCase(), c]));
  const columns = new Map<string, number>();
  const errors: ImportRowError[] = [];
  header.forEach((given, index) => {
    const column = known.get(given.trim().toLowerCase());
    if (!column) {
      const names = IMPORT_COLUMNS[kind].map((c) => c.name).join(', ');
      errors.push({ row: 1, column: given, code: 'unknown_column', message: `"${given}" is not a column of ${kind} files; the columns are ${names}.` });
    } else if (columns.has(column.name)) {
      errors.push({ row: 1, column: given, code: 'duplicate_column', message: `"${given}" is given twice; give each column once.` });
    } else columns.set(column.name, index);
  });
  for (const column of IMPORT_COLUMNS[kind]) {
    if (column.required && !columns.has(column.name)) errors.push({ row: 1, column: column.name, code: 'missing_column', message: `A ${kind} file needs a "${column.name}" column.` });
  }
  return { columns, errors };
}

/** A data row's cells by canonical column, empty cells left out ("not given"). */
export function rowCells(columns: ReadonlyMap<string, number>, cells: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, index] of columns) {
    const cell = cells[index];
    if (cell !== undefined && cell.trim() !== '') out[name] = cell;
  }
  return out;
}

/** Errors by row, then by the order they were found. */
export function sortErrors(errors: ImportRowError[]): ImportRowError[] {
  return errors.map((e, i) => ({ e, i })).sort((a, b) => a.e.row - b.e.row || a.i - b.i).map(({ e }) => e);
}
