import { actorOf, type Caller, Conflict, type EntityId, newId, NotFound, Unprocessable } from '@inv/shared/core';
import { type EffectGuard, isUniqueViolation, UNGUARDED } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { findJobs, JOB_EXTERNAL_REF_UNIQUE, jobTakings } from '../data/job-repository';
import type { LedgerFacts, LedgerLocks } from '../data/ledger';
import { itemFacts, type ItemRow, placeFacts } from '../data/projection-repository';
import { type JobAction, jobActionOf, jobTransitionRefusal, stampsAfter } from '../domain/job-lifecycle';
import {
  completionChanges,
  type JobRecord,
  placeOf,
  placesNamed,
  plannedLines,
  releasedLines,
  reservationChanges,
  reserveLines,
  revertMovements,
  sharedPlace,
  stockedKeys,
  usedLines,
  type Stocked,
} from '../domain/job-plan';
import { jobTotals, unitPricesOf } from '../domain/job-pricing';
import type { Job, JobReservation } from '../domain/job-records';
import type { CompleteJobInput, UpdateJobInput } from '../domain/job-requests';
import { toPercent } from '../domain/money';
import { shownIdentity, unitsTouched } from '../domain/units';
import { itemRefusal, JobTransitionRefused, jobRefusal, type JobPlaceUse } from '../domain/stock-policy';
import {
  canSeeJob,
  jobMoved,
  jobRef,
  knownFacts,
  presentLockedJob,
  presentShortages,
  pricesOf,
  requireLockedStock,
  stockedBy,
  stockedByRead,
  stockedPlaces,
} from './job-facts';
import { labelsOf } from './ledger-facts';
import { incompleteCopies } from './owner-copies';
import { type LedgerDecision, runLedgerUnit, type StockWrite } from './ledger-unit';

/** What a change of a job locks besides the job, from the job as read. */
type JobLocks = Omit<LedgerLocks, 'jobId' | 'transferId'>;

/** A change of a job planned from the job as read: what it locks and reads, and how it decides under the locks. */
interface JobChangePlan<R> {
  /** Where the caller needs write access (every location the change's stocked lines take from), checked before anything is locked. */
  takesFrom: readonly EntityId[];
  locks: JobLocks;
  /** The copies it decides from (default: every item and location it locks). */
  known?: { itemIds: readonly EntityId[]; locationIds: readonly EntityId[] };
  decide(facts: LedgerFacts, now: Date, stocked: Stocked): LedgerDecision<R>;
}

/**
 * Runs one change of a job through the ledger's unit of work: reads the job by its id or
 * ext_<externalRef> (404 for one the caller may not see: it must be able to read every location the job names), refuses an action
 * from the wrong status (409 naming it), plans the change from the job as read, and runs it with
 * the job's row locked first. Under the lock the status is checked again (of racing changes the
 * one that finds it moved answers 409), and so is the job's version: a job changed since the read
 * is read and planned again by the unit of work (jobMoved), which refuses it as contention past
 * its last attempt.
 */
