import { BadRequest, Conflict, type EntityId, type Tracking, Unprocessable, unitKey } from '@inv/shared/core';
import { fromUnits, type Units } from './quantity';

/**
 * Which units a line of the ledger moves or holds (docs/serials.md): the serial numbers of a
 * serial-tracked item's units, or the lot of a lot-tracked item's. Decided here, on the ledger's
 * lines, once for every feature (receipts, transfers, jobs, reverts, imports): they pass what the
 * caller named through, and never check it themselves. Pure.
 */

/** A serial number: its key (trimmed, case ignored: how serials compare) and its text as given. */
export interface SerialRef {
  key: string;
  serial: string;
}

/** A lot code: its key and its text as given. */
export interface LotRef {
  key: string;
  lot: string;
}

/** What a line names of its units: serial numbers (one per unit) or one lot (with its expiry, on a line that brings it in). */
export type UnitIdentity = { serials: readonly SerialRef[] } | { lot: LotRef; expiresOn?: string };

export const hasSerials = (identity: UnitIdentity | undefined): identity is { serials: readonly SerialRef[] } => identity !== undefined && 'serials' in identity;
export const hasLot = (identity: UnitIdentity | undefined): identity is { lot: LotRef; expiresOn?: string } => identity !== undefined && 'lot' in identity;

/** The identity a request's line gives (serials, lot, expiresOn as validated by the shared schemas); undefined when it names none. */
export function identityOf(given: { serials?: readonly string[] | null; lot?: string | null; expiresOn?: string | null }): UnitIdentity | undefined {
  if (given.serials && given.serials.length > 0) return { serials: given.serials.map((serial) => ({ key: unitKey(serial), serial: serial.trim() })) };
  if (given.lot) return { lot: { key: unitKey(given.lot), lot: given.lot.trim() }, ...(given.expiresOn ? { expiresOn: given.expiresOn } : {}) };
  return undefined;
}

/** The request fields of an identity, as the API shows it on a line: serials or lot (null for what it does not name). */
export function shownIdentity(identity: UnitIdentity | undefined): { serials: string[] | null; lot: string | null } {
  return { serials: hasSerials(identity) ? identity.serials.map((s) => s.serial) : null, lot: hasLot(identity) ? identity.lot.lot : null };
}

const UNIT = 10_000n;

/**
 * Why a line's identity does not fit its item (undefined when it does), `at` the line's request path
 * (`lines[2]`, `used[0]`; '' for a body that is one line): serials or a lot on an item that is not
 * tracked that way is a 400 naming the field; a line that moves a tracked item's stock (`required`)
 * without them, or serials whose count is not its quantity, a 422 naming the field. An expiry is
 * taken only on a line that brings a lot in.
 */
export function identityRefusal(facts: {
  tracking: Tracking;
  identity: UnitIdentity | undefined;
  expiresOn?: string | undefined;
  quantity: Units;
  at: string;
  required: boolean;
  inbound: boolean;
  item: string;
}): BadRequest | Unprocessable | undefined {
  const { tracking, identity, at, item } = facts;
  // A count that confirms a balance moves nothing: it needs no units.
  const required = facts.required && facts.quantity !== 0n;
  const field = (name: string) => (at === '' ? name : `${at}.${name}`);
  if (hasSerials(identity) && tracking !== 'serial') {
    return new BadRequest(`Item ${item} ${tracking === 'lot' ? 'is lot-tracked: give its lot, not serials' : 'tracks no serials: leave serials out'}.`, field('serials'));
  }
  if (hasLot(identity) && tracking !== 'lot') {
    return new BadRequest(`Item ${item} ${tracking === 'serial' ? 'is serial-tracked: give its serials, not a lot' : 'tracks no lots: leave lot out'}.`, field('lot'));
  }
  if (facts.expiresOn !== undefined && !(hasLot(identity) && facts.inbound)) {
    return new BadRequest(`expiresOn is taken only with the lot of a line that brings a lot-tracked item in (a receipt, an opening, a count that rises).`, field('expiresOn'));
  }
  if (tracking === 'serial') {
    if (!identity) return required ? new Unprocessable(`Item ${item} is serial-tracked: name the serial of each unit the line moves (serials, as many as its quantity).`, field('serials')) : undefined;
    const count = BigInt((identity as { serials: readonly SerialRef[] }).serials.length) * UNIT;
    const quantity = facts.quantity < 0n ? -facts.quantity : facts.quantity;
    if (quantity % UNIT !== 0n || count !== quantity) {
      return new Unprocessable(`Item ${item} is serial-tracked: the line's quantity (${fromUnits(quantity)}) must be a whole number equal to the number of its serials (${count / UNIT}).`, field('serials'));
    }
  }
  if (tracking === 'lot' && !identity && required) return new Unprocessable(`Item ${item} is lot-tracked: name the lot the line moves (lot).`, field('lot'));
  return undefined;
}

