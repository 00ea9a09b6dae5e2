import { boundedCountSql, cursorTimeSql, type LocationType, type PageRequest, type Pool, type PoolClient, SqlConditions, type TimeIdKey, type TransferStatus } from '@inv/shared';
import type { DateRange } from '../domain/intervals';
import { fromUnits, toUnits, unitsToDecimal, type Units } from '../domain/quantity';
import type { Transfer } from '../domain/stock-records';
import type { ReadableLocations } from './ledger-repository';

type Db = Pool | PoolClient;

export interface NewTransfer {
  id: string;
  fromLocationId: string;
  toLocationId: string;
  status: 'pending' | 'completed';
  note: string;
  userId: string;
  createdAt: Date;
  lines: { id: string; itemId: string; quantity: Units; note: string }[];
}

export async function insertTransfer(tx: PoolClient, workspaceId: string, t: NewTransfer): Promise<void> {
  await tx.query(
    `INSERT INTO transfers (id, workspace_id, from_location_id, to_location_id, status, note, user_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [t.id, workspaceId, t.fromLocationId, t.toLocationId, t.status, t.note, t.userId, t.createdAt],
  );
  await tx.query(
    `INSERT INTO transfer_lines (id, transfer_id, position, item_id, quantity, note)
     SELECT id, $1, position, item_id, quantity, note
     FROM unnest($2::uuid[], $3::uuid[], $4::numeric[], $5::text[]) WITH ORDINALITY AS l(id, item_id, quantity, note, position)`,
    [t.id, t.lines.map((l) => l.id), t.lines.map((l) => l.itemId), t.lines.map((l) => unitsToDecimal(l.quantity)), t.lines.map((l) => l.note)],
  );
}

/** Transfers by id as the API returns them, in the order of `ids`; unknown ids are left out. */
export async function findTransfers(db: Db, workspaceId: string, ids: string[]): Promise<Transfer[]> {
  if (ids.length === 0) return [];
  const [head, lines] = await Promise.all([
    db.query<{
      id: string;
      from_location_id: string;
      to_location_id: string;
      status: TransferStatus;
      note: string;
      reason: string;
      created_at: Date;
      from_name: string | null;
      from_type: LocationType | null;
      to_name: string | null;
      to_type: LocationType | null;
    }>(
      `SELECT t.id, t.from_location_id, t.to_location_id, t.status, t.note, t.reason, t.created_at,
              f.name AS from_name, f.type AS from_type, d.name AS to_name, d.type AS to_type
       FROM transfers t
       LEFT JOIN locations f ON f.id = t.from_location_id AND f.workspace_id = t.workspace_id
       LEFT JOIN locations d ON d.id = t.to_location_id AND d.workspace_id = t.workspace_id
       WHERE t.workspace_id = $1 AND t.id = ANY($2::uuid[])`,
      [workspaceId, ids],
    ),
    db.query<{ id: string; transfer_id: string; item_id: string; quantity: string; note: string; sku: string | null; description: string | null }>(
      `SELECT l.id, l.transfer_id, l.item_id, l.quantity::text, l.note, i.sku, i.description
       FROM transfer_lines l LEFT JOIN items i ON i.id = l.item_id AND i.workspace_id = $2
       WHERE l.transfer_id = ANY($1::uuid[]) ORDER BY l.transfer_id, l.position`,
      [ids, workspaceId],
    ),
  ]);
  const byId = new Map(head.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        fromLocationId: r.from_location_id,
        toLocationId: r.to_location_id,
        status: r.status,
        note: r.note,
        reason: r.reason,
        lines: lines.rows
          .filter((l) => l.transfer_id === id)
          .map((l) => ({
            id: l.id,
            itemId: l.item_id,
            quantity: fromUnits(toUnits(l.quantity)),
            note: l.note,
            item: { id: l.item_id, sku: l.sku ?? '', description: l.description ?? '' },
          })),
        createdAt: r.created_at.toISOString(),
        fromLocation: { id: r.from_location_id, name: r.from_name ?? '', type: r.from_type ?? 'other' },
        toLocation: { id: r.to_location_id, name: r.to_name ?? '', type: r.to_type ?? 'other' },
      },
    ];
  });
}

export interface TransferFilter {
  statuses?: TransferStatus[];
  range: DateRange;
  /** A restricted member sees transfers from or to a location it may read. */
  readable: ReadableLocations;
}

/**
 * One page of transfer ids by createdAt (ties broken by id, the same way), the key after which the
 * next page starts when there is one, and the total (bounded, see boundedCountSql) unless the page
 * is asked by key: a cursor page does not count.
 */
export async function listTransferIds(
  db: Db,
  workspaceId: string,
  f: TransferFilter,
  order: 'asc' | 'desc',
  page: PageRequest<TimeIdKey>,
): Promise<{ ids: string[]; next?: TimeIdKey; total?: number }> {
  const w = new SqlConditions().add((p) => `workspace_id = ${p}`, workspaceId);
  if (f.statuses) w.add((p) => `status = ANY(${p}::text[])`, f.statuses);
  if (f.range.from) w.add((p) => `created_at >= ${p}`, f.range.from);
  if (f.range.to) w.add((p) => `created_at <= ${p}`, f.range.to);
  if (f.readable) w.add((p) => `(from_location_id = ANY(${p}::uuid[]) OR to_location_id = ANY(${p}::uuid[]))`, f.readable);
  const { sql: where, params } = w;
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const after = page.after ? ` AND (created_at, id) ${order === 'asc' ? '>' : '<'} ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<{ id: string; at: string }>(
      `SELECT id, ${cursorTimeSql('created_at')} AS at FROM transfers WHERE ${where}${after}
       ORDER BY created_at ${direction}, id ${direction} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM transfers WHERE ${where}`, `created_at ${direction}, id ${direction}`), params),
  ]);
  const rows = list.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  return {
    ids: rows.map((r) => r.id),
    next: list.rows.length > page.limit && last ? [last.at, last.id] : undefined,
    total: count ? (count.rows[0]?.n ?? 0) : undefined,
  };
}

