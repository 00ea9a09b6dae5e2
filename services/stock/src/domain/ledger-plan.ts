import { BadRequest, type EntityId, newId, type StockChanged, type Tracking, Unprocessable } from '@inv/shared/core';
import { applyDelta, type BalanceAmounts, type Shortage, shortages } from './balance-rules';
import type { Money, Value } from './money';
import { fromUnits, toUnits, type Units } from './quantity';
import type { MovementReason, MovementType } from './stock-records';
import type { TransferAction } from './transfer-lifecycle';
import { hasLot, hasSerials, identityOf, identityRefusal, type MovedUnits, movedUnits, planUnits, type UnitFacts, type UnitIdentity, type UnitPlan, type UnitShortage } from './units';

/**
 * What a change of stock does to the ledger, planned on the balances it locked, without I/O: the
 * movements with their balance after, the balances' new state, and the changes of on-hand the
 * transaction announces. Refuses the whole change when any part needs more than is available.
 */

export interface BalanceKey {
  itemId: EntityId;
  locationId: EntityId;
}

export const balanceKey = (k: BalanceKey): string => `${k.itemId}/${k.locationId}`;

/** A balance as locked: its amounts and the version of its last change of on-hand. */
export interface LockedBalance extends BalanceKey, BalanceAmounts {
  version: number;
}

/**
 * The request field that asked for a quantity (`lines[2].quantity`, `quantity`): a refusal for
 * want of stock names it as its `param`. Undefined where no request field did (a completion, a
 * revert, a file's row).
 */
export interface AskedBy {
  param?: string;
}

export interface MovementDraft extends BalanceKey, AskedBy {
  type: MovementType;
  /** The serials or lot the movement carries (domain/units.ts); required for a tracked item's. */
  units?: UnitIdentity;
  /** The request path of the line that asked for it (`lines[2]`, `used[0]`, '' for a body that is one line), to name its serials or lot in a refusal. */
  at?: string;
  /** Signed: positive adds stock. */
  quantity: Units;
  transferId: EntityId | null;
  operationId: EntityId | null;
  /** The job a movement used stock for or put back (its reason says which); absent: none. */
  jobId?: EntityId | null;
  reason: MovementReason | null;
  reference: string;
  note: string;
  /**
   * The cost a movement brings (a receipt's unit cost): it moves the item's average cost
   * (domain/average-cost.ts); `revertsCost` on the movement that takes a costed receipt back. Absent:
   * the movement carries the item's average cost at that moment.
   */
  unitCost?: Money;
  revertsCost?: boolean;
  /** The purchase order and receipt of a receipt's movement, or of its revert's. */
  purchaseOrderId?: EntityId | null;
  receiptId?: EntityId | null;
}

/** A change of what pending transfers and open jobs hold at a balance: positive reserves, negative releases. */
export interface ReservationDraft extends BalanceKey, AskedBy {
  quantity: Units;
  /** The serials or lot held (a line that names them); absent: a quantity only. */
  units?: UnitIdentity;
  /** The pending transfer or open job that holds them. */
  holder?: EntityId;
  at?: string;
}

/** How refusals name items and locations, e.g. '"SKU-1" (id)'. */
export interface Labels {
  item(id: string): string;
  location(id: string): string;
}

/** A short line as the 422 lists it (the envelope's `shortages`): the item, the location, what was free there and what was asked; for a unit, the serial or the lot. */
export interface ShortLine {
  itemId: string;
  locationId: string;
  available: number;
  requested: number;
  param?: string;
  serial?: string;
  lot?: string;
}

/**
 * 422: a change needs more free stock than there is (balance-rules.ts shortages), at one balance
 * or several: every short line is named the same way, in the message and in the envelope's
 * `shortages` (each with the request field that asked for it as `param`, when one did); `param`
 * is the first's. Nothing was changed.
 */
