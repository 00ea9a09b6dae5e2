import { type EntityId, type LocationAccess, NotFound } from '@inv/shared/core';
import { isBelowPar, parLevelRefusal, SetParLevelBody } from './par-levels';
import { toUnits } from './quantity';
import { CatalogOnlyItem, LocationClosed, NoWriteAccess, type PlaceFacts } from './stock-policy';

const LOC = 'aaaaaaaa-0000-4000-8000-000000000001' as EntityId;
const ITEM = 'cccccccc-0000-4000-8000-000000000003' as EntityId;
const anyone: LocationAccess = { restricted: false, locations: [] };
const place = (over: Partial<PlaceFacts> = {}): PlaceFacts => ({ id: LOC, name: 'Van 1', active: true, deleted: false, closed: false, ...over });
const stocked = { id: ITEM, sku: 'SKU-1', trackStock: true };
const known = (over: Partial<Parameters<typeof parLevelRefusal>[0]> = {}) =>
  parLevelRefusal({ access: anyone, itemId: ITEM, locationId: LOC, known: true, item: stocked, place: place(), ...over });

describe('par levels: below par', () => {
  it('when on-hand is less than the minimum, then it is below par; equal or more is not', () => {
    expect(isBelowPar(toUnits(4.9999), toUnits(5))).toBe(true);
    expect(isBelowPar(toUnits(5), toUnits(5))).toBe(false);
    expect(isBelowPar(toUnits(6), toUnits(5))).toBe(false);
  });

  it('when the minimum is 0, then nothing is ever below par (on-hand is never negative)', () => {
    expect(isBelowPar(0n, 0n)).toBe(false);
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
});
