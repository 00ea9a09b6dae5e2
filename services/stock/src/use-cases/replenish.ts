import { actorOf, type Caller, canAccessLocation, Contention, type EntityId, newId, planQuota, Unprocessable } from '@inv/shared/core';
import { type EffectGuard, RunAgain } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { type LedgerFacts, type NewTransfer, TRANSFERS_IN_USE } from '../data/ledger';
import { itemFacts, type ItemRow, type LocationRow, placeFacts, readItemCopies } from '../data/projection-repository';
import { lockReplenishmentRuns, type NeedRow, parNeeds, replenishFromOf, replenishmentFacts, type ReplenishmentScope, sourceChain } from '../data/replenishment-repository';
import { balanceKey, type BalanceKey, sourceReservations, transferMovements } from '../domain/ledger-plan';
import {
  MAX_REPLENISHMENT_LINES,
  type ParNeed,
  type PlannedLine,
  planReplenishment,
  presentLine,
  type ReplenishInput,
  type ReplenishmentLine,
  type ReplenishmentRun,
  replenishmentOrders,
  replenishmentTransfers,
} from '../domain/replenishment';
import { draftOrder, presentPurchaseOrder, type PurchaseOrderRecord } from '../domain/purchase-orders';
import { fillFromCatalog, incompleteCopies, lackingCopies } from './owner-copies';
import { orderNamesOf } from './purchase-orders';
import { NoWriteAccess, replenishmentRefusal } from '../domain/stock-policy';
import { CREATED_EVENT, type CreatedAs, stampsAfter, UNSTAMPED } from '../domain/transfer-lifecycle';
import { defaultUnitCost, labelsOf, presentTransfer } from './ledger-facts';
import { type LedgerChange, runLedgerUnit, type StockWrite } from './ledger-unit';

type Runtime = Pick<ServiceRuntime, 'pool' | 'broker' | 'client' | 'config' | 'outbox'>;

/** More pairs below par than one call plans: the caller narrows it. */
export class TooManyReplenishmentLines extends Unprocessable {
  constructor() {
    super(
      `More than ${MAX_REPLENISHMENT_LINES} (item, location) pairs are below par in this selection; narrow it with locationId (locationIds) or sourceLocationId and call once per part.`,
    );
  }
}

/** The pairs below par of a scope, refused past the bound. */
async function needsOf(runtime: Pick<ServiceRuntime, 'pool'>, workspaceId: string, scope: ReplenishmentScope): Promise<NeedRow[]> {
  const needs = await parNeeds(runtime.pool, workspaceId, scope, MAX_REPLENISHMENT_LINES + 1);
  if (needs.length > MAX_REPLENISHMENT_LINES) throw new TooManyReplenishmentLines();
  return needs;
}

/** A location's source as its copy names it (replenishFrom; null: none). */
const sourceByCopy =
  (locations: ReadonlyMap<string, LocationRow>) =>
  (locationId: EntityId): EntityId | null =>
    (locations.get(locationId)?.replenish_from ?? null) as EntityId | null;

/** An item's supplier as its copy names it (null: none). */
const supplierByCopy =
  (items: ReadonlyMap<string, ItemRow>) =>
  (itemId: EntityId): EntityId | null =>
    (items.get(itemId)?.supplier_id ?? null) as EntityId | null;

/** Whether a location is one a scope refills: one of its locationIds, one its source refills (by the copies trusted). */
function scopedBy(scope: ReplenishmentScope, sourceOf: (locationId: EntityId) => EntityId | null): (locationId: EntityId) => boolean {
  const named = scope.locationIds && new Set(scope.locationIds.map((id) => id.toLowerCase()));
  return (locationId) => (!named || named.has(locationId.toLowerCase())) && (scope.sourceLocationId === undefined || sourceOf(locationId) === scope.sourceLocationId);
}

/** The needs of a scope with a source: those of locations its trusted copy refills from it (the read kept changing ones). */
function inScope<N extends BalanceKey>(needs: readonly N[], scope: ReplenishmentScope, sourceOf: (locationId: EntityId) => EntityId | null): N[] {
  return needs.filter((n) => scopedBy(scope, sourceOf)(n.locationId));
}

/** A plan's lines: those the policy lets the caller have, of the locations the scope refills (a source refilled for its destinations' lack only when the scope covers it). */
function scopedEligible(scope: ReplenishmentScope, sourceOf: (locationId: EntityId) => EntityId | null, eligible: (need: ParNeed, from: EntityId | null) => boolean) {
  const scoped = scopedBy(scope, sourceOf);
  return (need: ParNeed, from: EntityId | null): boolean => scoped(need.locationId) && eligible(need, from);
}

