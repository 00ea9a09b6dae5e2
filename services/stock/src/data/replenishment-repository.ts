import type { EntityId } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';
import { balanceKey, type BalanceKey } from '../domain/ledger-plan';
import type { ParNeed, SourceStock } from '../domain/replenishment';
import type { Units } from '../domain/quantity';
import { toUnits } from '../domain/quantity';
import { openOrdersSql } from './purchase-order-repository';
import { ITEM_COLUMNS, type ItemRow, LOCATION_COLUMNS, type LocationRow } from './projection-repository';

type Db = Pool | PoolClient;

/**
 * Takes the workspace's replenishment lock until the transaction ends: runs of one workspace
 * queue on it, so each plans from what the one before committed (its transfers are incoming, its
 * reservations held). Nothing else takes it.
 */
export function lockReplenishmentRuns(tx: PoolClient, workspaceId: string): Promise<unknown> {
  return tx.query({ name: 'stock_lock_replenishment_runs', text: "SELECT pg_advisory_xact_lock(hashtext('stock.replenishment'), hashtext($1))", values: [workspaceId] });
}

/** Which par levels a replenishment looks at: some destinations, or those refilled from one source. */
export interface ReplenishmentScope {
  locationIds?: readonly string[];
  sourceLocationId?: string;
}

/** A pair below par as read, with its location's replenishFrom as the copy holds it. */
export interface NeedRow extends ParNeed {
  sourceLocationId: EntityId | null;
}

/**
 * The (item, location) pairs of the scope whose free stock (on-hand − reserved) is below their minimum, at most `limit`,
 * each with what pending transfers carry to it and its location's replenishFrom (the copy's). One
 * statement; no lock: GET answers from it, and POST only learns from it what to lock (the run
 * decides again from what it locked). With a source in the scope, only the pairs of locations
 * the copies refill from it.
 */
export async function parNeeds(db: Db, workspaceId: string, scope: ReplenishmentScope, limit: number): Promise<NeedRow[]> {
  const { rows } = await db.query<{
    item_id: EntityId;
    location_id: EntityId;
    minimum: string;
    target: string;
    on_hand: string;
    reserved: string;
    replenish_from: EntityId | null;
    incoming: string | null;
    on_order: string | null;
    drafted: string | null;
  }>(
    `WITH below AS (
       SELECT p.item_id, p.location_id, p.minimum, p.target, coalesce(b.on_hand, 0) AS on_hand, coalesce(b.reserved, 0) AS reserved, l.replenish_from
         FROM par_levels p
         JOIN locations l ON l.workspace_id = p.workspace_id AND l.id = p.location_id
         LEFT JOIN balances b ON b.workspace_id = p.workspace_id AND b.item_id = p.item_id AND b.location_id = p.location_id
        WHERE p.workspace_id = $1 AND coalesce(b.on_hand, 0) - coalesce(b.reserved, 0) < p.minimum
          AND ($2::uuid[] IS NULL OR p.location_id = ANY($2::uuid[]))
          AND ($3::uuid IS NULL OR l.replenish_from = $3::uuid)
        ORDER BY p.item_id, p.location_id
        LIMIT $4
     ), incoming AS (
       SELECT tl.item_id, t.to_location_id AS location_id, sum(tl.quantity) AS incoming
         FROM transfers t JOIN transfer_lines tl ON tl.workspace_id = t.workspace_id AND tl.transfer_id = t.id
        WHERE t.workspace_id = $1 AND t.status = 'pending' AND t.to_location_id IN (SELECT DISTINCT location_id FROM below)
        GROUP BY tl.item_id, t.to_location_id
     ), ordered AS (${openOrdersSql('(SELECT DISTINCT location_id FROM below)')})
     SELECT b.item_id, b.location_id, b.minimum::text, b.target::text, b.on_hand::text, b.reserved::text, b.replenish_from, i.incoming::text,
            o.on_order::text, o.drafted::text
       FROM below b LEFT JOIN incoming i ON i.item_id = b.item_id AND i.location_id = b.location_id
       LEFT JOIN ordered o ON o.item_id = b.item_id AND o.location_id = b.location_id
      ORDER BY b.item_id, b.location_id`,
    [workspaceId, scope.locationIds ?? null, scope.sourceLocationId ?? null, limit],
  );
  return rows.map((r) => ({
    itemId: r.item_id,
    locationId: r.location_id,
    minimum: toUnits(r.minimum),
    target: toUnits(r.target),
    onHand: toUnits(r.on_hand),
    reserved: toUnits(r.reserved),
    incoming: toUnits(r.incoming ?? '0'),
    onOrder: toUnits(r.on_order ?? '0'),
    drafted: toUnits(r.drafted ?? '0'),
    sourceLocationId: r.replenish_from,
  }));
}

/** What the planning of a read needs besides the needs: the sources' stock of the items, and the copies of the items and locations named. */
export interface ReplenishmentFacts {
  sources: Map<string, SourceStock>;
  items: Map<string, ItemRow>;
  locations: Map<string, LocationRow>;
}

