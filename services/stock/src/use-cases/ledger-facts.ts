import { fromMoney, fromSignedMoney, type Money, toMoney, valueToCents } from '../domain/money';
import type { Actor, EntityId, ParCrossed, TransferOrigin } from '@inv/shared/core';
import type { LedgerFacts } from '../data/ledger';
import { itemFacts, placeFacts } from '../data/projection-repository';
import type { Labels, NewMovement } from '../domain/ledger-plan';
import { fromUnits, type Units } from '../domain/quantity';
import type { ItemFacts, PlaceFacts } from '../domain/stock-policy';
import type { Movement, Transfer } from '../domain/stock-records';
import type { TransferStamps } from '../domain/transfer-lifecycle';
import { lineUnitsShown, lotKeyOf, type LotState, type MovedUnits, type SerialState, shownIdentity, type UnitIdentity } from '../domain/units';

/** The two ends of a transfer as the policy sees them (undefined: unknown to the stock service). */
export function endsOf(facts: LedgerFacts, from: EntityId, to: EntityId): { from: PlaceFacts | undefined; to: PlaceFacts | undefined } {
  return { from: placeFacts(facts.locations.get(from)), to: placeFacts(facts.locations.get(to)) };
}

/** The items among `itemIds` known to the stock service, as the policy sees them. */
export function itemsOf(facts: LedgerFacts, itemIds: readonly EntityId[]): Map<string, ItemFacts> {
  return new Map(itemIds.flatMap((id) => {
    const item = itemFacts(facts.items.get(id));
    return item ? [[id, item] as const] : [];
  }));
}

/** Names items by SKU and locations by name in a refusal for want of stock, with the id for precision. */
export function labelsOf(facts: LedgerFacts): Labels {
  return {
    item: (id) => {
      const sku = facts.items.get(id)?.sku;
      return sku ? `"${sku}" (${id})` : id;
    },
    location: (id) => {
      const name = facts.locations.get(id)?.name;
      return name ? `"${name}" (${id})` : id;
    },
  };
}

/** A transfer as the API answers it, its names and SKUs from the copies the change locked and trusted. */
export function presentTransfer(
  t: {
    id: string;
    fromLocationId: string;
    toLocationId: string;
    status: Transfer['status'];
    note: string;
    reason: string;
    origin: TransferOrigin;
    createdAt: Date;
    createdBy: Actor | null;
    stamps: TransferStamps;
    lines: ReadonlyArray<{ id: string; itemId: string; quantity: Units; note: string; units?: UnitIdentity; moved?: MovedUnits | null }>;
  },
  facts: LedgerFacts,
): Transfer {
  const place = (id: string) => {
    const row = facts.locations.get(id);
    return { id, name: row?.name ?? '', type: row?.type ?? 'other' };
  };
  return {
    id: t.id,
    fromLocationId: t.fromLocationId,
    toLocationId: t.toLocationId,
    status: t.status,
    note: t.note,
    reason: t.reason,
    origin: t.origin,
    lines: t.lines.map((l) => {
      const item = facts.items.get(l.itemId);
      return {
        id: l.id,
        itemId: l.itemId,
        quantity: fromUnits(l.quantity),
        note: l.note,
        item: { id: l.itemId, sku: item?.sku ?? '', description: item?.description ?? '' },
        ...lineUnitsShown(l.quantity, l.units, l.moved),
      };
    }),
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdBy,
    ...t.stamps,
    fromLocation: place(t.fromLocationId),
    toLocation: place(t.toLocationId),
  };
}

/** A movement as the API answers it, as written, its item and location named by the copies the change locked and trusted. */
export function presentMovement(m: NewMovement, facts: Pick<LedgerFacts, 'items' | 'locations'>): Movement {
  const item = facts.items.get(m.itemId);
  const place = facts.locations.get(m.locationId);
  return {
    id: m.id,
    itemId: m.itemId,
    locationId: m.locationId,
    item: { id: m.itemId, sku: item?.sku ?? '', description: item?.description ?? '' },
    location: { id: m.locationId, name: place?.name ?? '', type: place?.type ?? 'other' },
    type: m.type,
    quantity: fromUnits(m.quantity),
    balanceAfter: fromUnits(m.balanceAfter),
    userId: m.userId,
    transferId: m.transferId,
    jobId: m.jobId ?? null,
    reason: m.reason,
    reference: m.reference,
    note: m.note,
    unitCost: m.unitCost === null ? null : fromMoney(m.unitCost),
    purchaseOrderId: m.purchaseOrderId ?? null,
    receiptId: m.receiptId ?? null,
    costVariance: m.costVariance === null ? null : fromSignedMoney(valueToCents(m.costVariance)),
    ...shownIdentity(m.units),
    createdAt: m.createdAt.toISOString(),
  };
}

/** A crossing of a par level as its stock.par_crossed event says it, with the item and the location as the copies name them. */
export function presentParCrossing(
  facts: Pick<LedgerFacts, 'items' | 'locations'>,
  c: { itemId: EntityId; locationId: EntityId; below: boolean; onHand: Units; reserved: Units; minimum: Units; target: Units },
): ParCrossed {
  const item = facts.items.get(c.itemId);
  const place = facts.locations.get(c.locationId);
  return {
    itemId: c.itemId,
    locationId: c.locationId,
    below: c.below,
    onHand: fromUnits(c.onHand),
    available: fromUnits(c.onHand - c.reserved),
    minimum: fromUnits(c.minimum),
    target: fromUnits(c.target),
    item: { id: c.itemId, sku: item?.sku ?? '', description: item?.description ?? '' },
    location: { id: c.locationId, name: place?.name ?? '', type: place?.type ?? 'other' },
  };
}

/** An item's catalog cost as the copy the change read holds it (null: the copy has none). */
export function copiedCost(facts: Pick<LedgerFacts, 'items'>, itemId: string): Money | null {
  const cost = facts.items.get(itemId)?.cost;
  return cost === null || cost === undefined ? null : toMoney(cost);
}

/** A purchase order line's unit cost when none is given: the item's last price paid (its latest receipt's cost, unless that receipt was reverted), else its catalog cost as copied (0 when it has none). */
export function defaultUnitCost(facts: Pick<LedgerFacts, 'lastCosts' | 'items'>, itemId: string): Money {
  return facts.lastCosts.get(itemId) ?? copiedCost(facts, itemId) ?? 0n;
}

/** What a change locked of the units at a balance: the serials in stock there (read whole for a count) and each of its lots there. */
export function unitsAt(facts: Pick<LedgerFacts, 'serials' | 'lots'>, key: { itemId: string; locationId: string }): { serials: SerialState[]; lot: (lotKey: string) => LotState | undefined } {
  return {
    serials: [...facts.serials.values()].filter((s) => s.itemId === key.itemId && s.status === 'in_stock' && s.locationId === key.locationId),
    lot: (lotKey) => facts.lots.get(lotKeyOf(key.itemId, key.locationId, lotKey)),
  };
}
