import { canAccessLocation, type Caller, Contention, type EntityId, parseEntityId } from '@inv/shared/core';
import { RunAgain } from '@inv/shared/db';
import type { LedgerFacts } from '../data/ledger';
import { itemFacts, type ItemRow, placeFacts } from '../data/projection-repository';
import { type JobLine, type JobRecord, placeOf, placesNamed, type Shortage, type Stocked } from '../domain/job-plan';
import type { ItemPrices } from '../domain/job-pricing';
import { type JobItem, type JobShortageRecord, presentJob, type Job } from '../domain/job-records';
import { toMoney } from '../domain/money';
import { fromUnits } from '../domain/quantity';
import type { JobPlaceUse } from '../domain/stock-policy';
import { copiedCost, labelsOf } from './ledger-facts';

/** The job's items as a copy names them (undefined: unknown to the stock service). */
export function jobItemOf(items: ReadonlyMap<string, ItemRow>) {
  return (itemId: string): JobItem | undefined => {
    const row = items.get(itemId);
    return row && { sku: row.sku ?? '', description: row.description ?? '', trackStock: row.track_stock !== false };
  };
}

/** A job as the API answers it, its items named by the copies the change locked and trusted. */
export function presentLockedJob(job: JobRecord, facts: Pick<LedgerFacts, 'items'>): Job {
  return presentJob(job, jobItemOf(facts.items));
}

/** Whether an item tracks stock, by the trusted copies a change locked (an unknown item is refused by the policy before this matters). */
export function stockedBy(facts: Pick<LedgerFacts, 'items'>): Stocked {
  return (itemId) => itemFacts(facts.items.get(itemId))?.trackStock === true;
}

/**
 * Whether an item tracks stock by a copy read before the locks, to choose which balances to lock:
 * an item not heard of yet is taken to track stock (most do). The change checks its choice under
 * the locks (chosenRightly).
 */
export function stockedByRead(items: ReadonlyMap<string, ItemRow>): Stocked {
  return (itemId) => items.get(itemId)?.track_stock !== false;
}

/**
 * The job moved, or an item's tracking changed, between the read a change was planned from and its
 * locks: the unit of work runs again from the read (past its last attempt: contention on the job).
 */
export function jobMoved(jobId: string): RunAgain {
  return new RunAgain(`job ${jobId}`, undefined, () => new Contention(`job ${jobId}`));
}

/** Every stocked line that has a place had its balance locked; otherwise an item's tracking changed since the read (jobMoved). */
export function requireLockedStock(job: Pick<JobRecord, 'id' | 'sourceLocationId' | 'lines'>, stocked: Stocked, facts: Pick<LedgerFacts, 'balances'>): void {
  for (const line of job.lines) {
    const place = placeOf(job, line);
    if (place !== null && stocked(line.itemId) && !facts.balances.has(`${line.itemId}/${place}`)) throw jobMoved(job.id);
  }
}

/** A restricted member sees a job when it may read every location the job names. */
export function canSeeJob(caller: Caller, job: Pick<JobRecord, 'sourceLocationId' | 'lines'>): boolean {
  return placesNamed(job).every((id) => canAccessLocation(caller.locationAccess, id, 'read'));
}

/** The locations a job's stocked lines take from (those a restricted member needs write access to). */
export function stockedPlaces(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>, stocked: Stocked): EntityId[] {
  return [...new Set(job.lines.flatMap((l) => (stocked(l.itemId) ? [placeOf(job, l)] : []).filter((p): p is EntityId => p !== null)))];
}

/** What the job policy (jobRefusal) is told once the copies are locked. */
export function knownFacts(
  facts: LedgerFacts,
  job: Pick<JobRecord, 'sourceLocationId' | 'lines'>,
  stocked: Stocked,
  used: ReadonlyArray<{ locationId: EntityId; use: JobPlaceUse }>,
  lineLabel: (line: JobLine, index: number) => string,
) {
  const labels = labelsOf(facts);
  const items = job.lines.map((line, index) => ({ itemId: line.itemId, item: itemFacts(facts.items.get(line.itemId)), label: lineLabel(line, index) }));
  return {
    named: placesNamed(job),
    used,
    places: new Map(placesNamed(job).concat(used.map((u) => u.locationId)).map((id) => [id, placeFacts(facts.locations.get(id))])),
    items,
    placeless: job.lines.filter((l) => stocked(l.itemId) && placeOf(job, l) === null).map((l) => labels.item(l.itemId)),
  };
}

/**
 * An item's prices at a job's completion: its cost is its average cost then (docs/purchasing.md:
 * the catalog's cost until a receipt brought one), its sell price the catalog's as its copy holds
 * it (the change required them: pricedItemIds).
 */
export function pricesOf(facts: Pick<LedgerFacts, 'items' | 'averageCosts'>, itemId: string): ItemPrices {
  const row = facts.items.get(itemId);
  return { cost: facts.averageCosts.get(itemId) ?? copiedCost(facts, itemId) ?? 0n, sellPrice: toMoney(row?.sell_price ?? '0') };
}

/** Shortages as a reservation's answer lists them. */
export function presentShortages(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>, shortages: readonly Shortage[], facts: Pick<LedgerFacts, 'items'>): JobShortageRecord[] {
  return shortages.map((s) => {
    const line = job.lines.find((l) => l.itemId === s.itemId && placeOf(job, l) === s.locationId);
    return {
      lineId: line?.id ?? '',
      itemId: s.itemId,
      sku: facts.items.get(s.itemId)?.sku ?? '',
      locationId: s.locationId,
      requested: fromUnits(s.requested),
      available: fromUnits(s.available),
    };
  });
}

/** What a path names a job by: its id, or ext_<externalRef>; undefined when it can name none. */
export function jobRef(ref: string): { ids: string[] } | { externalRef: string } | undefined {
  if (ref.startsWith('ext_')) return ref.length > 4 ? { externalRef: ref.slice(4) } : undefined;
  const id = parseEntityId(ref);
  return id ? { ids: [id] } : undefined;
}
