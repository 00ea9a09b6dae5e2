import { ApiId, type EntityId, EntityIdSchema, z } from '@inv/shared/core';
import type { BalanceKey } from './ledger-plan';
import { isBelowPar, type ParAmounts } from './par-levels';
import { fromUnits, type Units } from './quantity';
import { PurchaseOrder } from './purchase-orders';
import { Transfer } from './stock-records';
import { CREATED_AS } from './transfer-lifecycle';

/**
 * Replenishment from par levels (issue 31, issue 44): which (item, location) pairs are below their
 * minimum, how much each needs to reach its target, and what its source (the location's
 * replenishFrom) can give. Pure: the same planning answers GET /inventory/replenishment from the
 * copies and decides POST /inventory/replenishment under the ledger's locks (use-cases/replenish.ts).
 *
 * - A location's position is onHand − reserved − outgoing + incoming + onOrder + drafted −
 *   destinationsShort: what it holds free (reserved is promised to pending transfers out of it and
 *   to open jobs there), less what this plan sends out of it to the locations it refills and what
 *   those still lack after it, plus what is already on its way (pending transfers to it, the open
 *   quantities of purchase orders submitted to arrive there, and of draft ones: a second run orders
 *   nothing twice). It is below par when what it holds free after the plan is below its minimum
 *   (onHand − reserved − outgoing − destinationsShort < minimum; a location without a par level has
 *   a minimum and a target of 0), and then needs target − position, never below 0. A van holding 8
 *   with 6 reserved, a minimum of 5 and a target of 10 is below par and needs 8.
 * - What a source can give of an item: its on-hand − what is reserved there − its own minimum for
 *   the item (when it has a par level), never below 0: a source is never taken below its own par
 *   level by the locations it refills.
 * - What a source's destinations still lack counts in its own position, so it is refilled for them
 *   in the same plan (from its own source, or from its supplier): a warehouse sitting at its minimum
 *   while eleven vans lack capacitors orders what the vans lack on top of its own target
 *   (docs/stock.md has the worked example). Locations are planned deepest first (a van before the
 *   warehouse it draws on, before the depot the warehouse draws on).
 * - A location without a source is refilled from suppliers: its line names the item's supplier and
 *   proposes the whole need, ordered on a draft purchase order per (supplier, location).
 * - Lines drawing on the same source share what it can give, served in order: the emptiest
 *   relative to its minimum first ((onHand + incoming) / minimum, lowest first; ties by location
 *   id), each taking what it needs or what is left. So the proposals from one source never add up
 *   to more than it can give, and the vans closest to running out are refilled first.
 * - A line that is short says why (`reason`): the source had too little (source_short), there is no
 *   supplier to order from (no_supplier), the caller may not draft purchase orders
 *   (purchase_orders_write_required), or may not take stock out of the source
 *   (source_not_writable). Such a line takes nothing from its source and adds nothing to its lack.
 */

/** The most (item, location) pairs below par one call plans: past it, narrow the call by location or source. */
export const MAX_REPLENISHMENT_LINES = 20_000;

/** An (item, location) pair with a par level, as read: its on-hand and what of it is reserved, what is on its way to it, its par level. */
export interface ParNeed extends BalanceKey, ParAmounts {
  onHand: Units;
  /** What pending transfers out of the location and open jobs there hold of it. */
  reserved: Units;
  /** The quantity of pending transfers to the location of the item. */
  incoming: Units;
  /** Open quantity of purchase orders submitted (ordered, partially received) to arrive at the location. */
  onOrder: Units;
  /** Open quantity of draft purchase orders to arrive at the location. */
  drafted: Units;
}

/**
 * What a source holds of an item: on-hand, what is reserved there, and its own minimum (undefined:
 * no par level); with its target and what is on its way to it, its own position (when its
 * destinations' lack counts in it). Absent amounts are 0; an absent target is the minimum.
 */
export interface SourceStock {
  onHand: Units;
  reserved: Units;
  minimum: Units | undefined;
  target?: Units;
  incoming?: Units;
  onOrder?: Units;
  drafted?: Units;
}

export const SHORTFALL_REASONS = ['source_short', 'no_supplier', 'purchase_orders_write_required', 'source_not_writable'] as const;
export type ShortfallReason = (typeof SHORTFALL_REASONS)[number];