function changeJob<R>(
  runtime: ServiceRuntime,
  caller: Caller,
  ref: string,
  action: JobAction,
  guard: EffectGuard<R>,
  plan: (job: JobRecord, read: { stocked: Stocked; items: ReadonlyMap<string, ItemRow> }) => Promise<JobChangePlan<R>> | JobChangePlan<R>,
): Promise<StockWrite<R>> {
  const which = jobRef(ref);
  const workspaceId = caller.workspace.id;
  return runLedgerUnit(runtime, caller, guard, async () => {
    const { jobs, items } = which ? await findJobs(runtime.pool, workspaceId, which) : { jobs: [], items: new Map<string, ItemRow>() };
    const job = jobs[0];
    if (!job || !canSeeJob(caller, job)) throw new NotFound('Job');
    const read = { stocked: stockedByRead(items), items };
    // As for a transfer's transitions: who may act (403) before whether the status allows it (409).
    const verb = jobActionOf(action).verb;
    const denied = jobRefusal({ access: caller.locationAccess, verb, takesFrom: stockedPlaces(job, read.stocked) });
    if (denied) throw denied;
    const wrong = jobTransitionRefusal(job.status, action);
    if (wrong) throw new JobTransitionRefused(job.id, job.status, wrong.from, wrong.verb);
    const planned = await plan(job, read);
    const refusal = jobRefusal({ access: caller.locationAccess, verb, takesFrom: planned.takesFrom });
    if (refusal) throw refusal;
    return {
      locks: { ...planned.locks, jobId: job.id },
      known: planned.known,
      decide: (facts, now) => {
        if (!facts.job) throw new NotFound('Job');
        const moved = jobTransitionRefusal(facts.job.status, action);
        if (moved) throw new JobTransitionRefused(job.id, facts.job.status, moved.from, moved.verb);
        if (facts.job.version !== job.version) throw jobMoved(job.id);
        return planned.decide(facts, now, stockedBy(facts));
      },
    };
  });
}

/** The job after `action` at `now` by the caller: its next version, stamped. */
function next(job: JobRecord, action: JobAction, now: Date, caller: Caller, changes: Partial<JobRecord>): JobRecord {
  return { ...job, ...changes, status: jobActionOf(action).to, version: job.version + 1, stamps: stampsAfter(job.stamps, action, now, actorOf(caller)) };
}

/** The events of an action that records one, with the job as answered. */
function eventsOf(action: JobAction, workspaceId: string, job: Job, requestId: string) {
  const event = jobActionOf(action).event;
  return event ? outboxMessages(event, workspaceId, [job], requestId) : [];
}

/** Whether a change leaves the job as it was: its fields and its lines, in order. */
function sameJob(before: JobRecord, after: JobRecord): boolean {
  const fields = ['name', 'externalRef', 'note', 'scheduledAt', 'currency', 'markupPercent', 'taxPercent', 'taxIncluded', 'sourceLocationId'] as const;
  const line = (l: JobRecord['lines'][number]) => [l.id, l.itemId, l.locationId, l.planned, l.reserved, l.billable, l.note, JSON.stringify(shownIdentity(l.units))].join('|');
  return fields.every((f) => before[f] === after[f]) && before.lines.length === after.lines.length && before.lines.every((l, i) => line(l) === line(after.lines[i]!));
}

const itemsOf = (job: Pick<JobRecord, 'lines'>) => [...new Set(job.lines.map((l) => l.itemId))];

/**
 * Changes an open job (PATCH /jobs/{id}): its name, note, externalRef, schedule, pricing, source
 * and set of lines. Lines that follow the source move with it, their reservations too; a reserved
 * line keeps its reservation in step with its planned quantity (reduced, or increased all or
 * nothing: InsufficientStock); lines removed give theirs back. Throws BadRequest for two lines taking
 * the same item from the same place, Unprocessable when a new source makes two lines do so,
 * Conflict for a taken externalRef, and what the job policy refuses.
 */
