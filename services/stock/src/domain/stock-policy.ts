import { AppError, canAccessLocation, Conflict, Contention, type EntityId, Forbidden, type LocationAccess, Unprocessable } from '@inv/shared/core';
import { fromUnits, type Units } from './quantity';
import { type TransferAction, transitionOf } from './transfer-lifecycle';

/**
 * The one policy of stock changes: whether a transfer, a receipt, an adjustment, a count, an
 * opening or a transfer's transition may happen, decided from the facts it is given and answered
 * with a typed refusal (each maps once to the error envelope, with its one message). Callers
 * check before they lock anything, with the facts they have (access, ids, quantities), and again
 * inside the transaction with the locked facts (locations, items, balances, status): the same
 * function both times, so a rule lives here and nowhere else.
 */

/** What the stock service knows of a location when it decides (its copy, read under the location's lock). */
export interface PlaceFacts {
  id: string;
  name: string | null;
  active: boolean;
  deleted: boolean;
  closed: boolean;
}

/** What the stock service knows of an item when it decides (its copy). */
export interface ItemFacts {
  id: string;
  sku: string | null;
  trackStock: boolean;
  /** Being made catalog-only (intent confirmed by the catalog or abandoned soon): no stock of it may be added meanwhile. */
  closing: boolean;
}

/** How a movement uses a location: whether it adds stock there, and whether the location must be active even to take stock out. */
export interface PlaceUse {
  addsStock: boolean;
  requireActive: boolean;
}

function placeLabel(place: PlaceFacts): string {
  return place.name === null ? `Location ${place.id}` : `Location "${place.name}" (${place.id})`;
}

function itemLabel(item: ItemFacts): string {
  return `"${item.sku ?? ''}" (${item.id})`;
}

/** Where the caller may not write: a member restricted to other locations. */
export class NoWriteAccess extends Forbidden {
  constructor(locationId: string, what: string) {
    super(`${what}; you lack write access to location ${locationId}.`);
  }
}

export class SamePlace extends Unprocessable {
  constructor() {
    super('fromLocationId and toLocationId are the same location; a transfer needs two different locations.');
  }
}

export class UnknownLocation extends Unprocessable {
  constructor(locationId: string) {
    super(`Location ${locationId} does not exist.`);
  }
}

export class LocationDeleted extends Unprocessable {
  constructor(place: PlaceFacts) {
    super(`${placeLabel(place)} was deleted.`);
  }
}

export class LocationClosed extends Unprocessable {
  constructor(place: PlaceFacts) {
    super(`${placeLabel(place)} is closed to new stock while it is being deleted.`);
  }
}

export class LocationInactive extends Unprocessable {
  constructor(place: PlaceFacts) {
    super(`${placeLabel(place)} is inactive.`);
  }
}

export class UnknownItem extends Unprocessable {
  constructor(itemId: string, where: string, param?: string) {
    super(`${where}item ${itemId} does not exist.`, param);
  }
}

export class CatalogOnlyItem extends Unprocessable {
  constructor(item: ItemFacts, where: string, param?: string) {
    super(`${where}item ${itemLabel(item)} is catalog-only (trackStock: false) and holds no stock.`, param);
  }
}

/** An item being made catalog-only: adding stock of it waits until that is confirmed (then it is refused for good) or abandoned. */
export class ItemClosing extends Contention {
  constructor(item: ItemFacts) {
    super(`item ${itemLabel(item)} (it is being made catalog-only)`);
  }
}

/** The lines of a transfer name items by index, so a client knows which line to fix. */
const lineLabel = (index: number) => `lines[${index}]: `;

/** Why stock may not move at `place` for `use`, or undefined when it may. Deleted locations take no movement at all. */
export function placeRefusal(place: PlaceFacts | undefined, locationId: string, use: PlaceUse): Unprocessable | undefined {
  if (!place) return new UnknownLocation(locationId);
  if (place.deleted) return new LocationDeleted(place);
  if (use.addsStock && place.closed) return new LocationClosed(place);
  if ((use.addsStock || use.requireActive) && !place.active) return new LocationInactive(place);
  return undefined;
}

