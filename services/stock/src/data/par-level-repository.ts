import { boundedCountSql, keysetPage, type IdPairKey, type PageRequest } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { available, type BalanceAmounts } from '../domain/balance-rules';
import { isBelowPar, type ParAmounts, type ParLevel } from '../domain/par-levels';
import { fromUnits, toUnits, unitsToDecimal, type Units } from '../domain/quantity';
import type { ReadableLocations } from './ledger-repository';

type Db = Pool | PoolClient;

interface ParLevelRow {
  item_id: string;
  location_id: string;
  minimum: string;
  target: string;
  on_hand: string;
  reserved: string;
  updated_at: Date;
}

function toParLevel(r: ParLevelRow): ParLevel {
  const minimum = toUnits(r.minimum);
  const balance = { onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved) };
  return {
    itemId: r.item_id,
    locationId: r.location_id,
    minimum: fromUnits(minimum),
    target: fromUnits(toUnits(r.target)),
    onHand: fromUnits(balance.onHand),
    reserved: fromUnits(balance.reserved),
    available: fromUnits(available(balance)),
    belowPar: isBelowPar(balance, minimum),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A par level with the on-hand and reserved of its balance (0 where stock has never been). */
const PAR_LEVEL_FROM = `par_levels p LEFT JOIN balances b ON b.workspace_id = p.workspace_id AND b.item_id = p.item_id AND b.location_id = p.location_id`;
const PAR_LEVEL_COLUMNS = 'p.item_id, p.location_id, p.minimum::text, p.target::text, coalesce(b.on_hand, 0)::text AS on_hand, coalesce(b.reserved, 0)::text AS reserved, p.updated_at';

/**
 * The par level's minimum, its row locked until the transaction ends (undefined when there is
 * none): a change of stock reading it (lockLedger, FOR SHARE) waits, and so does this for one in
 * flight, so the on-hand read after it is committed.
 */
export async function lockParLevel(tx: PoolClient, workspaceId: string, key: { itemId: string; locationId: string }): Promise<Units | undefined> {
  const { rows } = await tx.query<{ minimum: string }>('SELECT minimum::text FROM par_levels WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3 FOR UPDATE', [
    workspaceId,
    key.itemId,
    key.locationId,
  ]);
  return rows[0] ? toUnits(rows[0].minimum) : undefined;
}

/** Creates or replaces the par level and answers it with the on-hand there, in one statement. */
export async function upsertParLevel(tx: PoolClient, workspaceId: string, key: { itemId: string; locationId: string }, amounts: ParAmounts, now: Date): Promise<ParLevel> {
  const { rows } = await tx.query<ParLevelRow>(
    `WITH written AS (
       INSERT INTO par_levels AS p (workspace_id, item_id, location_id, minimum, target, updated_at) VALUES ($1, $2, $3, $4, $6, $5)
       ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET minimum = EXCLUDED.minimum, target = EXCLUDED.target, updated_at = EXCLUDED.updated_at
       RETURNING workspace_id, item_id, location_id, minimum, target, updated_at
     )
     SELECT ${PAR_LEVEL_COLUMNS} FROM written p
       LEFT JOIN balances b ON b.workspace_id = p.workspace_id AND b.item_id = p.item_id AND b.location_id = p.location_id`,
    [workspaceId, key.itemId, key.locationId, unitsToDecimal(amounts.minimum), now, unitsToDecimal(amounts.target)],
  );
  return toParLevel(rows[0]!);
}

/**
 * lockParLevel for many keys at once: the minimum of each that has one, its row locked until the
 * transaction ends, and the on-hand and reserved of each key's balance (0 where stock has never been).
 */
export async function lockParLevels(tx: PoolClient, workspaceId: string, keys: ReadonlyArray<{ itemId: string; locationId: string }>): Promise<Map<string, { minimum: Units | undefined; balance: BalanceAmounts }>> {
  const { rows } = await tx.query<{ item_id: string; location_id: string; minimum: string | null; on_hand: string; reserved: string }>(
    `WITH locked AS (
       SELECT item_id, location_id, minimum FROM par_levels
        WHERE workspace_id = $1 AND (item_id, location_id) IN (SELECT * FROM unnest($2::uuid[], $3::uuid[]))
        ORDER BY item_id, location_id FOR UPDATE
     )
     SELECT k.item_id, k.location_id, l.minimum::text, coalesce(b.on_hand, 0)::text AS on_hand, coalesce(b.reserved, 0)::text AS reserved
       FROM unnest($2::uuid[], $3::uuid[]) AS k(item_id, location_id)
       LEFT JOIN locked l ON l.item_id = k.item_id AND l.location_id = k.location_id
       LEFT JOIN balances b ON b.workspace_id = $1 AND b.item_id = k.item_id AND b.location_id = k.location_id`,
    [workspaceId, keys.map((k) => k.itemId), keys.map((k) => k.locationId)],
  );
  return new Map(
    rows.map((r) => [`${r.item_id}/${r.location_id}`, { minimum: r.minimum === null ? undefined : toUnits(r.minimum), balance: { onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved) } }]),
  );
}

