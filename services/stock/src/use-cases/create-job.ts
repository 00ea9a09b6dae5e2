import { actorOf, type Caller, Conflict, newId, parseEntityId } from '@inv/shared/core';
import { type EffectGuard, isUniqueViolation } from '@inv/shared/db';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { JOB_EXTERNAL_REF_UNIQUE } from '../data/job-repository';
import { readItemCopies } from '../data/projection-repository';
import { createdStamps } from '../domain/job-lifecycle';
import { type JobRecord, placeOf, placesNamed, plannedLines, reservationChanges, reserveLines, stockedKeys } from '../domain/job-plan';
import { unitsTouched } from '../domain/units';
import type { Job } from '../domain/job-records';
import type { CreateJobInput } from '../domain/job-requests';
import { toPercent } from '../domain/money';
import { jobRefusal } from '../domain/stock-policy';
import { knownFacts, presentLockedJob, requireLockedStock, stockedBy, stockedByRead, stockedPlaces } from './job-facts';
import { labelsOf } from './ledger-facts';
import { runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * Creates an open job (POST /jobs) and answers it. Its source defaults to the workspace's
 * defaultInvoiceSourceLocationId, its currency, markup and tax to the workspace's defaults. With
 * `reserve`, every stocked line is reserved at its location in the same transaction, all or
 * nothing (InsufficientStock names every short line). Refused by the job policy (jobRefusal) before
 * anything is locked for the caller's access, and under the locks for unknown items, locations
 * that do not exist, were deleted or (to reserve) are inactive, and stocked lines without a
 * location (422 naming sourceLocationId). Throws Conflict when externalRef is taken.
 */
export async function createJob(runtime: ServiceRuntime, caller: Caller, input: CreateJobInput, guard: EffectGuard<Job>): Promise<StockWrite<Job>> {
  const defaults = caller.workspace;
  const id = newId();
  const sourceLocationId = input.sourceLocationId ?? parseEntityId(defaults.defaultInvoiceSourceLocationId ?? '') ?? null;
  const markupPercent = input.markupPercent === undefined ? defaults.defaultMarkupPercent : input.markupPercent;
  const lines = plannedLines(sourceLocationId, input.lines, [], newId);
  const base: Omit<JobRecord, 'stamps'> = {
    id,
    externalRef: input.externalRef ?? null,
    name: input.name,
    status: 'open',
    sourceLocationId,
    scheduledAt: input.scheduledAt ? new Date(input.scheduledAt).toISOString() : null,
    note: input.note ?? '',
    currency: input.currency ?? defaults.defaultCurrency,
    markupPercent: markupPercent === null ? null : toPercent(markupPercent),
    taxPercent: toPercent(input.taxPercent ?? defaults.defaultTaxPercent),
    taxIncluded: input.taxIncluded ?? defaults.defaultTaxIncluded,
    totals: null,
    version: 1,
    lines,
  };
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const named = placesNamed(base);
  try {
    return await runLedgerUnit(runtime, caller, guard, async () => {
      const read = stockedByRead(await readItemCopies(runtime.pool, caller.workspace.id, itemIds));
      const refusal = jobRefusal({ access: caller.locationAccess, verb: 'created', takesFrom: stockedPlaces(base, read) });
      if (refusal) throw refusal;
      return {
        locks: {
          locationIds: named,
          itemIds,
          itemsAddedTo: [],
          totals: [],
          balances: input.reserve ? stockedKeys(base, read) : [],
          units: unitsTouched(input.reserve ? base.lines.flatMap((l) => (l.units && placeOf(base, l) ? [{ itemId: l.itemId, locationId: placeOf(base, l)!, units: l.units }] : [])) : []),
        },
        decide: (facts, now) => {
          const stocked = stockedBy(facts);
          const verb = input.reserve ? 'created and reserved' : 'created';
          const used = input.reserve ? stockedPlaces(base, stocked).map((locationId) => ({ locationId, use: 'reserves' as const })) : [];
          const refused = jobRefusal({
            access: caller.locationAccess,
            verb,
            takesFrom: stockedPlaces(base, stocked),
            known: knownFacts(facts, base, stocked, used, (_line, index) => `lines[${index}]: `),
          });
          if (refused) throw refused;
          let reserved = base.lines;
          if (input.reserve) {
            requireLockedStock(base, stocked, facts);
            // All or nothing: the ledger's plan refuses the whole job when any line is short.
            reserved = reserveLines(base, stocked, facts.balances, false).lines;
          }
          const job: JobRecord = { ...base, lines: reserved, stamps: createdStamps(now, actorOf(caller)) };
          return {
            movements: [],
            reservations: reservationChanges(undefined, job),
            labels: labelsOf(facts),
            job: { record: job, replacesLines: false },
            answer: () => ({ result: presentLockedJob(job, facts), events: [] }),
          };
        },
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, JOB_EXTERNAL_REF_UNIQUE)) throw new Conflict(`A job with externalRef "${input.externalRef}" already exists.`);
    throw err;
  }
}
