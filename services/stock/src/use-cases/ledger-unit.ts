import { type Actor, actorOf, type Caller, Conflict, type EntityId, type ItemHealthCrossed, type ParCrossed, type PlanQuota, type Positioned, StockEvents, type StockChanged } from '@inv/shared/core';
import { claimPlanQuotaAndCommit, commitInRoundTrip, type EffectGuard, inOneRoundTrip, type InUseQuery, isUniqueViolation, type PoolClient } from '@inv/shared/db';
import { type Envelope, outboxMessages } from '@inv/shared/messaging';
import { transactOnce, type ServiceRuntime } from '@inv/shared/runtime';
import { type LedgerFacts, type LedgerLocks, type LedgerWrite, lockLedger, type NewTransfer, recordStockChanges, type TransferTransition, writeLedger } from '../data/ledger';
import { balanceKey, type Labels, type LockedBalance, type MovementDraft, type NewMovement, newMovements, planLedger, type ReservationDraft, type UnitsLocked } from '../domain/ledger-plan';
import { hasSerials } from '../domain/units';
import { type TotalChange, thresholdOf, totalChanges } from '../domain/item-health';
import { parCrossings } from '../domain/par-levels';
import { toUnits } from '../domain/quantity';
import { type CostChange, costsOf } from '../domain/average-cost';
import { itemHealthCrossed } from './item-health-changes';
import { copiedCost, presentParCrossing } from './ledger-facts';
import { withCopiesCaughtUp } from './owner-copies';

/** What a use case that may move stock answers: its result, and the stock position its transaction took (undefined: it moved none). */
export type StockWrite<T> = Positioned<T>;

/** What a change decided from its locked facts: what moves and is reserved, and how it answers. */
export interface LedgerDecision<R> {
  movements: MovementDraft[];
  reservations: ReservationDraft[];
  /** How a refusal for want of stock names the item and the location. */
  labels: Labels;
  transfer?: { created: readonly NewTransfer[] } | { moved: TransferTransition };
  /** The job the change creates or changes, as it leaves it. */
  job?: LedgerWrite['job'];
  /** The purchase orders the change creates or changes, and the receipt it records or takes back. */
  purchaseOrder?: LedgerWrite['purchaseOrder'];
  /** Average costs the change sets itself, not through movements (a revaluation). */
  costChanges?: ReadonlyArray<CostChange & { itemId: string }>;
  /** The revaluation the change records. */
  revaluation?: LedgerWrite['revaluation'];
  /** The result and the events (other than stock.changed) of the change, from its movements as written. */
  answer(movements: readonly NewMovement[]): { result: R; events: Envelope<unknown>[] };
}

/** Who makes a change of stock: the caller's workspace, request, user and key (a system change has a caller made for it: cancel-opening.ts). */
export type LedgerCaller = Pick<Caller, 'requestId' | 'keyId'> & { user: Pick<Caller['user'], 'id'>; workspace: Pick<Caller['workspace'], 'id'> };

/** One change of stock, as a use case describes it to runLedgerUnit. */
export interface LedgerChange<R> {
  /** What it locks, and the copies of items and locations it reads (locks.itemIds, locks.locationIds). */
  locks: LedgerLocks;
  /** The copies it decides from, which must be known (default: every item and location it reads); an opening's new items are not yet. */
  known?: { itemIds: readonly EntityId[]; locationIds: readonly EntityId[] };
  /** Statements sent first, in the locks' round trip (an opening's claim and its new items). */
  prepare?: (tx: PoolClient) => Promise<unknown>[];
  /**
   * Decides from the locked facts, by the policy (domain/stock-policy.ts): throws the refusal, or
   * answers what to write. Runs once per attempt, with no I/O; `now` is the change's time. Throws
   * RunAgain when what the change was planned from before its locks moved.
   */
  decide(facts: LedgerFacts, now: Date): LedgerDecision<R>;
  /** The plan quota the change claims, last, with COMMIT (a transfer's: one per transfer created, decided with the change when it creates several). */
  quota?: { quota: PlanQuota; inUse: InUseQuery; amount?: (decision: LedgerDecision<R>) => number };
}

