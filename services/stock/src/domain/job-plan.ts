import { BadRequest, type EntityId, type JobStatus } from '@inv/shared/core';
import { available } from './balance-rules';
import type { JobStamps } from './job-lifecycle';
import type { JobTotals } from './job-pricing';
import { type BalanceKey, balanceKey, type LockedBalance, type MovementDraft, type ReservationDraft } from './ledger-plan';
import type { Money, Percent } from './money';
import { fromUnits, toUnits, type Units } from './quantity';
import { identityOf, type MovedUnits, movedUnits, shownIdentity, type UnitIdentity } from './units';

/**
 * What a job does to stock, planned without I/O (issue 36): its lines' places, the reservations
 * a change of the job adds or gives back, the shortages that refuse it, what a completion uses
 * and what a revert puts back. The ledger's plan (ledger-plan.ts) then applies these drafts to
 * the locked balances like any other change: a job's reservation is held in balances.reserved
 * with the pending transfers', so the one rule of balance-rules.ts keeps every transfer,
 * adjustment, count and other job off it.
 */

export interface JobLine {
  id: EntityId;
  itemId: EntityId;
  /** Where its stock is taken from; null: the job's source (the line follows it when it changes). */
  locationId: EntityId | null;
  planned: Units;
  /** What the line holds of the balance at its place while the job is open. */
  reserved: Units;
  used: Units;
  billable: boolean;
  note: string;
  /** Frozen when the job completes; null until then. */
  unitCost: Money | null;
  unitPrice: Money | null;
  /** The request field that asked for this line's quantity in the change at hand (`lines[2].quantity`, `used[0].quantity`): a refusal for want of stock names it. Never stored. */
  askedBy?: string;
  /** The serials or lot the line names: held with its reservation while the job is open, used on completion unless `used` names others. */
  units?: UnitIdentity;
  /** What its completion used, as stored: its serials, or its lots with their quantities. */
  moved?: MovedUnits | null;
  /** What a completion takes of the line, part by part (a lot item's line may be split over lots), each with the request path that named it. Never stored. */
  usedParts?: Array<{ quantity: Units; units?: UnitIdentity; at: string }>;
}

/** A job as stored: its header, its lines in order, and the version every write of it raises. */
export interface JobRecord {
  id: EntityId;
  externalRef: string | null;
  name: string;
  status: JobStatus;
  sourceLocationId: EntityId | null;
  scheduledAt: string | null;
  note: string;
  currency: string;
  markupPercent: Percent | null;
  taxPercent: Percent;
  taxIncluded: boolean;
  /** Frozen when the job completes; null until then (and for a job cancelled). */
  totals: JobTotals | null;
  stamps: JobStamps;
  version: number;
  lines: JobLine[];
}

/** Where a line takes its stock from: its own location, else the job's source (null: none). */
export function placeOf(job: { sourceLocationId: EntityId | null }, line: Pick<JobLine, 'locationId'>): EntityId | null {
  return line.locationId ?? job.sourceLocationId;
}

/** Whether the stock service holds stock of an item (its copy's trackStock); a catalog-only line moves none. */
export type Stocked = (itemId: EntityId) => boolean;

/** The balances a job's stocked lines take from: (item, place) of each one that has a place. */
export function stockedKeys(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>, stocked: Stocked): BalanceKey[] {
  return job.lines.flatMap((line) => {
    const place = placeOf(job, line);
    return stocked(line.itemId) && place !== null ? [{ itemId: line.itemId, locationId: place }] : [];
  });
}

/** Every location a job names: its source and its lines' own locations. */
export function placesNamed(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>): EntityId[] {
  return [...new Set([...(job.sourceLocationId ? [job.sourceLocationId] : []), ...job.lines.flatMap((l) => (l.locationId ? [l.locationId] : []))])];
}

/**
 * What a change of a job does to what it holds: each line's reservation given back where it was
 * held before, and held again where the line is after (a line following a source that moved takes
 * its reservation along). Netted per balance; releases first, so a balance a change both gives
 * back and takes from is never refused for what it gives back.
 */
