import { ApiId, type EntityId, EntityIdSchema, z } from '@inv/shared/core';
import type { BalanceKey } from './ledger-plan';
import { isBelowPar, type ParAmounts } from './par-levels';
import { fromUnits, type Units } from './quantity';
import { PurchaseOrder } from './purchase-orders';
import { Transfer } from './stock-records';
import { CREATED_AS } from './transfer-lifecycle';

/**
 * Replenishment from par levels (issue 31): which (item, location) pairs are below their minimum,
 * how much each needs to reach its target, and what its source (the location's replenishFrom)
 * can give. Pure: the same planning answers GET /inventory/replenishment from the copies and
 * decides POST /inventory/replenishment under the ledger's locks (use-cases/replenish.ts).
 *
 * - A destination's position is onHand − reserved + incoming + onOrder + drafted: what it holds
 *   free (reserved is promised to pending transfers out of it and to open jobs there, the parts a
 *   van must still have for tomorrow's job) plus what is already on its way (pending transfers to
 *   it, the open quantities of purchase orders submitted to arrive there, and of draft ones: a
 *   second run orders nothing twice). It is
 *   below par for a refill when what it holds free is below its minimum (onHand − reserved <
 *   minimum), and needs target − position, never below 0: what is on its way is not proposed
 *   again. A van holding 8 with 6 reserved, a minimum of 5 and a target of 10 is below par and
 *   needs 8. Par alerts and GET /inventory/par-levels judge by the same free stock.
 * - What a source can give of an item: its on-hand − what pending transfers reserve there − its
 *   own minimum for the item (when it has a par level), never below 0: a source is never taken
 *   below its own par level.
 * - A location without a source (replenishFrom: the warehouse) is refilled from suppliers: its
 *   line names the item's supplier and proposes the whole need, ordered on a draft purchase order
 *   per (supplier, location); an item without a supplier stays short.
 * - Lines drawing on the same source share what it can give, served in order: the emptiest
 *   relative to its minimum first ((onHand + incoming) / minimum, lowest first; ties by location
 *   id), each taking what it needs or what is left. So the proposals from one source never add up
 *   to more than it can give, and the vans closest to running out are refilled first.
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

/** What a source holds of an item: on-hand, what pending transfers reserve there, and its own minimum (undefined: no par level). */
export interface SourceStock {
  onHand: Units;
  reserved: Units;
  minimum: Units | undefined;
}

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
  needed: Units;
  availableAtSource: Units;
  proposed: Units;
  shortfall: Units;
}

const max0 = (n: Units): Units => (n > 0n ? n : 0n);
const min = (a: Units, b: Units): Units => (a < b ? a : b);

/** What a source can give of an item without going below its own minimum or what is reserved there. */
export function availableAt(source: SourceStock | undefined): Units {
  return source ? max0(source.onHand - source.reserved - (source.minimum ?? 0n)) : 0n;
}

/** A destination's position: what it holds free plus what is on its way or on order (drafts included). */
export function positionOf(need: Pick<ParNeed, 'onHand' | 'reserved' | 'incoming' | 'onOrder' | 'drafted'>): Units {
  return need.onHand - need.reserved + need.incoming + need.onOrder + need.drafted;
}

/** Below par for a refill: what the destination holds free is below its minimum (the one rule: par-levels.ts isBelowPar). */
export function needsRefill(need: Pick<ParNeed, 'onHand' | 'reserved' | 'minimum'>): boolean {
  return isBelowPar(need, need.minimum);
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

/**
 * Plans replenishment: one line per pair below its minimum that `eligible` lets through (the stock
 * policy: the location takes stock, the item tracks it, the caller may see or move it), with its
 * source (`sourceOf`: the location's replenishFrom, null when it has none: nothing is proposed,
 * all it needs is shortfall), what it needs, what its source can give, what is proposed and what
 * is short; a line without a source is proposed its whole need from the item's supplier
 * (`supplierOf`), or is all short without one. Ordered by item, then location. Each pair is given once.
 */
export function planReplenishment(plan: {
  needs: readonly ParNeed[];
  sourceOf: (locationId: EntityId) => EntityId | null;
  supplierOf: (itemId: EntityId) => EntityId | null;
  sourceStock: (key: BalanceKey) => SourceStock | undefined;
  eligible: (need: ParNeed, sourceLocationId: EntityId | null) => boolean;
}): PlannedLine[] {
  const lines: PlannedLine[] = [];
  // source → item → the lines sharing what it has of the item
  const sharing = new Map<EntityId, Map<EntityId, PlannedLine[]>>();
  for (const need of plan.needs) {
    if (!needsRefill(need)) continue;
    const sourceLocationId = plan.sourceOf(need.locationId);
    if (!plan.eligible(need, sourceLocationId)) continue;
    const needed = max0(need.target - positionOf(need));
    const { itemId, locationId, onHand, reserved, incoming, onOrder, drafted, minimum, target } = need;
    const supplierId = sourceLocationId === null ? plan.supplierOf(itemId) : null;
    const line: PlannedLine = {
      itemId,
      locationId,
      sourceLocationId,
      supplierId,
      onHand,
      reserved,
      incoming,
      onOrder,
      drafted,
      minimum,
      target,
      needed,
      availableAtSource: 0n,
      // A supplier is asked for the whole need: what it cannot deliver is the order's to settle, not the plan's.
      proposed: supplierId === null ? 0n : needed,
      shortfall: supplierId === null ? needed : 0n,
    };
    lines.push(line);
    if (sourceLocationId === null) continue;
    let items = sharing.get(sourceLocationId);
    if (!items) sharing.set(sourceLocationId, (items = new Map()));
    const group = items.get(itemId);
    if (group) group.push(line);
    else items.set(itemId, [line]);
  }
  for (const [locationId, items] of sharing) {
    for (const [itemId, group] of items) {
      const available = availableAt(plan.sourceStock({ itemId, locationId }));
      let left = available;
      for (const line of group.sort(servedBefore)) {
        line.availableAtSource = available;
        line.proposed = min(line.needed, left);
        line.shortfall = line.needed - line.proposed;
        left -= line.proposed;
      }
    }
  }
  return lines.sort(byItemThenLocation);
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
    needed: z.number().openapi({ description: 'target − (onHand − reserved + incoming + onOrder + drafted), never below 0' }),
    availableAtSource: z.number().openapi({
      description:
        "What the source can give of the item before this plan: its on-hand − what pending transfers reserve there − its own minimum for the item (when it has a par level), never below 0; shared by every line drawing on the same source (0 without a source)",
    }),
    proposed: z.number().openapi({
      description: 'What a replenishment run moves from the source (at most needed; the lines of one source never add up to more than availableAtSource), or orders from the supplier (needed)',
    }),
    shortfall: z.number().openapi({ description: 'needed − proposed: what the source cannot give, or the whole need of an item without a source or supplier' }),
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
    needed: fromUnits(line.needed),
    availableAtSource: fromUnits(line.availableAtSource),
    proposed: fromUnits(line.proposed),
    shortfall: fromUnits(line.shortfall),
  };
}

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
      description: "The draft purchase orders created for locations without a source, one per (supplier, location) with something proposed, at the items' catalog cost; origin replenishment. Submit each to put it on order",
    }),
    shortfalls: z.array(ReplenishmentLine).openapi({ description: 'The lines the sources could not cover in full (shortfall > 0), those without a source or a supplier included' }),
  })
  .openapi('ReplenishmentRun', { description: 'What a replenishment run created, and what it could not.' });
export type ReplenishmentRun = z.infer<typeof ReplenishmentRun>;
