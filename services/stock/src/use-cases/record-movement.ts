import type { Caller } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { itemFacts, placeFacts } from '../data/projection-repository';
import { balanceKey } from '../domain/ledger-plan';
import { countedMovements, hasSerials, identityOf, type UnitIdentity, unitsTouched } from '../domain/units';
import { unitsAt } from './ledger-facts';
import { countDifference } from '../domain/balance-rules';
import { toUnits } from '../domain/quantity';
import { toMoney } from '../domain/money';
import { CountBelowReserved, movementRefusal, OnHandNotExpected } from '../domain/stock-policy';
import { RECORDED_AS, type Movement } from '../domain/stock-records';
import type { RecordMovementInput } from '../domain/stock-requests';
import { labelsOf, presentMovement } from './ledger-facts';
import { runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * Records a receipt, an adjustment or a physical count (one adjustment of the difference, reason
 * count, so that on-hand equals the count; 0 when the count confirms it), and answers it with the
 * stock position it took. The policy (movementRefusal) decides before anything is locked from
 * access alone, and under the locks from the item, the location and the balance: whether the
 * movement adds stock is known there for a count. An adjustment's expectedOnHand is compared
 * with the locked balance (OnHandNotExpected); a count may not go below what is reserved
 * (CountBelowReserved); nothing may take more than is available (the ledger's plan).
 *
 * A tracked item's movement carries its units (docs/serials.md): a receipt or an adjustment the
 * serials or the lot it moves; a count states what is there: of a serial item every serial counted
 * (those in stock there and not counted leave it written off, those counted and not in stock there
 * come in: two movements when both happen, the answer the last), of a lot item the count of one lot.
 */
export async function recordMovement(runtime: ServiceRuntime, caller: Caller, input: RecordMovementInput, guard: EffectGuard<Movement>): Promise<StockWrite<Movement>> {
  const { itemId, locationId } = input;
  const facts = { access: caller.locationAccess, locationId, itemId };
  const refusal = movementRefusal({ ...facts, addsStock: input.type !== 'count' && input.quantity > 0 });
  if (refusal) throw refusal;
  const recorded = RECORDED_AS[input.type];
  const key = { itemId, locationId };
  const units = identityOf(input);
  const touched = unitsTouched([{ itemId, locationId, ...(units ? { units } : {}) }]);

  return runLedgerUnit(runtime, caller, guard, {
    // Every movement holds its item's shared lock: a change making the item catalog-only waits for it.
    locks: {
      locationIds: [locationId],
      itemIds: [itemId],
      itemsAddedTo: [itemId],
      totals: [itemId],
      balances: [key],
      // A count of serials compares them with every serial in stock there: all are read, under the balance's lock.
      units: { ...touched, ...(input.type === 'count' && (hasSerials(units) || input.quantity === 0) ? { stockedAt: [key] } : {}) },
    },
    decide: (locked) => {
      const balance = locked.balances.get(balanceKey(key))!;
      const labels = labelsOf(locked);
      const where = `item ${labels.item(itemId)} at location ${labels.location(locationId)}`;
      const known = { ...facts, known: true, place: placeFacts(locked.locations.get(locationId)), item: itemFacts(locked.items.get(itemId)) };
      const reason = input.type === 'count' ? recorded.defaultReason : (input.reason ?? recorded.defaultReason);
      const unitCost = input.type === 'receipt' && input.unitCost !== undefined ? { unitCost: toMoney(input.unitCost) } : {};
      const draft = (quantity: bigint, moved: UnitIdentity | undefined) => ({
        ...key,
        type: recorded.type,
        quantity,
        transferId: null,
        operationId: null,
        reason,
        reference: input.reference ?? '',
        note: input.note ?? '',
        param: 'quantity',
        at: '',
        ...(moved ? { units: moved } : {}),
        ...unitCost,
      });
      let movements;
      if (input.type === 'count') {
        // What a count adds is known only now: refuse what no count may do first.
        const refused = movementRefusal({ ...known, addsStock: false });
        if (refused) throw refused;
        const counted = toUnits(input.quantity);
        movements = countedMovements(unitsAt(locked, key), counted, units, balance.onHand, locked.items.get(itemId)?.tracking ?? 'none').map((m) => draft(m.quantity, m.units));
        if (countDifference(balance, counted) === undefined) throw new CountBelowReserved(where, input.quantity, balance.reserved);
        if (movements.some((m) => m.quantity > 0n)) {
          const adding = movementRefusal({ ...known, addsStock: true });
          if (adding) throw adding;
        }
      } else {
        const quantity = toUnits(input.quantity);
        const refused = movementRefusal({ ...known, addsStock: quantity > 0n });
        if (refused) throw refused;
        if (input.type === 'adjustment' && input.expectedOnHand !== undefined && balance.onHand !== toUnits(input.expectedOnHand)) {
          throw new OnHandNotExpected(where, balance.onHand, input.expectedOnHand);
        }
        movements = [draft(quantity, units)];
      }
      return {
        movements,
        reservations: [],
        labels,
        answer: (written) => ({ result: presentMovement(written[written.length - 1]!, locked), events: [] }),
      };
    },
  });
}