export function reservationChanges(before: Pick<JobRecord, 'sourceLocationId' | 'lines'> & { id?: EntityId } | undefined, after: Pick<JobRecord, 'sourceLocationId' | 'lines'> & { id?: EntityId }): ReservationDraft[] {
  const holder = after.id ?? before?.id;
  const net = new Map<string, ReservationDraft>();
  const named: ReservationDraft[] = [];
  const add = (job: Pick<JobRecord, 'sourceLocationId'>, line: JobLine, sign: 1n | -1n) => {
    const place = placeOf(job, line);
    if (line.reserved === 0n || place === null) return;
    // A line naming its units holds exactly those: given back and held again as they were and are, never netted.
    if (line.units) {
      named.push({ itemId: line.itemId, locationId: place, quantity: sign * line.reserved, units: line.units, ...(holder ? { holder } : {}), ...(sign > 0n && line.askedBy !== undefined ? { param: line.askedBy, at: line.askedBy.replace(/\.quantity$/, '') } : {}) });
      return;
    }
    const key = balanceKey({ itemId: line.itemId, locationId: place });
    const draft: ReservationDraft = net.get(key) ?? { itemId: line.itemId, locationId: place, quantity: 0n };
    draft.quantity += sign * line.reserved;
    if (sign > 0n && line.askedBy !== undefined) draft.param ??= line.askedBy;
    net.set(key, draft);
  };
  const unchanged = (a: JobLine, b: JobLine | undefined) =>
    b !== undefined && a.reserved === b.reserved && placeOf(before!, a) === placeOf(after, b) && sameUnits(a.units, b.units);
  const afterById = new Map(after.lines.map((l) => [l.id, l]));
  const beforeById = new Map((before?.lines ?? []).map((l) => [l.id, l]));
  for (const line of before?.lines ?? []) if (!(line.units && unchanged(line, afterById.get(line.id)))) add(before!, line, -1n);
  for (const line of after.lines) if (!(line.units && beforeById.has(line.id) && unchanged(beforeById.get(line.id)!, line))) add(after, line, 1n);
  const drafts = [...net.values()].filter((d) => d.quantity !== 0n);
  // Releases first, then what is taken in the order of the lines (a refusal lists short lines in that order).
  return [...named.filter((d) => d.quantity < 0n), ...drafts.filter((d) => d.quantity < 0n), ...named.filter((d) => d.quantity > 0n), ...drafts.filter((d) => d.quantity > 0n)];
}

/** Whether two lines name the same units. */
function sameUnits(a: UnitIdentity | undefined, b: UnitIdentity | undefined): boolean {
  return JSON.stringify(shownIdentity(a)) === JSON.stringify(shownIdentity(b));
}

/** What a partial reservation could not get of a line's want at its place. */
export interface Shortage extends BalanceKey {
  requested: Units;
  available: Units;
}

/**
 * Reserves each stocked line's planned − reserved at its place: all of it (the ledger's plan then
 * refuses the whole change when that is more than is free anywhere: InsufficientStock names every
 * short line), or with `partial` what its balance has free (available, the one rule of free
 * stock), answering what each short line lacked. Lines without a place are left to the policy (a
 * stocked line needs one).
 */
export function reserveLines(
  job: Pick<JobRecord, 'sourceLocationId' | 'lines'>,
  stocked: Stocked,
  balances: ReadonlyMap<string, LockedBalance>,
  partial: boolean,
): { lines: JobLine[]; shortages: Shortage[] } {
  const shortages: Shortage[] = [];
  const lines = job.lines.map((line) => {
    const place = placeOf(job, line);
    const want = line.planned - line.reserved;
    if (!stocked(line.itemId) || place === null || want <= 0n) return line;
    // A line naming its units holds them all or not at all: the ledger decides whether they are free.
    if (!partial || line.units) return { ...line, reserved: line.planned };
    const balance = balances.get(balanceKey({ itemId: line.itemId, locationId: place }));
    const free = balance ? available(balance) : 0n;
    if (free >= want) return { ...line, reserved: line.planned };
    shortages.push({ itemId: line.itemId, locationId: place, requested: want, available: free < 0n ? 0n : free });
    return free > 0n ? { ...line, reserved: line.reserved + free } : line;
  });
  return { lines, shortages };
}

/** Gives back every reservation of the job's lines. */
export function releasedLines(lines: readonly JobLine[]): JobLine[] {
  return lines.map((l) => (l.reserved === 0n ? l : { ...l, reserved: 0n }));
}

/** A line as a create or a PATCH gives it. */
export interface LineRequest {
  itemId: EntityId;
  quantity: number | Units;
  locationId?: EntityId;
  billable?: boolean;
  note?: string;
  serials?: string[];
  lot?: string;
}

