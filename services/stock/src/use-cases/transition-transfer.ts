import { canAccessLocation, Conflict, Forbidden, isId, NotFound, recordEvent, StockEvents, transact, Unprocessable, type PoolClient, type EffectGuard, type ServiceRuntime } from '@inv/shared';
import { findItems, findLocations, lockLocations } from '../data/projection-repository';
import { findTransfers, lockTransfer, markTransferReverted, settlePendingTransfer, type LockedTransfer } from '../data/transfer-repository';
import { locationRefusal } from '../domain/location-rules';
import type { Transfer } from '../domain/stock-records';
import { locationsToWrite, transitionRefusal, type TransferAction } from '../domain/transfer-lifecycle';
import type { Actor } from './actor';
import { ID_LABELS, labelsFrom } from './labels';
import { applyStockChanges } from './stock-changes';
import { sourceReservations, transferMovements } from './transfer-movements';

export interface TransitionInput {
  /** Why the destination rejects or the source cancels (reject and cancel only). */
  reason?: string;
}

const EVENTS: Record<TransferAction, string> = {
  complete: StockEvents.transferCompleted,
  reject: StockEvents.transferRejected,
  cancel: StockEvents.transferCancelled,
  revert: StockEvents.transferReverted,
};

type Step = (tx: PoolClient, actor: Actor, transfer: LockedTransfer, input: TransitionInput, now: Date) => Promise<void>;

const STEPS: Record<TransferAction, Step> = {
  complete: async (tx, actor, transfer, _input, now) => {
    const { id, fromLocationId: from, toLocationId: to, lines } = transfer;
    const locked = new Map((await lockLocations(tx, actor.workspaceId, [from, to], 'share')).map((l) => [l.id, l]));
    const reason = locationRefusal(locked.get(to), to, { addsStock: true, requireActive: true }) ?? locationRefusal(locked.get(from), from, { addsStock: false, requireActive: false });
    if (reason) throw new Unprocessable(`The transfer cannot be completed: ${reason}`);
    // Each line takes out exactly what it releases, so a completion is never short of stock.
    await applyStockChanges(tx, actor, { movements: transferMovements(id, from, to, lines), reservations: sourceReservations(from, lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, id, 'completed', '');
  },
  reject: async (tx, actor, transfer, input, now) => {
    await applyStockChanges(tx, actor, { movements: [], reservations: sourceReservations(transfer.fromLocationId, transfer.lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, transfer.id, 'rejected', input.reason ?? '');
  },
  cancel: async (tx, actor, transfer, input, now) => {
    await applyStockChanges(tx, actor, { movements: [], reservations: sourceReservations(transfer.fromLocationId, transfer.lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, transfer.id, 'cancelled', input.reason ?? '');
  },
  revert: async (tx, actor, transfer, _input, now) => {
    const { id, fromLocationId: from, toLocationId: to, lines } = transfer;
    const locked = new Map((await lockLocations(tx, actor.workspaceId, [from, to], 'share')).map((l) => [l.id, l]));
    const reason = locationRefusal(locked.get(to), to, { addsStock: false, requireActive: false }) ?? locationRefusal(locked.get(from), from, { addsStock: true, requireActive: false });
    if (reason) throw new Unprocessable(`The transfer cannot be reverted: ${reason}`);
    const items = new Map((await findItems(tx, actor.workspaceId, lines.map((l) => l.itemId))).map((i) => [i.id, i]));
    const note = `Revert of transfer ${id}`;
    await applyStockChanges(tx, actor, { movements: transferMovements(id, to, from, lines, () => note) }, labelsFrom(items, locked), now);
    await markTransferReverted(tx, id, now);
  },
};

/**
 * Runs one transition of a transfer (domain/transfer-lifecycle.ts) in one transaction and
 * answers the transfer after it:
 * - complete: moves the stock (transfer_out at the source, transfer_in at the destination, the
 *   line notes on them) and releases the reservation;
 * - reject, cancel: releases the reservation and keeps `reason`; nothing moves;
 * - revert: moves a completed transfer's stock back with compensating movements.
 * The transfer's row is locked first, so of racing transitions exactly one finds the status it
 * starts from. Throws NotFound for a transfer the member cannot see; Forbidden without write
 * access to the location(s) the action needs; Conflict when the transfer is not in the status
 * the action starts from; Unprocessable when a completion's destination cannot take stock
 * (inactive, closed, deleted), or a revert finds less available at the destination than a line
 * or a source that cannot take stock back.
 */
export async function transitionTransfer(runtime: ServiceRuntime, actor: Actor, transferId: string, action: TransferAction, input: TransitionInput, guard: EffectGuard<Transfer>): Promise<Transfer> {
  const id = transferId.toLowerCase();
  const [existing] = isId(id) ? await findTransfers(runtime.pool, actor.workspaceId, [id]) : [];
  const readable = (l: string) => canAccessLocation(actor.locationAccess, l, 'read');
  if (!existing || !(readable(existing.fromLocationId) || readable(existing.toLocationId))) throw new NotFound('Transfer');
  for (const location of locationsToWrite(action, existing)) {
    if (!canAccessLocation(actor.locationAccess, location.id, 'write')) {
      throw new Forbidden(`To ${action} a transfer you need write access to its ${location.role}; you lack it for ${location.id}.`);
    }
  }
  return transact(runtime, async (tx) => {
    await guard.begin(tx);
    const transfer = await lockTransfer(tx, actor.workspaceId, id);
    if (!transfer) throw new NotFound('Transfer');
    const refusal = transitionRefusal(id, transfer.status, action);
    if (refusal) throw new Conflict(refusal);
    await STEPS[action](tx, actor, transfer, input, new Date());
    const [after] = await findTransfers(tx, actor.workspaceId, [id]);
    await recordEvent(tx, EVENTS[action], actor.workspaceId, after, actor.requestId);
    await guard.finish(tx, after!);
    return after!;
  });
}
