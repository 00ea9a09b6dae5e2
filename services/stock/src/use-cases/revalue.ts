import { actorOf, type Caller, newId, Unprocessable } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import { itemFacts } from '../data/projection-repository';
import { toMoney } from '../domain/money';
import { presentRevaluation, type Revaluation, revaluation, revaluationRefusal, type RevalueInput } from '../domain/revaluations';
import { itemRefusal } from '../domain/stock-policy';
import { copiedCost, labelsOf } from './ledger-facts';
import { runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * POST /inventory/revaluations: sets an item's average cost, under the lock of its workspace total
 * (receipts, reverts and other revaluations of the item queue on it), and records it in the cost
 * journal with its value change over the on-hand read under that lock. Moves no stock. Refused for
 * a member with restricted location access (403), an unknown or catalog-only item (422).
 */
export function revalue(runtime: Parameters<typeof runLedgerUnit>[0], caller: Caller, input: RevalueInput, guard: EffectGuard<Revaluation>): Promise<StockWrite<Revaluation>> {
  const denied = revaluationRefusal(caller.locationAccess);
  if (denied) throw denied;
  const { itemId } = input;
  return runLedgerUnit(runtime, caller, guard, {
    locks: { locationIds: [], itemIds: [itemId], itemsAddedTo: [], totals: [itemId], balances: [] },
    decide: (facts, now) => {
      const refused = itemRefusal(itemFacts(facts.items.get(itemId)), itemId);
      if (refused) throw refused instanceof Unprocessable ? new Unprocessable(refused.message, 'itemId') : refused;
      const before = facts.averageCosts.get(itemId) ?? copiedCost(facts, itemId);
      const averageCost = toMoney(input.averageCost);
      const record = revaluation(
        { id: newId(), itemId, reason: input.reason, note: input.note ?? '', createdAt: now.toISOString(), createdBy: actorOf(caller) },
        facts.totals.get(itemId)?.onHand ?? 0n,
        before,
        averageCost,
      );
      return {
        movements: [],
        reservations: [],
        labels: labelsOf(facts),
        revaluation: record,
        costChanges: [{ itemId, kind: 'revaluation', before: before ?? averageCost, average: averageCost, sourceId: record.id }],
        answer: () => ({ result: presentRevaluation(record), events: [] }),
      };
    },
  });
}