/**
 * The balances a plan may draw on or refill besides its needs: each need's item at every location
 * its location is refilled through (its source, the source's source, …), since what a location's
 * destinations lack counts in its own position. `chains` as the copies held them when read.
 */
function sourceKeysOf(needs: readonly NeedRow[], chains: ReadonlyMap<EntityId, EntityId>): BalanceKey[] {
  const keys = new Map<string, BalanceKey>();
  for (const n of needs) {
    for (const locationId of sourceChain(n.locationId, (l) => (l === n.locationId ? n.sourceLocationId : chains.get(l)))) keys.set(balanceKey({ itemId: n.itemId, locationId }), { itemId: n.itemId, locationId });
  }
  return [...keys.values()];
}
const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Which lines a plan keeps: those the stock policy lets the caller use at each end (`uses`), judged from the copies given. */
function eligibleBy(caller: Caller, uses: { to: 'read' | 'write'; from: 'read' | 'write' }, copies: { items: ReadonlyMap<string, ItemRow>; locations: ReadonlyMap<string, LocationRow> }) {
  return (need: ParNeed, from: EntityId | null): boolean =>
    !replenishmentRefusal({
      access: caller.locationAccess,
      uses,
      from,
      to: need.locationId,
      itemId: need.itemId,
      places: { from: from === null ? undefined : placeFacts(copies.locations.get(from)), to: placeFacts(copies.locations.get(need.locationId)) },
      item: itemFacts(copies.items.get(need.itemId)),
    });
}

/**
 * The replenishment plan of a scope as GET /inventory/replenishment shows it, from the copies and
 * the balances as committed (no lock: a run decides again under its locks). Lines the caller may
 * not read (the location or its source) are left out. The needs and the copies are two
 * statements: a location whose source changed in between (its event applied meanwhile) was
 * planned from the source the needs named but is judged by a copy that names another, whose
 * stock was not read: the plan is read once more, and planned by the copies.
 */
export async function replenishmentPlan(runtime: Runtime, caller: Caller, scope: ReplenishmentScope): Promise<ReplenishmentLine[]> {
  const workspaceId = caller.workspace.id;
  for (let read = 1; ; read += 1) {
    const [needs, chains] = await Promise.all([needsOf(runtime, workspaceId, scope), replenishFromOf(runtime.pool, workspaceId)]);
    const sources = sourceKeysOf(needs, chains);
    const itemIds = unique(needs.map((n) => n.itemId));
    const locationIds = unique([...needs.map((n) => n.locationId), ...sources.map((k) => k.locationId)]);
    const facts = await replenishmentFacts(runtime.pool, workspaceId, sources, itemIds, locationIds);
    const sourceOf = sourceByCopy(facts.locations);
    if (read === 1 && needs.some((n) => sourceOf(n.locationId) !== n.sourceLocationId)) continue;
    // Items refilled from suppliers whose copies predate copied suppliers: asked of the catalog once, then planned.
    const unsupplied = lackingCopies(itemIds, facts.items, 'supplier');
    if (unsupplied.length > 0 && read <= 2) {
      await fillFromCatalog(runtime, workspaceId, unsupplied);
      continue;
    }
    const lines = planReplenishment({
      needs: inScope(needs, scope, sourceOf),
      sourceOf,
      supplierOf: supplierByCopy(facts.items),
      sourceStock: (key) => facts.sources.get(balanceKey(key)),
      eligible: scopedEligible(scope, sourceOf, eligibleBy(caller, { to: 'read', from: 'read' }, facts)),
    });
    return lines.map((line) => presentLine(line, facts.items.get(line.itemId)?.sku ?? ''));
  }
}

