import { actorOf, BadRequest, type Caller, newId, parseEntityId, planQuota } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { TRANSFERS_IN_USE } from '../data/ledger';
import { balancesTouched, sourceReservations, transferMovements } from '../domain/ledger-plan';
import { toUnits } from '../domain/quantity';
import { identityOf, unitsTouched } from '../domain/units';
import { transferRefusal } from '../domain/stock-policy';
import { CREATED_EVENT, stampsAfter, UNSTAMPED } from '../domain/transfer-lifecycle';
import type { Transfer } from '../domain/stock-records';
import type { CreateTransferInput } from '../domain/stock-requests';
import { endsOf, itemsOf, labelsOf, presentTransfer } from './ledger-facts';
import { runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * Moves stock between two locations at once and answers the completed Transfer, or (status
 * pending) reserves the lines at the source (the request's fromLocationId, else the workspace's
 * defaultTransferFromLocationId: BadRequest naming fromLocationId without either) and answers the pending Transfer, with the stock
 * position it took (none for a pending one, which moves nothing). All or nothing. Refused by the
 * policy (transferRefusal) before anything is locked, for what the request alone shows, and
 * again under the locks with the locations and items; for want of stock at the source by the
 * ledger's plan; past the plan's transfers per billing cycle by the quota, claimed last.
 */
export async function createTransfer(runtime: ServiceRuntime, caller: Caller, input: CreateTransferInput, guard: EffectGuard<Transfer>): Promise<StockWrite<Transfer>> {
  const from = input.fromLocationId ?? parseEntityId(caller.workspace.defaultTransferFromLocationId ?? '');
  if (!from) throw new BadRequest("Invalid request body: fromLocationId: required, as the workspace has no defaultTransferFromLocationId.", 'fromLocationId');
  const to = input.toLocationId;
  const itemIds = input.lines.map((l) => l.itemId);
  const refusal = transferRefusal({ access: caller.locationAccess, from, to, itemIds });
  if (refusal) throw refusal;
  const id = newId();
  const status = input.status ?? 'completed';
  const note = input.note ?? '';
  const lines = input.lines.map((l) => ({ id: newId(), itemId: l.itemId, quantity: toUnits(l.quantity), note: l.note ?? '', units: identityOf(l) }));
  // A line short of stock is refused naming its quantity in the request, its serials or lot naming them.
  const asked = lines.map((l, i) => ({ ...l, at: `lines[${i}]`, param: `lines[${i}].quantity` }));
  const changes =
    status === 'completed' ? { movements: transferMovements(id, from, to, asked), reservations: [] } : { movements: [], reservations: sourceReservations(from, asked, 1n, id) };
  const workspaceId = caller.workspace.id;

  return runLedgerUnit(runtime, caller, guard, {
    locks: { locationIds: [from, to], itemIds, itemsAddedTo: [], totals: [], balances: balancesTouched(changes), units: unitsTouched([...changes.movements, ...changes.reservations]) },
    quota: { quota: planQuota(caller.workspace, 'transfers'), inUse: TRANSFERS_IN_USE },
    decide: (facts, now) => {
      const refused = transferRefusal({ access: caller.locationAccess, from, to, itemIds, places: endsOf(facts, from, to), items: itemsOf(facts, itemIds) });
      if (refused) throw refused;
      return {
        ...changes,
        labels: labelsOf(facts),
        transfer: { created: [{ id, fromLocationId: from, toLocationId: to, status, note, reason: '', origin: 'manual', lines }] },
        answer: () => {
          const createdBy = actorOf(caller);
          const stamps = stampsAfter(UNSTAMPED, status, now, createdBy);
          const transfer = presentTransfer({ id, fromLocationId: from, toLocationId: to, status, note, reason: '', origin: 'manual', createdAt: now, createdBy, stamps, lines }, facts);
          return { result: transfer, events: outboxMessages(CREATED_EVENT[status], workspaceId, [transfer], caller.requestId) };
        },
      };
    },
  });
}