export class InsufficientStock extends Unprocessable {
  readonly shortages: ShortLine[];
  constructor(short: readonly Shortage[], labels: Labels, units: readonly UnitShortage[] = []) {
    const lines = short.map((s) => {
      const [itemId, locationId] = s.key.split('/') as [string, string];
      return { itemId, locationId, available: fromUnits(s.available), requested: fromUnits(s.requested), reserved: s.reserved, ...(s.param === undefined ? {} : { param: s.param }) };
    });
    const each = lines.map((l) => {
      const held = l.reserved > 0n ? ` (${fromUnits(l.reserved)} more on hand reserved for pending transfers and jobs)` : '';
      return `item ${labels.item(l.itemId)} at location ${labels.location(l.locationId)}: ${l.available} available${held}, ${l.requested} requested`;
    });
    const eachUnit = units.map((u) =>
      u.serial !== undefined
        ? `serial "${u.serial}" of item ${labels.item(u.itemId)} is not in stock free at location ${labels.location(u.locationId)} (${u.why})`
        : `lot "${u.lot}" of item ${labels.item(u.itemId)} at location ${labels.location(u.locationId)}: ${u.available} available, ${u.requested} requested`,
    );
    super(`Insufficient stock; nothing was changed: ${[...eachUnit, ...each].join('; ')}.`, units[0]?.param ?? lines[0]?.param);
    this.shortages = [
      ...units.map(({ why: _why, ...unit }) => unit),
      ...lines.map(({ reserved: _reserved, ...line }) => line),
    ];
  }

  override toEnvelope() {
    const envelope = super.toEnvelope();
    return { error: { ...envelope.error, shortages: this.shortages } };
  }
}

/** A movement as planned: its new balance and that balance's next version. */
export interface PlannedMovement {
  draft: MovementDraft;
  balanceAfter: Units;
  version: number;
}

export interface LedgerPlan {
  movements: PlannedMovement[];
  /** Every locked balance in its state after the change (unchanged ones included). */
  balances: LockedBalance[];
  /** The changes of on-hand the transaction announces (stock.changed), one per movement, in order. */
  changed: StockChanged[];
  /** The serials and lots the change touched, in their state after it. */
  units: Omit<UnitPlan, 'shortages'>;
}

/** What a plan knows of units: each item's tracking (its copy's), and the serials and lots it locked. */
export interface UnitsLocked extends UnitFacts {
  tracking(itemId: string): Tracking;
}

const NO_UNITS: UnitsLocked = { tracking: () => 'none', serials: new Map(), lots: new Map(), lotInfos: new Map() };

/**
 * Plans a change on the balances the caller locked: refuses it whole when any balance would give
 * more than its free stock (InsufficientStock, 422, naming every short line: the one availability
 * rule, balance-rules.ts), else applies its reservations, then its movements, and answers each
 * movement's balance after and version and the balances' new state. Reservations alone change no
 * version: on-hand did not change.
 */
export function planLedger(
  locked: ReadonlyMap<string, LockedBalance>,
  changes: { movements: MovementDraft[]; reservations: ReservationDraft[] },
  labels: Labels,
  units: UnitsLocked = NO_UNITS,
  now: Date = new Date(),
): LedgerPlan {
  for (const key of [...changes.reservations, ...changes.movements]) {
    if (!locked.has(balanceKey(key))) throw new Error(`balance ${balanceKey(key)} was not locked`);
  }
  // Each line's serials or lot first: what the request alone gets wrong is refused before what is short.
  for (const [list, required] of [
    [changes.reservations, false],
    [changes.movements, true],
  ] as const) {
    for (const line of list) {
      const refused = identityRefusal({
        tracking: units.tracking(line.itemId),
        identity: line.units,
        expiresOn: hasLot(line.units) ? line.units.expiresOn : undefined,
        quantity: line.quantity,
        at: line.at ?? '',
        required,
        inbound: required && line.quantity > 0n,
        item: labels.item(line.itemId),
      });
      if (refused) throw refused;
    }
  }
  const short = shortages(locked, [
    ...changes.reservations.map((r) => ({ key: balanceKey(r), takes: r.quantity, reservation: true, param: r.param })),
    ...changes.movements.map((m) => ({ key: balanceKey(m), takes: -m.quantity, param: m.param })),
  ]);
  const { shortages: unitShort, ...unitPlan } = planUnits(units, changes, now, labels.item);
  if (short.length > 0 || unitShort.length > 0) throw new InsufficientStock(short, labels, unitShort);
  const running = new Map<string, LockedBalance>([...locked].map(([k, b]) => [k, { ...b }]));
  const apply = (key: BalanceKey, delta: { onHand: Units; reserved: Units }) => {
    const balance = running.get(balanceKey(key))!;
    Object.assign(balance, applyDelta(balance, delta));
    return balance;
  };
  for (const r of changes.reservations) apply(r, { onHand: 0n, reserved: r.quantity });
  const movements = changes.movements.map((draft) => {
    const balance = apply(draft, { onHand: draft.quantity, reserved: 0n });
    balance.version += 1;
    return { draft, balanceAfter: balance.onHand, version: balance.version };
  });
  const changed = movements.map(({ draft: d, balanceAfter, version }) => ({
    itemId: d.itemId,
    locationId: d.locationId,
    onHand: fromUnits(balanceAfter),
    delta: fromUnits(d.quantity),
    movementType: d.type,
    version,
    ...(hasSerials(d.units) ? { serials: d.units.serials.map((u) => u.serial) } : {}),
    ...(hasLot(d.units) ? { lot: d.units.lot.lot } : {}),
  }));
  return { movements, balances: [...running.values()], changed, units: unitPlan };
}

