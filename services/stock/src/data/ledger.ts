import { type Actor, DEFAULT_LOW_STOCK_THRESHOLD, type EntityId, type JobStatus, StockEvents, type StockChanged, type TransferOrigin, type TransferStatus } from '@inv/shared/core';
import type { InUseQuery, Pool, PoolClient } from '@inv/shared/db';
import { type Envelope, outboxMessages } from '@inv/shared/messaging';
import type { ItemTotal } from '../domain/item-health';
import type { JobRecord } from '../domain/job-plan';
import type { ParAmounts } from '../domain/par-levels';
import { type BalanceKey, balanceKey, type LedgerPlan, type LockedBalance, type NewMovement } from '../domain/ledger-plan';
import { toUnits, unitsToDecimal, type Units } from '../domain/quantity';
import { lockJob, writeJob } from './job-repository';
import { lockPurchaseOrder, type PurchaseOrderWrite, writePurchaseOrder } from './purchase-order-repository';
import { type RefillState, refillStates } from './replenishment-repository';
import type { PurchaseOrderRecord } from '../domain/purchase-orders';
import { type Money, moneyToDecimal, toMoney, valueToDecimal } from '../domain/money';
import type { CostChange, ReceiptCostRecord } from '../domain/average-cost';
import type { RevaluationRecord } from '../domain/revaluations';
import { hasLot, hasSerials, identityOf, type LotInfo, lotInfoKeyOf, lotKeyOf, type LotState, type MovedUnits, serialKeyOf, type SerialState, type SerialStatus, type UnitIdentity } from '../domain/units';
import { writeRevaluation } from './revaluation-repository';
import { ITEM_COLUMNS, type ItemRow, LOCATION_COLUMNS, type LocationRow } from './projection-repository';

/**
 * The one way stock is written: every change of stock (an opening, a receipt, an adjustment, a
 * count, a transfer created, completed, rejected, cancelled or reverted) locks what it decides
 * from with lockLedger and writes what it decided with writeLedger, then takes the workspace's
 * next stock position with recordStockChanges last before COMMIT. The use cases drive it through
 * runLedgerUnit (use-cases/ledger-unit.ts), which sends each group in one round trip.
 *
 * The locks, always in this order (the statements of lockLedger, sent in one round trip and run
 * one after the other), so that writers queue instead of deadlocking:
 * 0. what the change takes before the ledger's locks, in its `prepare` statements: a replenishment
 *    run's workspace lock, the row of the receipt a revert takes back, an opening's claim;
 * 1. each location it reads, and each item it adds stock of, with a shared advisory lock held to
 *    COMMIT: a location's closure or an item's (made catalog-only) takes the exclusive one
 *    (lockLocationExclusively, lockItemsExclusively), so it waits for every movement in flight
 *    there, and none starts until it is done. Advisory locks live in the lock manager: unlike row
 *    share locks, they write nothing to the rows however many transactions hold them at once;
 * 2. the job a change of a job acts on (lockJob), or the purchase order a change of an order acts
 *    on with its lines (lockPurchaseOrder), FOR UPDATE: a change of a job finds the version it was
 *    decided from, or decides again; racing receipts of one order queue;
 * 3. the total on-hand of each item whose total it changes (item_totals, FOR UPDATE, created at
 *    zero when missing, in item order): receipts, adjustments, counts, openings and revaluations
 *    take it, transfers never do (they change no total). Item health is judged under it
 *    (domain/item-health.ts), and so is a change of the threshold it is judged by; so is the
 *    average cost (domain/average-cost.ts);
 * 4. in one statement (LOCK_AND_READ): the transfer a transition acts on, FOR UPDATE (of racing
 *    transitions exactly one finds the status it starts from), then the par levels of its balances
 *    FOR SHARE and each balance it changes, FOR UPDATE, created at zero when missing, in (item,
 *    location) order.
 * The copies of locations and items, the suppliers and the workspace's stock settings are read by
 * that last statement, so its snapshot sees what a closure or a threshold change committed before
 * the locks of 1 and 3 were granted; what the cost journal recorded (only for a receipt's revert
 * and purchase order lines), the refill states of a replenishment run and the change's time (the
 * database's clock) follow it.
 */

/** What a change of stock locks and reads before it decides. */
export interface LedgerLocks {
  /** The transfer a transition acts on. */
  transferId?: EntityId;
  /** The job a change of a job acts on (its row locked first: lockJob). */
  jobId?: EntityId;
  /** The purchase order a receipt or its revert acts on (its row and lines locked first: lockPurchaseOrder). */
  purchaseOrderId?: EntityId;
  /** Suppliers read from the copies (a purchase order's). */
  supplierIds?: readonly EntityId[];
  /** Locations read (each under its shared lock). */
  locationIds: readonly EntityId[];
  /** Items read; those in `itemsAddedTo` are also held under their shared lock (stock is added of them). */
  itemIds: readonly EntityId[];
  itemsAddedTo: readonly EntityId[];
  /** Items whose total on-hand the change may alter (item_totals locked FOR UPDATE); none for a transfer. */
  totals: readonly EntityId[];
  /** Balances locked FOR UPDATE. */
  balances: readonly BalanceKey[];
  /** The serials and lots the change names (unitsTouched, domain/units.ts): locked after the balances, in key order; missing lots are created without stock. */
  units?: {
    serials: ReadonlyArray<{ itemId: EntityId; key: string }>;
    lots: ReadonlyArray<{ itemId: EntityId; locationId: EntityId; key: string; lot: string }>;
    /** Balances whose serials in stock are all read (a count of a serial item): their balance's lock holds them still. */
    stockedAt?: readonly BalanceKey[];
  };
  /** The purchase order receipt a revert takes back: what the ledger recorded when it moved its items' averages is read (domain/average-cost.ts). */
  receiptCosts?: EntityId;
  /** Read the last price paid of each item read (its latest receipt's cost, unless that receipt was reverted): a purchase order line's default. */
  lastCosts?: boolean;
  /**
   * Balances a replenishment run would refill: read, not locked, after the locks are held, each
   * with its par level and what pending transfers carry to it, all in one statement (one
   * snapshot: a completion moving a transfer's quantity from incoming to on-hand is seen whole or
   * not at all). See use-cases/replenish.ts for why they need no lock.
   */
  refills?: readonly BalanceKey[];
}

export interface LockedTransfer {
  id: EntityId;
  fromLocationId: EntityId;
  toLocationId: EntityId;
  status: TransferStatus;
}

