import { unitKey } from '@inv/shared/core';
import { boundedCountSql, keysetPage, type IdPairKey, type PageRequest, type SequenceKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import type { DateRange } from '../domain/intervals';
import { toUnits, fromUnits } from '../domain/quantity';
import { fromMoney, fromSignedMoney, toMoney, toValue, valueToCents } from '../domain/money';
import { available } from '../domain/balance-rules';
import type { Balance, Movement, MovementReason, MovementType } from '../domain/stock-records';
import { NAMES_COLUMNS, NAMES_JOIN, namesOf, type NamesRow } from './copy-names';
import { openOrdersSql } from './purchase-order-repository';

type Db = Pool | PoolClient;

export interface MovementRow {
  id: string;
  item_id: string;
  location_id: string;
  type: MovementType;
  quantity: string;
  balance_after: string;
  user_id: string;
  transfer_id: string | null;
  job_id: string | null;
  reason: MovementReason | null;
  reference: string;
  note: string;
  unit_cost: string | null;
  purchase_order_id: string | null;
  receipt_id: string | null;
  cost_variance: string | null;
  serials: string[] | null;
  lot: string | null;
  created_at: Date;
}

/** A movement as the API shows it, the item and the location as named (copy-names.ts). */
export function toMovement(r: MovementRow, names: ReturnType<typeof namesOf>): Movement {
  return {
    id: r.id,
    itemId: r.item_id,
    locationId: r.location_id,
    ...names,
    type: r.type,
    quantity: fromUnits(toUnits(r.quantity)),
    balanceAfter: fromUnits(toUnits(r.balance_after)),
    userId: r.user_id,
    transferId: r.transfer_id,
    jobId: r.job_id,
    reason: r.reason,
    reference: r.reference,
    note: r.note,
    unitCost: r.unit_cost === null ? null : fromMoney(toMoney(r.unit_cost)),
    purchaseOrderId: r.purchase_order_id,
    receiptId: r.receipt_id,
    costVariance: r.cost_variance === null ? null : fromSignedMoney(valueToCents(toValue(r.cost_variance))),
    serials: r.serials,
    lot: r.lot,
    createdAt: r.created_at.toISOString(),
  };
}

const MOVEMENT_COLUMNS = 'id, item_id, location_id, type, quantity::text, balance_after::text, user_id, transfer_id, job_id, reason, reference, note, unit_cost::text, purchase_order_id, receipt_id, cost_variance::text, serials, lot, created_at';

/** Locations a restricted member may read; null when unrestricted. */
export type ReadableLocations = string[] | null;

export interface MovementFilter {
  itemIds?: string[];
  locationIds?: string[];
  types?: MovementType[];
  reasons?: MovementReason[];
  transferIds?: string[];
  jobIds?: string[];
  /** The trace of a serial (movement_serials) or of a lot (movements_lot), compared as keys (trimmed, case ignored). */
  serial?: string;
  lot?: string;
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
  if (f.jobIds) w.add((p) => `job_id = ANY(${p}::uuid[])`, f.jobIds);
  // The serial's movements found first (an array, computed once: $1 is the workspace), then read by
  // the ledger's (workspace_id, seq) index: a trace reads its own rows, not the workspace's ledger.
  if (f.serial !== undefined) w.add((p) => `seq = ANY(ARRAY(SELECT t.seq FROM movement_serials t WHERE t.workspace_id = $1 AND t.serial_key = ${p}))`, unitKey(f.serial));
  if (f.lot !== undefined) w.add((p) => `lot_key = ${p}`, unitKey(f.lot));
  if (f.range.from) w.add((p) => `created_at >= ${p}`, f.range.from);
  if (f.range.to) w.add((p) => `created_at <= ${p}`, f.range.to);
  if (f.readable) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.readable);
  return { where: w.sql, params: w.params };
}

/**
 * Newest first (ledger order: seq), one page, the key after which the next page starts when there
 * is one, and the total (bounded, see boundedCountSql) unless the page is asked by key. Each
 * movement names its item and location from the copies, joined to the page's rows in the same
 * statement.
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
    db.query<MovementRow & NamesRow & { key: string }>(
      `SELECT r.*, ${NAMES_COLUMNS}
       FROM (SELECT seq, seq::text AS key, workspace_id, ${MOVEMENT_COLUMNS} FROM movements WHERE ${where}${after} ORDER BY seq DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}) r
       ${NAMES_JOIN}
       ORDER BY r.seq DESC`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM movements WHERE ${where}`, 'seq DESC'), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): SequenceKey => [last.key], count);
  return { rows: rows.map((r) => toMovement(r, namesOf(r))), next, total };
}

export interface BalanceFilter {
  itemIds?: string[];
  locationIds?: string[];
  readable: ReadableLocations;
}

/**
 * Ordered by item, then location; one page, the key after which the next page starts when there
 * is one, and the total (bounded, see boundedCountSql) unless the page is asked by key. Each row
 * carries what submitted purchase orders still bring to it (onOrder) and the item's average cost
 * (else its catalog cost), joined to the page's rows in the same statement.
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
    db.query<NamesRow & { on_hand: string; reserved: string; on_order: string; average_cost: string | null; updated_at: Date }>(
      `WITH r AS (SELECT workspace_id, item_id, location_id, on_hand::text, reserved::text, updated_at FROM balances WHERE ${where}${after}
                  ORDER BY item_id, location_id LIMIT ${page.limit + 1} OFFSET ${page.offset})
       SELECT r.item_id, r.location_id, r.on_hand, r.reserved, r.updated_at, ${NAMES_COLUMNS},
              coalesce(o.on_order, 0)::text AS on_order, coalesce(t.average_cost, ci.cost)::text AS average_cost
         FROM r
       ${NAMES_JOIN}
       LEFT JOIN item_totals t ON t.workspace_id = r.workspace_id AND t.item_id = r.item_id
       LEFT JOIN (${openOrdersSql('(SELECT location_id FROM r)', '(SELECT item_id FROM r)')}) o ON o.item_id = r.item_id AND o.location_id = r.location_id
       ORDER BY r.item_id, r.location_id`,
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
        ...namesOf(r),
        onHand: fromUnits(amounts.onHand),
        reserved: fromUnits(amounts.reserved),
        available: fromUnits(available(amounts)),
        onOrder: fromUnits(toUnits(r.on_order)),
        averageCost: r.average_cost === null ? null : fromMoney(toMoney(r.average_cost)),
        updatedAt: r.updated_at.toISOString(),
      };
    }),
    next,
    total,
  };
}