/**
 * The one unit of work of every change of stock (an opening and its cancellation, a receipt, an
 * adjustment, a count, a transfer created, completed, rejected, cancelled or reverted, a job
 * created, changed, reserved, released, completed, cancelled or reverted, a replenishment run, an
 * import of counts), in one transaction of two round trips:
 * 1. BEGIN, the Idempotency-Key's claim, the change's own first statements, then the locks and
 *    the facts (lockLedger), the copies of items and locations among them;
 * 2. — after deciding by the policy and planning the ledger (domain/ledger-plan.ts) in this
 *    process, and judging the par levels and item health it crosses — the writes (writeLedger:
 *    transfer, lines, movements, balances, items' totals, events), the key's stored answer, the
 *    workspace's next stock position and the plan quota's claim with COMMIT (or COMMIT alone).
 *
 * `change` may be planned from reads made before the transaction (a job, a replenishment's needs):
 * given as a function, it is planned again for every attempt. The unit runs again (inUnitOfWork,
 * the one place that retries) when its plan's reads moved (RunAgain), after a deadlock or a
 * serialisation failure, and once when a copy it reads lacks an item or a location: the copies
 * first catch up with what that owner has committed (owner-copies.ts), then the change decides,
 * refusing what is still unknown. The caller's acknowledged changes of items and locations were
 * waited for before (awaitOwnerChanges, for every request). The change is the caller's: its
 * workspace, its request, its user and key on what is written (actorOf). Answers the change's
 * result with the stock position it took.
 */
export async function runLedgerUnit<R>(runtime: ServiceRuntime, caller: LedgerCaller, guard: EffectGuard<R>, change: LedgerChange<R> | (() => Promise<LedgerChange<R>>)): Promise<StockWrite<R>> {
  const workspaceId = caller.workspace.id;
  const requestId = caller.requestId;
  const actor = actorOf(caller);
  return withCopiesCaughtUp(runtime, workspaceId, async (requireCopies) => {
    const planned = typeof change === 'function' ? await change() : change;
    return transactOnce(
      runtime,
      async (tx) => {
        const locked = await inOneRoundTrip(tx, () => [guard.begin(tx), ...(planned.prepare?.(tx) ?? []), ...lockLedger(tx, workspaceId, planned.locks)]);
        const facts = locked[locked.length - 1] as LedgerFacts;
        const now = facts.now;
        requireCopies(planned.known ?? planned.locks, facts);
        const decision = planned.decide(facts, now);
        const claimed = planned.quota && (planned.quota.amount?.(decision) ?? 1);
        const plan = planLedger(facts.balances, decision, decision.labels, unitsOf(facts), now);
        const totals = itemTotalChanges(facts, plan.changed);
        const costed = movementCosts(facts, plan.movements.map((p) => p.draft));
        const averages = journalled(costed.averages, decision.costChanges, totals);
        const movements = newMovements(plan.movements, actor.userId, now, costed);
        const { result, events } = decision.answer(movements);
        const crossings = parCrossedEvents(workspaceId, requestId, facts, plan.balances);
        const healthCrossings = itemHealthCrossedEvents(workspaceId, requestId, actor, facts, totals);
        const [, , position] = await refusingTakenSerials(decision, inOneRoundTrip(tx, () => [
          writeLedger(tx, workspaceId, {
            actor,
            now,
            transfer: decision.transfer,
            job: decision.job,
            purchaseOrder: decision.purchaseOrder,
            revaluation: decision.revaluation,
            units: { plan: plan.units, known: facts.serials },
            averageCosts: averages,
            movements,
            balances: changedBalances(facts.balances, plan.balances),
            totals,
            events: [...events, ...crossings, ...healthCrossings],
          }),
          guard.finish(tx, result),
          // The workspace's hot rows last, the quota's claim with COMMIT in the same message: each is
          // locked only while the server runs what follows it, with no round trip to this process.
          recordStockChanges(tx, workspaceId, plan.changed, requestId),
          planned.quota && claimed ? claimPlanQuotaAndCommit(tx, workspaceId, planned.quota.quota, planned.quota.inUse, claimed) : commitInRoundTrip(tx),
        ]));
        return { result, position };
      }
    );
  });
}

/**
 * The cost each movement carries, the cost variance of a revert's and the averages the change
 * moves (domain/average-cost.ts): from the workspace's on-hand of each item whose total the change
 * locked with its change count, the item's stored average (else its copy's catalog cost), and for
 * a revert what its receipt recorded.
 */
function movementCosts(facts: LedgerFacts, drafts: readonly MovementDraft[]): ReturnType<typeof costsOf> {
  return costsOf(
    drafts,
    (itemId) => {
      const total = facts.totals.get(itemId);
      return { onHand: total?.onHand, totalChanges: total?.changes, average: facts.averageCosts.get(itemId) ?? copiedCost(facts, itemId) };
    },
    (_receiptId, itemId) => facts.receiptCosts.get(itemId),
  );
}

/**
 * The cost journal's entries of a change: the averages its movements moved, each receipt's with the
 * item total's change count it leaves (what a later revert compares), and those it decided itself
 * (a revaluation).
 */