/**
 * The lines a create or a PATCH asks for, against the job's lines before (none for a create): a
 * line is the same line as before when it names the same item at the same location (a location
 * equal to the job's source, or none, is "the job's source"), and keeps its id. A line that held
 * a reservation keeps it in step with its planned quantity: reduced with it, or increased by as
 * much as the plan grew (the ledger's plan refuses the whole change when that is not available).
 * Throws BadRequest naming the line (`lines[i]`) when two lines would take the same item from the
 * same place.
 */
export function plannedLines(sourceLocationId: EntityId | null, requested: readonly LineRequest[], previous: readonly JobLine[], newLineId: () => EntityId): JobLine[] {
  const keyOf = (itemId: string, locationId: string | null) => `${itemId}/${locationId ?? ''}`;
  const before = new Map(previous.map((l) => [keyOf(l.itemId, l.locationId), l]));
  const seen = new Map<string, number>();
  return requested.map((r, index) => {
    const locationId = r.locationId === undefined || r.locationId === sourceLocationId ? null : r.locationId;
    const key = keyOf(r.itemId, locationId);
    const first = seen.get(key);
    if (first !== undefined) throw new BadRequest(`lines[${index}] takes the same item from the same location as lines[${first}]; give each item once per location.`, `lines[${index}]`);
    seen.set(key, index);
    const planned = typeof r.quantity === 'bigint' ? r.quantity : toUnits(r.quantity);
    const old = before.get(key);
    const units = identityOf(r);
    // A line whose units change holds the new ones in full, or nothing if it held nothing.
    const reserved = old && old.reserved > 0n ? (units || old.units ? planned : min(planned, old.reserved + max0(planned - old.planned))) : 0n;
    return {
      id: old?.id ?? newLineId(),
      itemId: r.itemId,
      locationId,
      planned,
      reserved,
      used: 0n,
      billable: r.billable ?? old?.billable ?? true,
      note: r.note ?? old?.note ?? '',
      unitCost: null,
      unitPrice: null,
      askedBy: `lines[${index}].quantity`,
      ...(units ? { units } : {}),
    };
  });
}

/** Two lines of the job that would take the same item from the same place (after a change of its source): refused. */
export function sharedPlace(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>): { itemId: EntityId; locationId: EntityId } | undefined {
  const seen = new Set<string>();
  for (const line of job.lines) {
    const place = placeOf(job, line);
    if (place === null) continue;
    const key = balanceKey({ itemId: line.itemId, locationId: place });
    if (seen.has(key)) return { itemId: line.itemId, locationId: place };
    seen.add(key);
  }
  return undefined;
}

/** What a completion says the job used, as given. */
export interface UsedRequest {
  itemId: EntityId;
  quantity: number;
  locationId?: EntityId;
  serials?: string[];
  lot?: string;
}

/**
 * What each line used: without `used`, what it planned; with it, what it names (a line it does not
 * name used nothing). An entry names the line of its item at its location (none given: the item's
 * only line, else its line at the job's source); an item the job did not plan, or not there, gets
 * a new line (billable, planned 0). Throws BadRequest naming the entry (`used[i]`) when two
 * entries name the same line, or when an entry without a location names an item the job takes
 * from several places but not its source.
 */
export function usedLines(job: Pick<JobRecord, 'sourceLocationId' | 'lines'>, used: readonly UsedRequest[] | undefined, newLineId: () => EntityId): JobLine[] {
  if (used === undefined) return job.lines.map((l) => ({ ...l, used: l.planned }));
  const lines = job.lines.map((l) => ({ ...l, used: 0n }));
  const named = new Map<string, number>();
  used.forEach((entry, index) => {
    const ofItem = lines.filter((l) => l.itemId === entry.itemId);
    let line: JobLine | undefined;
    if (entry.locationId !== undefined) line = ofItem.find((l) => placeOf(job, l) === entry.locationId);
    else if (ofItem.length === 1) line = ofItem[0];
    else if (ofItem.length > 1) {
      line = ofItem.find((l) => l.locationId === null);
      if (!line) throw new BadRequest(`used[${index}]: the job takes item ${entry.itemId} from several locations; give locationId.`, `used[${index}].locationId`);
    }
    if (!line) {
      line = {
        id: newLineId(),
        itemId: entry.itemId,
        locationId: entry.locationId === undefined || entry.locationId === job.sourceLocationId ? null : entry.locationId,
        planned: 0n,
        reserved: 0n,
        used: 0n,
        billable: true,
        note: '',
        unitCost: null,
        unitPrice: null,
      };
      lines.push(line);
    }
    const first = named.get(line.id);
    const quantity = toUnits(entry.quantity);
    const units = identityOf(entry) ?? unitsOfItsLine(line, quantity);
    // Entries of one line may split it over lots; otherwise a line is named once.
    const split = first !== undefined && entry.lot !== undefined && (line.usedParts ?? []).every((p) => p.units !== undefined && !sameUnits(p.units, units));
    if (first !== undefined && !split) throw new BadRequest(`used[${index}] names the same line as used[${first}]; give each item once per location (entries of one line may differ by their lot).`, `used[${index}]`);
    if (first === undefined) named.set(line.id, index);
    line.used = (split ? line.used : 0n) + quantity;
    line.askedBy ??= `used[${index}].quantity`;
    line.usedParts = [...(split ? (line.usedParts ?? []) : []), { quantity, ...(units ? { units } : {}), at: `used[${index}]` }];
  });
  return lines;
}