/** What a change of stock decides from: its facts as locked. */
export interface LedgerFacts {
  transfer: LockedTransfer | undefined;
  /** The job of LedgerLocks.jobId as locked: its status and version (undefined: none, or no such job). */
  job: { status: JobStatus; version: number } | undefined;
  /** The purchase order of LedgerLocks.purchaseOrderId as locked, with its lines (undefined: none, or no such order). */
  purchaseOrder: PurchaseOrderRecord | undefined;
  /** The copies of the suppliers read (id → name). */
  suppliers: Map<string, string>;
  /** The stored average cost of each item read that has one (domain/average-cost.ts); others take their copy's catalog cost. */
  averageCosts: Map<string, Money>;
  /** The serials of LedgerLocks.units as locked (serialKeyOf → state; a serial never received is absent). */
  serials: Map<string, SerialState>;
  /** The lots of LedgerLocks.units at their locations as locked (lotKeyOf → amounts), and the lots themselves (lotInfoKeyOf → expiry). */
  lots: Map<string, LotState>;
  lotInfos: Map<string, LotInfo>;
  /** For a revert (LedgerLocks.receiptCosts): what its receipt recorded of each item's average. */
  receiptCosts: Map<string, ReceiptCostRecord>;
  /** With LedgerLocks.lastCosts: each item's last price paid (items never received at a cost are absent). */
  lastCosts: Map<string, Money>;
  /**
   * The change's time: the database's clock once every lock of the change is held, so a movement
   * is never dated before the commit of the change it waited for (valuation asOf reads the ledger
   * by these times).
   */
  now: Date;
  locations: Map<string, LocationRow>;
  items: Map<string, ItemRow>;
  balances: Map<string, LockedBalance>;
  /** The par level of each locked balance that has one (balanceKey → its amounts), read under a share lock. */
  parLevels: Map<string, ParAmounts>;
  /** The locked totals of the items in LedgerLocks.totals. */
  totals: Map<string, ItemTotal>;
  /** The workspace's default low-stock threshold, read when totals are locked (the default otherwise). */
  defaultThreshold: Units;
  /** Each balance of LedgerLocks.refills (balanceKey → its state as read, its par level when it has one). */
  refills: Map<string, RefillState>;
}

/** The advisory lock spaces (first key), apart from every other advisory lock on the database. */
const LOCATION_LOCKS = "hashtext('stock.location')";
const ITEM_LOCKS = "hashtext('stock.item')";

const LOCK_SHARED = {
  name: 'stock_ledger_lock_shared',
  text: `SELECT count(*) FROM (
           SELECT pg_advisory_xact_lock_shared(${LOCATION_LOCKS}, hashtext(id)) FROM unnest($1::text[]) AS id
           UNION ALL
           SELECT pg_advisory_xact_lock_shared(${ITEM_LOCKS}, hashtext(id)) FROM unnest($2::text[]) AS id
         ) held`,
};

const LOCK_TOTALS = {
  name: 'stock_ledger_lock_totals',
  text: `INSERT INTO item_totals AS t (workspace_id, item_id, on_hand)
         SELECT $1, id, 0 FROM unnest($2::uuid[]) AS id ORDER BY id
         ON CONFLICT (workspace_id, item_id) DO UPDATE SET changes = t.changes
         RETURNING t.item_id, t.on_hand::text, t.changes`,
};

const LOCK_AND_READ = {
  name: 'stock_ledger_lock_and_read',
  text: `WITH locked_transfer AS (
       SELECT id, from_location_id, to_location_id, status FROM transfers WHERE workspace_id = $1 AND id = $2::uuid FOR UPDATE
     ), places AS (
       SELECT ${LOCATION_COLUMNS} FROM locations WHERE workspace_id = $1 AND id = ANY($3::uuid[])
     ), goods AS (
       SELECT ${ITEM_COLUMNS} FROM items WHERE workspace_id = $1 AND id = ANY($4::uuid[])
     ), pars AS (
       -- Shared: a minimum being changed (setParLevel locks its row) waits for this change, and the other way round.
       SELECT item_id, location_id, minimum::text, target::text FROM par_levels
        WHERE workspace_id = $1 AND (item_id, location_id) IN (SELECT * FROM unnest($5::uuid[], $6::uuid[]))
        FOR SHARE
     ), locked_balances AS (
       INSERT INTO balances AS b (workspace_id, item_id, location_id, on_hand, updated_at, tracking)
       SELECT $1, k.item_id, k.location_id, 0, clock_timestamp(), coalesce(i.tracking, 'none') FROM unnest($5::uuid[], $6::uuid[]) AS k(item_id, location_id)
         LEFT JOIN items i ON i.workspace_id = $1 AND i.id = k.item_id
        WHERE (SELECT count(*) FROM locked_transfer) >= 0
        ORDER BY k.item_id, k.location_id
       ON CONFLICT (workspace_id, item_id, location_id) DO UPDATE SET version = b.version
       RETURNING b.item_id, b.location_id, b.on_hand::text, b.reserved::text, b.version
     )
     SELECT (SELECT row_to_json(t) FROM locked_transfer t) AS transfer, (SELECT json_agg(p) FROM places p) AS locations,
            (SELECT json_agg(g) FROM goods g) AS items, (SELECT json_agg(b) FROM locked_balances b) AS balances,
            (SELECT json_agg(p) FROM pars p) AS par_levels,
            (SELECT json_object_agg(c.item_id, c.average_cost::text) FROM item_totals c
              WHERE c.workspace_id = $1 AND c.item_id = ANY($4::uuid[]) AND c.average_cost IS NOT NULL) AS average_costs,
            (SELECT json_object_agg(s.id, s.name) FROM suppliers s WHERE s.workspace_id = $1 AND s.id = ANY($8::uuid[])) AS suppliers,
            (SELECT default_low_stock_threshold::text FROM workspace_settings WHERE workspace_id = $1 AND $7) AS default_threshold`,
};

/**
 * What the cost journal recorded, read only by the changes that need it (a statement of its own,
 * sent after the locks): the averages a receipt moved (its revert takes them back) and each item's
 * last price paid (a purchase order line's default). Inside LOCK_AND_READ, its parts switched off
 * by parameters, it made PostgreSQL plan that statement again on every transfer: the generic plan
 * priced them in, so the planner kept choosing custom plans (0.5 ms of planning each).
 */