export async function updateJob(runtime: ServiceRuntime, caller: Caller, ref: string, input: UpdateJobInput): Promise<Job> {
  try {
    const { result } = await changeJob(runtime, caller, ref, 'update', UNGUARDED as EffectGuard<Job>, (job, read) => {
      const sourceLocationId = input.sourceLocationId === undefined ? job.sourceLocationId : input.sourceLocationId;
      const lines = input.lines ? plannedLines(sourceLocationId, input.lines, job.lines, newId) : job.lines;
      const markup = input.markupPercent === undefined ? job.markupPercent : input.markupPercent === null ? null : toPercent(input.markupPercent);
      const changed: Partial<JobRecord> = {
        name: input.name ?? job.name,
        externalRef: input.externalRef === undefined ? job.externalRef : input.externalRef,
        note: input.note ?? job.note,
        scheduledAt: input.scheduledAt === undefined ? job.scheduledAt : input.scheduledAt === null ? null : new Date(input.scheduledAt).toISOString(),
        currency: input.currency ?? job.currency,
        markupPercent: markup,
        taxPercent: input.taxPercent === undefined ? job.taxPercent : toPercent(input.taxPercent),
        taxIncluded: input.taxIncluded ?? job.taxIncluded,
        sourceLocationId,
        lines,
      };
      const after = { ...job, ...changed };
      const shared = sharedPlace(after);
      if (shared) throw new Unprocessable(`Two lines of the job would take item ${shared.itemId} from location ${shared.locationId}; give each item once per location.`);
      const reservations = reservationChanges(job, after);
      const named = [...new Set([...placesNamed(job), ...placesNamed(after)])];
      const itemIds = [...new Set([...itemsOf(job), ...itemsOf(after)])];
      return {
        takesFrom: [...new Set([...stockedPlaces(job, read.stocked), ...stockedPlaces(after, read.stocked)])],
        locks: { locationIds: named, itemIds, itemsAddedTo: [], totals: [], balances: reservations, units: unitsTouched(reservations) },
        known: { itemIds: itemsOf(after), locationIds: placesNamed(after) },
        decide: (facts, now, stocked) => {
          const grown = reservations.filter((r) => r.quantity > 0n).map((r) => ({ locationId: r.locationId, use: 'reserves' as const }));
          const refused = jobRefusal({
            access: caller.locationAccess,
            verb: 'changed',
            takesFrom: [...new Set([...stockedPlaces(job, stocked), ...stockedPlaces(after, stocked)])],
            known: knownFacts(facts, after, stocked, grown, (_line, index) => (input.lines ? `lines[${index}]: ` : '')),
          });
          if (refused) throw refused;
          // A PATCH that changes nothing writes nothing: updatedAt stays.
          const changedJob = sameJob(job, after) ? job : next(job, 'update', now, caller, changed);
          return {
            movements: [],
            reservations,
            labels: labelsOf(facts),
            job: changedJob === job ? undefined : { record: changedJob, replacesLines: true },
            answer: () => ({ result: presentLockedJob(changedJob, facts), events: [] }),
          };
        },
      };
    });
    return result;
  } catch (err) {
    if (isUniqueViolation(err, JOB_EXTERNAL_REF_UNIQUE)) throw new Conflict(`A job with externalRef "${input.externalRef}" already exists.`);
    throw err;
  }
}

/**
 * Reserves each stocked line's planned − reserved at its location (POST /jobs/{id}/reserve): all
 * or nothing (InsufficientStock names every short line, and nothing is reserved), or with `partial`
 * what is available, answering the shortages with the job. Each location must be active.
 */
export function reserveJob(runtime: ServiceRuntime, caller: Caller, ref: string, partial: boolean, guard: EffectGuard<JobReservation>): Promise<StockWrite<JobReservation>> {
  return changeJob(runtime, caller, ref, 'reserve', guard, (job, read) => {
    const wanting = { ...job, lines: job.lines.filter((l) => l.planned > l.reserved) };
    return {
      takesFrom: stockedPlaces(job, read.stocked),
      locks: {
        locationIds: placesNamed(job),
        itemIds: itemsOf(job),
        itemsAddedTo: [],
        totals: [],
        balances: stockedKeys(wanting, read.stocked),
        units: unitsTouched(wanting.lines.flatMap((l) => (l.units && placeOf(job, l) ? [{ itemId: l.itemId, locationId: placeOf(job, l)!, units: l.units }] : []))),
      },
      decide: (facts, now, stocked) => {
        const refused = jobRefusal({
          access: caller.locationAccess,
          verb: 'reserved',
          takesFrom: stockedPlaces(job, stocked),
          known: knownFacts(facts, wanting, stocked, stockedPlaces(wanting, stocked).map((locationId) => ({ locationId, use: 'reserves' as const })), () => ''),
        });
        if (refused) throw refused;
        requireLockedStock(wanting, stocked, facts);
        // All or nothing unless partial: the ledger's plan refuses the whole reservation when any line is short.
        const { lines, shortages } = reserveLines(job, stocked, facts.balances, partial);
        const changed = lines.some((l, i) => l.reserved !== job.lines[i]!.reserved);
        const after = changed ? next(job, 'reserve', now, caller, { lines }) : job;
        return {
          movements: [],
          reservations: reservationChanges(job, after),
          labels: labelsOf(facts),
          job: changed ? { record: after, replacesLines: false } : undefined,
          answer: () => ({ result: { job: presentLockedJob(after, facts), shortages: presentShortages(job, shortages, facts) }, events: [] }),
        };
      },
    };
  });
}