/** A line of a plan, in units. */
export interface PlannedLine extends BalanceKey, ParAmounts {
  sourceLocationId: EntityId | null;
  /** The item's supplier, for a line without a source location (null: none, or the line has a source). */
  supplierId: EntityId | null;
  onHand: Units;
  reserved: Units;
  incoming: Units;
  onOrder: Units;
  drafted: Units;
  /** What this plan sends out of the location to the locations it refills. */
  outgoing: Units;
  /** What the locations it refills still lack after this plan: counted in its own position. */
  destinationsShort: Units;
  needed: Units;
  availableAtSource: Units;
  proposed: Units;
  shortfall: Units;
  /** Why it is short (null when it is not). */
  reason: ShortfallReason | null;
}

const max0 = (n: Units): Units => (n > 0n ? n : 0n);
const min = (a: Units, b: Units): Units => (a < b ? a : b);

/** What a source can give of an item without going below its own minimum or what is reserved there. */
export function availableAt(source: SourceStock | undefined): Units {
  return source ? max0(source.onHand - source.reserved - (source.minimum ?? 0n)) : 0n;
}

/** A location's position: what it holds free after the plan plus what is on its way or on order (drafts included), less what its destinations still lack. */
export function positionOf(
  line: Pick<ParNeed, 'onHand' | 'reserved' | 'incoming' | 'onOrder' | 'drafted'> & Partial<Pick<PlannedLine, 'outgoing' | 'destinationsShort'>>,
): Units {
  return line.onHand - line.reserved - (line.outgoing ?? 0n) + line.incoming + line.onOrder + line.drafted - (line.destinationsShort ?? 0n);
}

/** Below par for a refill: what the destination holds free is below its minimum (the one rule: par-levels.ts isBelowPar), after what the plan takes out of it and what its destinations still lack. */
export function needsRefill(line: Pick<ParNeed, 'onHand' | 'reserved' | 'minimum'> & Partial<Pick<PlannedLine, 'outgoing' | 'destinationsShort'>>): boolean {
  return isBelowPar({ onHand: line.onHand - (line.outgoing ?? 0n) - (line.destinationsShort ?? 0n), reserved: line.reserved }, line.minimum);
}

/** Emptiest relative to its minimum first: position / minimum compared by cross-multiplication (exact), then location id. */
function servedBefore(a: PlannedLine, b: PlannedLine): number {
  const left = positionOf(a) * b.minimum;
  const right = positionOf(b) * a.minimum;
  if (left !== right) return left < right ? -1 : 1;
  return a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0;
}

const byItemThenLocation = (a: BalanceKey, b: BalanceKey): number =>
  a.itemId === b.itemId ? (a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0) : a.itemId < b.itemId ? -1 : 1;

/** How far a location is from the root of its replenishFrom chain (0: it has no source); a chain is never longer than the workspace's locations, and a cycle (never accepted) stops it. */
function depthsBy(sourceOf: (locationId: EntityId) => EntityId | null): (locationId: EntityId) => number {
  const known = new Map<EntityId, number>();
  return (start) => {
    const chain: EntityId[] = [];
    let at: EntityId | null = start;
    while (at !== null && !known.has(at) && !chain.includes(at)) {
      chain.push(at);
      at = sourceOf(at);
    }
    let depth = at === null ? -1 : (known.get(at) ?? -1);
    for (const location of chain.reverse()) known.set(location, (depth += 1));
    return known.get(start)!;
  };
}

export interface ReplenishmentPlanInput {
  needs: readonly ParNeed[];
  sourceOf: (locationId: EntityId) => EntityId | null;
  supplierOf: (itemId: EntityId) => EntityId | null;
  /** What a location holds of an item (its own par level and what is on its way included), for a source: what it can give, and its position. */
  sourceStock: (key: BalanceKey) => SourceStock | undefined;
  /** Whether a line of `need` refilled from its source (null: from suppliers) is in the plan at all: the stock policy and what the caller may see or change. */
  eligible: (need: ParNeed, sourceLocationId: EntityId | null) => boolean;
  /** Whether the plan may take stock out of `sourceLocationId` for `need` (a run: the caller's write access there); default yes. */
  maySource?: (need: ParNeed, sourceLocationId: EntityId) => boolean;
  /** Whether the plan may draft purchase orders (a run: the caller's purchase_orders.write); default yes. */
  mayOrder?: boolean;
}

