import { type EntityId, unitKey } from '@inv/shared/core';
import { boundedCountSql, keysetPage, type PageRequest } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import type { SerialStatus } from '../domain/units';
import type { ReadableLocations } from './ledger-repository';

type Db = Pool | PoolClient;

export interface SerialFilter {
  itemIds?: string[];
  locationIds?: string[];
  statuses?: SerialStatus[];
  /** A scan: the serial as typed or read, compared ignoring case and surrounding spaces, across items. */
  serial?: string;
  readable: ReadableLocations;
}

export interface SerialRow {
  item_id: EntityId;
  sku: string | null;
  serial: string;
  serial_key: string;
  status: SerialStatus;
  location_id: EntityId;
  location_name: string | null;
  job_id: EntityId | null;
  held_by: EntityId | null;
  received_at: Date;
  last_moved_at: Date;
}

/** The page key of a serial: its item and its key. */
export type SerialKey = [string, string];

/**
 * Serials of the workspace by item, then serial (its key), one page, the key after which the next
 * page starts, and the total (bounded) unless the page is asked by key; each with its item's SKU
 * and its location's name from the copies. A scan (`serial`) is one probe of serials_key.
 */
export async function listSerials(db: Db, workspaceId: string, f: SerialFilter, page: PageRequest<SerialKey>): Promise<{ rows: SerialRow[]; next?: SerialKey; total?: number }> {
  const w = new SqlConditions().add((p) => `s.workspace_id = ${p}`, workspaceId);
  if (f.serial !== undefined) w.add((p) => `s.serial_key = ${p}`, unitKey(f.serial));
  if (f.itemIds) w.add((p) => `s.item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `s.location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.statuses) w.add((p) => `s.status = ANY(${p}::text[])`, f.statuses);
  if (f.readable) w.add((p) => `s.location_id = ANY(${p}::uuid[])`, f.readable);
  const after = page.after ? ` AND (s.item_id, s.serial_key) > ($${w.params.length + 1}::uuid, $${w.params.length + 2}::text)` : '';
  const [list, count] = await Promise.all([
    db.query<SerialRow>(
      `SELECT s.item_id, i.sku, s.serial, s.serial_key, s.status, s.location_id, l.name AS location_name, s.job_id, s.held_by, s.received_at, s.last_moved_at
         FROM (SELECT * FROM serials s WHERE ${w.sql}${after} ORDER BY s.item_id, s.serial_key LIMIT ${page.limit + 1} OFFSET ${page.offset}) s
         LEFT JOIN items i ON i.workspace_id = s.workspace_id AND i.id = s.item_id
         LEFT JOIN locations l ON l.workspace_id = s.workspace_id AND l.id = s.location_id
        ORDER BY s.item_id, s.serial_key`,
      page.after ? [...w.params, ...page.after] : w.params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM serials s WHERE ${w.sql}`, 's.item_id, s.serial_key'), w.params),
  ]);
  return keysetPage(list.rows, page.limit, (last): SerialKey => [last.item_id, last.serial_key], count);
}

export interface LotFilter {
  itemIds?: string[];
  locationIds?: string[];
  /** Lots expiring before this day (YYYY-MM-DD); lots without an expiry never match. */
  expiringBefore?: string;
  readable: ReadableLocations;
}

export interface LotRow {
  item_id: EntityId;
  sku: string | null;
  lot: string;
  lot_key: string;
  location_id: EntityId;
  location_name: string | null;
  on_hand: string;
  reserved: string;
  expires_on: string | null;
}

/** The page key of a lot at a location: its expiry ('' for none: last), its key, its item and location. */
export type LotPageKey = [string, string, string, string];

/**
 * The lots on hand or reserved at each location (a lot's stock there at 0 is left out), ordered by
 * expiry (none last), then lot, item and location; one page as serials are.
 */
export async function listLots(db: Db, workspaceId: string, f: LotFilter, page: PageRequest<LotPageKey>): Promise<{ rows: LotRow[]; next?: LotPageKey; total?: number }> {
  const w = new SqlConditions().add((p) => `b.workspace_id = ${p}`, workspaceId).raw('b.on_hand > 0');
  if (f.itemIds) w.add((p) => `b.item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `b.location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.expiringBefore) w.add((p) => `x.expires_on < ${p}::date`, f.expiringBefore);
  if (f.readable) w.add((p) => `b.location_id = ANY(${p}::uuid[])`, f.readable);
  const order = "coalesce(x.expires_on::text, '~'), b.lot_key, b.item_id, b.location_id";
  const after = page.after
    ? ` AND (coalesce(x.expires_on::text, '~'), b.lot_key, b.item_id, b.location_id) > ($${w.params.length + 1}::text, $${w.params.length + 2}::text, $${w.params.length + 3}::uuid, $${w.params.length + 4}::uuid)`
    : '';
  const from = `FROM lot_balances b JOIN lots x ON x.workspace_id = b.workspace_id AND x.item_id = b.item_id AND x.lot_key = b.lot_key WHERE ${w.sql}`;
  const [list, count] = await Promise.all([
    db.query<LotRow & { expiry_key: string }>(
      `SELECT b.item_id, i.sku, x.lot, b.lot_key, b.location_id, l.name AS location_name, b.on_hand::text, b.reserved::text, x.expires_on::text, coalesce(x.expires_on::text, '~') AS expiry_key
         ${from.replace('WHERE', `LEFT JOIN items i ON i.workspace_id = b.workspace_id AND i.id = b.item_id LEFT JOIN locations l ON l.workspace_id = b.workspace_id AND l.id = b.location_id WHERE`)}${after}
        ORDER BY ${order} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...w.params, ...page.after] : w.params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(from, order), w.params),
  ]);
  return keysetPage(list.rows, page.limit, (last): LotPageKey => [last.expiry_key, last.lot_key, last.item_id, last.location_id], count);
}
