import { canAccessLocation, Forbidden, isId, newId, StockEvents, Unprocessable } from '@inv/shared/core';
import { type InternalContext } from '@inv/shared/http';
import { claimPlanQuotaAndCommit, inOneRoundTrip, type EffectGuard } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { findItems, isKnownItem, isKnownLocation, type ItemRow, type LocationRow } from '../data/projection-repository';
import { recordStockChanges } from '../data/stock-positions';
import { lockForTransfer, recordTransfer, transferQuota } from '../data/transfer-repository';
import { locationRefusal } from '../domain/location-rules';
import { fromUnits, toUnits, type Units } from '../domain/quantity';
import type { Transfer } from '../domain/stock-records';
import type { Actor } from './actor';
import { labelsFrom } from './labels';
import { requireTrusted, withTrustedCopies } from './projection-gate';
import { newMovements, planStockChanges, stockChangedEvents, type StockWrite } from './stock-changes';
import { sourceReservations, transferMovements } from './transfer-movements';

export interface CreateTransferInput {
  fromLocationId: string;
  toLocationId: string;
  lines: { itemId: string; quantity: number; note?: string }[];
  note?: string;
  /** pending: reserve the lines at the source until the destination completes the transfer. Default completed: move at once. */
  status?: 'pending' | 'completed';
}

export interface TransferPlan {
  plan: InternalContext['workspace']['plan'];
  /** Transfers the plan allows per billing cycle. */
  limit: number;
  billingCycleStart: Date;
}

/**
 * Moves stock between two locations at once and answers the completed Transfer, or (status
 * pending) reserves the lines at the source and answers the pending Transfer, with the stock
 * position the transfer took (none for a pending one, which moves nothing). All or nothing.
 * Throws Forbidden without write access to both locations; LimitExceeded when the billing cycle
 * already holds the plan's transfers; Unprocessable for the same source and destination, an
 * unknown, deleted, inactive or closed location, an unknown or catalog-only item, or stock
 * available at the source short of a line (naming the item and the quantity available);
 * Conflict when an item or location changes twice while the transfer is being decided.
 */
