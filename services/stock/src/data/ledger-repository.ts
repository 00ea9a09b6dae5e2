import { boundedCountSql, keysetPage, type IdPairKey, type PageRequest, type SequenceKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import type { DateRange } from '../domain/intervals';
import { toUnits, fromUnits, unitsToDecimal, type Units } from '../domain/quantity';
import { available, type BalanceAmounts } from '../domain/balance-rules';
import type { Balance, Movement, MovementReason, MovementType } from '../domain/stock-records';

type Db = Pool | PoolClient;

export interface BalanceKey {
  itemId: string;
  locationId: string;
}

export interface LockedBalance extends BalanceKey, BalanceAmounts {
  version: number;
}

export const balanceKey = (k: BalanceKey): string => `${k.itemId}/${k.locationId}`;

function uniqueKeys(keys: BalanceKey[]): BalanceKey[] {
  return [...new Map(keys.map((k) => [balanceKey(k), k])).values()];
}

/**
 * Locks the balance rows of `keys` (creating missing ones at zero) in one fixed order, item then
 * location (both statements sort in SQL), so transactions touching overlapping balances queue
 * instead of deadlocking.
 */
export async function lockBalances(tx: PoolClient, workspaceId: string, keys: BalanceKey[], now: Date): Promise<Map<string, LockedBalance>> {
  const sorted = uniqueKeys(keys);
  const items = sorted.map((k) => k.itemId);
  const locations = sorted.map((k) => k.locationId);
  await tx.query(
    `INSERT INTO balances (workspace_id, item_id, location_id, on_hand, updated_at)
     SELECT $1, item_id, location_id, 0, $4 FROM unnest($2::uuid[], $3::uuid[]) AS k(item_id, location_id) ORDER BY item_id, location_id
     ON CONFLICT DO NOTHING`,
    [workspaceId, items, locations, now],
  );
  const { rows } = await tx.query<{ item_id: string; location_id: string; on_hand: string; reserved: string; version: string }>(
    `SELECT item_id, location_id, on_hand::text, reserved::text, version FROM balances
     WHERE workspace_id = $1 AND (item_id, location_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[]))
     ORDER BY item_id, location_id FOR UPDATE`,
    [workspaceId, items, locations],
  );
  return new Map(
    rows.map((r) => {
      const b = { itemId: r.item_id, locationId: r.location_id, onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved), version: Number(r.version) };
      return [balanceKey(b), b];
    }),
  );
}

/** Writes the new state of every locked balance in one statement. */
export async function updateBalances(tx: PoolClient, workspaceId: string, balances: LockedBalance[], now: Date): Promise<void> {
  if (balances.length === 0) return;
  await tx.query(
    `UPDATE balances b SET on_hand = u.on_hand, reserved = u.reserved, version = u.version, updated_at = $2
       FROM unnest($3::uuid[], $4::uuid[], $5::numeric[], $6::numeric[], $7::bigint[]) AS u(item_id, location_id, on_hand, reserved, version)
      WHERE b.workspace_id = $1 AND b.item_id = u.item_id AND b.location_id = u.location_id`,
    [
      workspaceId,
      now,
      balances.map((b) => b.itemId),
      balances.map((b) => b.locationId),
      balances.map((b) => unitsToDecimal(b.onHand)),
      balances.map((b) => unitsToDecimal(b.reserved)),
      balances.map((b) => b.version),
    ],
  );
}

export interface MovementRow {
  id: string;
  item_id: string;
  location_id: string;
  type: MovementType;
  quantity: string;
  balance_after: string;
  user_id: string;
  transfer_id: string | null;
  reason: MovementReason | null;
  reference: string;
  note: string;
  created_at: Date;
}

export function toMovement(r: MovementRow): Movement {
  return {
    id: r.id,
    itemId: r.item_id,
    locationId: r.location_id,
    type: r.type,
    quantity: fromUnits(toUnits(r.quantity)),
    balanceAfter: fromUnits(toUnits(r.balance_after)),
    userId: r.user_id,
    transferId: r.transfer_id,
    reason: r.reason,
    reference: r.reference,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  };
}

