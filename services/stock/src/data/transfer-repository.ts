import { type LocationType, type TransferStatus } from '@inv/shared/core';
import { boundedCountSql, keysetPage, cursorTimeSql, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type PlanCounter, type PlanQuota, type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { type Envelope } from '@inv/shared/messaging';
import type { DateRange } from '../domain/intervals';
import { fromUnits, toUnits, unitsToDecimal, type Units } from '../domain/quantity';
import type { Transfer } from '../domain/stock-records';
import { isFencedPast } from '../domain/projected-facts';
import { balanceKey, type BalanceKey, type LockedBalance, type NewMovement, type ReadableLocations } from './ledger-repository';
import { LOCATION_COLUMNS, type LocationRow } from './projection-repository';

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

/** What a transfer's transaction holds locked: its two locations (FOR SHARE) and the balances it changes (FOR UPDATE). */
export interface TransferLocks {
  locations: Map<string, LocationRow>;
  balances: Map<string, LockedBalance>;
}

/**
 * Locks, in one statement, the transfer's locations FOR SHARE and then its balances FOR UPDATE
 * (creating missing ones at zero), in the order every stock write takes them: locations, then
 * balances by item and location. The balances' INSERT waits for the locations' CTE through the
 * subquery in its WHERE, which PostgreSQL evaluates once before the first row; ON CONFLICT DO
 * UPDATE locks an existing balance like SELECT FOR UPDATE would and answers it as it is now.
 */
export async function lockForTransfer(tx: PoolClient, workspaceId: string, locationIds: string[], keys: BalanceKey[], now: Date): Promise<TransferLocks> {
  const unique = [...new Map(keys.map((k) => [balanceKey(k), k])).values()];
  const { rows } = await tx.query<{ locations: LocationRow[] | null; balances: { item_id: string; location_id: string; on_hand: string; reserved: string; version: number }[] | null }>({
    // Named, as recordTransfer: PostgreSQL then parses and plans it once per connection, not per transfer.
    name: 'stock_lock_for_transfer',
    text: `WITH locked_locations AS (
       SELECT ${LOCATION_COLUMNS} FROM locations WHERE workspace_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR SHARE
     ), locked_balances AS (
       INSERT INTO balances AS b (workspace_id, item_id, location_id, on_hand, updated_at)
       SELECT $1, k.item_id, k.location_id, 0, $5 FROM unnest($3::uuid[], $4::uuid[]) AS k(item_id, location_id)
        WHERE (SELECT count(*) FROM locked_locations) >= 0
        ORDER BY k.item_id, k.location_id
       ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET version = b.version
       RETURNING b.item_id, b.location_id, b.on_hand::text, b.reserved::text, b.version
     )
     SELECT (SELECT json_agg(l) FROM locked_locations l) AS locations, (SELECT json_agg(b) FROM locked_balances b) AS balances`,
    values: [workspaceId, locationIds, unique.map((k) => k.itemId), unique.map((k) => k.locationId), now],
  });
  const row = rows[0]!;
  return {
    locations: new Map((row.locations ?? []).map((l) => [l.id, l])),
    balances: new Map(
      (row.balances ?? []).map((r) => {
        const b = { itemId: r.item_id, locationId: r.location_id, onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved), version: Number(r.version) };
        return [balanceKey(b), b];
      }),
    ),
  };
}

/**
 * Writes a new transfer in one statement: the transfer and its lines, its movements, the new
 * state of its locked balances and its events. The caller planned all of it under the locks of
 * lockForTransfer; the tables' constraints (on-hand never negative, reserved within on-hand,
 * movement and line references) back that plan. Its changes of on-hand are recorded apart, last
 * (recordStockChanges), so that the workspace's stock position is locked for as short a time as possible.
 */