export async function createTransfer(runtime: ServiceRuntime, actor: Actor, plan: TransferPlan, input: CreateTransferInput, guard: EffectGuard<Transfer>): Promise<StockWrite<Transfer>> {
  const from = input.fromLocationId.toLowerCase();
  const to = input.toLocationId.toLowerCase();
  for (const id of [from, to]) {
    if (!canAccessLocation(actor.locationAccess, id, 'write')) throw new Forbidden(`You need write access to both locations of a transfer; you lack it for ${id}.`);
  }
  if (from === to) throw new Unprocessable('fromLocationId and toLocationId are the same location; a transfer needs two different locations.');
  const fromUse = { addsStock: false, requireActive: true };
  const toUse = { addsStock: true, requireActive: true };
  // Ids that cannot exist are refused before they reach a uuid column.
  refuse([isId(from) ? undefined : locationRefusal(undefined, input.fromLocationId, fromUse), isId(to) ? undefined : locationRefusal(undefined, input.toLocationId, toUse)]);
  const lines = input.lines.map((l) => ({ id: newId(), itemId: l.itemId.toLowerCase(), quantity: toUnits(l.quantity), note: l.note ?? '' }));
  refuse(lines.map((line, index) => (isId(line.itemId) ? undefined : unknownItem(line.itemId, index))));
  const id = newId();
  const status = input.status ?? 'completed';
  const changes = status === 'pending' ? { movements: [], reservations: sourceReservations(from, lines, 1n) } : { movements: transferMovements(id, from, to, lines) };

  /**
   * Two round trips: BEGIN, the key's claim, the items and the locks in one; the writes, the
   * key's response, the stock position and the quota claim with COMMIT in the other. The copies of items and locations
   * are trusted unless they lack something (never heard of, or fenced by an owner's change): then
   * the attempt rolls back and withTrustedCopies asks the owners before the next one.
   */
  const attempt = (final: boolean) =>
    transact(runtime, async (tx) => {
      const now = new Date();
      const [, itemRows, locked] = await inOneRoundTrip(tx, () => [
        guard.begin(tx),
        findItems(tx, actor.workspaceId, lines.map((l) => l.itemId)),
        lockForTransfer(tx, actor.workspaceId, [from, to], [...(changes.reservations ?? []), ...changes.movements], now),
      ]);
      requireTrusted({ itemIds: lines.map((l) => l.itemId), locationIds: [from, to] }, { items: new Map(itemRows.map((i) => [i.id, i])), locations: locked.locations }, final);
      const items = new Map(itemRows.filter(isKnownItem).map((i) => [i.id, i]));
      const locations = new Map([...locked.locations].filter(([, l]) => isKnownLocation(l)));
      refuse([locationRefusal(locations.get(from), input.fromLocationId, fromUse), locationRefusal(locations.get(to), input.toLocationId, toUse)]);
      refuse(lines.map((line, index) => itemRefusal(items.get(line.itemId), line.itemId, index)));
      const planned = planStockChanges(locked.balances, changes, labelsFrom(items, locked.locations));
      const transfer = presentTransfer({ id, status, note: input.note ?? '', createdAt: now, lines }, locations.get(from)!, locations.get(to)!, items);
      const events = outboxMessages(status === 'pending' ? StockEvents.transferPending : StockEvents.transferCompleted, actor.workspaceId, [transfer], actor.requestId);
      const record = { id, fromLocationId: from, toLocationId: to, status, note: transfer.note, userId: actor.userId, createdAt: now, lines };
      const [, , position] = await inOneRoundTrip(tx, () => [
        recordTransfer(tx, actor.workspaceId, record, { movements: newMovements(planned.movements, actor.userId, now), balances: planned.balances, events }),
        guard.finish(tx, transfer),
        // The workspace's hot rows last, the quota claim with COMMIT in the same message: each is
        // locked only while the server runs what follows it, with no round trip to this process.
        recordStockChanges(tx, actor.workspaceId, stockChangedEvents(planned.movements), actor.requestId),
        claimPlanQuotaAndCommit(tx, actor.workspaceId, transferQuota(plan)),
      ]);
      return { result: transfer, position };
    });

  return withTrustedCopies(runtime, actor.workspaceId, actor.requestId, attempt);
}

function refuse(refusals: (string | undefined)[]): void {
  const reason = refusals.find((r) => r !== undefined);
  if (reason) throw new Unprocessable(reason);
}

function unknownItem(itemId: string, index: number): string {
  return `lines[${index}]: item ${itemId} does not exist.`;
}

function itemRefusal(item: ItemRow | undefined, itemId: string, index: number): string | undefined {
  if (!item) return unknownItem(itemId, index);
  if (!item.track_stock) return `lines[${index}]: item "${item.sku ?? ''}" (${item.id}) is catalog-only (trackStock: false) and cannot be transferred.`;
  return undefined;
}

/** The Transfer the API answers for one just created, from what the transaction wrote and locked (no re-read). */
function presentTransfer(
  t: { id: string; status: 'pending' | 'completed'; note: string; createdAt: Date; lines: { id: string; itemId: string; quantity: Units; note: string }[] },
  from: LocationRow,
  to: LocationRow,
  items: Map<string, ItemRow>,
): Transfer {
  return {
    id: t.id,
    fromLocationId: from.id,
    toLocationId: to.id,
    status: t.status,
    note: t.note,
    reason: '',
    lines: t.lines.map((l) => {
      const item = items.get(l.itemId)!;
      return { id: l.id, itemId: l.itemId, quantity: fromUnits(l.quantity), note: l.note, item: { id: item.id, sku: item.sku ?? '', description: item.description ?? '' } };
    }),
    createdAt: t.createdAt.toISOString(),
    fromLocation: { id: from.id, name: from.name ?? '', type: from.type ?? 'other' },
    toLocation: { id: to.id, name: to.name ?? '', type: to.type ?? 'other' },
  };
}