const READ_COST_RECORDS = {
  name: 'stock_ledger_read_cost_records',
  text: `SELECT (SELECT json_object_agg(c.item_id, json_build_object('before', c.average_before::text, 'after', c.average_cost::text, 'changes', c.total_changes))
               FROM item_cost_changes c WHERE c.workspace_id = $1 AND c.source_id = $3::uuid AND c.kind = 'receipt') AS receipt_costs,
            (SELECT json_object_agg(i.id, paid.unit_cost::text) FROM unnest($2::uuid[]) AS i(id)
              CROSS JOIN LATERAL (
                SELECT c.unit_cost FROM item_cost_changes c
                  LEFT JOIN purchase_order_receipts r ON r.workspace_id = c.workspace_id AND r.id = c.source_id
                 WHERE $4 AND c.workspace_id = $1 AND c.item_id = i.id AND c.kind = 'receipt' AND r.reverted_at IS NULL
                 ORDER BY c.changed_at DESC, c.seq DESC LIMIT 1) paid) AS last_costs`,
};

interface CostRecordsRow {
  receipt_costs: Record<string, { before: string | null; after: string; changes: number | null }> | null;
  last_costs: Record<string, string> | null;
}

/**
 * The serials and lots a change names, locked after its balances: serials FOR UPDATE (one never
 * received has no row: racing receipts of it meet at its insert), each lot created when missing
 * (without an expiry) and each lot's stock at its location created at 0 when missing, both locked.
 */
/**
 * Runs a units statement on its generic plan: the two statements below are written for it (every
 * key probed through its index, a part without keys cut by a one-time filter), but PostgreSQL's
 * plan cache, pricing those parts in, re-planned them on nearly every change (0.3 ms each, inside
 * the balances' locks). The setting holds for that statement only: set before it and back to
 * auto after it, in the same pipelined write.
 */
function onGenericPlan<T>(tx: PoolClient, statement: () => Promise<T>): Promise<T> {
  const set = tx.query(FORCE_GENERIC_PLAN);
  set.catch(() => undefined);
  const result = statement();
  const reset = tx.query(AUTO_PLAN);
  reset.catch(() => undefined);
  return result;
}
const FORCE_GENERIC_PLAN = 'SET LOCAL plan_cache_mode = force_generic_plan';
const AUTO_PLAN = 'SET LOCAL plan_cache_mode = auto';

const LOCK_UNITS = {
  name: 'stock_ledger_lock_units',
  // Each key looked up by its own index probe (LATERAL): a join the planner may turn into a scan of
  // the workspace's serials (a generic plan, statistics not yet gathered) would read them all on every
  // change. OFFSET 0 keeps a subquery without FOR UPDATE from being flattened into such a join (it was:
  // 50,000 serials read per transfer that counted nothing).
  text: `WITH named AS (
       SELECT s.* FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS k(item_id, serial_key, n)
        CROSS JOIN LATERAL (
              SELECT s.item_id, s.serial_key, s.serial, s.status, s.location_id, s.held_by, s.job_id, s.received_at, s.last_moved_at
                FROM serials s WHERE s.workspace_id = $1 AND s.item_id = k.item_id AND s.serial_key = k.serial_key
                 FOR UPDATE) s
     ), stocked AS (
       -- Every serial in stock at a balance a count compares with (its balance's lock keeps them still: every change of them holds it).
       SELECT s.* FROM unnest($8::uuid[], $9::uuid[]) AS k(item_id, location_id)
        CROSS JOIN LATERAL (
              SELECT s.item_id, s.serial_key, s.serial, s.status, s.location_id, s.held_by, s.job_id, s.received_at, s.last_moved_at
                FROM serials s WHERE s.workspace_id = $1 AND s.location_id = k.location_id AND s.item_id = k.item_id AND s.status = 'in_stock'
              OFFSET 0) s
     ), s AS (SELECT * FROM named UNION SELECT * FROM stocked), info AS (
       INSERT INTO lots AS l (workspace_id, item_id, lot_key, lot)
       SELECT DISTINCT ON (k.item_id, k.lot_key) $1, k.item_id, k.lot_key, k.lot FROM unnest($4::uuid[], $6::text[], $7::text[]) AS k(item_id, lot_key, lot)
        ORDER BY k.item_id, k.lot_key
       ON CONFLICT (workspace_id, item_id, lot_key) DO UPDATE SET lot = l.lot
       RETURNING l.item_id, l.lot_key, l.lot, l.expires_on::text
     ), held AS (
       INSERT INTO lot_balances AS b (workspace_id, item_id, location_id, lot_key)
       SELECT $1, k.item_id, k.location_id, k.lot_key FROM unnest($4::uuid[], $5::uuid[], $6::text[]) AS k(item_id, location_id, lot_key)
        WHERE (SELECT count(*) FROM info) >= 0
        ORDER BY k.item_id, k.location_id, k.lot_key
       ON CONFLICT (workspace_id, item_id, location_id, lot_key) DO UPDATE SET reserved = b.reserved
       RETURNING b.item_id, b.location_id, b.lot_key, b.on_hand::text, b.reserved::text
     )
     SELECT (SELECT json_agg(s) FROM s) AS serials, (SELECT json_agg(i) FROM info i) AS infos, (SELECT json_agg(h) FROM held h) AS lots`,
};

interface LockedUnitsRow {
  serials: Array<{ item_id: EntityId; serial_key: string; serial: string; status: SerialStatus; location_id: EntityId; held_by: EntityId | null; job_id: EntityId | null; received_at: string; last_moved_at: string }> | null;
  infos: Array<{ item_id: EntityId; lot_key: string; lot: string; expires_on: string | null }> | null;
  lots: Array<{ item_id: EntityId; location_id: EntityId; lot_key: string; on_hand: string; reserved: string }> | null;
}

