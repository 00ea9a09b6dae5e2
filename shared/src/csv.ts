import { parse } from 'csv-parse/sync';
import { BadRequest } from './errors';

/**
 * CSV files as users move them in and out of spreadsheets (docs/csv.md): UTF-8 with or without a
 * byte-order mark, comma or semicolon separated, RFC 4180 quoting with embedded newlines. Parsing
 * is csv-parse's (a well-kept library: no hand-written parser); what is decided here is only what
 * a file must be to be read at all, and how a cell goes out so that a spreadsheet never runs it.
 */

const BOM = '\uFEFF';

/**
 * The file's text: strict UTF-8 (a byte sequence that is not UTF-8, e.g. a Latin-1 export, is
 * refused rather than read as replacement characters), its byte-order mark dropped.
 * @throws BadRequest naming the body.
 */
export function csvText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequest('The file is not UTF-8 text; save it as "CSV UTF-8" (Excel) or UTF-8 and send it again.', 'body');
  }
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** The separator a file uses: a semicolon when its header line has more of them than commas (outside quotes), else a comma. */
export function csvDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A parsed file: its header names as given, and each data row's cells by column index, numbered as a spreadsheet shows them (header = row 1). */
export interface CsvTable {
  header: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/**
 * Parses the whole file. Blank lines are skipped (a trailing newline is common); every row must
 * have the header's number of cells.
 * @throws BadRequest for a file that is not CSV (unclosed quote, a row of another width), naming
 * the spreadsheet row where it breaks.
 */
export function parseCsv(text: string): CsvTable {
  let records: string[][];
  try {
    records = parse(text, { delimiter: csvDelimiter(text), skip_empty_lines: true, relax_column_count: false, trim: false }) as string[][];
  } catch (err) {
    const e = err as { message: string; records?: number };
    const row = e.records === undefined ? undefined : e.records + 2;
    throw new BadRequest(`The file is not valid CSV${row === undefined ? '' : ` at row ${row}`}: ${e.message.replace(/^Invalid \w+ Length: /, '')}`, 'body');
  }
  const [header, ...data] = records;
  if (!header || header.every((h) => h.trim() === '')) throw new BadRequest('The file is empty: its first row must name the columns.', 'body');
  return { header: header.map((h) => h.trim()), rows: data.map((cells, i) => ({ row: i + 2, cells })) };
}

/** Characters a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as it goes out: one that a spreadsheet would run as a formula (starting with =, +,
 * -, @, a tab or a carriage return) is prefixed with a single quote, which spreadsheets show as
 * text and do not evaluate. Numbers are written as numbers, never passed through this.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** What a file starts with for Excel to read it as UTF-8 (the `bom=true` option of exports). */
export const UTF8_BOM = BOM;

/**
 * A number as a spreadsheet writes it in a cell: optional sign, digits, and a decimal point or a
 * decimal comma (semicolon-separated files from European spreadsheets use one); no thousands
 * separators, no exponent. Undefined when the cell is not such a number.
 */
export function csvNumber(cell: string): number | undefined {
  const text = cell.trim();
  if (!/^[-+]?\d+([.,]\d+)?$/.test(text)) return undefined;
  return Number(text.replace(',', '.'));
}

/** A yes/no cell: true, false, yes, no, 1, 0 (any case). Undefined otherwise. */
export function csvBoolean(cell: string): boolean | undefined {
  const text = cell.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  return undefined;
}