export const SERIAL_STATUSES = ['in_stock', 'used', 'written_off', 'returned'] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];

/** A serial as locked (or, for one never received, absent: `exists` false). */
export interface SerialState {
  itemId: EntityId;
  key: string;
  serial: string;
  /** `moving` only inside a plan: taken out by a transfer's first movement, put in by its second. */
  status: SerialStatus | 'moving';
  locationId: EntityId | null;
  heldBy: EntityId | null;
  jobId: EntityId | null;
  receivedAt: Date | null;
  lastMovedAt: Date | null;
  exists: boolean;
}

/** What a lot holds at a location, as locked (created at 0 when missing). */
export interface LotState {
  itemId: EntityId;
  locationId: EntityId;
  key: string;
  onHand: Units;
  reserved: Units;
}

/** A lot of an item and its expiry, as locked (created without one when missing). */
export interface LotInfo {
  itemId: EntityId;
  key: string;
  lot: string;
  expiresOn: string | null;
}

export const serialKeyOf = (itemId: string, key: string) => `${itemId}/${key}`;
export const lotKeyOf = (itemId: string, locationId: string, key: string) => `${itemId}/${locationId}/${key}`;
export const lotInfoKeyOf = (itemId: string, key: string) => `${itemId}/${key}`;

/** A movement as the units see it: where, which way, why, and the units it names. */
export interface UnitMovement {
  itemId: EntityId;
  locationId: EntityId;
  quantity: Units;
  type: string;
  reason: string | null;
  jobId?: EntityId | null;
  units?: UnitIdentity;
  /** The request path of its line, to name in a refusal. */
  at?: string;
}

/** A change of what a holder (a pending transfer, an open job) holds: positive holds, negative releases. */
export interface UnitReservation {
  itemId: EntityId;
  locationId: EntityId;
  quantity: Units;
  units?: UnitIdentity;
  holder?: EntityId;
  at?: string;
}

/** A unit-level shortage: a serial not there to take, or a lot with less free than asked. */
export interface UnitShortage {
  itemId: string;
  locationId: string;
  available: number;
  requested: number;
  param?: string;
  serial?: string;
  lot?: string;
  /** Why a serial cannot be taken: where it is instead. */
  why?: string;
}

export interface UnitFacts {
  serials: ReadonlyMap<string, SerialState>;
  lots: ReadonlyMap<string, LotState>;
  lotInfos: ReadonlyMap<string, LotInfo>;
}

/** What a plan leaves of the units it touched: each serial's state, each lot's amounts, each lot's expiry. */
export interface UnitPlan {
  serials: SerialState[];
  lots: LotState[];
  lotInfos: LotInfo[];
  shortages: UnitShortage[];
}

/** Why a serial taken out leaves stock: a job used it, a receipt's revert returned it, anything else wrote it off (a transfer moves it). */
function leftAs(m: UnitMovement): SerialState['status'] {
  if (m.type === 'transfer_out') return 'moving';
  if (m.reason === 'job') return 'used';
  if (m.reason === 'receipt_reverted') return 'returned';
  return 'written_off';
}

const param = (at: string | undefined, field: string) => (at === undefined ? undefined : at === '' ? field : `${at}.${field}`);