/**
 * Why the item may not move, or undefined when it may: it must exist and track stock, and no stock
 * of it is added while it is being made catalog-only. `param`: the request field that named it.
 */
export function itemRefusal(item: ItemFacts | undefined, itemId: string, where = '', addsStock = false, param?: string): Unprocessable | Contention | undefined {
  if (!item) return new UnknownItem(itemId, where, param);
  if (!item.trackStock) return new CatalogOnlyItem(item, where, param);
  if (addsStock && item.closing) return new ItemClosing(item);
  return undefined;
}

/**
 * A transfer: the caller needs write access to both ends; the ends differ; both are active, the
 * destination also open to new stock; every item exists and tracks stock. `places` and `items`
 * are known once locked; before that the checks that need them are left to the second call.
 */
export function transferRefusal(facts: {
  access: LocationAccess;
  from: EntityId;
  to: EntityId;
  itemIds: readonly EntityId[];
  places?: { from: PlaceFacts | undefined; to: PlaceFacts | undefined };
  items?: ReadonlyMap<string, ItemFacts>;
}): Forbidden | Unprocessable | undefined {
  for (const id of [facts.from, facts.to]) {
    if (!canAccessLocation(facts.access, id, 'write')) return new NoWriteAccess(id, 'You need write access to both locations of a transfer');
  }
  if (facts.from === facts.to) return new SamePlace();
  if (facts.places) {
    const refused =
      placeRefusal(facts.places.from, facts.from, { addsStock: false, requireActive: true }) ?? placeRefusal(facts.places.to, facts.to, { addsStock: true, requireActive: true });
    if (refused) return refused;
  }
  if (facts.items) {
    for (const [index, itemId] of facts.itemIds.entries()) {
      const refused = itemRefusal(facts.items.get(itemId), itemId, lineLabel(index), false, `lines[${index}].itemId`);
      if (refused) return refused;
    }
  }
  return undefined;
}

/**
 * A replenishment line: refilling `to` with an item from `from` (its replenishFrom; null: none).
 * The caller may use each location as `uses` says (read: to list the line; write at the
 * destination: to refill it in a run, whose transfer out of the source needs write access there
 * too, else the line stays short saying so); `to` takes new stock (active, not being deleted);
 * `from`, when there is one, is active; the item exists and tracks stock. A refused line is left
 * out of a plan.
 */
export function replenishmentRefusal(facts: {
  access: LocationAccess;
  uses: { to: 'read' | 'write'; from: 'read' | 'write' };
  from: EntityId | null;
  to: EntityId;
  itemId: EntityId;
  places: { from: PlaceFacts | undefined; to: PlaceFacts | undefined };
  item: ItemFacts | undefined;
}): Forbidden | Unprocessable | undefined {
  for (const [id, use] of [[facts.to, facts.uses.to], [facts.from, facts.uses.from]] as const) {
    if (id !== null && !canAccessLocation(facts.access, id, use)) return new Forbidden(`To replenish a location you need ${use} access to it and access to its source; you lack it at location ${id}.`);
  }
  return (
    placeRefusal(facts.places.to, facts.to, { addsStock: true, requireActive: true }) ??
    (facts.from === null ? undefined : placeRefusal(facts.places.from, facts.from, { addsStock: false, requireActive: true })) ??
    itemRefusal(facts.item, facts.itemId)
  );
}

/**
 * A receipt, an adjustment or a count at one location: the caller needs write access there; the
 * item exists and tracks stock; the location takes the movement (stock added only where it is
 * active and open). `addsStock` for a count is known only once its balance is (the difference).
 */
