import { actorOf, type Caller, canAccessLocation, type EntityId, NotFound, parseEntityId } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { findTransfers, transferArrivals } from '../data/transfer-repository';
import { balancesTouched, transitionChanges } from '../domain/ledger-plan';
import { toUnits } from '../domain/quantity';
import { identityOf, unitsTouched } from '../domain/units';
import { transitionRefusal } from '../domain/stock-policy';
import type { Transfer } from '../domain/stock-records';
import type { TransitionInput } from '../domain/stock-requests';
import { stampsAfter, statusAfter, transitionOf, type TransferAction } from '../domain/transfer-lifecycle';
import { endsOf, labelsOf, presentTransfer } from './ledger-facts';
import { runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * Runs one transition of a transfer (domain/transfer-lifecycle.ts) and answers the transfer after
 * it, with the stock position it took (complete and revert; domain/ledger-plan.ts transitionChanges
 * says what each does to the ledger). The transfer's row is locked first, so of racing
 * transitions exactly one finds the status it starts from; the policy (transitionRefusal) decides
 * before anything is locked from the transfer as last read, and again under the locks. Throws
 * NotFound for a transfer the member cannot see (it may read neither end).
 */
export async function transitionTransfer(
  runtime: ServiceRuntime,
  caller: Caller,
  request: { transferId: string; action: TransferAction; input: TransitionInput },
  guard: EffectGuard<Transfer>,
): Promise<StockWrite<Transfer>> {
  const { action, input } = request;
  const id = parseEntityId(request.transferId);
  const workspaceId = caller.workspace.id;
  const [existing] = id ? await findTransfers(runtime.pool, workspaceId, [id]) : [];
  const readable = (locationId: string) => canAccessLocation(caller.locationAccess, locationId, 'read');
  if (!id || !existing || !(readable(existing.fromLocationId) || readable(existing.toLocationId))) throw new NotFound('Transfer');
  const refusal = transitionRefusal({ access: caller.locationAccess, action, transfer: existing });
  if (refusal) throw refusal;
  // A transfer's ends and lines never change, nor what its creation and earlier transitions
  // recorded (each status is entered once): read once, they are what the transaction locks and
  // what its answer shows.
  const from = existing.fromLocationId as EntityId;
  const to = existing.toLocationId as EntityId;
  // A pending line shows the units it names (held); what a completed one moved is in its movements, what a revert moves back.
  const lines = existing.lines.map((l) => ({ id: l.id as EntityId, itemId: l.itemId as EntityId, quantity: toUnits(l.quantity), note: l.note, units: identityOf({ serials: l.serials, lot: l.lot }) }));
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const arrivals =
    action === 'revert'
      ? (await transferArrivals(runtime.pool, workspaceId, id)).map((a) => ({ itemId: a.itemId as EntityId, quantity: toUnits(a.quantity), note: '', units: identityOf({ serials: a.serials, lot: a.lot }) }))
      : undefined;
  const entries = 'lines' in input ? input.lines : undefined;
  const changes = transitionChanges(action, { id, fromLocationId: from, toLocationId: to, lines }, { entries, ...(arrivals ? { arrivals } : {}) });
  const movedOf = new Map((changes.moved ?? []).map((m) => [m.lineId, m.units]));
  // A reason given replaces the one the transfer carries (a replenishment's); none keeps it.
  const reason = ('reason' in input ? input.reason : undefined) || existing.reason;

  return runLedgerUnit(runtime, caller, guard, {
    locks: { transferId: id, locationIds: [from, to], itemIds, itemsAddedTo: [], totals: [], balances: balancesTouched(changes), units: unitsTouched([...changes.movements, ...changes.reservations]) },
    decide: (facts, now) => {
      if (!facts.transfer) throw new NotFound('Transfer');
      const refused = transitionRefusal({ access: caller.locationAccess, action, transfer: facts.transfer, places: endsOf(facts, from, to) });
      if (refused) throw refused;
      const status = statusAfter(action);
      return {
        ...changes,
        labels: labelsOf(facts),
        transfer: { moved: { id, from: transitionOf(action).from, to: status, reason, ...(changes.moved ? { moved: changes.moved } : {}) } },
        answer: () => {
          const stamps = stampsAfter(existing, status, now, actorOf(caller));
          // A revert shows what the lines moved, as before it; a completion what they move now.
          const shown = existing.lines.map((l, index) => ({
            ...lines[index]!,
            moved: movedOf.get(lines[index]!.id) ?? (l.lots ? { lots: l.lots.map((x) => ({ lot: x.lot, quantity: String(x.quantity) })) } : l.serials ? { serials: l.serials } : null),
          }));
          const transfer = presentTransfer({ ...existing, id, fromLocationId: from, toLocationId: to, status, reason, createdAt: new Date(existing.createdAt), stamps, lines: shown }, facts);
          return { result: transfer, events: outboxMessages(transitionOf(action).event, workspaceId, [transfer], caller.requestId) };
        },
      };
    },
  });
}