/** upsertParLevel for many par levels, in one statement. */
export async function upsertParLevels(tx: PoolClient, workspaceId: string, levels: ReadonlyArray<{ itemId: string; locationId: string } & ParAmounts>, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO par_levels AS p (workspace_id, item_id, location_id, minimum, target, updated_at)
     SELECT $1, item_id, location_id, minimum, target, $5 FROM unnest($2::uuid[], $3::uuid[], $4::numeric[], $6::numeric[]) AS l(item_id, location_id, minimum, target)
     ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET minimum = EXCLUDED.minimum, target = EXCLUDED.target, updated_at = EXCLUDED.updated_at`,
    [workspaceId, levels.map((l) => l.itemId), levels.map((l) => l.locationId), levels.map((l) => unitsToDecimal(l.minimum)), now, levels.map((l) => unitsToDecimal(l.target))],
  );
}

/** Removes the par level; false when there was none. */
export async function deleteParLevel(db: Db, workspaceId: string, key: { itemId: string; locationId: string }): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM par_levels WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', [workspaceId, key.itemId, key.locationId]);
  return (rowCount ?? 0) > 0;
}

export interface ParLevelFilter {
  itemIds?: string[];
  locationIds?: string[];
  belowPar?: boolean;
  readable: ReadableLocations;
}

/**
 * Ordered by item, then location, as balances are; one page, the key after which the next page
 * starts when there is one, and the total (bounded, see boundedCountSql) unless the page is asked
 * by key. Par levels of locations deleted or being deleted (closed) are not listed: nothing is
 * refilled there; a closure is recorded here before the locations service acknowledges a deletion.
 */
export async function listParLevels(db: Db, workspaceId: string, f: ParLevelFilter, page: PageRequest<IdPairKey>): Promise<{ rows: ParLevel[]; next?: IdPairKey; total?: number }> {
  const w = new SqlConditions().add((p) => `p.workspace_id = ${p}`, workspaceId);
  if (f.itemIds) w.add((p) => `p.item_id = ANY(${p}::uuid[])`, f.itemIds);
  if (f.locationIds) w.add((p) => `p.location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.readable) w.add((p) => `p.location_id = ANY(${p}::uuid[])`, f.readable);
  // Free stock below the minimum: domain/par-levels.ts isBelowPar, in SQL.
  if (f.belowPar !== undefined) w.raw(`${f.belowPar ? '' : 'NOT '}(coalesce(b.on_hand, 0) - coalesce(b.reserved, 0) < p.minimum)`);
  w.raw('NOT EXISTS (SELECT 1 FROM locations l WHERE l.workspace_id = p.workspace_id AND l.id = p.location_id AND (l.deleted OR l.closed))');
  const { sql: where, params } = w;
  const after = page.after ? ` AND (p.item_id, p.location_id) > ($${params.length + 1}::uuid, $${params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<ParLevelRow>(
      `SELECT ${PAR_LEVEL_COLUMNS} FROM ${PAR_LEVEL_FROM} WHERE ${where}${after}
       ORDER BY p.item_id, p.location_id LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM ${PAR_LEVEL_FROM} WHERE ${where}`, 'p.item_id, p.location_id'), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): IdPairKey => [last.item_id, last.location_id], count);
  return { rows: rows.map(toParLevel), next, total };
}