/**
 * Plans replenishment: one line per pair below its minimum that `eligible` lets through, and one
 * per source whose destinations still lack something after it, with its source (`sourceOf`: the
 * location's replenishFrom, null when it has none: it is refilled from the item's supplier,
 * `supplierOf`), what it needs, what its source can give, what is proposed, what is short and why.
 * Ordered by item, then location. Each pair is given once.
 */
export function planReplenishment(plan: ReplenishmentPlanInput): PlannedLine[] {
  const mayOrder = plan.mayOrder ?? true;
  const maySource = plan.maySource ?? (() => true);
  const depthOf = depthsBy(plan.sourceOf);
  const lines = new Map<string, PlannedLine>();
  const keyOf = (k: BalanceKey) => `${k.itemId}/${k.locationId}`;
  const lineOf = (need: ParNeed): PlannedLine => {
    const sourceLocationId = plan.sourceOf(need.locationId);
    const { itemId, locationId, onHand, reserved, incoming, onOrder, drafted, minimum, target } = need;
    return {
      itemId,
      locationId,
      sourceLocationId,
      supplierId: sourceLocationId === null ? plan.supplierOf(itemId) : null,
      onHand,
      reserved,
      incoming,
      onOrder,
      drafted,
      minimum,
      target,
      outgoing: 0n,
      destinationsShort: 0n,
      needed: 0n,
      availableAtSource: 0n,
      proposed: 0n,
      shortfall: 0n,
      reason: null,
    };
  };
  for (const need of plan.needs) {
    if (!needsRefill(need) || !plan.eligible(need, plan.sourceOf(need.locationId))) continue;
    lines.set(keyOf(need), lineOf(need));
  }
  let depth = Math.max(0, ...[...lines.values()].map((l) => depthOf(l.locationId)));
  for (; depth >= 0; depth -= 1) {
    const level = [...lines.values()].filter((l) => depthOf(l.locationId) === depth);
    for (const line of level) line.needed = needsRefill(line) ? max0(line.target - positionOf(line)) : 0n;
    // source → item → the lines sharing what it has of the item
    const sharing = new Map<string, PlannedLine[]>();
    for (const line of level) {
      const source = line.sourceLocationId;
      if (line.needed === 0n) continue;
      if (source === null) {
        line.reason = line.supplierId === null ? 'no_supplier' : mayOrder ? null : 'purchase_orders_write_required';
        line.proposed = line.reason === null ? line.needed : 0n;
        line.shortfall = line.needed - line.proposed;
        continue;
      }
      if (!maySource(line, source)) {
        line.availableAtSource = availableAt(plan.sourceStock({ itemId: line.itemId, locationId: source }));
        line.shortfall = line.needed;
        line.reason = 'source_not_writable';
        continue;
      }
      const key = keyOf({ itemId: line.itemId, locationId: source });
      sharing.set(key, [...(sharing.get(key) ?? []), line]);
    }
    for (const group of sharing.values()) {
      const { itemId, sourceLocationId } = group[0]!;
      const at = { itemId, locationId: sourceLocationId! };
      const stock = plan.sourceStock(at);
      const available = availableAt(stock);
      let left = available;
      for (const line of group.sort(servedBefore)) {
        line.availableAtSource = available;
        line.proposed = min(line.needed, left);
        line.shortfall = line.needed - line.proposed;
        line.reason = line.shortfall > 0n ? 'source_short' : null;
        left -= line.proposed;
      }
      const outgoing = available - left;
      const short = group.reduce((sum, l) => sum + l.shortfall, 0n);
      let source = lines.get(keyOf(at));
      if (!source && short > 0n && stock) {
        const need: ParNeed = {
          ...at,
          onHand: stock.onHand,
          reserved: stock.reserved,
          incoming: stock.incoming ?? 0n,
          onOrder: stock.onOrder ?? 0n,
          drafted: stock.drafted ?? 0n,
          minimum: stock.minimum ?? 0n,
          target: stock.target ?? stock.minimum ?? 0n,
        };
        if (plan.eligible(need, plan.sourceOf(at.locationId))) lines.set(keyOf(at), (source = lineOf(need)));
      }
      if (source) {
        source.outgoing += outgoing;
        source.destinationsShort += short;
      }
    }
  }
  return [...lines.values()].sort(byItemThenLocation);
}