function lockUnits(tx: PoolClient, workspaceId: string, units: NonNullable<LedgerLocks['units']>): Promise<Pick<LedgerFacts, 'serials' | 'lots' | 'lotInfos'>> {
  // In key order, as every change locks them, so that two changes queue instead of deadlocking.
  const serials = [...new Map(units.serials.map((k) => [serialKeyOf(k.itemId, k.key), k])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k);
  const lots = [...new Map(units.lots.map((k) => [lotKeyOf(k.itemId, k.locationId, k.key), k])).values()];
  return onGenericPlan(tx, () =>
    tx.query<LockedUnitsRow>({
      ...LOCK_UNITS,
      values: [
        workspaceId,
        serials.map((k) => k.itemId),
        serials.map((k) => k.key),
        lots.map((k) => k.itemId),
        lots.map((k) => k.locationId),
        lots.map((k) => k.key),
        lots.map((k) => k.lot),
        (units.stockedAt ?? []).map((k) => k.itemId),
        (units.stockedAt ?? []).map((k) => k.locationId),
      ],
    }),
  ).then(({ rows }) => {
      const row = rows[0]!;
      return {
        serials: new Map(
          (row.serials ?? []).map((r) => [
            serialKeyOf(r.item_id, r.serial_key),
            {
              itemId: r.item_id,
              key: r.serial_key,
              serial: r.serial,
              status: r.status,
              locationId: r.location_id,
              heldBy: r.held_by,
              jobId: r.job_id,
              receivedAt: new Date(r.received_at),
              lastMovedAt: new Date(r.last_moved_at),
              exists: true,
            },
          ]),
        ),
        lots: new Map(
          (row.lots ?? []).map((r) => [lotKeyOf(r.item_id, r.location_id, r.lot_key), { itemId: r.item_id, locationId: r.location_id, key: r.lot_key, onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved) }]),
        ),
        lotInfos: new Map((row.infos ?? []).map((r) => [lotInfoKeyOf(r.item_id, r.lot_key), { itemId: r.item_id, key: r.lot_key, lot: r.lot, expiresOn: r.expires_on }])),
      };
    });
}

/**
 * Locks and reads what a change of stock decides from, in statements the caller sends in one
 * round trip (see runLedgerUnit): the advisory locks, the items' totals (when it changes any),
 * then the rest, then the balances to refill (when asked). The balances' INSERT
 * waits for the transfer's row lock through the subquery in its WHERE, which PostgreSQL evaluates
 * once before the first row; ON CONFLICT DO UPDATE locks an existing balance as SELECT FOR UPDATE
 * would and answers it as it is now.
 */