/**
 * Plans what a change does to the units it names, on the states it locked, in the order the
 * ledger applies it (holds and releases, then movements): answers each touched serial's and lot's
 * state after it, and the shortages that refuse it (a serial not in stock at the line's location,
 * or held by another pending transfer or open job; a lot with less free than asked there). Throws
 * Conflict (409) for a serial brought in while it is in stock, and Unprocessable (422) for a lot
 * whose expiry differs from the one it has. Never picks units by itself: a line names them, or
 * (a reservation) holds a quantity only.
 */
export function planUnits(facts: UnitFacts, changes: { movements: readonly UnitMovement[]; reservations: readonly UnitReservation[] }, now: Date, label: (itemId: string) => string): UnitPlan {
  const serials = new Map([...facts.serials].map(([k, s]) => [k, { ...s }]));
  const lots = new Map([...facts.lots].map(([k, l]) => [k, { ...l }]));
  const infos = new Map([...facts.lotInfos].map(([k, i]) => [k, { ...i }]));
  const touched = { serials: new Set<string>(), lots: new Set<string>(), infos: new Set<string>() };
  const shortages: UnitShortage[] = [];
  const refused = new Set<string>();
  const serialOf = (itemId: string, ref: SerialRef): SerialState => {
    const key = serialKeyOf(itemId, ref.key);
    let state = serials.get(key);
    if (!state) serials.set(key, (state = { itemId: itemId as EntityId, key: ref.key, serial: ref.serial, status: 'written_off', locationId: null, heldBy: null, jobId: null, receivedAt: null, lastMovedAt: null, exists: false }));
    touched.serials.add(key);
    return state;
  };
  const lotOf = (itemId: string, locationId: string, ref: LotRef): LotState => {
    const key = lotKeyOf(itemId, locationId, ref.key);
    let state = lots.get(key);
    if (!state) lots.set(key, (state = { itemId: itemId as EntityId, locationId: locationId as EntityId, key: ref.key, onHand: 0n, reserved: 0n }));
    touched.lots.add(key);
    return state;
  };
  const missing = (s: SerialState, where: string): string =>
    !s.exists ? 'never received' : s.status === 'in_stock' ? (s.locationId === where ? `held by ${s.heldBy}` : `in stock at location ${s.locationId}`) : s.status === 'moving' ? 'moved by this change' : s.status;

  for (const r of changes.reservations) {
    if (hasSerials(r.units)) {
      for (const ref of r.units.serials) {
        const s = serialOf(r.itemId, ref);
        if (r.quantity > 0n) {
          if (!s.exists || s.status !== 'in_stock' || s.locationId !== r.locationId || s.heldBy !== null) {
            shortages.push({ itemId: r.itemId, locationId: r.locationId, available: 0, requested: 1, serial: ref.serial, why: missing(s, r.locationId), ...optional('param', param(r.at, 'serials')) });
          } else s.heldBy = r.holder ?? null;
        } else if (s.heldBy === (r.holder ?? null)) s.heldBy = null;
      }
    } else if (hasLot(r.units)) {
      const lot = lotOf(r.itemId, r.locationId, r.units.lot);
      if (r.quantity > 0n && lot.onHand - lot.reserved < r.quantity) {
        shortages.push({ itemId: r.itemId, locationId: r.locationId, available: fromUnits(max0(lot.onHand - lot.reserved)), requested: fromUnits(r.quantity), lot: r.units.lot.lot, ...optional('param', param(r.at, 'lot')) });
      }
      lot.reserved = max0(lot.reserved + r.quantity);
    }
  }

  for (const m of changes.movements) {
    if (hasSerials(m.units)) {
      for (const ref of m.units.serials) {
        const s = serialOf(m.itemId, ref);
        if (m.quantity < 0n) {
          if (!s.exists || s.status !== 'in_stock' || s.locationId !== m.locationId || s.heldBy !== null) {
            shortages.push({ itemId: m.itemId, locationId: m.locationId, available: 0, requested: 1, serial: ref.serial, why: missing(s, m.locationId), ...optional('param', param(m.at, 'serials')) });
            refused.add(serialKeyOf(m.itemId, ref.key));
            continue;
          }
          s.status = leftAs(m);
          s.jobId = s.status === 'used' ? (m.jobId ?? null) : s.jobId;
        } else {
          // The other side of a transfer whose first side was refused: the refusal names it once.
          if (refused.has(serialKeyOf(m.itemId, ref.key))) continue;
          if (m.reason === 'job_reverted' && (s.status !== 'used' || s.jobId !== (m.jobId ?? null))) {
            // A job's revert puts back what that job used, and nothing else.
            shortages.push({ itemId: m.itemId, locationId: m.locationId, available: 0, requested: 1, serial: ref.serial, why: s.status === 'used' ? `used by job ${s.jobId}` : missing(s, m.locationId), ...optional('param', param(m.at, 'serials')) });
            continue;
          }
          if (s.exists && s.status === 'in_stock') {
            throw new Conflict(`Serial "${s.serial}" of item ${label(m.itemId)} is already in stock (at location ${s.locationId}); a serial is in stock once. Nothing was changed.`, param(m.at, 'serials'));
          }
          if (!s.exists) {
            s.exists = true;
            s.receivedAt = now;
          }
          s.status = 'in_stock';
          s.locationId = m.locationId;
          s.heldBy = null;
          s.jobId = null;
        }
        s.lastMovedAt = now;
      }
    } else if (hasLot(m.units)) {
      const lot = lotOf(m.itemId, m.locationId, m.units.lot);
      const infoKey = lotInfoKeyOf(m.itemId, m.units.lot.key);
      if (m.quantity > 0n && m.units.expiresOn !== undefined) {
        const info = infos.get(infoKey);
        if (info && info.expiresOn !== null && info.expiresOn !== m.units.expiresOn) {
          throw new Unprocessable(`Lot "${info.lot}" of item ${label(m.itemId)} expires on ${info.expiresOn} (its first receipt said so), not ${m.units.expiresOn}; nothing was changed.`, param(m.at, 'expiresOn'));
        }
        if (info && info.expiresOn === null) {
          info.expiresOn = m.units.expiresOn;
          touched.infos.add(infoKey);
        }
      }
      if (m.quantity < 0n && lot.onHand - lot.reserved < -m.quantity) {
        shortages.push({ itemId: m.itemId, locationId: m.locationId, available: fromUnits(max0(lot.onHand - lot.reserved)), requested: fromUnits(-m.quantity), lot: m.units.lot.lot, ...optional('param', param(m.at, 'lot')) });
        continue;
      }
      lot.onHand += m.quantity;
    }
  }
  for (const key of touched.serials) {
    if (serials.get(key)!.status === 'moving') throw new Error(`serial ${key} was taken out by a transfer and not put in anywhere`);
  }
  return {
    serials: [...touched.serials].map((k) => serials.get(k)!).filter((s) => s.exists),
    lots: [...touched.lots].map((k) => lots.get(k)!),
    lotInfos: [...touched.infos].map((k) => infos.get(k)!),
    shortages,
  };
}