/** The balances a change touches, each once: what the unit of work locks. */
export function balancesTouched(changes: { movements: BalanceKey[]; reservations: BalanceKey[] }): BalanceKey[] {
  return [...new Map([...changes.reservations, ...changes.movements].map((k) => [balanceKey(k), { itemId: k.itemId, locationId: k.locationId }])).values()];
}

/** A new ledger row of a planned movement, with the cost it carries (null: the item's cost is unknown) and, on a receipt's revert, its cost variance. */
export interface NewMovement extends Omit<MovementDraft, 'unitCost'> {
  id: EntityId;
  balanceAfter: Units;
  userId: string;
  createdAt: Date;
  unitCost: Money | null;
  /** What a receipt's revert could not take back at the receipt's own cost (domain/average-cost.ts); null on other movements. */
  costVariance: Value | null;
}

export function newMovements(planned: PlannedMovement[], userId: string, now: Date, costs: { costs: ReadonlyArray<Money | null>; variances: ReadonlyArray<Value | null> }): NewMovement[] {
  return planned.map(({ draft, balanceAfter }, index) => ({
    id: newId(),
    ...draft,
    balanceAfter,
    userId,
    createdAt: now,
    unitCost: costs.costs[index] ?? null,
    costVariance: costs.variances[index] ?? null,
  }));
}

interface Line extends AskedBy {
  itemId: EntityId;
  quantity: Units;
  note: string;
  /** The serials or lot the line names; absent: a quantity only (a pending line), or an untracked item. */
  units?: UnitIdentity;
  /** The request path of the line (`lines[2]`), to name its units in a refusal. */
  at?: string;
}

/** transfer_out at `from` and transfer_in at `to` for every line, each carrying the transfer's id and the line's units; the source's carries the line's `param`. */
export function transferMovements(transferId: EntityId, from: EntityId, to: EntityId, lines: readonly Line[], note: (line: Line) => string = (l) => l.note): MovementDraft[] {
  const common = { transferId, operationId: null, reason: null, reference: '' };
  return lines.flatMap((l) => {
    const units = l.units === undefined ? {} : { units: l.units };
    return [
      { ...common, itemId: l.itemId, locationId: from, type: 'transfer_out' as const, quantity: -l.quantity, note: note(l), ...units, ...optionalAt(l), ...(l.param === undefined ? {} : { param: l.param }) },
      { ...common, itemId: l.itemId, locationId: to, type: 'transfer_in' as const, quantity: l.quantity, note: note(l), ...units, ...optionalAt(l) },
    ];
  });
}

const optionalAt = (l: { at?: string }) => (l.at === undefined ? {} : { at: l.at });

/** What a pending transfer holds at its source: reserved when it is created (sign 1), released when it ends (sign -1), with the units its lines name, held by the transfer. */
export function sourceReservations(from: EntityId, lines: readonly Line[], sign: 1n | -1n, holder?: EntityId): ReservationDraft[] {
  return lines.map((l) => ({
    itemId: l.itemId,
    locationId: from,
    quantity: sign * l.quantity,
    ...(l.units === undefined ? {} : { units: l.units }),
    ...(holder === undefined ? {} : { holder }),
    ...optionalAt(l),
    ...(l.param === undefined ? {} : { param: l.param }),
  }));
}

/** What a completion names for a line that named no units: its serials, or a lot with the quantity of the line it covers. */
export interface CompletionEntry {
  itemId: EntityId;
  serials?: string[] | undefined;
  lot?: string | undefined;
  quantity?: number | undefined;
}

/**
 * The parts each line of a pending transfer moves when it is completed: a line that named its
 * units moves them as named; one that did not takes what the completion names for its item
 * (`lines[j]` of the request: serials, or lots each with the quantity it covers, adding up to the
 * line's). The units are decided by the ledger (domain/units.ts: a tracked line without them is a
 * 422 there); here only what the request alone shows: an entry for an item with no such line, or
 * for a line that named its units, or lots that do not add up to the line, is refused naming it.
 */
