import { type Actor, type LocationType, type TransferOrigin, type TransferStatus } from '@inv/shared/core';
import { boundedCountSql, keysetPage, cursorTimeSql, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import type { DateRange } from '../domain/intervals';
import { fromUnits, toUnits } from '../domain/quantity';
import type { Transfer } from '../domain/stock-records';
import { identityOf, lineUnitsShown, type MovedUnits } from '../domain/units';
import type { ReadableLocations } from './ledger-repository';

type Db = Pool | PoolClient;

/** Who did something, from the user and key columns that record it; null when they do not (not yet, or before keys were recorded). */
function recordedActor(userId: string | null, keyId: string | null): Actor | null {
  return userId !== null && keyId !== null ? { userId, keyId } : null;
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
      origin: TransferOrigin;
      created_at: Date;
      user_id: string;
      created_by_key_id: string | null;
      completed_at: Date | null;
      completed_by_user_id: string | null;
      completed_by_key_id: string | null;
      rejected_at: Date | null;
      rejected_by_user_id: string | null;
      rejected_by_key_id: string | null;
      cancelled_at: Date | null;
      cancelled_by_user_id: string | null;
      cancelled_by_key_id: string | null;
      reverted_at: Date | null;
      reverted_by_user_id: string | null;
      reverted_by_key_id: string | null;
      from_name: string | null;
      from_type: LocationType | null;
      to_name: string | null;
      to_type: LocationType | null;
    }>(
      `SELECT t.id, t.from_location_id, t.to_location_id, t.status, t.note, t.reason, t.origin, t.created_at, t.user_id, t.created_by_key_id,
              t.completed_at, t.completed_by_user_id, t.completed_by_key_id, t.rejected_at, t.rejected_by_user_id, t.rejected_by_key_id,
              t.cancelled_at, t.cancelled_by_user_id, t.cancelled_by_key_id, t.reverted_at, t.reverted_by_user_id, t.reverted_by_key_id,
              f.name AS from_name, f.type AS from_type, d.name AS to_name, d.type AS to_type
       FROM transfers t
       LEFT JOIN locations f ON f.id = t.from_location_id AND f.workspace_id = t.workspace_id
       LEFT JOIN locations d ON d.id = t.to_location_id AND d.workspace_id = t.workspace_id
       WHERE t.workspace_id = $1 AND t.id = ANY($2::uuid[])`,
      [workspaceId, ids],
    ),
    db.query<{ id: string; transfer_id: string; item_id: string; quantity: string; note: string; sku: string | null; description: string | null; serials: string[] | null; lot: string | null; units: MovedUnits | null }>(
      `SELECT l.id, l.transfer_id, l.item_id, l.quantity::text, l.note, i.sku, i.description, l.serials, l.lot, l.units
       FROM transfer_lines l LEFT JOIN items i ON i.workspace_id = l.workspace_id AND i.id = l.item_id
       WHERE l.workspace_id = $2 AND l.transfer_id = ANY($1::uuid[]) ORDER BY l.transfer_id, l.position`,
      [ids, workspaceId],
    ),
  ]);
  const byId = new Map(head.rows.map((r) => [r.id, r]));
  const transfers = ids.flatMap((id) => {
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
        origin: r.origin,
        lines: lines.rows
          .filter((l) => l.transfer_id === id)
          .map((l) => ({
            id: l.id,
            itemId: l.item_id,
            quantity: fromUnits(toUnits(l.quantity)),
            note: l.note,
            item: { id: l.item_id, sku: l.sku ?? '', description: l.description ?? '' },
            ...lineUnitsShown(toUnits(l.quantity), identityOf({ serials: l.serials, lot: l.lot }), l.units),
          })),
        createdAt: r.created_at.toISOString(),
        createdBy: recordedActor(r.user_id, r.created_by_key_id),
        completedAt: r.completed_at?.toISOString() ?? null,
        completedBy: recordedActor(r.completed_by_user_id, r.completed_by_key_id),
        rejectedAt: r.rejected_at?.toISOString() ?? null,
        rejectedBy: recordedActor(r.rejected_by_user_id, r.rejected_by_key_id),
        cancelledAt: r.cancelled_at?.toISOString() ?? null,
        cancelledBy: recordedActor(r.cancelled_by_user_id, r.cancelled_by_key_id),
        revertedAt: r.reverted_at?.toISOString() ?? null,
        revertedBy: recordedActor(r.reverted_by_user_id, r.reverted_by_key_id),
        fromLocation: { id: r.from_location_id, name: r.from_name ?? '', type: r.from_type ?? 'other' },
        toLocation: { id: r.to_location_id, name: r.to_name ?? '', type: r.to_type ?? 'other' },
      },
    ];
  });
  return transfers;
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
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.at, last.id], count);
  return { ids: rows.map((r) => r.id), next, total };
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
 * What a completed transfer moved into its destination, movement by movement, with the serials or
 * lot each carried: what its revert moves back.
 */
export async function transferArrivals(db: Db, workspaceId: string, transferId: string): Promise<Array<{ itemId: string; quantity: string; serials: string[] | null; lot: string | null }>> {
  const { rows } = await db.query<{ item_id: string; quantity: string; serials: string[] | null; lot: string | null }>(
    "SELECT item_id, quantity::text, serials, lot FROM movements WHERE workspace_id = $1 AND transfer_id = $2 AND type = 'transfer_in' ORDER BY seq",
    [workspaceId, transferId],
  );
  return rows.map((r) => ({ itemId: r.item_id, quantity: r.quantity, serials: r.serials, lot: r.lot }));
}