const max0 = (n: Units): Units => (n > 0n ? n : 0n);
const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

/** The serial keys and lot keys a change touches, per item (and location for lots): what the ledger locks before it decides. */
export function unitsTouched(lines: ReadonlyArray<{ itemId: EntityId; locationId: EntityId; units?: UnitIdentity }>): { serials: Array<{ itemId: EntityId; key: string; serial: string }>; lots: Array<{ itemId: EntityId; locationId: EntityId; key: string; lot: string }> } {
  const serials = new Map<string, { itemId: EntityId; key: string; serial: string }>();
  const lots = new Map<string, { itemId: EntityId; locationId: EntityId; key: string; lot: string }>();
  for (const line of lines) {
    if (hasSerials(line.units)) for (const s of line.units.serials) serials.set(serialKeyOf(line.itemId, s.key), { itemId: line.itemId, key: s.key, serial: s.serial });
    else if (hasLot(line.units)) lots.set(lotKeyOf(line.itemId, line.locationId, line.units.lot.key), { itemId: line.itemId, locationId: line.locationId, key: line.units.lot.key, lot: line.units.lot.lot });
  }
  return { serials: [...serials.values()], lots: [...lots.values()] };
}

/** What a line of a transfer or a job moved, as stored with it: its serials, or its lots with their quantities (numeric text). */
export type MovedUnits = { serials: string[] } | { lots: Array<{ lot: string; quantity: string }> };