export interface NewMovement {
  id: string;
  itemId: string;
  locationId: string;
  type: MovementType;
  quantity: Units;
  balanceAfter: Units;
  userId: string;
  transferId: string | null;
  operationId: string | null;
  reason: MovementReason | null;
  reference: string;
  note: string;
  createdAt: Date;
}

const MOVEMENT_COLUMNS = 'id, item_id, location_id, type, quantity::text, balance_after::text, user_id, transfer_id, reason, reference, note, created_at';

/** Inserts movements in one statement; answers them in the order given. */
export async function insertMovements(tx: PoolClient, workspaceId: string, movements: NewMovement[]): Promise<Movement[]> {
  if (movements.length === 0) return [];
  const column = <T>(pick: (m: NewMovement) => T) => movements.map(pick);
  const { rows } = await tx.query<MovementRow>(
    `INSERT INTO movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, transfer_id, operation_id, reason, reference, note, created_at)
     SELECT m.id, $1, m.item_id, m.location_id, m.type, m.quantity, m.balance_after, m.user_id, m.transfer_id, m.operation_id, m.reason, m.reference, m.note, m.created_at
       FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::text[], $9::uuid[], $10::uuid[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
            WITH ORDINALITY AS m(id, item_id, location_id, type, quantity, balance_after, user_id, transfer_id, operation_id, reason, reference, note, created_at, n)
      ORDER BY m.n
     RETURNING ${MOVEMENT_COLUMNS}`,
    [
      workspaceId,
      column((m) => m.id),
      column((m) => m.itemId),
      column((m) => m.locationId),
      column((m) => m.type),
      column((m) => unitsToDecimal(m.quantity)),
      column((m) => unitsToDecimal(m.balanceAfter)),
      column((m) => m.userId),
      column((m) => m.transferId),
      column((m) => m.operationId),
      column((m) => m.reason),
      column((m) => m.reference),
      column((m) => m.note),
      column((m) => m.createdAt),
    ],
  );
  const byId = new Map(rows.map((r) => [r.id, toMovement(r)]));
  return movements.map((m) => byId.get(m.id)!);
}

/** Locations a restricted member may read; null when unrestricted. */
export type ReadableLocations = string[] | null;

export interface MovementFilter {
  itemIds?: string[];
  locationIds?: string[];
  types?: MovementType[];
  reasons?: MovementReason[];
  transferIds?: string[];
  range: DateRange;
  readable: ReadableLocations;
}

