import { type EntityId, Forbidden, type LocationAccess, TRANSFER_STATUSES } from '@inv/shared/core';
import {
  CatalogOnlyItem,
  ItemClosing,
  JobPlaceRefused,
  jobRefusal,
  JobTransitionRefused,
  NoSourceLocation,
  LocationClosed,
  LocationDeleted,
  LocationInactive,
  movementRefusal,
  NoWriteAccess,
  openingRefusal,
  replenishmentRefusal,
  type PlaceFacts,
  SamePlace,
  transferRefusal,
  TransitionPlaceRefused,
  TransitionRefused,
  transitionRefusal,
  UnknownItem,
  UnknownLocation,
} from './stock-policy';
import { TRANSFER_ACTIONS } from './transfer-lifecycle';

const A = 'aaaaaaaa-0000-4000-8000-000000000001' as EntityId;
const B = 'bbbbbbbb-0000-4000-8000-000000000002' as EntityId;
const ITEM = 'cccccccc-0000-4000-8000-000000000003' as EntityId;
const open = (id: string, over: Partial<PlaceFacts> = {}): PlaceFacts => ({ id, name: `L-${id.slice(0, 1)}`, active: true, deleted: false, closed: false, ...over });
const anyone: LocationAccess = { restricted: false, locations: [] };
const onlyWrite = (...ids: string[]): LocationAccess => ({ restricted: true, locations: ids.map((locationId) => ({ locationId, accessLevel: 'write' as const })) });
const stocked = new Map([[ITEM, { id: ITEM, sku: 'SKU-1', trackStock: true, closing: false }]]);

describe('stock policy: transfers', () => {
  const transfer = (over: Partial<Parameters<typeof transferRefusal>[0]> = {}) =>
    transferRefusal({ access: anyone, from: A, to: B, itemIds: [ITEM], places: { from: open(A), to: open(B) }, items: stocked, ...over });

  it('when both ends are active and the item tracks stock, then the transfer may happen', () => {
    expect(transfer()).toBeUndefined();
  });

  it('when the caller lacks write access to either end, then it is refused (403) naming that location, before anything else', () => {
    const refusal = transfer({ access: onlyWrite(B), from: A, to: A });
    expect(refusal).toBeInstanceOf(NoWriteAccess);
    expect(transfer({ access: onlyWrite(A) })?.message).toContain(B);
  });

  it('when the ends are the same place, then it is refused (422) whatever the locks would show', () => {
    expect(transferRefusal({ access: anyone, from: A, to: A, itemIds: [ITEM] })).toBeInstanceOf(SamePlace);
  });

  it('when the facts are not locked yet, then only what the request shows is decided', () => {
    expect(transferRefusal({ access: anyone, from: A, to: B, itemIds: [ITEM] })).toBeUndefined();
  });

  it('when an end is unknown, deleted, inactive or (the destination) closed, then it is refused naming it; a closed source may still send', () => {
    expect(transfer({ places: { from: undefined, to: open(B) } })).toBeInstanceOf(UnknownLocation);
    expect(transfer({ places: { from: open(A), to: open(B, { deleted: true }) } })).toBeInstanceOf(LocationDeleted);
    expect(transfer({ places: { from: open(A, { active: false }), to: open(B) } })).toBeInstanceOf(LocationInactive);
    expect(transfer({ places: { from: open(A), to: open(B, { closed: true }) } })).toBeInstanceOf(LocationClosed);
    expect(transfer({ places: { from: open(A, { closed: true }), to: open(B) } })).toBeUndefined();
  });

  it('when a line names an unknown or catalog-only item, then it is refused naming the line', () => {
    expect(transfer({ items: new Map() })?.message).toBe(`lines[0]: item ${ITEM} does not exist.`);
    const refusal = transfer({ items: new Map([[ITEM, { id: ITEM, sku: 'SKU-1', trackStock: false, closing: false }]]) });
    expect(refusal).toBeInstanceOf(CatalogOnlyItem);
    expect(refusal?.message).toContain('lines[0]: item "SKU-1"');
  });
});