/** The state of each (item, source) pair (refillStates), and the copies of the items and locations: one round trip. */
export async function replenishmentFacts(db: Db, workspaceId: string, sourceKeys: readonly BalanceKey[], itemIds: readonly string[], locationIds: readonly string[]): Promise<ReplenishmentFacts> {
  const [sources, items, locations] = await Promise.all([
    refillStates(db, workspaceId, sourceKeys),
    db.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, itemIds]),
    db.query<LocationRow>(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [workspaceId, locationIds]),
  ]);
  return { sources, items: new Map(items.rows.map((i) => [i.id, i])), locations: new Map(locations.rows.map((l) => [l.id, l])) };
}

/** A balance as a replenishment plans it: its on-hand and what of it is reserved, its par level (when it has one), what pending transfers carry to it and what purchase orders (submitted, draft) bring. */
export interface RefillState extends SourceStock {
  incoming: Units;
  onOrder: Units;
  drafted: Units;
}

/**
 * The state of each balance of `keys` (0 where stock has never been), with its par level when it
 * has one and what pending transfers and open purchase orders bring it: one statement (one
 * snapshot: a completion moving a transfer's quantity from incoming to on-hand is seen whole or not
 * at all). A replenishment run sends it after its locks (lockLedger), so it sees every transfer
 * committed by a change that held them before.
 */
export async function refillStates(db: Db, workspaceId: string, keys: readonly BalanceKey[]): Promise<Map<string, RefillState>> {
  const { rows } = await db.query<{ item_id: EntityId; location_id: EntityId; minimum: string | null; target: string | null; on_hand: string; reserved: string; incoming: string; on_order: string; drafted: string }>({
    name: 'stock_read_refill_states',
    text: `WITH k AS (SELECT DISTINCT * FROM unnest($2::uuid[], $3::uuid[]) AS k(item_id, location_id)),
            incoming AS (
              SELECT l.item_id, t.to_location_id AS location_id, sum(l.quantity) AS quantity
                FROM transfers t JOIN transfer_lines l ON l.workspace_id = t.workspace_id AND l.transfer_id = t.id
               WHERE t.workspace_id = $1 AND t.status = 'pending' AND t.to_location_id IN (SELECT DISTINCT location_id FROM k)
               GROUP BY l.item_id, t.to_location_id
            ), ordered AS (${openOrdersSql('(SELECT DISTINCT location_id FROM k)')})
       SELECT k.item_id, k.location_id, p.minimum::text, p.target::text, coalesce(b.on_hand, 0)::text AS on_hand, coalesce(b.reserved, 0)::text AS reserved,
              coalesce(i.quantity, 0)::text AS incoming, coalesce(o.on_order, 0)::text AS on_order, coalesce(o.drafted, 0)::text AS drafted
         FROM k LEFT JOIN par_levels p ON p.workspace_id = $1 AND p.item_id = k.item_id AND p.location_id = k.location_id
         LEFT JOIN balances b ON b.workspace_id = $1 AND b.item_id = k.item_id AND b.location_id = k.location_id
         LEFT JOIN incoming i ON i.item_id = k.item_id AND i.location_id = k.location_id
         LEFT JOIN ordered o ON o.item_id = k.item_id AND o.location_id = k.location_id`,
    values: [workspaceId, keys.map((k) => k.itemId), keys.map((k) => k.locationId)],
  });
  return new Map(
    rows.map((r) => [
      balanceKey({ itemId: r.item_id, locationId: r.location_id }),
      {
        onHand: toUnits(r.on_hand),
        reserved: toUnits(r.reserved),
        minimum: r.minimum === null ? undefined : toUnits(r.minimum),
        target: r.target === null ? undefined : toUnits(r.target),
        incoming: toUnits(r.incoming),
        onOrder: toUnits(r.on_order),
        drafted: toUnits(r.drafted),
      },
    ]),
  );
}

/** Each location of the workspace that is refilled from another, with that source, as the copies hold them (a run decides again from the copies it locks). */
export async function replenishFromOf(db: Db, workspaceId: string): Promise<Map<EntityId, EntityId>> {
  const { rows } = await db.query<{ id: EntityId; replenish_from: EntityId }>('SELECT id, replenish_from FROM locations WHERE workspace_id = $1 AND replenish_from IS NOT NULL', [workspaceId]);
  return new Map(rows.map((r) => [r.id, r.replenish_from]));
}

/** Every location `locationId` is refilled through, nearest first (its source, the source's source, …). */
export function sourceChain(locationId: EntityId, sourceOf: (locationId: EntityId) => EntityId | null | undefined): EntityId[] {
  const chain: EntityId[] = [];
  for (let at = sourceOf(locationId); at && at !== locationId && !chain.includes(at); at = sourceOf(at)) chain.push(at);
  return chain;
}