/** The transfers a plan makes: one per (source, destination) pair with something proposed, its lines by item; ordered by destination, then source. */
export function replenishmentTransfers(lines: readonly PlannedLine[]): Array<{ from: EntityId; to: EntityId; lines: Array<{ itemId: EntityId; quantity: Units }> }> {
  const byPair = new Map<string, { from: EntityId; to: EntityId; lines: Array<{ itemId: EntityId; quantity: Units }> }>();
  for (const line of lines) {
    if (line.proposed === 0n || line.sourceLocationId === null) continue;
    const key = `${line.locationId}/${line.sourceLocationId}`;
    const transfer = byPair.get(key) ?? { from: line.sourceLocationId, to: line.locationId, lines: [] };
    transfer.lines.push({ itemId: line.itemId, quantity: line.proposed });
    byPair.set(key, transfer);
  }
  return [...byPair.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, t]) => ({ ...t, lines: t.lines.sort((a, b) => (a.itemId < b.itemId ? -1 : 1)) }));
}

/** The draft purchase orders a plan makes: one per (supplier, location) with something proposed, its lines by item; ordered by location, then supplier. */
export function replenishmentOrders(lines: readonly PlannedLine[]): Array<{ supplierId: EntityId; locationId: EntityId; lines: Array<{ itemId: EntityId; quantity: Units }> }> {
  const byPair = new Map<string, { supplierId: EntityId; locationId: EntityId; lines: Array<{ itemId: EntityId; quantity: Units }> }>();
  for (const line of lines) {
    if (line.proposed === 0n || line.supplierId === null) continue;
    const key = `${line.locationId}/${line.supplierId}`;
    const order = byPair.get(key) ?? { supplierId: line.supplierId, locationId: line.locationId, lines: [] };
    order.lines.push({ itemId: line.itemId, quantity: line.proposed });
    byPair.set(key, order);
  }
  return [...byPair.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, o]) => ({ ...o, lines: o.lines.sort((a, b) => (a.itemId < b.itemId ? -1 : 1)) }));
}

export const ReplenishmentLine = z
  .object({
    itemId: ApiId,
    sku: z.string().openapi({ description: "The item's SKU" }),
    locationId: ApiId.openapi({ description: 'The location below its par level (the destination)' }),
    sourceLocationId: ApiId.nullable().openapi({ description: "The location's replenishFrom: where it is refilled from; null when it has none (it is refilled from the item's supplier)" }),
    supplierId: ApiId.nullable().openapi({
      description: "For a location without a source: the item's supplier, whom a run orders the need from on a draft purchase order; null when the line has a source, or the item has no supplier (then the whole need is shortfall)",
      example: null,
    }),
    onHand: z.number().openapi({ description: 'On-hand at the location now' }),
    reserved: z.number().openapi({ description: 'What of it pending transfers out of the location and open jobs there hold: not there for the location\'s own use (onHand − reserved < minimum)' }),
    incoming: z.number().openapi({ description: 'What pending transfers to the location carry of the item: already on its way, never proposed again' }),
    onOrder: z.number().openapi({ description: 'Open quantity of submitted purchase orders arriving at the location: never ordered again' }),
    drafted: z.number().openapi({ description: 'Open quantity of draft purchase orders arriving at the location: never ordered again' }),
    minimum: z.number(),
    target: z.number().openapi({ description: 'The par level target the refill aims at (≥ minimum)' }),
    outgoing: z.number().openapi({ description: 'What this plan sends out of the location to the locations it refills (their lines name it as sourceLocationId)', example: 0 }),
    destinationsShort: z.number().openapi({
      description: 'What the locations it refills still lack after this plan: counted in its own position, so it is refilled for them too (from its source, or ordered from the supplier)',
      example: 0,
    }),
    needed: z.number().openapi({
      description: 'When below par (onHand − reserved − outgoing − destinationsShort < minimum): target − (onHand − reserved − outgoing + incoming + onOrder + drafted − destinationsShort), never below 0; else 0',
    }),
    availableAtSource: z.number().openapi({
      description:
        "What the source can give of the item before this plan: its on-hand − what pending transfers reserve there − its own minimum for the item (when it has a par level), never below 0; shared by every line drawing on the same source (0 without a source)",
    }),
    proposed: z.number().openapi({
      description: 'What a replenishment run moves from the source (at most needed; the lines of one source never add up to more than availableAtSource), or orders from the supplier (needed)',
    }),
    shortfall: z.number().openapi({ description: 'needed − proposed: what the source cannot give, or the whole need of an item without a source or supplier' }),
    reason: z
      .enum(SHORTFALL_REASONS)
      .nullable()
      .openapi({
        description:
          'Why the line is short (null when it is not): source_short (the source had less than needed; what it lacks counts in the source\'s own line), no_supplier (no source and no supplier to order from), purchase_orders_write_required (it would be ordered from the supplier, and the caller\'s key lacks purchase_orders.write: no order was drafted), source_not_writable (the caller may not take stock out of the source: ask someone with write access there to run it)',
        example: null,
      }),
    message: z.string().nullable().openapi({ description: 'The reason in words, naming what to do', example: null }),
  })
  .openapi('ReplenishmentLine', { description: 'One (item, location) whose free stock (onHand − reserved) is below its par level, what it needs to reach its target, and what its source can give.' });