/**
 * Creates the transfers a replenishment plan proposes (POST /inventory/replenishment), one per
 * (source, destination) pair with its lines, pending (reserved at the source) unless asked
 * completed, with reason "replenishment"; answers them with the lines left short.
 *
 * The pairs below par of the scope are read first, only to learn what to lock and read. Then, in
 * one transaction (runLedgerUnit): the workspace's replenishment lock, so runs queue and each
 * plans from what the one before committed (its transfers incoming, its reservations held): two
 * runs at once never refill past a target; the sources' balances, locked as any transfer locks
 * its source, with their par levels: what they reserve is decided under those locks, so no stock
 * is reserved twice and no source goes below its own minimum; and, after them, the destinations
 * with their par levels and incoming, read in one snapshot but not locked. Locking them would
 * hold every movement at every van for the run, and no rule needs it: a movement there that
 * commits meanwhile is ordered after the run, as if it came a moment later. The plan is decided
 * from those facts alone, by the stock policy (replenishmentRefusal) and the planning rules
 * (domain/replenishment.ts). All or nothing; counts toward the plan's transfers per billing
 * cycle, one per transfer created.
 *
 * A caller naming locations or a source needs write access to each (403); otherwise the run
 * covers the lines it may write at both ends.
 */
export async function replenish(runtime: ServiceRuntime, caller: Caller, input: ReplenishInput, guard: EffectGuard<ReplenishmentRun>): Promise<StockWrite<ReplenishmentRun>> {
  for (const id of input.locationIds ?? []) {
    if (!canAccessLocation(caller.locationAccess, id, 'write')) throw new NoWriteAccess(id, 'To replenish locations you need write access to them');
  }
  if (input.sourceLocationId && !canAccessLocation(caller.locationAccess, input.sourceLocationId, 'read')) {
    throw new NoWriteAccess(input.sourceLocationId, 'To replenish from a source you need access to it');
  }
  const status = input.status ?? 'pending';
  const scope = { locationIds: input.locationIds, sourceLocationId: input.sourceLocationId };
  return runLedgerUnit(runtime, caller, guard, async () => {
    const [needs, chains] = await Promise.all([needsOf(runtime, caller.workspace.id, scope), replenishFromOf(runtime.pool, caller.workspace.id)]);
    const sources = sourceKeysOf(needs, chains);
    // The suppliers of the items, as the copies name them now: their copies are read with the run's (any location of the chains may be refilled from suppliers).
    const copies = await readItemCopies(runtime.pool, caller.workspace.id, unique(needs.map((n) => n.itemId)));
    const supplierIds = unique([...copies.values()].flatMap((c) => (c.supplier_id === null ? [] : [c.supplier_id as EntityId])));
    return runChange(runtime, caller, needs, sources, status, scope, supplierIds);
  });
}

/** The run as a change of stock, planned from the pairs below par and the locations they are refilled through, read before its locks. */
function runChange(
  runtime: ServiceRuntime,
  caller: Caller,
  needs: readonly NeedRow[],
  sources: readonly BalanceKey[],
  status: CreatedAs,
  scope: ReplenishmentScope,
  supplierIds: readonly EntityId[],
): LedgerChange<ReplenishmentRun> {
  const workspaceId = caller.workspace.id;
  const destinations: BalanceKey[] = needs.map((n) => ({ itemId: n.itemId, locationId: n.locationId }));
  const itemIds = unique(needs.map((n) => n.itemId));
  const locationIds = unique([...needs.map((n) => n.locationId), ...sources.map((k) => k.locationId)]);
  const mayOrder = caller.scopes.includes('purchase_orders.write');
  return {
    // The run's lock first, then the ledger's on the sources (and on the destinations when the
    // stock moves there at once); the destinations are read after them.
    prepare: (tx) => [lockReplenishmentRuns(tx, workspaceId)],
    locks: {
      locationIds,
      itemIds,
      supplierIds,
      itemsAddedTo: [],
      totals: [],
      balances: [...sources, ...(status === 'completed' ? destinations : [])],
      refills: [...destinations, ...sources],
      lastCosts: mayOrder,
    },
    quota: { quota: planQuota(caller.workspace, 'transfers'), inUse: TRANSFERS_IN_USE, amount: (decision) => (decision.transfer && 'created' in decision.transfer ? decision.transfer.created.length : 0) },
    decide: (facts, now) => {
      const lines = planLocked(caller, facts, destinations, scope, mayOrder);
      const ordered = unique(lines.filter((l) => l.supplierId !== null && l.proposed > 0n).map((l) => l.itemId));
      const unsupplied = incompleteCopies(runtime, workspaceId, unique(lines.filter((l) => l.sourceLocationId === null).map((l) => l.itemId)), facts.items, 'supplier');
      if (unsupplied) throw unsupplied;
      // An order line's default cost is the last price paid, else the catalog's: a copy made before prices were copied asks the catalog first.
      const unpriced = incompleteCopies(runtime, workspaceId, ordered.filter((id) => !facts.lastCosts.has(id)), facts.items, 'prices');
      if (unpriced) throw unpriced;
      const transfers: NewTransfer[] = replenishmentTransfers(lines).map((t) => ({
        id: newId(),
        fromLocationId: t.from,
        toLocationId: t.to,
        status,
        note: '',
        reason: 'replenishment',
        origin: 'replenishment',
        lines: t.lines.map((l) => ({ id: newId(), itemId: l.itemId, quantity: l.quantity, note: '' })),
      }));
      const createdBy = actorOf(caller);
      const orders: PurchaseOrderRecord[] = replenishmentOrders(lines).map((o) => {
        // An item whose supplier changed since the run read it names a supplier whose copy was not read.
        if (!facts.suppliers.has(o.supplierId)) throw suppliersMoved();
        return draftOrder(
          { id: newId(), supplierId: o.supplierId, locationId: o.locationId, origin: 'replenishment', createdBy },
          o.lines.map((l) => ({ itemId: l.itemId, ordered: l.quantity, unitCost: defaultUnitCost(facts, l.itemId) })),
          now,
        );
      });
      const changes =
        status === 'completed'
          ? { movements: transfers.flatMap((t) => transferMovements(t.id, t.fromLocationId, t.toLocationId, t.lines)), reservations: [] }
          : { movements: [], reservations: transfers.flatMap((t) => sourceReservations(t.fromLocationId, t.lines, 1n)) };
      return {
        ...changes,
        labels: labelsOf(facts),
        transfer: { created: transfers },
        ...(orders.length > 0 ? { purchaseOrder: { orders } } : {}),
        answer: () => {
          const stamps = stampsAfter(UNSTAMPED, status, now, createdBy);
          const presented = transfers.map((t) => presentTransfer({ ...t, createdAt: now, createdBy, stamps }, facts));
          const shortfalls = lines.filter((l) => l.shortfall > 0n).map((l) => presentLine(l, facts.items.get(l.itemId)?.sku ?? ''));
          const names = orderNamesOf(facts);
          const purchaseOrders = orders.map((o) => presentPurchaseOrder(o, names));
          return { result: { transfers: presented, purchaseOrders, shortfalls }, events: outboxMessages(CREATED_EVENT[status], workspaceId, presented, caller.requestId) };
        },
      };
    },
  };
}

