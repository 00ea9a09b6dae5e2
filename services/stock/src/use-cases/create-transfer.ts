import { canAccessLocation, Forbidden, LimitExceeded, newId, recordEvent, StockEvents, transact, Unprocessable, type InternalContext, type EffectGuard, type ServiceRuntime } from '@inv/shared';
import { lockLocations } from '../data/projection-repository';
import { countTransfersSince, findTransfers, insertTransfer, lockTransferQuota } from '../data/transfer-repository';
import { locationRefusal } from '../domain/location-rules';
import { toUnits } from '../domain/quantity';
import type { Transfer } from '../domain/stock-records';
import type { Actor } from './actor';
import { labelsFrom } from './labels';
import { resolveItems, resolveLocations } from './resolve-references';
import { applyStockChanges } from './stock-changes';
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
 * pending) reserves the lines at the source and answers the pending Transfer. All or nothing.
 * Throws Forbidden without write access to both locations; LimitExceeded when the billing cycle
 * already holds the plan's transfers; Unprocessable for the same source and destination, an
 * unknown, deleted, inactive or closed location, an unknown or catalog-only item, or stock
 * available at the source short of a line (naming the item and the quantity available).
 */
export async function createTransfer(runtime: ServiceRuntime, actor: Actor, plan: TransferPlan, input: CreateTransferInput, guard: EffectGuard<Transfer>): Promise<Transfer> {
  const from = input.fromLocationId.toLowerCase();
  const to = input.toLocationId.toLowerCase();
  for (const id of [from, to]) {
    if (!canAccessLocation(actor.locationAccess, id, 'write')) throw new Forbidden(`You need write access to both locations of a transfer; you lack it for ${id}.`);
  }
  if (from === to) throw new Unprocessable('fromLocationId and toLocationId are the same location; a transfer needs two different locations.');
  const lines = input.lines.map((l) => ({ id: newId(), itemId: l.itemId.toLowerCase(), quantity: toUnits(l.quantity), note: l.note ?? '' }));
  const [items, locations] = await Promise.all([
    resolveItems(runtime, actor.workspaceId, lines.map((l) => l.itemId), actor.requestId),
    resolveLocations(runtime, actor.workspaceId, [from, to], actor.requestId),
  ]);
  const refuse = (refusals: (string | undefined)[]) => {
    const reason = refusals.find((r) => r !== undefined);
    if (reason) throw new Unprocessable(reason);
  };
  const fromUse = { addsStock: false, requireActive: true };
  const toUse = { addsStock: true, requireActive: true };
  refuse([locationRefusal(locations.get(from), input.fromLocationId, fromUse), locationRefusal(locations.get(to), input.toLocationId, toUse)]);
  lines.forEach((line, index) => {
    const item = items.get(line.itemId);
    if (!item) throw new Unprocessable(`lines[${index}]: item ${line.itemId} does not exist.`);
    if (!item.track_stock) throw new Unprocessable(`lines[${index}]: item "${item.sku}" (${item.id}) is catalog-only (trackStock: false) and cannot be transferred.`);
  });
  const labels = labelsFrom(items, locations);
  const id = newId();
  return transact(runtime, async (tx) => {
    await guard.begin(tx);
    await lockTransferQuota(tx, actor.workspaceId);
    if ((await countTransfersSince(tx, actor.workspaceId, plan.billingCycleStart)) >= plan.limit) {
      throw new LimitExceeded('transfers per billing cycle', plan.limit, plan.plan);
    }
    const locked = new Map((await lockLocations(tx, actor.workspaceId, [from, to], 'share')).map((l) => [l.id, l]));
    refuse([locationRefusal(locked.get(from), input.fromLocationId, fromUse), locationRefusal(locked.get(to), input.toLocationId, toUse)]);
    const now = new Date();
    const status = input.status ?? 'completed';
    await insertTransfer(tx, actor.workspaceId, { id, fromLocationId: from, toLocationId: to, status, note: input.note ?? '', userId: actor.userId, createdAt: now, lines });
    const changes = status === 'pending' ? { movements: [], reservations: sourceReservations(from, lines, 1n) } : { movements: transferMovements(id, from, to, lines) };
    await applyStockChanges(tx, actor, changes, labels, now);
    const [transfer] = await findTransfers(tx, actor.workspaceId, [id]);
    await recordEvent(tx, status === 'pending' ? StockEvents.transferPending : StockEvents.transferCompleted, actor.workspaceId, transfer, actor.requestId);
    await guard.finish(tx, transfer!);
    return transfer!;
  });
}
