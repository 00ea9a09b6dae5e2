import { csvNumber, describeIssue, type ImportRowError, LotCode, SerialNumbers, z } from '@inv/shared/core';
import { balanceKey } from './ledger-plan';
import { type ParAmounts, parAmountsOf, SetParLevelBody } from './par-levels';
import { NonNegativeQuantity, toUnits, type Units } from './quantity';
import { ManualMovementReason } from './stock-records';
import { hasLot, identityOf, type UnitIdentity } from './units';

/**
 * The rows of a CSV import of stock as the stock service reads them (docs/csv.md): each cell
 * checked by the schema the API checks the same field with, so a file and a request are refused
 * for the same reasons, in the same words. Pure: the use case (use-cases/apply-import.ts) decides
 * the rest under the ledger's locks, by the stock policy.
 */

export interface ImportRowInput {
  row: number;
  itemId: string;
  locationId: string;
  cells: Record<string, string>;
}

/** A physical count, as POST /inventory/movements {type: count} records it (with reason count unless the file says otherwise), with the serials counted or the lot (one row per lot). */
export interface CountRow {
  row: number;
  itemId: string;
  locationId: string;
  counted: Units;
  reason: ManualMovementReason;
  units?: UnitIdentity;
}

export interface ParLevelRow extends ParAmounts {
  row: number;
  itemId: string;
  locationId: string;
}

/** A cell the API's own schema refused, in the API's words (named by the column, or by the field a schema of several cells blames) ("counted must be at least 0."). */
function fieldError(row: number, column: string, error: z.ZodError): ImportRowError {
  const issue = error.issues[0];
  return { row, column, code: 'invalid_value', message: issue ? `${describeIssue(issue, undefined, issue.path.length === 0 ? [column] : [])}.` : `${column} is not valid.` };
}

/** A number cell through the API's schema for the field: a cell that is no number is refused as such first. */
function quantityCell(row: number, column: string, cell: string | undefined, schema: z.ZodType<number>): number | ImportRowError {
  if (cell === undefined || cell.trim() === '') return { row, column, code: 'required', message: `${column} is required.` };
  const value = csvNumber(cell);
  if (value === undefined) return { row, column, code: 'invalid_number', message: `${column} must be a number, not "${cell}".` };
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fieldError(row, column, parsed.error);
}

/** Two rows for the same item at the same location (and lot): the second is refused, naming the first. */
function duplicates<R extends { row: number; itemId: string; locationId: string; units?: UnitIdentity }>(rows: R[]): { kept: R[]; errors: ImportRowError[] } {
  const first = new Map<string, number>();
  const kept: R[] = [];
  const errors: ImportRowError[] = [];
  for (const r of rows) {
    const key = `${balanceKey({ itemId: r.itemId as never, locationId: r.locationId as never })}/${hasLot(r.units) ? r.units.lot.key : ''}`;
    const seen = first.get(key);
    if (seen !== undefined) errors.push({ row: r.row, column: null, code: 'duplicate_row', message: `The same item and location as row ${seen}; give each once.` });
    else {
      first.set(key, r.row);
      kept.push(r);
    }
  }
  return { kept, errors };
}

export function countRows(input: readonly ImportRowInput[]): { rows: CountRow[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const rows: CountRow[] = [];
  for (const { row, itemId, locationId, cells } of input) {
    const counted = quantityCell(row, 'counted', cells.counted, NonNegativeQuantity);
    const reasonCell = cells.reason?.trim();
    const reason = reasonCell ? ManualMovementReason.safeParse(reasonCell.toLowerCase()) : undefined;
    // The serials counted, separated by spaces; the lot counted (one row per lot): by the API's schemas.
    const serials = cells.serials === undefined ? undefined : SerialNumbers.safeParse(cells.serials.trim().split(/\s+/));
    const lot = cells.lot === undefined ? undefined : LotCode.safeParse(cells.lot);
    if (typeof counted !== 'number') errors.push(counted);
    if (reason && !reason.success) errors.push({ row, column: 'reason', code: 'invalid_value', message: `reason must be one of ${ManualMovementReason.options.join(', ')}, not "${reasonCell}".` });
    if (serials && !serials.success) errors.push(fieldError(row, 'serials', serials.error));
    if (lot && !lot.success) errors.push(fieldError(row, 'lot', lot.error));
    if (serials?.success && lot?.success) errors.push({ row, column: 'lot', code: 'invalid_value', message: 'A row counts serials or a lot, not both.' });
    if (typeof counted === 'number' && (!reason || reason.success) && (!serials || serials.success) && (!lot || lot.success) && !(serials && lot)) {
      const units = identityOf({ ...(serials?.success ? { serials: serials.data } : {}), ...(lot?.success ? { lot: lot.data } : {}) });
      rows.push({ row, itemId, locationId, counted: toUnits(counted), reason: reason?.data ?? 'count', ...(units ? { units } : {}) });
    }
  }
  const unique = duplicates(rows);
  return { rows: unique.kept, errors: [...errors, ...unique.errors] };
}

export function parLevelRows(input: readonly ImportRowInput[]): { rows: ParLevelRow[]; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const rows: ParLevelRow[] = [];
  for (const { row, itemId, locationId, cells } of input) {
    const minimum = quantityCell(row, 'minimum', cells.minimum, SetParLevelBody.shape.minimum);
    const target = cells.target === undefined ? undefined : quantityCell(row, 'target', cells.target, NonNegativeQuantity);
    if (typeof minimum !== 'number') errors.push(minimum);
    if (typeof target === 'object') errors.push(target);
    if (typeof minimum !== 'number' || typeof target === 'object') continue;
    // The API's rule, in its words (SetParLevelBody): a target below the minimum is refused.
    const parsed = SetParLevelBody.safeParse({ minimum, target });
    if (parsed.success) rows.push({ row, itemId, locationId, ...parAmountsOf(parsed.data) });
    else errors.push(fieldError(row, 'target', parsed.error));
  }
  const unique = duplicates(rows);
  return { rows: unique.kept, errors: [...errors, ...unique.errors] };
}