/** The moved units of parts of a line (their identities and quantities), as stored. */
export function movedUnits(parts: ReadonlyArray<{ quantity: Units; units?: UnitIdentity }>): MovedUnits | undefined {
  const serials = parts.flatMap((p) => (hasSerials(p.units) ? p.units.serials.map((s) => s.serial) : []));
  if (serials.length > 0) return { serials };
  const lots = new Map<string, { lot: string; quantity: Units }>();
  for (const p of parts) {
    if (!hasLot(p.units)) continue;
    const entry = lots.get(p.units.lot.key) ?? { lot: p.units.lot.lot, quantity: 0n };
    entry.quantity += p.quantity < 0n ? -p.quantity : p.quantity;
    lots.set(p.units.lot.key, entry);
  }
  return lots.size > 0 ? { lots: [...lots.values()].map((l) => ({ lot: l.lot, quantity: unitsText(l.quantity) })) } : undefined;
}

function unitsText(units: Units): string {
  return String(fromUnits(units));
}

/**
 * What a line of a transfer or a job shows of its units: what it moved once it moved, else what it
 * names (held while pending or open); a lot line shows its lots with their quantities, and `lot`
 * when it is one.
 */
export function lineUnitsShown(
  quantity: Units,
  named: UnitIdentity | undefined,
  moved: MovedUnits | null | undefined,
): { serials: string[] | null; lot: string | null; lots: Array<{ lot: string; quantity: number }> | null } {
  if (moved && 'serials' in moved) return { serials: moved.serials, lot: null, lots: null };
  if (moved && 'lots' in moved) {
    const lots = moved.lots.map((l) => ({ lot: l.lot, quantity: Number(l.quantity) }));
    return { serials: null, lot: lots.length === 1 ? lots[0]!.lot : null, lots };
  }
  if (hasSerials(named)) return { serials: named.serials.map((s) => s.serial), lot: null, lots: null };
  if (hasLot(named)) return { serials: null, lot: named.lot.lot, lots: [{ lot: named.lot.lot, quantity: fromUnits(quantity) }] };
  return { serials: null, lot: null, lots: null };
}

/**
 * The movements of a count (POST /inventory/movements {type: count}, a stock-count import's row):
 * of an untracked item one adjustment of the difference (0 when it confirms the balance); of a lot
 * item one of the counted lot's difference; of a serial item, whose count names every serial there,
 * one out of the serials in stock there and not counted and one in of those counted and not in
 * stock there (either left out when empty; one of 0 when the count confirms every serial). What is
 * wrong with the serials or lot a count names is the ledger's to refuse (identityRefusal).
 */
export function countedMovements(
  there: { serials: readonly SerialState[]; lot: (key: string) => LotState | undefined },
  counted: Units,
  given: UnitIdentity | undefined,
  onHand: Units,
  tracking: Tracking,
): Array<{ quantity: Units; units?: UnitIdentity }> {
  // A count of none of a serial item names no serials: every serial there is missing.
  const units: UnitIdentity | undefined = tracking === 'serial' && given === undefined && counted === 0n ? { serials: [] } : given;
  if (hasSerials(units)) {
    if (BigInt(units.serials.length) * UNIT !== counted) return [{ quantity: counted - onHand, units }];
    const countedKeys = new Set(units.serials.map((s) => s.key));
    const thereKeys = new Set(there.serials.map((s) => s.key));
    const missing = there.serials.filter((s) => !countedKeys.has(s.key)).map((s) => ({ key: s.key, serial: s.serial }));
    const found = units.serials.filter((s) => !thereKeys.has(s.key));
    const out = missing.length > 0 ? [{ quantity: -BigInt(missing.length) * UNIT, units: { serials: missing } }] : [];
    const into = found.length > 0 ? [{ quantity: BigInt(found.length) * UNIT, units: { serials: found } }] : [];
    return out.length + into.length > 0 ? [...out, ...into] : [{ quantity: 0n }];
  }
  if (hasLot(units)) return [{ quantity: counted - (there.lot(units.lot.key)?.onHand ?? 0n), units }];
  return [{ quantity: counted - onHand, ...(units ? { units } : {}) }];
}