describe('stock policy: receipts, adjustments, counts, openings', () => {
  it('when stock is added, then the location must be active and open; when taken out, only not deleted', () => {
    const adding = (place: PlaceFacts) => movementRefusal({ access: anyone, locationId: A, itemId: ITEM, addsStock: true, known: true, place, item: stocked.get(ITEM) });
    const taking = (place: PlaceFacts) => movementRefusal({ access: anyone, locationId: A, itemId: ITEM, addsStock: false, known: true, place, item: stocked.get(ITEM) });
    expect(adding(open(A, { active: false }))).toBeInstanceOf(LocationInactive);
    expect(adding(open(A, { closed: true }))).toBeInstanceOf(LocationClosed);
    expect(taking(open(A, { active: false, closed: true }))).toBeUndefined();
    expect(taking(open(A, { deleted: true }))).toBeInstanceOf(LocationDeleted);
  });

  it('when the item is unknown or catalog-only, then the movement is refused before the location is looked at', () => {
    const refusal = movementRefusal({ access: anyone, locationId: A, itemId: ITEM, addsStock: true, known: true, place: undefined, item: undefined });
    expect(refusal).toBeInstanceOf(UnknownItem);
  });

  it('when the item is being made catalog-only, then adding stock of it is refused as contention (retryable), taking it out is not', () => {
    const closing = { id: ITEM, sku: 'SKU-1', trackStock: true, closing: true };
    const adding = movementRefusal({ access: anyone, locationId: A, itemId: ITEM, addsStock: true, known: true, place: open(A), item: closing });
    expect(adding).toBeInstanceOf(ItemClosing);
    expect(adding).toMatchObject({ status: 429, message: expect.stringContaining('being made catalog-only') });
    expect(movementRefusal({ access: anyone, locationId: A, itemId: ITEM, addsStock: false, known: true, place: open(A), item: closing })).toBeUndefined();
  });

  it('when the caller may not write at the location, then the movement and the opening are refused (403) before anything is known', () => {
    expect(movementRefusal({ access: onlyWrite(B), locationId: A, itemId: ITEM, addsStock: false })).toBeInstanceOf(NoWriteAccess);
    expect(openingRefusal({ access: onlyWrite(B), locationId: A })).toBeInstanceOf(NoWriteAccess);
    expect(openingRefusal({ access: onlyWrite(A), locationId: A, known: true, place: open(A, { active: false }) })).toBeInstanceOf(LocationInactive);
  });
});

describe('stock policy: transitions', () => {
  const transfer = { id: 't-1', fromLocationId: A, toLocationId: B };

  it('when the transfer is not in the status the action starts from, then it is a conflict naming both', () => {
    const allowed = Object.fromEntries(
      TRANSFER_ACTIONS.map((action) => [action, TRANSFER_STATUSES.filter((status) => transitionRefusal({ access: anyone, action, transfer: { ...transfer, status } }) === undefined)]),
    );
    expect(allowed).toEqual({ complete: ['pending'], reject: ['pending'], cancel: ['pending'], revert: ['completed'] });
    const refusal = transitionRefusal({ access: anyone, action: 'complete', transfer: { ...transfer, status: 'cancelled' } });
    expect(refusal).toBeInstanceOf(TransitionRefused);
    expect(refusal?.message).toBe('Transfer t-1 is cancelled; only a pending transfer can be completed.');
  });

  it('when the caller lacks write access at the end the action belongs to, then it is refused (403)', () => {
    expect(transitionRefusal({ access: onlyWrite(A), action: 'complete', transfer })).toBeInstanceOf(NoWriteAccess);
    expect(transitionRefusal({ access: onlyWrite(A), action: 'cancel', transfer })).toBeUndefined();
    expect(transitionRefusal({ access: onlyWrite(B), action: 'revert', transfer })).toBeInstanceOf(NoWriteAccess);
  });

  it('when a completion finds its destination closed, or a revert its source inactive, then it is refused; a reject or cancel is never refused by its places', () => {
    const places = { from: open(A, { active: false }), to: open(B, { closed: true }) };
    expect(transitionRefusal({ access: anyone, action: 'complete', transfer: { ...transfer, status: 'pending' }, places })).toBeInstanceOf(TransitionPlaceRefused);
    expect(transitionRefusal({ access: anyone, action: 'revert', transfer: { ...transfer, status: 'completed' }, places: { from: open(A, { closed: true }), to: open(B) } })?.message).toContain(
      'The transfer cannot be reverted: ',
    );
    expect(transitionRefusal({ access: anyone, action: 'reject', transfer: { ...transfer, status: 'pending' }, places })).toBeUndefined();
    expect(transitionRefusal({ access: anyone, action: 'complete', transfer: { ...transfer, status: 'pending' }, places: { from: places.from, to: open(B) } })).toBeUndefined();
  });
});

