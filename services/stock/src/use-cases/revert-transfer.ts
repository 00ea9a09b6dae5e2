import { canAccessLocation, Conflict, Forbidden, isId, NotFound, recordEvent, StockEvents, transact, Unprocessable, type ServiceRuntime } from '@inv/shared';
import { findItems, findLocations, lockLocations } from '../data/projection-repository';
import { findTransfers, lockTransfer, markTransferReverted } from '../data/transfer-repository';
import { locationRefusal } from '../domain/location-rules';
import type { Transfer } from '../domain/stock-records';
import type { Actor } from './actor';
import { labelsFrom } from './labels';
import { postMovements, type MovementDraft } from './post-movements';

/**
 * Undoes a completed transfer with compensating movements (transfer_out at its destination,
 * transfer_in at its source, both carrying the transfer's id) and marks it reverted.
 * Throws NotFound for a transfer the member cannot see; Forbidden without write access to
 * both locations; Conflict when it is not completed (already reverted); Unprocessable when
 * the destination no longer holds a line's quantity or the source cannot take stock back.
 */
export async function revertTransfer(runtime: ServiceRuntime, actor: Actor, transferId: string): Promise<Transfer> {
  const id = transferId.toLowerCase();
  const [existing] = isId(id) ? await findTransfers(runtime.pool, actor.workspaceId, [id]) : [];
  const readable = (l: string) => canAccessLocation(actor.locationAccess, l, 'read');
  if (!existing || !(readable(existing.fromLocationId) || readable(existing.toLocationId))) throw new NotFound('Transfer');
  for (const l of [existing.fromLocationId, existing.toLocationId]) {
    if (!canAccessLocation(actor.locationAccess, l, 'write')) throw new Forbidden(`You need write access to both locations of a transfer to revert it; you lack it for ${l}.`);
  }
  return transact(runtime, async (tx) => {
    const transfer = await lockTransfer(tx, actor.workspaceId, id);
    if (!transfer) throw new NotFound('Transfer');
    if (transfer.status !== 'completed') throw new Conflict(`Transfer ${id} is ${transfer.status}; only a completed transfer can be reverted.`);
    const { fromLocationId: from, toLocationId: to } = transfer;
    const locked = new Map((await lockLocations(tx, actor.workspaceId, [from, to], 'share')).map((l) => [l.id, l]));
    const reason =
      locationRefusal(locked.get(to), to, { addsStock: false, requireActive: false }) ?? locationRefusal(locked.get(from), from, { addsStock: true, requireActive: false });
    if (reason) throw new Unprocessable(`The transfer cannot be reverted: ${reason}`);
    const itemIds = transfer.lines.map((l) => l.itemId);
    const items = new Map((await findItems(tx, actor.workspaceId, itemIds)).map((i) => [i.id, i]));
    const locations = new Map((await findLocations(tx, actor.workspaceId, [from, to])).map((l) => [l.id, l]));
    const note = `Revert of transfer ${id}`;
    const drafts: MovementDraft[] = transfer.lines.flatMap((l) => [
      { itemId: l.itemId, locationId: to, type: 'transfer_out' as const, quantity: -l.quantity, transferId: id, operationId: null, note },
      { itemId: l.itemId, locationId: from, type: 'transfer_in' as const, quantity: l.quantity, transferId: id, operationId: null, note },
    ]);
    const now = new Date();
    await postMovements(tx, actor, drafts, labelsFrom(items, locations), now);
    await markTransferReverted(tx, id, now);
    const [reverted] = await findTransfers(tx, actor.workspaceId, [id]);
    await recordEvent(tx, StockEvents.transferReverted, actor.workspaceId, reverted, actor.requestId);
    return reverted!;
  });
}
