import { canAccessLocation, Conflict, Forbidden, isId, NotFound, StockEvents, Unprocessable, type StockChanged } from '@inv/shared/core';
import { inOneRoundTrip, type PoolClient, type EffectGuard } from '@inv/shared/db';
import { recordEvent } from '@inv/shared/messaging';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { findItems, findLocations, lockLocations, type ItemRow, type LocationRow } from '../data/projection-repository';
import { recordStockChanges } from '../data/stock-positions';
import { findTransfers, lockTransfer, markTransferReverted, settlePendingTransfer, type LockedTransfer } from '../data/transfer-repository';
import { locationRefusal } from '../domain/location-rules';
import type { Transfer } from '../domain/stock-records';
import { locationsToWrite, transitionRefusal, type TransferAction } from '../domain/transfer-lifecycle';
import type { Actor } from './actor';
import { ID_LABELS, labelsFrom } from './labels';
import { requireTrusted, withTrustedCopies } from './projection-gate';
import { applyStockChanges, type StockWrite } from './stock-changes';
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

/** What a step decides from: the transfer, and the copies of its locations and items (trusted). */
interface Facts {
  transfer: LockedTransfer;
  locations: Map<string, LocationRow>;
  items: Map<string, ItemRow>;
}

/** Runs an action's writes; answers the changes of on-hand it made (none for reject and cancel). */
type Step = (tx: PoolClient, actor: Actor, facts: Facts, input: TransitionInput, now: Date) => Promise<StockChanged[]>;

/** Moving stock needs the locations' share locks (a closure or a fence waits for them); releasing a reservation reads them only to show them. */
const MOVES_STOCK: Record<TransferAction, boolean> = { complete: true, reject: false, cancel: false, revert: true };

const STEPS: Record<TransferAction, Step> = {
  complete: async (tx, actor, { transfer, locations }, _input, now) => {
    const { id, fromLocationId: from, toLocationId: to, lines } = transfer;
    const reason = locationRefusal(locations.get(to), to, { addsStock: true, requireActive: true }) ?? locationRefusal(locations.get(from), from, { addsStock: false, requireActive: false });
    if (reason) throw new Unprocessable(`The transfer cannot be completed: ${reason}`);
    // Each line takes out exactly what it releases, so a completion is never short of stock.
    const { changed } = await applyStockChanges(tx, actor, { movements: transferMovements(id, from, to, lines), reservations: sourceReservations(from, lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, id, 'completed', '');
    return changed;
  },
  reject: async (tx, actor, { transfer }, input, now) => {
    await applyStockChanges(tx, actor, { movements: [], reservations: sourceReservations(transfer.fromLocationId, transfer.lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, transfer.id, 'rejected', input.reason ?? '');
    return [];
  },
  cancel: async (tx, actor, { transfer }, input, now) => {
    await applyStockChanges(tx, actor, { movements: [], reservations: sourceReservations(transfer.fromLocationId, transfer.lines, -1n) }, ID_LABELS, now);
    await settlePendingTransfer(tx, transfer.id, 'cancelled', input.reason ?? '');
    return [];
  },
  revert: async (tx, actor, { transfer, locations, items }, _input, now) => {
    const { id, fromLocationId: from, toLocationId: to, lines } = transfer;
    const reason = locationRefusal(locations.get(to), to, { addsStock: false, requireActive: false }) ?? locationRefusal(locations.get(from), from, { addsStock: true, requireActive: false });
    if (reason) throw new Unprocessable(`The transfer cannot be reverted: ${reason}`);
    const note = `Revert of transfer ${id}`;
    const { changed } = await applyStockChanges(tx, actor, { movements: transferMovements(id, to, from, lines, () => note) }, labelsFrom(items, locations), now);
    await markTransferReverted(tx, id, now);
    return changed;
  },
};

/**
 * Runs one transition of a transfer (domain/transfer-lifecycle.ts) in one transaction and
 * answers the transfer after it, with the stock position it took (complete and revert):
 * - complete: moves the stock (transfer_out at the source, transfer_in at the destination, the
 *   line notes on them) and releases the reservation;
 * - reject, cancel: releases the reservation and keeps `reason`; nothing moves;
 * - revert: moves a completed transfer's stock back with compensating movements.
 * The transfer's row is locked first, so of racing transitions exactly one finds the status it
 * starts from. Locations and items are decided and shown from copies that hold every change
 * their owners acknowledged (withTrustedCopies). Throws NotFound for a transfer the member cannot
 * see; Forbidden without write access to the location(s) the action needs; Conflict when the
 * transfer is not in the status the action starts from; Unprocessable when a completion's
 * destination cannot take stock (inactive, closed, deleted), or a revert finds less available at
 * the destination than a line or a source that cannot take stock back.
 */
export async function transitionTransfer(runtime: ServiceRuntime, actor: Actor, transferId: string, action: TransferAction, input: TransitionInput, guard: EffectGuard<Transfer>): Promise<StockWrite<Transfer>> {
  const id = transferId.toLowerCase();
  const [existing] = isId(id) ? (await findTransfers(runtime.pool, actor.workspaceId, [id])).transfers : [];
  const readable = (l: string) => canAccessLocation(actor.locationAccess, l, 'read');
  if (!existing || !(readable(existing.fromLocationId) || readable(existing.toLocationId))) throw new NotFound('Transfer');
  for (const location of locationsToWrite(action, existing)) {
    if (!canAccessLocation(actor.locationAccess, location.id, 'write')) {
      throw new Forbidden(`To ${action} a transfer you need write access to its ${location.role}; you lack it for ${location.id}.`);
    }
  }
  return withTrustedCopies(runtime, actor.workspaceId, actor.requestId, (final) =>
    transact(runtime, async (tx) => {
      await guard.begin(tx);
      const transfer = await lockTransfer(tx, actor.workspaceId, id);
      if (!transfer) throw new NotFound('Transfer');
      const refusal = transitionRefusal(id, transfer.status, action);
      if (refusal) throw new Conflict(refusal);
      const locationIds = [transfer.fromLocationId, transfer.toLocationId];
      const itemIds = transfer.lines.map((l) => l.itemId);
      const [locationRows, itemRows] = await inOneRoundTrip(tx, () => [
        MOVES_STOCK[action] ? lockLocations(tx, actor.workspaceId, locationIds, 'share') : findLocations(tx, actor.workspaceId, locationIds),
        findItems(tx, actor.workspaceId, itemIds),
      ]);
      const facts = { transfer, locations: new Map(locationRows.map((l) => [l.id, l])), items: new Map(itemRows.map((i) => [i.id, i])) };
      requireTrusted({ itemIds, locationIds }, facts, final);
      const changed = await STEPS[action](tx, actor, facts, input, new Date());
      const [after] = (await findTransfers(tx, actor.workspaceId, [id])).transfers;
      await recordEvent(tx, EVENTS[action], actor.workspaceId, after, actor.requestId);
      await guard.finish(tx, after!);
      const position = await recordStockChanges(tx, actor.workspaceId, changed, actor.requestId);
      return { result: after!, position };
    }),
  );
}