describe('stock policy: replenishment lines', () => {
  const item = stocked.get(ITEM);
  const line = (over: Partial<Parameters<typeof replenishmentRefusal>[0]> = {}) =>
    replenishmentRefusal({ access: anyone, uses: { to: 'write', from: 'write' }, from: A, to: B, itemId: ITEM, places: { from: open(A), to: open(B) }, item, ...over });
  const readOnly = (...ids: string[]): LocationAccess => ({ restricted: true, locations: ids.map((locationId) => ({ locationId, accessLevel: 'read' as const })) });

  it('when both locations take the move and the item tracks stock, then the line may be planned, with or without a source', () => {
    expect(line()).toBeUndefined();
    expect(line({ from: null, places: { from: undefined, to: open(B) } })).toBeUndefined();
  });

  it('when the caller lacks the access the use needs at either end, then the line is refused', () => {
    expect(line({ access: onlyWrite(B) })).toBeInstanceOf(Forbidden);
    expect(line({ access: readOnly(A, B) })).toBeInstanceOf(Forbidden);
    expect(line({ access: readOnly(A, B), uses: { to: 'read', from: 'read' } })).toBeUndefined();
    expect(line({ access: readOnly(B), uses: { to: 'read', from: 'read' } })).toBeInstanceOf(Forbidden);
    // A run by a technician with write access to his van and read access to the warehouse keeps the line (it stays short, saying why).
    expect(line({ access: { restricted: true, locations: [{ locationId: A, accessLevel: 'read' }, { locationId: B, accessLevel: 'write' }] }, uses: { to: 'write', from: 'read' } })).toBeUndefined();
  });

  it('when the destination takes no stock, the source is inactive, or the item holds none, then the line is refused', () => {
    expect(line({ places: { from: open(A), to: open(B, { active: false }) } })).toBeInstanceOf(LocationInactive);
    expect(line({ places: { from: open(A), to: open(B, { closed: true }) } })).toBeInstanceOf(LocationClosed);
    expect(line({ places: { from: open(A, { active: false }), to: open(B) } })).toBeInstanceOf(LocationInactive);
    expect(line({ places: { from: open(A, { deleted: true }), to: open(B) } })).toBeInstanceOf(LocationDeleted);
    expect(line({ item: { id: ITEM, sku: 'S', trackStock: false, closing: false } })).toBeInstanceOf(CatalogOnlyItem);
    expect(line({ item: undefined })).toBeInstanceOf(UnknownItem);
  });
});

describe('stock policy: jobs', () => {
  const known = (over: Partial<NonNullable<Parameters<typeof jobRefusal>[0]['known']>> = {}) => ({
    named: [A],
    used: [{ locationId: A, use: 'reserves' as const }],
    places: new Map([[A, open(A)], [B, open(B)]]),
    items: [{ itemId: ITEM, item: stocked.get(ITEM), label: 'lines[0]: ' }],
    placeless: [],
    ...over,
  });

  it('when every location the stocked lines take from is writable and usable, and every item is known, then the change may happen', () => {
    expect(jobRefusal({ access: onlyWrite(A), verb: 'reserved', takesFrom: [A], known: known() })).toBeUndefined();
  });

  it('when the caller lacks write access to a location a stocked line takes from, then 403 naming it, before anything is locked', () => {
    const refusal = jobRefusal({ access: onlyWrite(B), verb: 'completed', takesFrom: [A] });
    expect(refusal).toBeInstanceOf(NoWriteAccess);
    expect(refusal!.message).toContain(A);
  });

  it('when an item is unknown, a stocked line has no location, or a location cannot do what the change needs, then 422 saying which', () => {
    expect(jobRefusal({ access: anyone, verb: 'created', takesFrom: [], known: known({ items: [{ itemId: ITEM, item: undefined, label: 'lines[2]: ' }] }) })).toBeInstanceOf(UnknownItem);
    const placeless = jobRefusal({ access: anyone, verb: 'created', takesFrom: [], known: known({ placeless: ['"SKU-1" (x)'] }) });
    expect(placeless).toBeInstanceOf(NoSourceLocation);
    expect(placeless!.param).toBe('sourceLocationId');
    const inactive = jobRefusal({ access: anyone, verb: 'reserved', takesFrom: [A], known: known({ places: new Map([[A, open(A, { active: false })]]) }) });
    expect(inactive).toBeInstanceOf(JobPlaceRefused);
    expect(inactive!.message).toBe(`The job cannot be reserved: Location "L-a" (${A}) is inactive.`);
    // Using what was reserved may happen at an inactive location; putting stock back may not.
    expect(jobRefusal({ access: anyone, verb: 'completed', takesFrom: [A], known: known({ places: new Map([[A, open(A, { active: false })]]), used: [{ locationId: A, use: 'uses' }] }) })).toBeUndefined();
    expect(jobRefusal({ access: anyone, verb: 'reverted', takesFrom: [A], known: known({ places: new Map([[A, open(A, { closed: true })]]), used: [{ locationId: A, use: 'returns' }] }) })).toBeInstanceOf(JobPlaceRefused);
    expect(jobRefusal({ access: anyone, verb: 'created', takesFrom: [], known: known({ places: new Map(), used: [] }) })).toBeInstanceOf(JobPlaceRefused);
  });

  it('when a job is not in the status an action starts from, then 409 names the status it is in', () => {
    expect(new JobTransitionRefused('j1', 'completed', 'open', 'cancelled').message).toBe('Job j1 is completed; only an open job can be cancelled.');
    expect(new JobTransitionRefused('j1', 'open', 'completed', 'reverted').message).toBe('Job j1 is open; only a completed job can be reverted.');
  });
});