export function movementRefusal(facts: {
  access: LocationAccess;
  locationId: EntityId;
  itemId: EntityId;
  addsStock: boolean;
  place?: PlaceFacts | undefined;
  item?: ItemFacts | undefined;
  known?: boolean;
}): Forbidden | Unprocessable | Contention | undefined {
  if (!canAccessLocation(facts.access, facts.locationId, 'write')) return new NoWriteAccess(facts.locationId, 'To record stock there');
  if (!facts.known) return undefined;
  return itemRefusal(facts.item, facts.itemId, '', facts.addsStock) ?? placeRefusal(facts.place, facts.locationId, { addsStock: facts.addsStock, requireActive: false });
}

/**
 * An opening at one location: the caller needs write access there, and (once known) the location
 * takes new stock. Its items are new: the catalog decided them (stock-tracked, not yet visible).
 */
export function openingRefusal(facts: { access: LocationAccess; locationId: EntityId; place?: PlaceFacts | undefined; known?: boolean }): Forbidden | Unprocessable | undefined {
  if (!canAccessLocation(facts.access, facts.locationId, 'write')) return new NoWriteAccess(facts.locationId, 'To record opening stock there');
  if (!facts.known) return undefined;
  return placeRefusal(facts.place, facts.locationId, { addsStock: true, requireActive: true });
}

/** The transfer is not in the status the action starts from. */
export class TransitionRefused extends Conflict {
  constructor(transferId: string, status: string, action: TransferAction) {
    const { from, verb } = transitionOf(action);
    super(`Transfer ${transferId} is ${status}; only a ${from} transfer can be ${verb}.`);
  }
}

/** A location end of a transfer cannot do what the transition needs of it. */
export class TransitionPlaceRefused extends Unprocessable {
  constructor(verb: string, refusal: Unprocessable) {
    super(`The transfer cannot be ${verb}: ${refusal.message}`);
  }
}

/**
 * A transition of a transfer: the caller needs write access to the end(s) the action belongs to
 * (the destination completes or rejects, the source cancels, a revert moves stock at both); the
 * transfer is in the status the action starts from; a completion's destination takes new stock
 * (its source may be inactive: the stock was reserved there), a revert's source takes stock back.
 */
export function transitionRefusal(facts: {
  access: LocationAccess;
  action: TransferAction;
  transfer: { id: string; fromLocationId: string; toLocationId: string; status?: string };
  places?: { from: PlaceFacts | undefined; to: PlaceFacts | undefined };
}): Forbidden | Conflict | Unprocessable | undefined {
  const { action, transfer } = facts;
  for (const end of transitionOf(action).writes) {
    const id = end === 'source' ? transfer.fromLocationId : transfer.toLocationId;
    if (!canAccessLocation(facts.access, id, 'write')) return new NoWriteAccess(id, `To ${action} a transfer you need write access to its ${end}`);
  }
  if (transfer.status !== undefined && transfer.status !== transitionOf(action).from) return new TransitionRefused(transfer.id, transfer.status, action);
  if (!facts.places) return undefined;
  const { from, to } = facts.places;
  const verb = transitionOf(action).verb;
  const refused =
    action === 'complete'
      ? (placeRefusal(to, transfer.toLocationId, { addsStock: true, requireActive: true }) ?? placeRefusal(from, transfer.fromLocationId, { addsStock: false, requireActive: false }))
      : action === 'revert'
        ? (placeRefusal(to, transfer.toLocationId, { addsStock: false, requireActive: false }) ?? placeRefusal(from, transfer.fromLocationId, { addsStock: true, requireActive: false }))
        : undefined;
  return refused && new TransitionPlaceRefused(verb, refused);
}

/** An adjustment's compare-and-set found another on-hand: nothing changes. */
export class OnHandNotExpected extends Conflict {
  constructor(where: string, onHand: Units, expected: number) {
    super(`The on-hand of ${where} is ${fromUnits(onHand)}, not the expected ${expected}; nothing was changed. Read the balance again before adjusting.`);
  }
}

