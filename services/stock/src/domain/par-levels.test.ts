import { type EntityId, type LocationAccess, NotFound } from '@inv/shared/core';
import { isBelowPar, parAmountsOf, parCrossing, parCrossings, parLevelRefusal, SetParLevelBody } from './par-levels';
import { toUnits } from './quantity';
import { CatalogOnlyItem, LocationClosed, NoWriteAccess, type PlaceFacts } from './stock-policy';

const LOC = 'aaaaaaaa-0000-4000-8000-000000000001' as EntityId;
const ITEM = 'cccccccc-0000-4000-8000-000000000003' as EntityId;
const anyone: LocationAccess = { restricted: false, locations: [] };
const place = (over: Partial<PlaceFacts> = {}): PlaceFacts => ({ id: LOC, name: 'Van 1', active: true, deleted: false, closed: false, ...over });
const stocked = { id: ITEM, sku: 'SKU-1', trackStock: true, closing: false };
const known = (over: Partial<Parameters<typeof parLevelRefusal>[0]> = {}) =>
  parLevelRefusal({ access: anyone, itemId: ITEM, locationId: LOC, known: true, item: stocked, place: place(), ...over });

describe('par levels: below par', () => {
  const free = (onHand: number, reserved = 0) => ({ onHand: toUnits(onHand), reserved: toUnits(reserved) });

  it('when free stock (on-hand − reserved) is less than the minimum, then it is below par; equal or more is not', () => {
    expect(isBelowPar(free(4.9999), toUnits(5))).toBe(true);
    expect(isBelowPar(free(5), toUnits(5))).toBe(false);
    expect(isBelowPar(free(6), toUnits(5))).toBe(false);
  });

  it('when stock on hand is reserved for a job, then it does not count: 6 on hand, 2 reserved, a minimum of 6 is below par (issue 40: the demo\'s van, which replenishment refills)', () => {
    expect(isBelowPar(free(6, 2), toUnits(6))).toBe(true);
    expect(isBelowPar(free(8, 2), toUnits(6))).toBe(false);
  });

  it('when the minimum is 0, then nothing is ever below par (free stock is never negative)', () => {
    expect(isBelowPar(free(0), 0n)).toBe(false);
  });
});

describe('par levels: who may set one, and on what', () => {
  it('when the item tracks stock and the location exists, then it may be set, at an inactive location too', () => {
    expect(known()).toBeUndefined();
    expect(known({ place: place({ active: false }) })).toBeUndefined();
  });

  it('when the location is being deleted (closed), then 422', () => {
    expect(known({ place: place({ closed: true }) })).toBeInstanceOf(LocationClosed);
  });

  it('when a restricted member lacks write access to the location, then it is refused (403) before the copies are known', () => {
    const readOnly: LocationAccess = { restricted: true, locations: [{ locationId: LOC, accessLevel: 'read' }] };
    expect(parLevelRefusal({ access: readOnly, itemId: ITEM, locationId: LOC })).toBeInstanceOf(NoWriteAccess);
    expect(parLevelRefusal({ access: { restricted: true, locations: [{ locationId: LOC, accessLevel: 'write' }] }, itemId: ITEM, locationId: LOC })).toBeUndefined();
  });

  it('when the item is unknown, then 404; when it is catalog-only, then 422', () => {
    expect(known({ item: undefined })).toEqual(new NotFound('Item'));
    expect(known({ item: { ...stocked, trackStock: false } })).toBeInstanceOf(CatalogOnlyItem);
  });

  it('when the location is unknown or deleted, then 404', () => {
    expect(known({ place: undefined })).toEqual(new NotFound('Location'));
    expect(known({ place: place({ deleted: true }) })).toEqual(new NotFound('Location'));
  });
});