export function completionParts(
  lines: ReadonlyArray<Line & { id: EntityId }>,
  entries: readonly CompletionEntry[] | undefined,
): Array<{ line: Line & { id: EntityId }; parts: Line[] }> {
  const given = (entries ?? []).map((entry, index) => ({ entry, at: `lines[${index}]`, taken: false }));
  const planned = lines.map((line, index) => {
    const mine = given.filter((g) => g.entry.itemId === line.itemId && !line.units);
    for (const g of mine) g.taken = true;
    // A line that names nothing, and that nothing names now, is refused by the ledger naming it as the transfer's lines[i].
    if (mine.length === 0) return { line, parts: [{ ...line, at: line.units ? undefined : `lines[${index}]` }] };
    const serials = mine.flatMap((g) => g.entry.serials ?? []);
    if (serials.length > 0) {
      return { line, parts: [{ ...line, units: identityOf({ serials }), at: mine[0]!.at }] };
    }
    const parts = mine.map((g) => ({ ...line, quantity: g.entry.quantity === undefined ? line.quantity : toUnits(g.entry.quantity), units: identityOf({ lot: g.entry.lot }), at: g.at }));
    const total = parts.reduce((sum, p) => sum + p.quantity, 0n);
    if (total !== line.quantity) {
      throw new Unprocessable(`The entries for item ${line.itemId} cover ${fromUnits(total)}; its line moves ${fromUnits(line.quantity)}: give each lot's quantity so that they add up.`, `${mine[0]!.at}.quantity`);
    }
    return { line, parts };
  });
  const stray = given.find((g) => !g.taken);
  if (stray) {
    const named = lines.find((l) => l.itemId === stray.entry.itemId);
    throw new BadRequest(
      named ? `The transfer's line of item ${stray.entry.itemId} named its units when it was created; it moves them as named.` : `The transfer has no line of item ${stray.entry.itemId}.`,
      `${stray.at}.itemId`,
    );
  }
  return planned;
}

/**
 * What a transition does to the ledger: a completion moves each line's parts (completionParts)
 * and releases its reservation at the source as it was held (it takes out exactly what it
 * releases, so it is never short of quantity; its units are decided by the ledger); a rejection
 * or a cancellation releases the reservation and moves nothing; a revert moves back what the
 * completion brought in (its movements' units), with compensating movements, which may find too
 * little available at the destination.
 */
export function transitionChanges(
  action: TransferAction,
  transfer: { id: EntityId; fromLocationId: EntityId; toLocationId: EntityId; lines: ReadonlyArray<Line & { id: EntityId }> },
  completion: { entries?: readonly CompletionEntry[] | undefined; arrivals?: readonly Line[] } = {},
): { movements: MovementDraft[]; reservations: ReservationDraft[]; moved?: Array<{ lineId: EntityId; units: MovedUnits }> } {
  const { id, fromLocationId: from, toLocationId: to, lines } = transfer;
  const held = lines.map(({ at: _at, ...line }) => line);
  switch (action) {
    case 'complete': {
      const planned = completionParts(lines, completion.entries);
      const moved = planned.flatMap(({ line, parts }) => {
        const units = movedUnits(parts);
        return units ? [{ lineId: line.id, units }] : [];
      });
      return { movements: transferMovements(id, from, to, planned.flatMap((p) => p.parts)), reservations: sourceReservations(from, held, -1n, id), moved };
    }
    case 'reject':
    case 'cancel':
      return { movements: [], reservations: sourceReservations(from, held, -1n, id) };
    case 'revert':
      return { movements: transferMovements(id, to, from, completion.arrivals ?? held, () => `Revert of transfer ${id}`), reservations: [] };
  }
}

/** What cancelling an opening does: takes back, where it was added, each of its movements (type opening, reason opening_cancelled). */
export function openingCancellations(operationId: EntityId, taken: ReadonlyArray<BalanceKey & { quantity: Units; units?: UnitIdentity }>): MovementDraft[] {
  return taken.map((m) => ({
    ...(m.units ? { units: m.units } : {}),
    itemId: m.itemId,
    locationId: m.locationId,
    type: 'opening',
    quantity: -m.quantity,
    transferId: null,
    operationId,
    reason: 'opening_cancelled',
    reference: '',
    note: `Cancellation of opening ${operationId}: its items were not created`,
  }));
}
