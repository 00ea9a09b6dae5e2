import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { NAMES_COLUMNS, NAMES_JOIN, type NamesRow } from './copy-names';
import type { ReadableLocations } from './ledger-repository';

type Db = Pool | PoolClient;

export interface ValuationFilter {
  itemIds?: string[];
  locationIds?: string[];
  readable: ReadableLocations;
  /** The instant to read; absent: now. */
  asOf?: Date;
}

export type ValuationRecord = NamesRow & { on_hand: string; average_cost: string | null };

/**
 * How long before its own `created_at` a movement may have been decided. A change takes its time
 * before it waits for the balance's lock (ledger-unit.ts), so a later movement of a balance (higher
 * seq) can carry an earlier time than the one before it, by at most the life of its transaction
 * (bounded by the statement and idle timeouts, seconds). The same holds for item_cost_changes.
 * The last entry at an instant is the highest seq among those created within this of the latest
 * one: one index range per balance, not its whole history.
 */
const DECIDED_BEFORE = "interval '10 minutes'";

function conditions(workspaceId: string, f: ValuationFilter, table: string): SqlConditions {
  const w = new SqlConditions().add((p) => `${table}.workspace_id = ${p}`, workspaceId);
  if (f.itemIds) w.add((p) => `${table}.item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `${table}.location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.readable) w.add((p) => `${table}.location_id = ANY(${p}::uuid[])`, f.readable);
  return w;
}

/**
 * The SQL of a valuation and its parameters: every balance with stock (filtered), by item then
 * location, with its quantity, the item's average cost in force (else its catalog cost; null when
 * neither is known) and the names from the copies. One statement, read from the ledger's own
 * tables: the current state from balances and item_totals; at `asOf`, each balance's balance_after
 * of its last movement created at or before it (movements_balance_time) and the item's last
 * average cost change at or before it, else today's catalog cost (whose history is not kept).
 * Shared by the JSON answer and the CSV export (streamed from a cursor).
 */
export function valuationQuery(workspaceId: string, f: ValuationFilter): { sql: string; params: unknown[] } {
  const w = conditions(workspaceId, f, 'b');
  if (!f.asOf) {
    return {
      sql: `SELECT r.item_id, r.location_id, r.on_hand::text, coalesce(t.average_cost, ci.cost)::text AS average_cost, ${NAMES_COLUMNS}
              FROM (SELECT b.workspace_id, b.item_id, b.location_id, b.on_hand FROM balances b WHERE ${w.sql} AND b.on_hand <> 0) r
              ${NAMES_JOIN}
              LEFT JOIN item_totals t ON t.workspace_id = r.workspace_id AND t.item_id = r.item_id
             ORDER BY r.item_id, r.location_id`,
      params: w.params,
    };
  }
  const asOf = `$${w.params.length + 1}::timestamptz`;
  return {
    sql: `WITH stock AS (
            SELECT b.workspace_id, b.item_id, b.location_id, last.balance_after AS on_hand
              FROM balances b
             CROSS JOIN LATERAL (
                   SELECT m.created_at FROM movements m
                    WHERE m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id AND m.created_at <= ${asOf}
                    ORDER BY m.created_at DESC, m.seq DESC LIMIT 1) latest
             CROSS JOIN LATERAL (
                   SELECT m.balance_after FROM movements m
                    WHERE m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id
                      AND m.created_at <= ${asOf} AND m.created_at >= latest.created_at - ${DECIDED_BEFORE}
                    ORDER BY m.seq DESC LIMIT 1) last
             WHERE ${w.sql}
          ), costs AS (
            SELECT s.item_id, last.average_cost
              FROM (SELECT DISTINCT workspace_id, item_id FROM stock WHERE on_hand <> 0) s
             CROSS JOIN LATERAL (
                   SELECT c.changed_at FROM item_cost_changes c
                    WHERE c.workspace_id = s.workspace_id AND c.item_id = s.item_id AND c.changed_at <= ${asOf}
                    ORDER BY c.changed_at DESC, c.seq DESC LIMIT 1) latest
             CROSS JOIN LATERAL (
                   SELECT c.average_cost FROM item_cost_changes c
                    WHERE c.workspace_id = s.workspace_id AND c.item_id = s.item_id
                      AND c.changed_at <= ${asOf} AND c.changed_at >= latest.changed_at - ${DECIDED_BEFORE}
                    ORDER BY c.seq DESC LIMIT 1) last
          )
          SELECT r.item_id, r.location_id, r.on_hand::text, coalesce(c.average_cost, ci.cost)::text AS average_cost, ${NAMES_COLUMNS}
            FROM (SELECT * FROM stock WHERE on_hand <> 0) r
            ${NAMES_JOIN}
            LEFT JOIN costs c ON c.item_id = r.item_id
           ORDER BY r.item_id, r.location_id`,
    params: [...w.params, f.asOf],
  };
}

export async function readValuation(db: Db, workspaceId: string, f: ValuationFilter): Promise<ValuationRecord[]> {
  const { sql, params } = valuationQuery(workspaceId, f);
  return (await db.query<ValuationRecord>(sql, params)).rows;
}