function movementConditions(workspaceId: string, f: MovementFilter): { where: string; params: unknown[] } {
  const w = new SqlConditions().add((p) => `workspace_id = ${p}`, workspaceId);
  if (f.itemIds) w.add((p) => `item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.types) w.add((p) => `type = ANY(${p}::text[])`, f.types);
  if (f.reasons) w.add((p) => `reason = ANY(${p}::text[])`, f.reasons);
  if (f.transferIds) w.add((p) => `transfer_id = ANY(${p}::uuid[])`, f.transferIds);
  if (f.range.from) w.add((p) => `created_at >= ${p}`, f.range.from);
  if (f.range.to) w.add((p) => `created_at <= ${p}`, f.range.to);
  if (f.readable) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.readable);
  return { where: w.sql, params: w.params };
}

/**
 * Newest first (ledger order: seq), one page, the key after which the next page starts when there
 * is one, and the total (bounded, see boundedCountSql) unless the page is asked by key.
 */
export async function listMovements(
  db: Db,
  workspaceId: string,
  f: MovementFilter,
  page: PageRequest<SequenceKey>,
): Promise<{ rows: Movement[]; next?: SequenceKey; total?: number }> {
  const { where, params } = movementConditions(workspaceId, f);
  const after = page.after ? ` AND seq < $${params.length + 1}::bigint` : '';
  const [list, count] = await Promise.all([
    // The key as text under its own name: an output column named seq would make ORDER BY seq sort text.
    db.query<MovementRow & { key: string }>(
      `SELECT seq::text AS key, ${MOVEMENT_COLUMNS} FROM movements WHERE ${where}${after} ORDER BY seq DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM movements WHERE ${where}`, 'seq DESC'), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): SequenceKey => [last.key], count);
  return { rows: rows.map(toMovement), next, total };
}

export interface BalanceFilter {
  itemIds?: string[];
  locationIds?: string[];
  readable: ReadableLocations;
}

/**
 * Ordered by item, then location; one page, the key after which the next page starts when there
 * is one, and the total (bounded, see boundedCountSql) unless the page is asked by key.
 */
export async function listBalances(
  db: Db,
  workspaceId: string,
  f: BalanceFilter,
  page: PageRequest<IdPairKey>,
): Promise<{ rows: Balance[]; next?: IdPairKey; total?: number }> {
  const w = new SqlConditions().add((p) => `workspace_id = ${p}`, workspaceId);
  if (f.itemIds) w.add((p) => `item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.readable) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.readable);
  const { sql: where, params } = w;
  const after = page.after ? ` AND (item_id, location_id) > ($${params.length + 1}::uuid, $${params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<{ item_id: string; location_id: string; on_hand: string; reserved: string; updated_at: Date }>(
      `SELECT item_id, location_id, on_hand::text, reserved::text, updated_at FROM balances WHERE ${where}${after}
       ORDER BY item_id, location_id LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM balances WHERE ${where}`, 'item_id, location_id'), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): IdPairKey => [last.item_id, last.location_id], count);
  return {
    rows: rows.map((r) => {
      const amounts = { onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved) };
      return {
        itemId: r.item_id,
        locationId: r.location_id,
        onHand: fromUnits(amounts.onHand),
        reserved: fromUnits(amounts.reserved),
        available: fromUnits(available(amounts)),
        updatedAt: r.updated_at.toISOString(),
      };
    }),
    next,
    total,
  };
}

/** Sum of on-hand at a location, read after its row lock is held. */
export async function onHandAt(tx: PoolClient, workspaceId: string, locationId: string): Promise<Units> {
  const { rows } = await tx.query<{ total: string }>('SELECT coalesce(sum(on_hand), 0)::text AS total FROM balances WHERE workspace_id = $1 AND location_id = $2', [workspaceId, locationId]);
  return toUnits(rows[0]?.total ?? '0');
}

export interface OperationMovement {
  itemId: string;
  locationId: string;
  quantity: Units;
}

export async function movementsOfOperation(tx: PoolClient, operationId: string): Promise<OperationMovement[]> {
  const { rows } = await tx.query<{ item_id: string; location_id: string; quantity: string }>(
    'SELECT item_id, location_id, quantity::text FROM movements WHERE operation_id = $1 ORDER BY seq',
    [operationId],
  );
  return rows.map((r) => ({ itemId: r.item_id, locationId: r.location_id, quantity: toUnits(r.quantity) }));
}

/** Whether anything but the given opening ever moved these balances. */
export async function otherMovementsExist(tx: PoolClient, workspaceId: string, operationId: string, keys: BalanceKey[]): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM movements WHERE workspace_id = $1 AND operation_id IS DISTINCT FROM $2
     AND (item_id, location_id) IN (SELECT * FROM unnest($3::uuid[], $4::uuid[])) LIMIT 1`,
    [workspaceId, operationId, keys.map((k) => k.itemId), keys.map((k) => k.locationId)],
  );
  return rows.length > 0;
}

/** Removes an opening's movements and the balances only it had created. */
export async function deleteOperationStock(tx: PoolClient, workspaceId: string, operationId: string, keys: BalanceKey[]): Promise<void> {
  await tx.query('DELETE FROM movements WHERE operation_id = $1', [operationId]);
  await tx.query('DELETE FROM balances WHERE workspace_id = $1 AND (item_id, location_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[]))', [
    workspaceId,
    keys.map((k) => k.itemId),
    keys.map((k) => k.locationId),
  ]);
}