export function lockLedger(tx: PoolClient, workspaceId: string, locks: LedgerLocks): [Promise<unknown>, Promise<LedgerFacts>] {
  const sorted = (ids: readonly string[]) => [...new Set(ids)].sort();
  const balances = [...new Map(locks.balances.map((k) => [balanceKey(k), k])).values()];
  const advisory = tx.query({ ...LOCK_SHARED, values: [sorted(locks.locationIds), sorted(locks.itemsAddedTo)] });
  const job = locks.jobId === undefined ? Promise.resolve(undefined) : lockJob(tx, workspaceId, locks.jobId);
  // Awaited once the read is; when the read fails first, its failure is the one reported.
  job.catch(() => undefined);
  const purchaseOrder = locks.purchaseOrderId === undefined ? Promise.resolve(undefined) : lockPurchaseOrder(tx, workspaceId, locks.purchaseOrderId);
  purchaseOrder.catch(() => undefined);
  const totals =
    locks.totals.length === 0
      ? Promise.resolve(new Map<string, ItemTotal>())
      : tx
          .query<{ item_id: string; on_hand: string; changes: string }>({ ...LOCK_TOTALS, values: [workspaceId, sorted(locks.totals)] })
          .then(({ rows }) => new Map(rows.map((r) => [r.item_id, { onHand: toUnits(r.on_hand), changes: Number(r.changes) }])));
  // Every lock, in the order issued: when one fails, the statements after it fail only because of it
  // (25P02), and Promise.all reports the first to fail, which is the first in order.
  const held = Promise.all([advisory, job, purchaseOrder, totals]);
  const read = tx
    .query<{
      transfer: { id: EntityId; from_location_id: EntityId; to_location_id: EntityId; status: TransferStatus } | null;
      locations: LocationRow[] | null;
      items: ItemRow[] | null;
      balances: Array<{ item_id: EntityId; location_id: EntityId; on_hand: string; reserved: string; version: number }> | null;
      par_levels: Array<{ item_id: EntityId; location_id: EntityId; minimum: string; target: string }> | null;
      average_costs: Record<string, string> | null;
      suppliers: Record<string, string> | null;
      default_threshold: string | null;
    }>({
      ...LOCK_AND_READ,
      values: [
        workspaceId,
        locks.transferId ?? null,
        sorted(locks.locationIds),
        sorted(locks.itemIds),
        balances.map((k) => k.itemId),
        balances.map((k) => k.locationId),
        locks.totals.length > 0,
        sorted(locks.supplierIds ?? []),
      ],
    });
  const noCostRecords: CostRecordsRow = { receipt_costs: null, last_costs: null };
  const costRecords =
    locks.receiptCosts === undefined && locks.lastCosts !== true
      ? Promise.resolve(noCostRecords)
      : tx
          .query<CostRecordsRow>({ ...READ_COST_RECORDS, values: [workspaceId, sorted(locks.itemIds), locks.receiptCosts ?? null, locks.lastCosts === true] })
          .then(({ rows }) => rows[0] ?? noCostRecords);
  // Awaited once the read is; when the read fails first, its failure is the one reported.
  costRecords.catch(() => undefined);
  const noUnits = { serials: new Map(), lots: new Map(), lotInfos: new Map() };
  const unitsHeld = locks.units && (locks.units.serials.length > 0 || locks.units.lots.length > 0 || (locks.units.stockedAt?.length ?? 0) > 0) ? lockUnits(tx, workspaceId, locks.units) : Promise.resolve(noUnits);
  // Awaited once the read is; when the read fails first, its failure is the one reported.
  unitsHeld.catch(() => undefined);
  const refillKeys = locks.refills ?? [];
  const refills = refillKeys.length === 0 ? Promise.resolve(new Map<string, RefillState>()) : refillStates(tx, workspaceId, refillKeys);
  // Awaited once the read is; when the read fails first, its failure is the one reported.
  refills.catch(() => undefined);
  // Last in the round trip: the time once every lock above is held.
  const now = tx.query<{ now: Date }>({ name: 'stock_ledger_now', text: 'SELECT clock_timestamp() AS now' }).then(({ rows }) => rows[0]!.now);
  now.catch(() => undefined);
  const facts = read.then(async ({ rows }) => {
      const row = rows[0]!;
      const recorded = await costRecords;
      const transfer = row.transfer && { id: row.transfer.id, fromLocationId: row.transfer.from_location_id, toLocationId: row.transfer.to_location_id, status: row.transfer.status };
      return {
        transfer: transfer ?? undefined,
        job: await job,
        purchaseOrder: await purchaseOrder,
        suppliers: new Map(Object.entries(row.suppliers ?? {})),
        averageCosts: new Map(Object.entries(row.average_costs ?? {}).map(([itemId, cost]) => [itemId, toMoney(cost)])),
        receiptCosts: new Map(
          Object.entries(recorded.receipt_costs ?? {}).flatMap(([itemId, c]) =>
            c.before === null || c.changes === null ? [] : [[itemId, { averageBefore: toMoney(c.before), averageAfter: toMoney(c.after), totalChanges: Number(c.changes) }] as const],
          ),
        ),
        lastCosts: new Map(Object.entries(recorded.last_costs ?? {}).map(([itemId, cost]) => [itemId, toMoney(cost)])),
        locations: new Map((row.locations ?? []).map((l) => [l.id, l])),
        items: new Map((row.items ?? []).map((i) => [i.id, i])),
        balances: new Map(
          (row.balances ?? []).map((r) => {
            const b = { itemId: r.item_id, locationId: r.location_id, onHand: toUnits(r.on_hand), reserved: toUnits(r.reserved), version: Number(r.version) };
            return [balanceKey(b), b];
          }),
        ),
        parLevels: new Map((row.par_levels ?? []).map((p) => [balanceKey({ itemId: p.item_id, locationId: p.location_id }), { minimum: toUnits(p.minimum), target: toUnits(p.target) }])),
        totals: await totals,
        defaultThreshold: toUnits(row.default_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
        refills: await refills,
        ...(await unitsHeld),
        now: await now,
      };
    });
  return [held, facts];
}

/** A transfer created by the change, with its lines. */
export interface NewTransfer {
  id: EntityId;
  fromLocationId: EntityId;
  toLocationId: EntityId;
  status: TransferStatus;
  note: string;
  reason: string;
  origin: TransferOrigin;
  lines: ReadonlyArray<{ id: EntityId; itemId: EntityId; quantity: Units; note: string; units?: UnitIdentity }>;
}

/** A transfer moved from one status to the next by a transition. */
export interface TransferTransition {
  id: EntityId;
  from: TransferStatus;
  to: TransferStatus;
  /** Why the destination rejected or the source cancelled it ("" otherwise). */
  reason: string;
  /** What each line moved, once it moves (a completion): its serials, or its lots with their quantities. */
  moved?: ReadonlyArray<{ lineId: EntityId; units: MovedUnits }>;
}

/** What a change of stock writes: the caller planned it under the locks of lockLedger. */
export interface LedgerWrite {
  /** Who makes the change: on its movements, and on the transfer it creates or moves. */
  actor: Actor;
  /** When: the movements' time, and the transfer's creation or transition. */
  now: Date;
  /** The transfers it creates (a replenishment run: one per source and destination), or the one it moves. */
  transfer?: { created: readonly NewTransfer[] } | { moved: TransferTransition };
  /** The job it creates or changes, as it leaves it (its lines replaced by those given when `replacesLines`). */
  job?: { record: JobRecord; replacesLines: boolean };
  /** The purchase order a receipt or its revert changes, as it leaves it, with the receipt it records or takes back. */
  purchaseOrder?: PurchaseOrderWrite;
  /** The revaluation it records (its cost change is among averageCosts). */
  revaluation?: RevaluationRecord;
  /** The serials and lots it touched, as the plan leaves them, and which serials it received for the first time. */
  units?: { plan: LedgerPlan['units']; known: ReadonlyMap<string, SerialState> };
  /** The items whose average cost the change moved, each change as the cost journal records it (item_cost_changes, at the change's time). */
  averageCosts?: ReadonlyMap<string, CostChange>;
  movements: readonly NewMovement[];
  /** The locked balances in their new state (unchanged ones may be left out). */
  balances: readonly LockedBalance[];
  /** The locked totals the change altered, in their new state. */
  totals: ReadonlyArray<{ itemId: string; onHand: Units; changes: number }>;
  /** Events other than stock.changed (recordStockChanges writes that one). */
  events: readonly Envelope<unknown>[];
}

const WRITE = {
  name: 'stock_ledger_write',
  text: `WITH new_transfers AS (
       INSERT INTO transfers (id, workspace_id, from_location_id, to_location_id, status, note, reason, origin, user_id, created_by_key_id, created_at,
                              completed_at, completed_by_user_id, completed_by_key_id)
       SELECT t.id, $1, t.from_location_id, t.to_location_id, t.status, t.note, t.reason, t.origin, $7, $17, $8,
              CASE t.status WHEN 'completed' THEN $8::timestamptz END, CASE t.status WHEN 'completed' THEN $7::text END, CASE t.status WHEN 'completed' THEN $17::text END
         FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $40::text[], $41::text[]) AS t(id, from_location_id, to_location_id, status, note, reason, origin)
       RETURNING id
     ), new_lines AS (
       INSERT INTO transfer_lines (id, workspace_id, transfer_id, position, item_id, quantity, note, serials, lot)
       SELECT l.id, $1, l.transfer_id, l.position, l.item_id, l.quantity, l.note,
              CASE WHEN l.serials IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(l.serials::jsonb)) END, l.lot
         FROM unnest($9::uuid[], $42::uuid[], $43::int[], $10::uuid[], $11::numeric[], $12::text[], $52::text[], $53::text[])
              AS l(id, transfer_id, position, item_id, quantity, note, serials, lot)
     ), moved_transfer AS (
       UPDATE transfers SET status = $15, reason = $16,
              completed_at = CASE $15 WHEN 'completed' THEN $8::timestamptz ELSE completed_at END,
              completed_by_user_id = CASE $15 WHEN 'completed' THEN $7::text ELSE completed_by_user_id END,
              completed_by_key_id = CASE $15 WHEN 'completed' THEN $17::text ELSE completed_by_key_id END,
              rejected_at = CASE $15 WHEN 'rejected' THEN $8::timestamptz ELSE rejected_at END,
              rejected_by_user_id = CASE $15 WHEN 'rejected' THEN $7::text ELSE rejected_by_user_id END,
              rejected_by_key_id = CASE $15 WHEN 'rejected' THEN $17::text ELSE rejected_by_key_id END,
              cancelled_at = CASE $15 WHEN 'cancelled' THEN $8::timestamptz ELSE cancelled_at END,
              cancelled_by_user_id = CASE $15 WHEN 'cancelled' THEN $7::text ELSE cancelled_by_user_id END,
              cancelled_by_key_id = CASE $15 WHEN 'cancelled' THEN $17::text ELSE cancelled_by_key_id END,
              reverted_at = CASE $15 WHEN 'reverted' THEN $8::timestamptz ELSE reverted_at END,
              reverted_by_user_id = CASE $15 WHEN 'reverted' THEN $7::text ELSE reverted_by_user_id END,
              reverted_by_key_id = CASE $15 WHEN 'reverted' THEN $17::text ELSE reverted_by_key_id END
        WHERE workspace_id = $1 AND id = $13::uuid AND status = $14
     ), ledger AS (
       INSERT INTO movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, transfer_id, operation_id, job_id, reason, reference, note, created_at,
                              unit_cost, purchase_order_id, receipt_id, cost_variance, serials, lot, lot_key)
       SELECT m.id, $1, m.item_id, m.location_id, m.type, m.quantity, m.balance_after, $7, m.transfer_id, m.operation_id, m.job_id, m.reason, m.reference, m.note, $8,
              m.unit_cost, m.purchase_order_id, m.receipt_id, m.cost_variance,
              CASE WHEN m.serials IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(m.serials::jsonb)) END, m.lot, m.lot_key
         FROM unnest($18::uuid[], $19::uuid[], $20::uuid[], $21::text[], $22::numeric[], $23::numeric[], $24::uuid[], $25::uuid[], $44::uuid[], $26::text[], $27::text[], $28::text[],
                     $45::numeric[], $46::uuid[], $47::uuid[], $48::numeric[], $49::text[], $50::text[], $51::text[])
              WITH ORDINALITY AS m(id, item_id, location_id, type, quantity, balance_after, transfer_id, operation_id, job_id, reason, reference, note, unit_cost, purchase_order_id, receipt_id, cost_variance,
                                   serials, lot, lot_key, n)
        ORDER BY m.n
       RETURNING id, item_id, seq
     ), traced AS (
       -- Each serial a movement carried, traced by the movement's sequence number as it is inserted.
       INSERT INTO movement_serials (workspace_id, serial_key, item_id, seq)
       SELECT $1, k.key, l.item_id, l.seq FROM unnest($18::uuid[], $54::text[]) AS t(id, keys)
         JOIN ledger l ON l.id = t.id
        CROSS JOIN LATERAL jsonb_array_elements_text(t.keys::jsonb) AS k(key)
        WHERE t.keys IS NOT NULL
     ), balance AS (
       UPDATE balances b SET on_hand = u.on_hand, reserved = u.reserved, version = u.version, updated_at = $8
         FROM unnest($29::uuid[], $30::uuid[], $31::numeric[], $32::numeric[], $33::bigint[]) AS u(item_id, location_id, on_hand, reserved, version)
        WHERE b.workspace_id = $1 AND b.item_id = u.item_id AND b.location_id = u.location_id
     ), total AS (
       UPDATE item_totals t SET on_hand = u.on_hand, changes = u.changes
         FROM unnest($37::uuid[], $38::numeric[], $39::bigint[]) AS u(item_id, on_hand, changes)
        WHERE t.workspace_id = $1 AND t.item_id = u.item_id
     )
     INSERT INTO outbox (id, type, workspace_id, message)
     SELECT e.id, e.type, $1, m.message
       FROM unnest($34::uuid[], $35::text[]) WITH ORDINALITY AS e(id, type, n)
       JOIN jsonb_array_elements($36::jsonb) WITH ORDINALITY AS m(message, n) ON m.n = e.n
      ORDER BY e.n`,
};

/**
 * Writes a change of stock in one statement: the transfer it creates (with its lines) or moves to
 * its next status, its movements (and the serials each carried), its balances, the items' totals and its events. A transfer entering a status after
 * pending (created completed, or moved) records the change's time and actor in that status's
 * columns, as stampsAfter (domain/transfer-lifecycle.ts) does for the answer. The tables'
 * constraints (on-hand never negative, reserved within on-hand, movement and line references)
 * back the plan. A change of a job writes the job in a second statement sent with it
 * (writeJob), before the movements that name it.
 */
export async function writeLedger(tx: PoolClient, workspaceId: string, w: LedgerWrite): Promise<void> {
  const job = w.job && writeJob(tx, workspaceId, w.job.record, w.job.replacesLines);
  const order = w.purchaseOrder && writePurchaseOrder(tx, workspaceId, w.purchaseOrder);
  order?.catch(() => undefined);
  const rows = writeLedgerRows(tx, workspaceId, w);
  // The job's statement goes first: when it fails (a taken externalRef), the rows' statement only reports the aborted transaction.
  rows.catch(() => undefined);
  const costs = w.averageCosts && w.averageCosts.size > 0 ? writeAverageCosts(tx, workspaceId, w.averageCosts, w.now) : undefined;
  costs?.catch(() => undefined);
  const revaluation = w.revaluation && writeRevaluation(tx, workspaceId, w.revaluation);
  revaluation?.catch(() => undefined);
  const units = writeUnits(tx, workspaceId, w);
  units?.catch(() => undefined);
  await job;
  await order;
  await rows;
  await costs;
  await revaluation;
  await units;
}

async function writeLedgerRows(tx: PoolClient, workspaceId: string, w: LedgerWrite): Promise<void> {
  const created = w.transfer && 'created' in w.transfer ? w.transfer.created : [];
  const moved = w.transfer && 'moved' in w.transfer ? w.transfer.moved : undefined;
  const lines = created.flatMap((t) => t.lines.map((l, index) => ({ ...l, transferId: t.id, position: index + 1 })));
  const m = w.movements;
  const b = w.balances;
  const e = w.events;
  await tx.query({
    ...WRITE,
    values: [
      workspaceId,
      created.map((t) => t.id),
      created.map((t) => t.fromLocationId),
      created.map((t) => t.toLocationId),
      created.map((t) => t.status),
      created.map((t) => t.note),
      w.actor.userId,
      w.now,
      lines.map((l) => l.id),
      lines.map((l) => l.itemId),
      lines.map((l) => unitsToDecimal(l.quantity)),
      lines.map((l) => l.note),
      moved?.id ?? null,
      moved?.from ?? null,
      moved?.to ?? null,
      moved?.reason ?? null,
      w.actor.keyId,
      m.map((x) => x.id),
      m.map((x) => x.itemId),
      m.map((x) => x.locationId),
      m.map((x) => x.type),
      m.map((x) => unitsToDecimal(x.quantity)),
      m.map((x) => unitsToDecimal(x.balanceAfter)),
      m.map((x) => x.transferId),
      m.map((x) => x.operationId),
      m.map((x) => x.reason),
      m.map((x) => x.reference),
      m.map((x) => x.note),
      b.map((x) => x.itemId),
      b.map((x) => x.locationId),
      b.map((x) => unitsToDecimal(x.onHand)),
      b.map((x) => unitsToDecimal(x.reserved)),
      b.map((x) => x.version),
      e.map((x) => x.id),
      e.map((x) => x.type),
      // One JSON array, not an array of JSON texts: a PostgreSQL array literal escapes every
      // quote of every message, which costs more than the rest of the statement for large ones.
      JSON.stringify(e),
      w.totals.map((x) => x.itemId),
      w.totals.map((x) => unitsToDecimal(x.onHand)),
      w.totals.map((x) => x.changes),
      created.map((t) => t.reason),
      created.map((t) => t.origin),
      lines.map((l) => l.transferId),
      lines.map((l) => l.position),
      m.map((x) => x.jobId ?? null),
      m.map((x) => (x.unitCost === null ? null : moneyToDecimal(x.unitCost))),
      m.map((x) => x.purchaseOrderId ?? null),
      m.map((x) => x.receiptId ?? null),
      m.map((x) => (x.costVariance === null ? null : valueToDecimal(x.costVariance))),
      m.map((x) => (hasSerials(x.units) ? JSON.stringify(x.units.serials.map((u) => u.serial)) : null)),
      m.map((x) => (hasLot(x.units) ? x.units.lot.lot : null)),
      m.map((x) => (hasLot(x.units) ? x.units.lot.key : null)),
      lines.map((l) => (hasSerials(l.units) ? JSON.stringify(l.units.serials.map((u) => u.serial)) : null)),
      lines.map((l) => (hasLot(l.units) ? l.units.lot.lot : null)),
      m.map((x) => (hasSerials(x.units) ? JSON.stringify(x.units.serials.map((u) => u.key)) : null)),
    ],
  });
}

/**
 * Writes what a change did to units (one statement): serials received for the first time inserted
 * (racing receipts of one meet at its key: the second is a unique violation, refused as a 409),
 * the others updated; each lot's stock at its location; expiries set; what a completed transfer's
 * lines moved. The serials each movement carried are traced (movement_serials) by the movements'
 * own statement, which knows their sequence numbers without looking them up.
 */
function writeUnits(tx: PoolClient, workspaceId: string, w: LedgerWrite): Promise<unknown> | undefined {
  const plan = w.units?.plan;
  const moved = w.transfer && 'moved' in w.transfer ? (w.transfer.moved.moved ?? []) : [];
  const serials = plan?.serials ?? [];
  const lots = plan?.lots ?? [];
  const infos = plan?.lotInfos ?? [];
  // A change of untracked items sends nothing more.
  if (serials.length === 0 && lots.length === 0 && infos.length === 0 && moved.length === 0) return undefined;
  const fresh = serials.filter((x) => !w.units!.known.has(serialKeyOf(x.itemId, x.key)));
  const known = serials.filter((x) => w.units!.known.has(serialKeyOf(x.itemId, x.key)));
  return onGenericPlan(tx, () => tx.query({
    name: 'stock_ledger_write_units',
    // Every row found through its keys' index (the "= ANY" of each key), and a part with no keys not
    // run at all (cardinality, a filter decided once): a plan joining the keys to a table the
    // planner believes small (no statistics yet) read all of a workspace's serials, 14 ms, for none.
    text: `WITH fresh AS (
       INSERT INTO serials (workspace_id, item_id, serial_key, serial, status, location_id, held_by, job_id, received_at, last_moved_at)
       SELECT $1, s.* FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::uuid[], $9::timestamptz[], $9::timestamptz[])
                       AS s(item_id, serial_key, serial, status, location_id, held_by, job_id, received_at, last_moved_at)
     ), known AS (
       UPDATE serials x SET status = u.status, location_id = u.location_id, held_by = u.held_by, job_id = u.job_id, last_moved_at = u.last_moved_at
         FROM unnest($10::uuid[], $11::text[], $12::text[], $13::uuid[], $14::uuid[], $15::uuid[], $16::timestamptz[]) AS u(item_id, serial_key, status, location_id, held_by, job_id, last_moved_at)
        WHERE (x.workspace_id, x.item_id, x.serial_key) = ($1, u.item_id, u.serial_key) AND x.item_id = ANY($10::uuid[]) AND x.serial_key = ANY($11::text[]) AND cardinality($10::uuid[]) > 0
     ), lot_stock AS (
       UPDATE lot_balances b SET on_hand = u.on_hand, reserved = u.reserved
         FROM unnest($17::uuid[], $18::uuid[], $19::text[], $20::numeric[], $21::numeric[]) AS u(item_id, location_id, lot_key, on_hand, reserved)
        WHERE b.workspace_id = $1 AND b.item_id = u.item_id AND b.location_id = u.location_id AND b.lot_key = u.lot_key AND b.item_id = ANY($17::uuid[]) AND cardinality($17::uuid[]) > 0
     ), expiry AS (
       UPDATE lots x SET expires_on = u.expires_on FROM unnest($22::uuid[], $23::text[], $24::date[]) AS u(item_id, lot_key, expires_on)
        WHERE x.workspace_id = $1 AND x.item_id = u.item_id AND x.lot_key = u.lot_key AND x.item_id = ANY($22::uuid[]) AND x.lot_key = ANY($23::text[]) AND cardinality($22::uuid[]) > 0
     )
     UPDATE transfer_lines l SET units = u.units FROM unnest($25::uuid[], $26::jsonb[]) AS u(id, units) WHERE l.workspace_id = $1 AND l.id = u.id AND l.id = ANY($25::uuid[]) AND cardinality($25::uuid[]) > 0`,
    values: [
      workspaceId,
      fresh.map((x) => x.itemId),
      fresh.map((x) => x.key),
      fresh.map((x) => x.serial),
      fresh.map((x) => x.status),
      fresh.map((x) => x.locationId),
      fresh.map((x) => x.heldBy),
      fresh.map((x) => x.jobId),
      fresh.map((x) => x.lastMovedAt ?? w.now),
      known.map((x) => x.itemId),
      known.map((x) => x.key),
      known.map((x) => x.status),
      known.map((x) => x.locationId),
      known.map((x) => x.heldBy),
      known.map((x) => x.jobId),
      known.map((x) => x.lastMovedAt ?? w.now),
      lots.map((x) => x.itemId),
      lots.map((x) => x.locationId),
      lots.map((x) => x.key),
      lots.map((x) => unitsToDecimal(x.onHand)),
      lots.map((x) => unitsToDecimal(x.reserved)),
      infos.map((x) => x.itemId),
      infos.map((x) => x.key),
      infos.map((x) => x.expiresOn),
      moved.map((x) => x.lineId),
      moved.map((x) => JSON.stringify(x.units)),
    ],
  }));
}

/**
 * Records the items' new average costs on their totals (locked by the change) and each change in the
 * cost journal (item_cost_changes: valuation asOf, the last price paid, a revert's record of its
 * receipt), with what moved it.
 */
function writeAverageCosts(tx: PoolClient, workspaceId: string, changes: ReadonlyMap<string, CostChange>, now: Date): Promise<unknown> {
  const c = [...changes.entries()];
  return tx.query({
    name: 'stock_ledger_write_average_costs',
    text: `WITH costs AS (SELECT * FROM unnest($2::uuid[], $3::numeric[], $5::text[], $6::numeric[], $7::numeric[], $8::uuid[], $9::bigint[])
                           AS c(item_id, average_cost, kind, average_before, unit_cost, source_id, total_changes)),
          moved AS (UPDATE item_totals t SET average_cost = c.average_cost FROM costs c WHERE t.workspace_id = $1 AND t.item_id = c.item_id)
     INSERT INTO item_cost_changes (workspace_id, item_id, changed_at, average_cost, kind, average_before, unit_cost, source_id, total_changes)
     SELECT $1, item_id, $4, average_cost, kind, average_before, unit_cost, source_id, total_changes FROM costs`,
    values: [
      workspaceId,
      c.map(([itemId]) => itemId),
      c.map(([, x]) => moneyToDecimal(x.average)),
      now,
      c.map(([, x]) => x.kind),
      c.map(([, x]) => moneyToDecimal(x.before)),
      c.map(([, x]) => (x.unitCost === undefined ? null : moneyToDecimal(x.unitCost))),
      c.map(([, x]) => x.sourceId ?? null),
      c.map(([, x]) => x.totalChanges ?? null),
    ],
  });
}

/**
 * Records a transaction's changes of on-hand as its one stock.changed message, carrying the
 * workspace's next stock position, and answers that position (undefined when `changes` is empty:
 * nothing changed on-hand, no position is taken). The position is taken under its row's lock,
 * held to commit, so positions follow commit order with no gaps; send this last before COMMIT,
 * since every writer of the workspace queues on that row meanwhile.
 */
export async function recordStockChanges(
  tx: PoolClient,
  workspaceId: string,
  changes: readonly StockChanged[],
  requestId: string | null,
): Promise<number | undefined> {
  if (changes.length === 0) return undefined;
  const [message] = outboxMessages(StockEvents.changed, workspaceId, [{ changes }], requestId);
  const { rows } = await tx.query<{ position: string }>({
    name: 'stock_record_stock_changes',
    text: `WITH taken AS (
       INSERT INTO stock_positions AS p (workspace_id, position) VALUES ($1, 1)
       ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + 1
       RETURNING position
     ), event AS (
       INSERT INTO outbox (id, type, workspace_id, message)
       SELECT $2::uuid, '${StockEvents.changed}', $1, jsonb_set($3::jsonb, '{payload,position}', to_jsonb(taken.position)) FROM taken
     )
     SELECT position FROM taken`,
    values: [workspaceId, message!.id, JSON.stringify(message)],
  });
  return Number(rows[0]!.position);
}

/** The workspace's latest stock position (0 before its first change of on-hand). */
export async function latestStockPosition(db: Pool | PoolClient, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM stock_positions WHERE workspace_id = $1', [workspaceId]);
  return Number(rows[0]?.position ?? 0);
}

/**
 * Takes the exclusive advisory lock of a location or an item until the transaction ends: waits
 * for every change of stock in flight that holds its shared lock (lockLedger), and holds off new
 * ones meanwhile. What a location's closure takes first.
 */
export async function lockLocationExclusively(tx: PoolClient, id: EntityId): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${LOCATION_LOCKS}, hashtext($1))`, [id]);
}

/**
 * Takes the exclusive advisory locks of items (in id order, as movements take their shared ones)
 * and their totals' row locks (which a large import of counts holds instead), so every change of
 * stock of them in flight has committed, and none starts until the transaction ends; answers the
 * on-hand of each over every location (reserved stock is on hand), read under those locks.
 */
export async function lockItemsExclusively(tx: PoolClient, workspaceId: string, itemIds: readonly EntityId[]): Promise<Map<string, Units>> {
  const sorted = [...new Set(itemIds)].sort();
  await tx.query(`SELECT count(pg_advisory_xact_lock(${ITEM_LOCKS}, hashtext(id))) FROM (SELECT unnest($1::text[]) AS id ORDER BY 1) ids`, [sorted]);
  await tx.query({ ...LOCK_TOTALS, values: [workspaceId, sorted] });
  const { rows } = await tx.query<{ item_id: string; on_hand: string }>(
    'SELECT item_id, sum(on_hand)::text AS on_hand FROM balances WHERE workspace_id = $1 AND item_id = ANY($2::uuid[]) GROUP BY item_id',
    [workspaceId, sorted],
  );
  return new Map(rows.map((r) => [r.item_id, toUnits(r.on_hand)]));
}

/**
 * How the transfers of a billing cycle are counted when their quota's counter starts (see
 * claimPlanQuota): every transfer created, pending or not; none is ever given back (a reverted,
 * rejected or cancelled transfer keeps its slot).
 */
export const TRANSFERS_IN_USE: InUseQuery = 'SELECT count(*) FROM transfers WHERE workspace_id = $1 AND created_at >= $2';

/** The movements of an opening (never changed once recorded), with the serials or lot each brought: what its cancellation takes back. */
export async function openingMovements(db: Pool | PoolClient, workspaceId: string, operationId: EntityId): Promise<Array<BalanceKey & { quantity: Units; units?: UnitIdentity }>> {
  const { rows } = await db.query<{ item_id: EntityId; location_id: EntityId; quantity: string; serials: string[] | null; lot: string | null }>(
    "SELECT item_id, location_id, quantity::text, serials, lot FROM movements WHERE workspace_id = $1 AND operation_id = $2 AND type = 'opening' AND quantity > 0 ORDER BY seq",
    [workspaceId, operationId],
  );
  return rows.map((r) => {
    const units = identityOf({ serials: r.serials, lot: r.lot });
    return { itemId: r.item_id, locationId: r.location_id, quantity: toUnits(r.quantity), ...(units ? { units } : {}) };
  });
}

/** Sum of on-hand at a location, read once its exclusive lock is held (see closeLocation). */
export async function onHandAt(tx: PoolClient, workspaceId: string, locationId: EntityId): Promise<Units> {
  const { rows } = await tx.query<{ total: string }>('SELECT coalesce(sum(on_hand), 0)::text AS total FROM balances WHERE workspace_id = $1 AND location_id = $2', [workspaceId, locationId]);
  return toUnits(rows[0]?.total ?? '0');
}
