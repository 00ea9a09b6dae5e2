import type { EntityId } from '@inv/shared/core';
import { completionChanges, type JobLine, plannedLines, reservationChanges, reserveLines, revertMovements, sharedPlace, usedLines } from './job-plan';
import { InsufficientStock, planLedger } from './ledger-plan';
import { balanceKey, type LockedBalance } from './ledger-plan';
import { toUnits } from './quantity';

const id = (n: number) => `0191c1a0-0000-7000-8000-${String(n).padStart(12, '0')}` as EntityId;
const [JOB, A, B, C, VAN, VAN2, WAREHOUSE] = [1, 2, 3, 4, 5, 6, 7].map(id) as [EntityId, EntityId, EntityId, EntityId, EntityId, EntityId, EntityId];
const u = toUnits;
let next = 100;
const newId = () => id(next++);

const line = (itemId: EntityId, planned: number, fields: Partial<JobLine> = {}): JobLine => ({
  id: newId(),
  itemId,
  locationId: null,
  planned: u(planned),
  reserved: 0n,
  used: 0n,
  billable: true,
  note: '',
  unitCost: null,
  unitPrice: null,
  ...fields,
});
const balances = (...rows: Array<[EntityId, EntityId, number, number?]>) =>
  new Map<string, LockedBalance>(rows.map(([itemId, locationId, onHand, reserved = 0]) => [balanceKey({ itemId, locationId }), { itemId, locationId, onHand: u(onHand), reserved: u(reserved), version: 1 }]));
const allStocked = () => true;
const figures = (lines: JobLine[]) => lines.map((l) => [l.itemId, Number(l.planned) / 1e4, Number(l.reserved) / 1e4, Number(l.used) / 1e4]);

describe('reservationChanges', () => {
  it('when a line follows a source that moves, then its reservation is given back at the old one and taken at the new one, releases first', () => {
    const before = { sourceLocationId: VAN, lines: [line(A, 3, { reserved: u(3) }), line(B, 2, { reserved: u(2), locationId: WAREHOUSE })] };
    const after = { ...before, sourceLocationId: VAN2 };
    expect(reservationChanges(before, after)).toEqual([
      { itemId: A, locationId: VAN, quantity: u(-3) },
      { itemId: A, locationId: VAN2, quantity: u(3) },
    ]);
  });

  it('when nothing held changes, then there is nothing to write', () => {
    const job = { sourceLocationId: VAN, lines: [line(A, 3, { reserved: u(3) })] };
    expect(reservationChanges(job, job)).toEqual([]);
  });
});

describe('reserveLines', () => {
  it('when every stocked line finds its want available, then each holds what it planned; catalog-only lines hold nothing', () => {
    const job = { sourceLocationId: VAN, lines: [line(A, 3), line(B, 2, { reserved: u(1) }), line(C, 5)] };
    const { lines, shortages } = reserveLines(job, (item) => item !== C, balances([A, VAN, 10], [B, VAN, 2, 1]), false);
    expect(figures(lines)).toEqual([[A, 3, 3, 0], [B, 2, 2, 0], [C, 5, 0, 0]]);
    expect(shortages).toEqual([]);
  });

  it('when some are short, then all or nothing asks for every line in full (the ledger plan refuses it, naming every short line), and partial takes what is free and names what each lacked', () => {
    const job = { sourceLocationId: VAN, lines: [line(A, 5), line(B, 4), line(C, 1)] };
    const stock = balances([A, VAN, 10, 7], [B, VAN, 1], [C, VAN, 1]);
    const all = reserveLines(job, allStocked, stock, false);
    expect(figures(all.lines).map((f) => f[2])).toEqual([5, 4, 1]);
    const labels = { item: (i: string) => i, location: (l: string) => l };
    let refused: InsufficientStock | undefined;
    try {
      planLedger(stock, { reservations: reservationChanges(job, { ...job, lines: all.lines }), movements: [] }, labels);
    } catch (err) {
      refused = err as InsufficientStock;
    }
    expect(refused?.shortages).toEqual([
      { itemId: A, locationId: VAN, requested: 5, available: 3 },
      { itemId: B, locationId: VAN, requested: 4, available: 1 },
    ]);
    const partial = reserveLines(job, allStocked, stock, true);
    expect(figures(partial.lines).map((f) => f[2])).toEqual([3, 1, 1]);
    expect(partial.shortages).toEqual([
      { itemId: A, locationId: VAN, requested: u(5), available: u(3) },
      { itemId: B, locationId: VAN, requested: u(4), available: u(1) },
    ]);
  });
});