/**
 * The units a `used` entry that names none takes from its line: the lot the line names, or the
 * serials it names when the entry uses them all. Otherwise none, and the ledger asks for them
 * (422 naming the entry's serials or lot): the API never picks some of a line's serials.
 */
function unitsOfItsLine(line: JobLine, quantity: Units): UnitIdentity | undefined {
  if (!line.units) return undefined;
  if ('lot' in line.units) return line.units;
  return toUnits(line.units.serials.length) === quantity ? line.units : undefined;
}

/** A movement of a job: taken from stock by its completion (reason job), or put back by its revert (job_reverted). */
function jobMovement(jobId: EntityId, key: BalanceKey, quantity: Units, reason: 'job' | 'job_reverted', note: string): MovementDraft {
  return { itemId: key.itemId, locationId: key.locationId, type: 'adjustment', quantity, transferId: null, operationId: null, jobId, reason, reference: jobId, note };
}

/**
 * What a completion does to stock: each line's reservation given back, and one movement per
 * stocked line that used something, taking it out of its place (reason job, the job's id as the
 * reference). The quantity comes out of the line's own reservation first (given back in the same
 * change), then out of what is free there.
 */
export function completionChanges(
  job: Pick<JobRecord, 'id' | 'name' | 'sourceLocationId'>,
  before: readonly JobLine[],
  after: readonly JobLine[],
  stocked: Stocked,
): { reservations: ReservationDraft[]; movements: MovementDraft[]; moved: Map<EntityId, MovedUnits> } {
  const reservations = reservationChanges({ id: job.id, sourceLocationId: job.sourceLocationId, lines: [...before] }, { id: job.id, sourceLocationId: job.sourceLocationId, lines: releasedLines(after) });
  const moved = new Map<EntityId, MovedUnits>();
  const movements = after.flatMap((line, index) => {
    const place = placeOf(job, line);
    if (!stocked(line.itemId) || place === null || line.used === 0n) return [];
    // What the line uses: the parts `used` named, else its whole use with the units it names.
    const parts = line.usedParts ?? [{ quantity: line.used, ...(line.units ? { units: line.units } : {}), at: line.askedBy?.replace(/\.quantity$/, '') ?? `lines[${index}]` }];
    const units = movedUnits(parts);
    if (units) moved.set(line.id, units);
    return parts.map((part) => ({
      ...jobMovement(job.id, { itemId: line.itemId, locationId: place }, -part.quantity, 'job', line.note || `Job "${job.name}"`),
      ...(part.units ? { units: part.units } : {}),
      at: part.at,
      ...(line.askedBy === undefined ? {} : { param: line.askedBy }),
    }));
  });
  return { reservations, movements, moved };
}

/** What a revert does: puts back, where it was taken, what the completion's movements took out, with the exact serials and lots they carried. */
export function revertMovements(jobId: EntityId, taken: ReadonlyArray<BalanceKey & { quantity: Units; units?: UnitIdentity }>): MovementDraft[] {
  return taken.map((m) => ({ ...jobMovement(jobId, m, m.quantity, 'job_reverted', `Revert of job ${jobId}`), ...(m.units ? { units: m.units } : {}) }));
}

const max0 = (n: Units): Units => (n > 0n ? n : 0n);
const min = (a: Units, b: Units): Units => (a < b ? a : b);
