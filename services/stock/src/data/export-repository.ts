import { SqlConditions } from '@inv/shared/db';
import type { ReadableLocations } from './ledger-repository';
import { valuationQuery, type ValuationFilter, type ValuationRecord } from './valuation-repository';

/** The query of a CSV export (streamed by the route from a cursor). */
export interface ExportQuery {
  sql: string;
  params: unknown[];
}

export interface BalanceExportRow {
  location_id: string;
  location: string | null;
  item_id: string;
  sku: string | null;
  description: string | null;
  on_hand: string;
  reserved: string;
}

/** Every balance of the workspace (of the readable locations), by location name then SKU; names and SKUs from the copies. */
export function balancesExport(workspaceId: string, readable: ReadableLocations): ExportQuery {
  const w = new SqlConditions().add((p) => `b.workspace_id = ${p}`, workspaceId);
  if (readable) w.add((p) => `b.location_id = ANY(${p}::uuid[])`, readable);
  return {
    sql: `SELECT b.location_id, l.name AS location, b.item_id, i.sku, i.description, b.on_hand::text, b.reserved::text
            FROM balances b LEFT JOIN locations l ON l.workspace_id = b.workspace_id AND l.id = b.location_id
            LEFT JOIN items i ON i.workspace_id = b.workspace_id AND i.id = b.item_id
           WHERE ${w.sql} ORDER BY l.name, i.sku, b.location_id, b.item_id`,
    params: w.params,
  };
}

export interface MovementExportRow {
  created_at: Date;
  id: string;
  type: string;
  reason: string | null;
  location_id: string;
  location: string | null;
  item_id: string;
  sku: string | null;
  quantity: string;
  balance_after: string;
  transfer_id: string | null;
  job_id: string | null;
  reference: string;
  note: string;
  user_id: string;
  unit_cost: string | null;
  purchase_order_id: string | null;
  receipt_id: string | null;
  serials: string[] | null;
  lot: string | null;
}

/** The movements of the workspace (of the readable locations), in the order they were written, filtered. */
export function movementsExport(workspaceId: string, readable: ReadableLocations, filter: { from?: string; to?: string; locationId?: string; itemId?: string }): ExportQuery {
  const w = new SqlConditions().add((p) => `m.workspace_id = ${p}`, workspaceId);
  if (readable) w.add((p) => `m.location_id = ANY(${p}::uuid[])`, readable);
  if (filter.from) w.add((p) => `m.created_at >= ${p}::timestamptz`, filter.from);
  if (filter.to) w.add((p) => `m.created_at < ${p}::timestamptz`, filter.to);
  if (filter.locationId) w.add((p) => `m.location_id = ${p}`, filter.locationId);
  if (filter.itemId) w.add((p) => `m.item_id = ${p}`, filter.itemId);
  return {
    sql: `SELECT m.created_at, m.id, m.type, m.reason, m.location_id, l.name AS location, m.item_id, i.sku, m.quantity::text, m.balance_after::text,
                 m.transfer_id, m.job_id, m.reference, m.note, m.user_id, m.unit_cost::text, m.purchase_order_id, m.receipt_id, m.serials, m.lot
            FROM movements m LEFT JOIN locations l ON l.workspace_id = m.workspace_id AND l.id = m.location_id
            LEFT JOIN items i ON i.workspace_id = m.workspace_id AND i.id = m.item_id
           WHERE ${w.sql} ORDER BY m.seq`,
    params: w.params,
  };
}

export type ValuationExportRow = ValuationRecord;

/** The valuation's rows (valuation-repository.ts), now or at asOf, by item then location. */
export function valuationExport(workspaceId: string, filter: ValuationFilter): ExportQuery {
  return valuationQuery(workspaceId, filter);
}