/**
 * Gives back every reservation of an open job: release (POST /jobs/{id}/release) keeps it open;
 * cancel (POST /jobs/{id}/cancel) ends it, recording job.cancelled.
 */
export function releaseJob(runtime: ServiceRuntime, caller: Caller, ref: string, action: 'release' | 'cancel', guard: EffectGuard<Job>): Promise<StockWrite<Job>> {
  return changeJob(runtime, caller, ref, action, guard, (job, read) => {
    const released = { ...job, lines: releasedLines(job.lines) };
    const reservations = reservationChanges(job, released);
    return {
      takesFrom: stockedPlaces(job, read.stocked),
      locks: { locationIds: placesNamed(job), itemIds: itemsOf(job), itemsAddedTo: [], totals: [], balances: reservations, units: unitsTouched(reservations) },
      known: { itemIds: itemsOf(job), locationIds: [] },
      decide: (facts, now, stocked) => {
        const refused = jobRefusal({ access: caller.locationAccess, verb: jobActionOf(action).verb, takesFrom: stockedPlaces(job, stocked) });
        if (refused) throw refused;
        const after = next(job, action, now, caller, { lines: released.lines });
        return {
          movements: [],
          reservations,
          labels: labelsOf(facts),
          job: { record: after, replacesLines: false },
          answer: () => {
            const answered = presentLockedJob(after, facts);
            return { result: answered, events: eventsOf(action, caller.workspace.id, answered, caller.requestId) };
          },
        };
      },
    };
  });
}

/**
 * Completes an open job (POST /jobs/{id}/complete), in one ledger unit: records what each line
 * used (usedLines: what it planned, or what `used` names, items not planned included), takes each
 * stocked line's quantity out of its location (one movement each, reason job, the job's id as the
 * reference) from its own reservation first, then from what is free there, gives back what was
 * reserved and not used, and freezes the prices (the catalog's cost and sell price as the copy
 * holds them, which reflects every price change acknowledged before this call) and the totals. Refused all or nothing: InsufficientStock names every location that lacks
 * stock; the ledger never goes negative. Catalog-only lines are recorded and priced and move
 * nothing. Records job.completed.
 */