/** An item's supplier changed between the read that chose what to lock and the locks: the unit of work runs again from that read. */
const suppliersMoved = () => new RunAgain('the suppliers of some items', undefined, () => new Contention('the suppliers of some items'));

/** A location's replenishFrom changed between the read that chose what to lock and the locks: the unit of work runs again from that read. */
const sourcesMoved = () => new RunAgain('the replenishment sources of some locations', undefined, () => new Contention('the replenishment sources of some locations'));

/**
 * The plan decided from what the run locked and read: each destination's on-hand, par level and
 * incoming as read after the locks, its source as its copy names it (read under the location's
 * shared lock), each source's stock and own minimum as locked. A source the read before did not
 * name was not locked: the run is planned again (sourcesMoved).
 */
function planLocked(caller: Caller, facts: LedgerFacts, destinations: readonly BalanceKey[], scope: ReplenishmentScope, mayOrder: boolean): PlannedLine[] {
  const sourceOf = sourceByCopy(facts.locations);
  const locked: ParNeed[] = destinations.flatMap((key) => {
    const refill = facts.refills.get(balanceKey(key));
    return refill && refill.minimum !== undefined ? [{ ...key, ...refill, minimum: refill.minimum, target: refill.target ?? refill.minimum }] : [];
  });
  const needs = inScope(locked, scope, sourceOf);
  for (const need of needs) {
    for (const source of sourceChain(need.locationId, sourceOf)) {
      if (!facts.balances.has(balanceKey({ itemId: need.itemId, locationId: source }))) throw sourcesMoved();
    }
  }
  return planReplenishment({
    needs,
    sourceOf,
    supplierOf: supplierByCopy(facts.items),
    sourceStock: (key) => {
      const balance = facts.balances.get(balanceKey(key));
      const refill = facts.refills.get(balanceKey(key));
      return balance && { ...refill, onHand: balance.onHand, reserved: balance.reserved, minimum: facts.parLevels.get(balanceKey(key))?.minimum };
    },
    eligible: scopedEligible(scope, sourceOf, eligibleBy(caller, { to: 'write', from: 'read' }, facts)),
    maySource: (_need, source) => canAccessLocation(caller.locationAccess, source, 'write'),
    mayOrder,
  });
}