describe('plannedLines', () => {
  it('when a PATCH names the same item at the same place, then it is the same line and a reserved one keeps its reservation in step', () => {
    const before = [line(A, 4, { reserved: u(4) }), line(B, 5, { reserved: u(3) }), line(C, 2)];
    const after = plannedLines(VAN, [{ itemId: A, quantity: 6 }, { itemId: B, quantity: 4, locationId: VAN }, { itemId: C, quantity: 3 }], before, newId);
    expect(after.map((l) => l.id)).toEqual(before.map((l) => l.id));
    // A grows by 2 with its plan; B shrinks to its plan but keeps its shortfall; C was not reserved.
    expect(figures(after)).toEqual([[A, 6, 6, 0], [B, 4, 3, 0], [C, 3, 0, 0]]);
  });

  it('when a line names another place, then it is a new line; naming the same item and place twice is a 400 naming the line', () => {
    const before = [line(A, 4, { reserved: u(4) })];
    const [moved] = plannedLines(VAN, [{ itemId: A, quantity: 4, locationId: WAREHOUSE }], before, newId);
    expect(moved).toMatchObject({ locationId: WAREHOUSE, reserved: 0n });
    expect(moved!.id).not.toBe(before[0]!.id);
    expect(() => plannedLines(VAN, [{ itemId: A, quantity: 1 }, { itemId: A, quantity: 2, locationId: VAN }], [], newId)).toThrow(/lines\[1\]/);
  });

  it('when the source moves onto a line of the same item, then the job shares a place and is refused', () => {
    expect(sharedPlace({ sourceLocationId: WAREHOUSE, lines: [line(A, 1), line(A, 1, { locationId: WAREHOUSE })] })).toEqual({ itemId: A, locationId: WAREHOUSE });
    expect(sharedPlace({ sourceLocationId: VAN, lines: [line(A, 1), line(A, 1, { locationId: WAREHOUSE })] })).toBeUndefined();
  });
});

describe('usedLines', () => {
  const job = { sourceLocationId: VAN, lines: [line(A, 3), line(B, 2), line(B, 1, { locationId: WAREHOUSE })] };

  it('when nothing is said, then each line used what it planned', () => {
    expect(figures(usedLines(job, undefined, newId)).map((f) => f[3])).toEqual([3, 2, 1]);
  });

  it('when used names lines, then those used that, the others nothing; an item planned at several places without a location is its line at the source; an unplanned item gets a new line', () => {
    const lines = usedLines(job, [{ itemId: B, quantity: 4 }, { itemId: B, quantity: 0.5, locationId: WAREHOUSE }, { itemId: C, quantity: 1 }], newId);
    expect(figures(lines)).toEqual([[A, 3, 0, 0], [B, 2, 0, 4], [B, 1, 0, 0.5], [C, 0, 0, 1]]);
    expect(lines[3]).toMatchObject({ locationId: null, billable: true });
  });

  it('when two entries name one line, or an item at several places none of which is the source, then 400 names the entry', () => {
    expect(() => usedLines(job, [{ itemId: A, quantity: 1 }, { itemId: A, quantity: 1, locationId: VAN }], newId)).toThrow(/used\[1\]/);
    const elsewhere = { sourceLocationId: VAN, lines: [line(A, 1, { locationId: WAREHOUSE }), line(A, 1, { locationId: VAN2 })] };
    expect(() => usedLines(elsewhere, [{ itemId: A, quantity: 1 }], newId)).toThrow(/used\[0\]/);
  });
});

describe('completion and revert', () => {
  it('when a job completes, then each stocked line that used something takes it out (reason job, the job as reference) and every reservation is given back', () => {
    const before = [line(A, 3, { reserved: u(3) }), line(B, 2, { reserved: u(2) }), line(C, 1)];
    const used = before.map((l, i) => ({ ...l, used: u([5, 0, 1][i]!) }));
    const { reservations, movements } = completionChanges({ id: JOB, name: 'Boiler', sourceLocationId: VAN }, before, used, (item) => item !== C);
    expect(reservations).toEqual([
      { itemId: A, locationId: VAN, quantity: u(-3) },
      { itemId: B, locationId: VAN, quantity: u(-2) },
    ]);
    expect(movements).toEqual([
      { itemId: A, locationId: VAN, type: 'adjustment', quantity: u(-5), transferId: null, operationId: null, jobId: JOB, reason: 'job', reference: JOB, note: 'Job "Boiler"', at: 'lines[0]' },
    ]);
    // Of the 5, 3 come out of the line's own reservation, 2 out of what is free: 2 free is enough, 1 is not (the ledger's one rule decides).
    const labels = { item: (i: string) => i, location: (l: string) => l };
    expect(() => planLedger(balances([A, VAN, 6, 4], [B, VAN, 2, 2]), { reservations, movements }, labels)).not.toThrow();
    expect(() => planLedger(balances([A, VAN, 5, 4], [B, VAN, 2, 2]), { reservations, movements }, labels)).toThrow(InsufficientStock);
  });

  it('when a job is reverted, then what was taken goes back where it was taken, reason job_reverted', () => {
    expect(revertMovements(JOB, [{ itemId: A, locationId: VAN, quantity: u(5) }])).toEqual([
      { itemId: A, locationId: VAN, type: 'adjustment', quantity: u(5), transferId: null, operationId: null, jobId: JOB, reason: 'job_reverted', reference: JOB, note: `Revert of job ${JOB}` },
    ]);
  });

});