export function completeJob(runtime: ServiceRuntime, caller: Caller, ref: string, input: CompleteJobInput, guard: EffectGuard<Job>): Promise<StockWrite<Job>> {
  return changeJob(runtime, caller, ref, 'complete', guard, (job, read) => {
    const used = usedLines(job, input.used, newId);
    const withUse = { ...job, lines: used };
    const taking = { ...job, lines: used.filter((l) => l.used > 0n) };
    const itemIds = itemsOf(withUse);
    const takingItems = itemsOf({ lines: taking.lines.filter((l) => read.stocked(l.itemId)) });
    // The units it names are known from the request and the job as read: locked before it decides.
    const planned = completionChanges(job, job.lines, used, read.stocked);
    return {
      takesFrom: stockedPlaces(withUse, read.stocked),
      locks: {
        locationIds: placesNamed(withUse),
        itemIds,
        // Every item's shared lock: an item being made catalog-only is ordered before or after this completion, whole.
        itemsAddedTo: itemIds,
        totals: takingItems,
        balances: stockedKeys(withUse, read.stocked),
        units: unitsTouched([...planned.movements, ...planned.reservations]),
      },
      decide: (facts, now, stocked) => {
        const newLine = (index: number) => index >= job.lines.length;
        const refused = jobRefusal({
          access: caller.locationAccess,
          verb: 'completed',
          takesFrom: stockedPlaces(withUse, stocked),
          known: knownFacts(facts, withUse, stocked, stockedPlaces(taking, stocked).map((locationId) => ({ locationId, use: 'uses' as const })), (line, index) =>
            newLine(index) ? `used item ${line.itemId}: ` : '',
          ),
        });
        if (refused) throw refused;
        requireLockedStock(withUse, stocked, facts);
        const unpriced = incompleteCopies(runtime, caller.workspace.id, itemIds, facts.items, 'prices');
        if (unpriced) throw unpriced;
        const { moved, ...changes } = completionChanges(job, job.lines, used, stocked);
        const priced = used.map((line) => ({ ...line, reserved: 0n, moved: moved.get(line.id) ?? null, ...unitPricesOf(pricesOf(facts, line.itemId), job.markupPercent) }));
        const totals = jobTotals(
          priced.map((l) => ({ used: l.used, billable: l.billable, unitCost: l.unitCost, unitPrice: l.unitPrice })),
          job.taxPercent,
          job.taxIncluded,
        );
        const after = next(job, 'complete', now, caller, { lines: priced, totals });
        return {
          ...changes,
          labels: labelsOf(facts),
          job: { record: after, replacesLines: false },
          answer: () => {
            const answered = presentLockedJob(after, facts);
            return { result: answered, events: eventsOf('complete', caller.workspace.id, answered, caller.requestId) };
          },
        };
      },
    };
  });
}

/**
 * Reverts a completed job (POST /jobs/{id}/revert): compensating movements (reason job_reverted,
 * the job's id as the reference) put back what its completion took out, where it took it from.
 * Refused (422, naming the location) when a location can no longer take stock (inactive, being
 * deleted, deleted), or an item no longer tracks stock. Records job.reverted.
 */
export function revertJob(runtime: ServiceRuntime, caller: Caller, ref: string, guard: EffectGuard<Job>): Promise<StockWrite<Job>> {
  return changeJob(runtime, caller, ref, 'revert', guard, async (job) => {
    // What a completion took out never changes once it committed; the status is checked under the job's lock.
    const taken = await jobTakings(runtime.pool, caller.workspace.id, job.id);
    const movements = revertMovements(job.id, taken);
    const places = [...new Set(taken.map((t) => t.locationId))];
    const itemIds = [...new Set(taken.map((t) => t.itemId))];
    return {
      takesFrom: places,
      // Every item of the job is read, to name its lines in the answer; those it puts back must be known.
      locks: { locationIds: places, itemIds: [...new Set([...itemIds, ...itemsOf(job)])], itemsAddedTo: itemIds, totals: itemIds, balances: taken, units: unitsTouched(movements) },
      known: { itemIds, locationIds: places },
      decide: (facts, now) => {
        const refused = jobRefusal({
          access: caller.locationAccess,
          verb: 'reverted',
          takesFrom: places,
          known: {
            named: [],
            used: places.map((locationId) => ({ locationId, use: 'returns' as JobPlaceUse })),
            places: new Map(places.map((id) => [id, placeFacts(facts.locations.get(id))])),
            items: [],
            placeless: [],
          },
        });
        if (refused) throw refused;
        for (const itemId of itemIds) {
          const item = itemRefusal(itemFacts(facts.items.get(itemId)), itemId, '', true);
          if (item) throw item;
        }
        const after = next(job, 'revert', now, caller, {});
        return {
          movements,
          reservations: [],
          labels: labelsOf(facts),
          job: { record: after, replacesLines: false },
          answer: () => {
            const answered = presentLockedJob(after, facts);
            return { result: answered, events: eventsOf('revert', caller.workspace.id, answered, caller.requestId) };
          },
        };
      },
    };
  });
}