describe('par levels: the body', () => {
  it('when the minimum is a quantity ≥ 0 with at most 4 decimals, then it is accepted; otherwise refused', () => {
    expect(SetParLevelBody.safeParse({ minimum: 0 }).success).toBe(true);
    expect(SetParLevelBody.safeParse({ minimum: 2.5001 }).success).toBe(true);
    for (const minimum of [-1, 1.00001, 1_000_000_001, '5', null]) expect(SetParLevelBody.safeParse({ minimum }).success).toBe(false);
    expect(SetParLevelBody.safeParse({}).success).toBe(false);
    expect(SetParLevelBody.safeParse({ minimum: 1, extra: true }).success).toBe(false);
  });

  it('when a target is given, then it must be at least the minimum, and the refusal names target; without one the target is the minimum', () => {
    expect(parAmountsOf(SetParLevelBody.parse({ minimum: 4, target: 10 }))).toEqual({ minimum: toUnits(4), target: toUnits(10) });
    expect(parAmountsOf(SetParLevelBody.parse({ minimum: 4, target: 4 }))).toEqual({ minimum: toUnits(4), target: toUnits(4) });
    expect(parAmountsOf(SetParLevelBody.parse({ minimum: 4 }))).toEqual({ minimum: toUnits(4), target: toUnits(4) });
    const refused = SetParLevelBody.safeParse({ minimum: 4, target: 3.9999 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([[['target'], 'must be at least the minimum (4); leave it out to refill up to the minimum']]);
  });
});

describe('par level crossings', () => {
  const u = (n: number) => toUnits(n);
  const par = (onHand: number, minimum: number | undefined, reserved = 0) => ({ balance: { onHand: u(onHand), reserved: u(reserved) }, minimum: minimum === undefined ? undefined : u(minimum) });

  it.each<[string, ReturnType<typeof par>, ReturnType<typeof par>, boolean | undefined]>([
    ['drops below its minimum', par(5, 5), par(4, 5), true],
    ['drops to empty from well above', par(40, 5), par(0, 5), true],
    ['gets back to exactly the minimum', par(4, 5), par(5, 5), false],
    ['gets back above the minimum', par(0, 5), par(12, 5), false],
    ['stays below', par(4, 5), par(1, 5), undefined],
    ['stays at or above', par(5, 5), par(9, 5), undefined],
    ['gets a first par level above its on-hand', par(1, undefined), par(1, 5), undefined],
    ['loses its par level while below it', par(1, 5), par(1, undefined), undefined],
    ['has its minimum raised above its on-hand', par(7, 5), par(7, 10), true],
    ['has its minimum lowered to its on-hand', par(7, 10), par(7, 7), false],
    ['has its minimum set to 0 while empty', par(0, 3), par(0, 0), false],
    ['has part of its on-hand reserved for a job', par(6, 5), par(6, 5, 2), true],
    ['has that reservation released', par(6, 5, 2), par(6, 5), false],
  ])('when a balance %s, then the crossing is %s (true: below par)', (_, before, after, below) => {
    expect(parCrossing(before, after)).toBe(below);
  });

  it('when a transaction changes balances, then only those with a par level whose side changed cross, each once, from the locked balance to the one it leaves', () => {
    const [item, van, truck, site] = ['0191c1a0-0000-7000-8000-000000000001', '0191c1a0-0000-7000-8000-000000000002', '0191c1a0-0000-7000-8000-000000000003', '0191c1a0-0000-7000-8000-000000000004'] as EntityId[];
    const key = (location: EntityId) => `${item}/${location}`;
    const before = new Map([[key(van!), { onHand: u(6), reserved: 0n }], [key(truck!), { onHand: u(2), reserved: 0n }], [key(site!), { onHand: u(9), reserved: 0n }]]);
    const levels = new Map([[key(van!), { minimum: u(5), target: u(5) }], [key(truck!), { minimum: u(5), target: u(12) }]]);
    const after = [
      { itemId: item!, locationId: van!, onHand: u(6), reserved: 0n },
      { itemId: item!, locationId: truck!, onHand: u(8), reserved: 0n },
      { itemId: item!, locationId: site!, onHand: u(0), reserved: 0n },
    ];
    // The van ends where it began (6 ≥ 5): nothing; the truck is restored; the site has no par level.
    expect(parCrossings(before, levels, after)).toEqual([{ itemId: item, locationId: truck, onHand: u(8), reserved: 0n, minimum: u(5), target: u(12), below: false }]);
  });
});