export type ReplenishmentLine = z.infer<typeof ReplenishmentLine>;

export function presentLine(line: PlannedLine, sku: string): ReplenishmentLine {
  return {
    itemId: line.itemId,
    sku,
    locationId: line.locationId,
    sourceLocationId: line.sourceLocationId,
    supplierId: line.supplierId,
    onHand: fromUnits(line.onHand),
    reserved: fromUnits(line.reserved),
    incoming: fromUnits(line.incoming),
    onOrder: fromUnits(line.onOrder),
    drafted: fromUnits(line.drafted),
    minimum: fromUnits(line.minimum),
    target: fromUnits(line.target),
    outgoing: fromUnits(line.outgoing),
    destinationsShort: fromUnits(line.destinationsShort),
    needed: fromUnits(line.needed),
    availableAtSource: fromUnits(line.availableAtSource),
    proposed: fromUnits(line.proposed),
    shortfall: fromUnits(line.shortfall),
    reason: line.reason,
    message: line.reason === null ? null : SHORTFALL_MESSAGES[line.reason](line),
  };
}

/** Each shortfall reason in words. */
const SHORTFALL_MESSAGES: Record<ShortfallReason, (line: PlannedLine) => string> = {
  source_short: (l) => `The source (${l.sourceLocationId}) can give ${fromUnits(l.availableAtSource)}; what its destinations lack counts in its own line, refilled from its source or ordered from its supplier.`,
  no_supplier: () => 'The location has no replenishFrom and the item has no supplier: set one of them to refill it.',
  purchase_orders_write_required: () => "It would be ordered from the item's supplier on a draft purchase order, and this key lacks the purchase_orders.write scope: no order was drafted.",
  source_not_writable: (l) => `Taking stock out of the source (${l.sourceLocationId}) needs write access there, which this member lacks: ask someone who can write there to run replenishment, or transfer the stock.`,
};

export const MAX_REPLENISHMENT_LOCATIONS = 1000;

export const ReplenishBody = z
  .strictObject({
    locationIds: z
      .array(EntityIdSchema)
      .min(1)
      .max(MAX_REPLENISHMENT_LOCATIONS)
      .optional()
      .openapi({ description: `Only refill these locations (1 to ${MAX_REPLENISHMENT_LOCATIONS}); default: every location below par the caller may refill` }),
    sourceLocationId: EntityIdSchema.optional().openapi({ description: 'Only the lines drawing on this source (the locations whose replenishFrom it is)' }),
    status: z.enum(CREATED_AS).optional().openapi({
      description: 'pending (default): each transfer reserves its lines at the source until the destination completes it; completed: the stock moves at once',
    }),
  })
  .openapi('Replenish');
export type ReplenishInput = z.output<typeof ReplenishBody>;

export const ReplenishmentRun = z
  .object({
    transfers: z.array(Transfer).openapi({ description: 'The transfers created, one per (source, destination) pair with something proposed, ordered by destination then source; reason "replenishment"' }),
    purchaseOrders: z.array(PurchaseOrder).openapi({
      description:
        "The draft purchase orders created for locations without a source, one per (supplier, location) with something proposed, each line at the item's last price paid (its latest receipt's cost, unless that receipt was reverted), else its catalog cost; origin replenishment. Only for a key with purchase_orders.write. Submit each to put it on order",
    }),
    shortfalls: z.array(ReplenishmentLine).openapi({ description: 'The lines the sources could not cover in full (shortfall > 0), those without a source or a supplier included' }),
  })
  .openapi('ReplenishmentRun', { description: 'What a replenishment run created, and what it could not.' });
export type ReplenishmentRun = z.infer<typeof ReplenishmentRun>;