/** A count below what pending transfers and open jobs hold there: that stock must still be on hand for them. */
export class CountBelowReserved extends Unprocessable {
  constructor(where: string, counted: number, reserved: Units) {
    super(
      `The count of ${where} (${counted}) is below the ${fromUnits(reserved)} reserved there for pending transfers and jobs; complete, reject or cancel them, or release the jobs' reservations, first.`,
    );
  }
}

/** A job is not in the status an action starts from: 409 naming the status it is in. */
export class JobTransitionRefused extends Conflict {
  constructor(jobId: string, status: string, from: string, verb: string) {
    super(`Job ${jobId} is ${status}; only ${/^[aeiou]/.test(from) ? 'an' : 'a'} ${from} job can be ${verb}.`);
  }
}

/** A line that takes stock but has nowhere to take it from: 422 naming the job's source, which would give it one. */
export class NoSourceLocation extends AppError {
  constructor(itemLabel: string) {
    super(
      'unprocessable_entity',
      `Item ${itemLabel} tracks stock and its line has no location: give the job a sourceLocationId (or set the workspace's defaultInvoiceSourceLocationId), or give the line a locationId.`,
      { param: 'sourceLocationId' },
    );
  }
}

/** A location of a job cannot do what the change needs of it. */
export class JobPlaceRefused extends Unprocessable {
  constructor(verb: string, refusal: Unprocessable) {
    super(`The job cannot be ${verb}: ${refusal.message}`);
  }
}

/** What a change of a job does at a location its stocked lines take from. */
export type JobPlaceUse = 'names' | 'reserves' | 'uses' | 'returns';
const JOB_PLACE_USE: Record<JobPlaceUse, PlaceUse> = {
  // A plan may name an inactive location; nothing moves there yet.
  names: { addsStock: false, requireActive: false },
  // New reservations need an active location, as a pending transfer's source does.
  reserves: { addsStock: false, requireActive: true },
  // What was reserved may leave an inactive location, as a pending transfer's stock may.
  uses: { addsStock: false, requireActive: false },
  // A revert puts stock back: the location must take it.
  returns: { addsStock: true, requireActive: true },
};

/**
 * A change of a job: the caller needs write access to every location its stocked lines take from
 * (`takesFrom`); once the copies are locked, every location it names exists and is not deleted,
 * and those it uses as `use` says can do it; every item it names exists; a stocked line has a
 * location. `verb` words the refusal ("reserved", "completed", …).
 */
export function jobRefusal(facts: {
  access: LocationAccess;
  verb: string;
  takesFrom: readonly EntityId[];
  known?: {
    named: readonly EntityId[];
    used: ReadonlyArray<{ locationId: EntityId; use: JobPlaceUse }>;
    places: ReadonlyMap<string, PlaceFacts | undefined>;
    items: ReadonlyArray<{ itemId: EntityId; item: ItemFacts | undefined; label: string }>;
    /** Stocked lines without a location, by item label. */
    placeless: readonly string[];
  };
}): AppError | undefined {
  for (const id of facts.takesFrom) {
    if (!canAccessLocation(facts.access, id, 'write')) return new NoWriteAccess(id, `For a job to be ${facts.verb} you need write access to every location its lines take stock from`);
  }
  const known = facts.known;
  if (!known) return undefined;
  for (const { itemId, item, label } of known.items) if (!item) return new UnknownItem(itemId, label);
  if (known.placeless.length > 0) return new NoSourceLocation(known.placeless[0]!);
  for (const id of known.named) {
    const refused = placeRefusal(known.places.get(id), id, JOB_PLACE_USE.names);
    if (refused) return new JobPlaceRefused(facts.verb, refused);
  }
  for (const { locationId, use } of known.used) {
    const refused = placeRefusal(known.places.get(locationId), locationId, JOB_PLACE_USE[use]);
    if (refused) return new JobPlaceRefused(facts.verb, refused);
  }
  return undefined;
}