function journalled(moved: ReadonlyMap<string, CostChange>, decided: readonly (CostChange & { itemId: string })[] | undefined, totals: readonly TotalChange[]): Map<string, CostChange> {
  const counts = new Map(totals.map((t) => [t.itemId, t.changes]));
  const entries = new Map([...moved].map(([itemId, change]) => [itemId, change.kind === 'receipt' ? { ...change, totalChanges: counts.get(itemId) } : change]));
  for (const { itemId, ...change } of decided ?? []) entries.set(itemId, change);
  return entries;
}

/** What the ledger's plan knows of units: each item's tracking (its copy's) and the serials and lots the change locked. */
function unitsOf(facts: LedgerFacts): UnitsLocked {
  return { tracking: (itemId) => facts.items.get(itemId)?.tracking ?? 'none', serials: facts.serials, lots: facts.lots, lotInfos: facts.lotInfos };
}

/**
 * A serial received for the first time by two changes at once: the second's insert meets the
 * first's at its key and fails once the first commits. Refused as any serial already in stock is
 * (409 naming it); nothing of the change was written.
 */
async function refusingTakenSerials<T>(decision: LedgerDecision<unknown>, writes: Promise<T>): Promise<T> {
  try {
    return await writes;
  } catch (err) {
    if (!isUniqueViolation(err, 'serials_pkey')) throw err;
    const key = /serial_key\)=\([^,]+, [^,]+, (.*)\) already exists/.exec((err as { detail?: string }).detail ?? '')?.[1];
    const line = decision.movements.find((m) => hasSerials(m.units) && m.units.serials.some((s) => s.key === key));
    const serial = line && hasSerials(line.units) ? line.units.serials.find((s) => s.key === key)!.serial : key;
    throw new Conflict(`Serial "${serial}" is already in stock: another request received it at the same moment; a serial is in stock once. Nothing was changed.`, line?.at === undefined ? undefined : line.at === '' ? 'serials' : `${line.at}.serials`);
  }
}

/** The balances a plan leaves other than it locked them: only those are written back. */
function changedBalances(locked: ReadonlyMap<string, LockedBalance>, after: readonly LockedBalance[]): LockedBalance[] {
  return after.filter((b) => {
    const before = locked.get(balanceKey(b));
    return !before || before.onHand !== b.onHand || before.reserved !== b.reserved || before.version !== b.version;
  });
}

/**
 * The items' totals a change leaves, each judged for its health (domain/item-health.ts) by the
 * copy of the item and the workspace default read under the totals' locks. A transfer changes no
 * total, and locks none.
 */
export function itemTotalChanges(facts: Pick<LedgerFacts, 'items' | 'totals' | 'defaultThreshold'>, changed: readonly StockChanged[]): TotalChange[] {
  const rules = (itemId: string) => {
    const copy = facts.items.get(itemId);
    const own = copy?.low_stock_threshold ?? null;
    // An item the catalog has not confirmed (an opening's, until its item.created) has no health to cross: nobody was told of it.
    return { trackStock: copy?.confirmed === true && copy.track_stock === true, threshold: thresholdOf(own === null ? null : toUnits(own), facts.defaultThreshold) };
  };
  return totalChanges(facts.totals, rules, changed.map((c) => ({ itemId: c.itemId, delta: toUnits(c.delta) })));
}

/** The stock.item_health_crossed events of a change's totals, with the item as its copy names it. */
function itemHealthCrossedEvents(workspaceId: string, requestId: string, actor: Actor, facts: Pick<LedgerFacts, 'items'>, totals: readonly TotalChange[]): Envelope<ItemHealthCrossed>[] {
  const crossings = totals.flatMap((change) => {
    if (change.crossed === undefined) return [];
    const copy = facts.items.get(change.itemId);
    return [itemHealthCrossed({ id: change.itemId, sku: copy?.sku ?? null, description: copy?.description ?? null }, { ...change, crossed: change.crossed })];
  });
  return outboxMessages(StockEvents.itemHealthCrossed, workspaceId, crossings, requestId, actor);
}

/**
 * The stock.par_crossed events of a change: each balance whose free stock it took across its par
 * level, decided from the balance the unit locked and the one it leaves (domain/par-levels.ts),
 * with the item and the location as the copies name them.
 */
export function parCrossedEvents(workspaceId: string, requestId: string, facts: LedgerFacts, after: readonly LockedBalance[]): Envelope<ParCrossed>[] {
  const crossings = parCrossings(facts.balances, facts.parLevels, after);
  return outboxMessages(StockEvents.parCrossed, workspaceId, crossings.map((c) => presentParCrossing(facts, c)), requestId);
}
