import { csvBoolean, csvNumber, describeIssue, type ImportRowError, type Tracking, type z } from '@inv/shared/core';
import { CreateItemFields } from './item-schemas';
import { CreateSupplierBody } from './supplier-routes';
import { CreateTagBody } from './tag-routes';

/**
 * A row of an items file (docs/csv.md) read by the schemas POST /items reads the same fields
 * with, so a cell is refused for the same reason, in the same words, as the field in a request.
 * An empty cell is "not given": the API's default on create, unchanged on upsert.
 */

/** The item fields a row may give, as POST /items and PATCH /items take them. */
export interface ItemFields {
  description?: string;
  externalId?: string;
  cost?: number;
  sellPrice?: number;
  trackStock?: boolean;
  tracking?: Tracking;
  lowStockThreshold?: number;
}

export interface ItemImportRow {
  row: number;
  sku: string;
  fields: ItemFields;
  /** Tag names (`;`-separated in the cell); tags that do not exist yet are created with the import. */
  tagNames?: string[];
  /** A supplier's name; created with the import when the workspace has none of that name. */
  supplierName?: string;
  /** Opening stock: a location's name or id, and the quantity. */
  locationRef?: string;
  quantity?: number;
  /** The units of the opening stock: serials (separated by spaces in the cell), or a lot and its expiry. */
  units: { serials?: string[]; lot?: string; expiresOn?: string };
}

const shape = CreateItemFields.shape;

/**
 * A cell the API's own schema refused, in the API's words (named by the column, or by the field a
 * schema of several cells blames) ("cost must be at least 0."); `within`: the cell holds a list,
 * and the element to blame is named after the column ("serials[2] …").
 */
function refusal(row: number, column: string, error: z.ZodError, within = false): ImportRowError {
  const issue = error.issues[0];
  return { row, column, code: 'invalid_value', message: issue ? `${describeIssue(issue, undefined, issue.path.length === 0 || within ? [column] : [])}.` : `${column} is not valid.` };
}

/** Reads one row's cells (by canonical column); answers the row, or every error it has. */
export function itemImportRow(row: number, cells: Readonly<Record<string, string>>): { item?: ItemImportRow; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const text = <T>(column: string, schema: z.ZodType<T>): T | undefined => {
    const cell = cells[column];
    if (cell === undefined) return undefined;
    const parsed = schema.safeParse(cell);
    if (parsed.success) return parsed.data;
    errors.push(refusal(row, column, parsed.error));
    return undefined;
  };
  const number = (column: string, schema: z.ZodType<number | null | undefined>): number | undefined => {
    const cell = cells[column];
    if (cell === undefined) return undefined;
    const value = csvNumber(cell);
    if (value === undefined) {
      errors.push({ row, column, code: 'invalid_number', message: `${column} must be a number, not "${cell}".` });
      return undefined;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return value;
    errors.push(refusal(row, column, parsed.error));
    return undefined;
  };

  const sku = cells.sku === undefined ? undefined : text('sku', shape.sku);
  if (cells.sku === undefined) errors.push({ row, column: 'sku', code: 'required', message: 'sku is required.' });
  const fields: ItemFields = {};
  const description = text('description', shape.description.unwrap());
  if (description !== undefined) fields.description = description;
  const externalId = text('externalId', shape.externalId.unwrap().unwrap());
  if (externalId !== undefined) fields.externalId = externalId;
  const cost = number('cost', shape.cost);
  if (cost !== undefined) fields.cost = cost;
  const sellPrice = number('sellPrice', shape.sellPrice);
  if (sellPrice !== undefined) fields.sellPrice = sellPrice;
  const threshold = number('lowStockThreshold', shape.lowStockThreshold);
  if (threshold !== undefined) fields.lowStockThreshold = threshold;
  const tracking = text('tracking', shape.tracking.unwrap());
  if (tracking !== undefined) fields.tracking = tracking;
  if (cells.trackStock !== undefined) {
    const trackStock = csvBoolean(cells.trackStock);
    if (trackStock === undefined) errors.push({ row, column: 'trackStock', code: 'invalid_boolean', message: `trackStock must be true or false (yes/no and 1/0 are read too), not "${cells.trackStock}".` });
    else fields.trackStock = trackStock;
  }
  let tagNames: string[] | undefined;
  if (cells.tags !== undefined) {
    const parsed = shape.tagNames.unwrap().pipe(CreateTagBody.shape.name.array()).safeParse(tagNamesOf(cells.tags));
    if (parsed.success) tagNames = parsed.data;
    else errors.push(refusal(row, 'tags', parsed.error));
  }
  const supplierName = text('supplier', CreateSupplierBody.shape.name);
  const quantity = number('quantity', shape.quantity);
  const locationRef = cells.location?.trim();
  const units: ItemImportRow['units'] = {};
  if (cells.serials !== undefined) {
    const parsed = shape.serials.unwrap().safeParse(serialsOf(cells.serials));
    if (parsed.success) units.serials = parsed.data;
    else errors.push(refusal(row, 'serials', parsed.error, true));
  }
  const lot = text('lot', shape.lot.unwrap());
  if (lot !== undefined) units.lot = lot;
  const expiresOn = text('expiresOn', shape.expiresOn.unwrap());
  if (expiresOn !== undefined) units.expiresOn = expiresOn;
  if (quantity !== undefined && quantity > 0 && fields.trackStock === false) {
    errors.push({ row, column: 'quantity', code: 'catalog_only', message: 'quantity must be 0 for a catalog-only item (trackStock false): it holds no stock.' });
  }
  if (errors.length > 0 || sku === undefined) return { errors };
  return { item: { row, sku, fields, tagNames, supplierName, locationRef, quantity, units }, errors };
}

/** The serial numbers of a `serials` cell: separated by spaces (or any whitespace, line breaks included). */
export function serialsOf(cell: string): string[] {
  return cell.split(/\s+/).filter((serial) => serial !== '');
}

/** The tag names of a `tags` cell: `;`-separated, trimmed, empty ones dropped, each once (ignoring case). */
export function tagNamesOf(cell: string): string[] {
  const seen = new Set<string>();
  return cell
    .split(';')
    .map((n) => n.trim())
    .filter((n) => n !== '' && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}