export async function recordTransfer(
  tx: PoolClient,
  workspaceId: string,
  t: NewTransfer,
  change: { movements: NewMovement[]; balances: LockedBalance[]; events: Envelope<unknown>[] },
): Promise<void> {
  const { movements: m, balances: b, events: e } = change;
  await tx.query({
    name: 'stock_record_transfer',
    text: `WITH transfer AS (
       INSERT INTO transfers (id, workspace_id, from_location_id, to_location_id, status, note, user_id, created_at)
       VALUES ($2, $1, $3, $4, $5, $6, $7, $8)
     ), lines AS (
       INSERT INTO transfer_lines (id, transfer_id, position, item_id, quantity, note)
       SELECT l.id, $2, l.position, l.item_id, l.quantity, l.note
         FROM unnest($9::uuid[], $10::uuid[], $11::numeric[], $12::text[]) WITH ORDINALITY AS l(id, item_id, quantity, note, position)
     ), ledger AS (
       INSERT INTO movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, transfer_id, note, created_at)
       SELECT m.id, $1, m.item_id, m.location_id, m.type, m.quantity, m.balance_after, $7, $2, m.note, $8
         FROM unnest($13::uuid[], $14::uuid[], $15::uuid[], $16::text[], $17::numeric[], $18::numeric[], $19::text[]) WITH ORDINALITY
              AS m(id, item_id, location_id, type, quantity, balance_after, note, n)
        ORDER BY m.n
     ), balance AS (
       UPDATE balances b SET on_hand = u.on_hand, reserved = u.reserved, version = u.version, updated_at = $8
         FROM unnest($20::uuid[], $21::uuid[], $22::numeric[], $23::numeric[], $24::bigint[]) AS u(item_id, location_id, on_hand, reserved, version)
        WHERE b.workspace_id = $1 AND b.item_id = u.item_id AND b.location_id = u.location_id
     )
     INSERT INTO outbox (id, type, workspace_id, message)
     SELECT e.id, e.type, $1, e.message FROM unnest($25::uuid[], $26::text[], $27::jsonb[]) WITH ORDINALITY AS e(id, type, message, n) ORDER BY e.n`,
    values: [
      workspaceId,
      t.id,
      t.fromLocationId,
      t.toLocationId,
      t.status,
      t.note,
      t.userId,
      t.createdAt,
      t.lines.map((l) => l.id),
      t.lines.map((l) => l.itemId),
      t.lines.map((l) => unitsToDecimal(l.quantity)),
      t.lines.map((l) => l.note),
      m.map((x) => x.id),
      m.map((x) => x.itemId),
      m.map((x) => x.locationId),
      m.map((x) => x.type),
      m.map((x) => unitsToDecimal(x.quantity)),
      m.map((x) => unitsToDecimal(x.balanceAfter)),
      m.map((x) => x.note),
      b.map((x) => x.itemId),
      b.map((x) => x.locationId),
      b.map((x) => unitsToDecimal(x.onHand)),
      b.map((x) => unitsToDecimal(x.reserved)),
      b.map((x) => x.version),
      e.map((x) => x.id),
      e.map((x) => x.type),
      e.map((x) => JSON.stringify(x)),
    ],
  });
}

/** Items and locations a read showed from copies fenced past what they hold, with the fence seen. */
export interface FencedCopies {
  items: Array<{ id: string; fence: number }>;
  locations: Array<{ id: string; fence: number }>;
}

/**
 * Transfers by id as the API returns them, in the order of `ids`; unknown ids are left out. Also
 * names the items and locations among them whose copy is fenced past what it holds (a change of
 * their name committing or just committed), which the caller resolves before showing them.
 */
export async function findTransfers(db: Db, workspaceId: string, ids: string[]): Promise<{ transfers: Transfer[]; fenced: FencedCopies }> {
  if (ids.length === 0) return { transfers: [], fenced: { items: [], locations: [] } };
  type Copy = { version: number | null; fence: number | null };
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
      from_copy: Copy;
      to_name: string | null;
      to_type: LocationType | null;
      to_copy: Copy;
    }>(
      `SELECT t.id, t.from_location_id, t.to_location_id, t.status, t.note, t.reason, t.created_at,
              f.name AS from_name, f.type AS from_type, json_build_object('version', f.version, 'fence', f.fence) AS from_copy,
              d.name AS to_name, d.type AS to_type, json_build_object('version', d.version, 'fence', d.fence) AS to_copy
       FROM transfers t
       LEFT JOIN locations f ON f.id = t.from_location_id AND f.workspace_id = t.workspace_id
       LEFT JOIN locations d ON d.id = t.to_location_id AND d.workspace_id = t.workspace_id
       WHERE t.workspace_id = $1 AND t.id = ANY($2::uuid[])`,
      [workspaceId, ids],
    ),
    db.query<{ id: string; transfer_id: string; item_id: string; quantity: string; note: string; sku: string | null; description: string | null; copy: Copy }>(
      `SELECT l.id, l.transfer_id, l.item_id, l.quantity::text, l.note, i.sku, i.description, json_build_object('version', i.version, 'fence', i.fence) AS copy
       FROM transfer_lines l LEFT JOIN items i ON i.id = l.item_id AND i.workspace_id = $2
       WHERE l.transfer_id = ANY($1::uuid[]) ORDER BY l.transfer_id, l.position`,
      [ids, workspaceId],
    ),
  ]);
  const fencedPast = (id: string, copy: Copy) => (copy.version !== null && isFencedPast({ version: copy.version, fence: copy.fence }) ? [{ id, fence: copy.fence! }] : []);
  const once = <T extends { id: string }>(list: T[]) => [...new Map(list.map((x) => [x.id, x])).values()];
  const fenced = {
    items: once(lines.rows.flatMap((l) => fencedPast(l.item_id, l.copy))),
    locations: once(head.rows.flatMap((r) => [...fencedPast(r.from_location_id, r.from_copy), ...fencedPast(r.to_location_id, r.to_copy)])),
  };
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
  return { transfers, fenced };
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
 * The counter of the transfers created in a billing cycle, started (once per cycle) from a count
 * of the transfers created in it. Every transfer created, pending or not, claims one; none is
 * ever given back (a reverted, rejected or cancelled transfer keeps its slot).
 */
export function transferCounter(billingCycleStart: Date): PlanCounter {
  return { resource: 'transfers per billing cycle', periodStart: billingCycleStart, inUse: 'SELECT count(*) FROM transfers WHERE workspace_id = $1 AND created_at >= $2' };
}

/** The plan's transfers per billing cycle as a shared plan quota. */
export function transferQuota(plan: { plan: string; limit: number; billingCycleStart: Date }): PlanQuota {
  return { ...transferCounter(plan.billingCycleStart), limit: plan.limit, plan: plan.plan };
}
