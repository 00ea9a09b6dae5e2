import type { EntityId } from '@inv/shared/core';
import { boundedCountSql, cursorTimeSql, keysetPage, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { moneyToDecimal, toMoney, toValue, valueToDecimal } from '../domain/money';
import { toUnits, unitsToDecimal } from '../domain/quantity';
import type { RevaluationRecord } from '../domain/revaluations';

type Db = Pool | PoolClient;

/** Records a revaluation (its cost change is in the cost journal, written with it by the ledger). */
export function writeRevaluation(tx: PoolClient, workspaceId: string, r: RevaluationRecord): Promise<unknown> {
  return tx.query({
    name: 'stock_write_revaluation',
    text: `INSERT INTO revaluations (workspace_id, id, item_id, average_cost_before, average_cost, on_hand, value_change, reason, note, created_at, created_by_user_id, created_by_key_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    values: [
      workspaceId,
      r.id,
      r.itemId,
      r.averageCostBefore === null ? null : moneyToDecimal(r.averageCostBefore),
      moneyToDecimal(r.averageCost),
      unitsToDecimal(r.onHand),
      valueToDecimal(r.valueChange),
      r.reason,
      r.note,
      r.createdAt,
      r.createdBy.userId,
      r.createdBy.keyId,
    ],
  });
}

interface RevaluationRow {
  id: EntityId;
  item_id: EntityId;
  average_cost_before: string | null;
  average_cost: string;
  on_hand: string;
  value_change: string;
  reason: string;
  note: string;
  created_at: Date;
  created_by_user_id: string;
  created_by_key_id: string;
  at: string;
}

/** Revaluations, newest first (by createdAt, then id), of some items or all; one page, and the total unless asked by key. */
export async function listRevaluations(
  db: Db,
  workspaceId: string,
  itemIds: readonly string[] | undefined,
  page: PageRequest<TimeIdKey>,
): Promise<{ rows: RevaluationRecord[]; next?: TimeIdKey; total?: number }> {
  const w = new SqlConditions().add((p) => `workspace_id = ${p}`, workspaceId);
  if (itemIds) w.add((p) => `item_id = ANY(${p}::uuid[])`, itemIds);
  const after = page.after ? ` AND (created_at, id) < ($${w.params.length + 1}::timestamptz, $${w.params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<RevaluationRow>(
      `SELECT id, item_id, average_cost_before::text, average_cost::text, on_hand::text, value_change::text, reason, note, created_at, created_by_user_id, created_by_key_id,
              ${cursorTimeSql('created_at')} AS at
         FROM revaluations WHERE ${w.sql}${after} ORDER BY created_at DESC, id DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...w.params, ...page.after] : w.params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM revaluations WHERE ${w.sql}`, 'created_at DESC, id DESC'), w.params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.at, last.id], count);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      averageCostBefore: r.average_cost_before === null ? null : toMoney(r.average_cost_before),
      averageCost: toMoney(r.average_cost),
      onHand: toUnits(r.on_hand),
      valueChange: toValue(r.value_change),
      reason: r.reason,
      note: r.note,
      createdAt: r.created_at.toISOString(),
      createdBy: { userId: r.created_by_user_id, keyId: r.created_by_key_id },
    })),
    next,
    total,
  };
}