export interface LockedTransfer {
  id: string;
  fromLocationId: string;
  toLocationId: string;
  status: TransferStatus;
  lines: { itemId: string; quantity: Units; note: string }[];
}

export async function lockTransfer(tx: PoolClient, workspaceId: string, id: string): Promise<LockedTransfer | undefined> {
  const { rows } = await tx.query<{ id: string; from_location_id: string; to_location_id: string; status: TransferStatus }>(
    'SELECT id, from_location_id, to_location_id, status FROM transfers WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
    [workspaceId, id],
  );
  const t = rows[0];
  if (!t) return undefined;
  const lines = await tx.query<{ item_id: string; quantity: string; note: string }>(
    'SELECT item_id, quantity::text, note FROM transfer_lines WHERE transfer_id = $1 ORDER BY position',
    [id],
  );
  return {
    id: t.id,
    fromLocationId: t.from_location_id,
    toLocationId: t.to_location_id,
    status: t.status,
    lines: lines.rows.map((l) => ({ itemId: l.item_id, quantity: toUnits(l.quantity), note: l.note })),
  };
}

export async function markTransferReverted(tx: PoolClient, id: string, now: Date): Promise<void> {
  await tx.query("UPDATE transfers SET status = 'reverted', reverted_at = $2 WHERE id = $1", [id, now]);
}

/** Ends a pending transfer (its row locked by the caller) as completed, rejected or cancelled. */
export async function settlePendingTransfer(tx: PoolClient, id: string, status: 'completed' | 'rejected' | 'cancelled', reason: string): Promise<void> {
  await tx.query("UPDATE transfers SET status = $2, reason = $3 WHERE id = $1 AND status = 'pending'", [id, status, reason]);
}

/** Pending transfers from or to a location, oldest first. */
export async function pendingTransferIdsAt(db: Db, workspaceId: string, locationId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM transfers WHERE workspace_id = $1 AND status = 'pending' AND (from_location_id = $2 OR to_location_id = $2) ORDER BY created_at, id`,
    [workspaceId, locationId],
  );
  return rows.map((r) => r.id);
}

/**
 * Serialises transfer creation within a workspace for the rest of the transaction, so counting
 * the cycle's transfers and adding one cannot interleave with another request doing the same.
 */
export async function lockTransferQuota(tx: PoolClient, workspaceId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('stock.transfers:' || $1))", [workspaceId]);
}

export async function countTransfersSince(db: Db, workspaceId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfers WHERE workspace_id = $1 AND created_at >= $2', [workspaceId, since]);
  return rows[0]?.n ?? 0;
}
