import type { Caller } from '@inv/shared/core';
import type { EffectGuard } from '@inv/shared/db';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { itemFacts, placeFacts } from '../data/projection-repository';
import { type BalanceKey, balanceKey } from '../domain/ledger-plan';
import type { LedgerFacts } from '../data/ledger';
import { hasLot, hasSerials, identityOf, lotKeyOf, type UnitIdentity, unitsTouched } from '../domain/units';
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
      units: { ...touched, ...(input.type === 'count' && hasSerials(units) ? { stockedAt: [key] } : {}) },
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
        movements = countMovements(locked, key, counted, units, balance).map((m) => draft(m.quantity, m.units));
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

/**
 * The movements of a count: of an untracked item one adjustment of the difference (0 when it
 * confirms the balance); of a lot item one of the counted lot's difference; of a serial item one
 * out of the serials in stock there and not counted, one in of those counted and not in stock
 * there (either left out when empty; one of 0 when the count confirms every serial). A tracked
 * count without its serials or lot is refused by the ledger's plan (the movement names none).
 */
function countMovements(locked: LedgerFacts, key: BalanceKey, counted: bigint, units: UnitIdentity | undefined, balance: { onHand: bigint }): Array<{ quantity: bigint; units?: UnitIdentity }> {
  if (hasSerials(units)) {
    const countedKeys = new Set(units.serials.map((s) => s.key));
    const there = [...locked.serials.values()].filter((s) => s.itemId === key.itemId && s.status === 'in_stock' && s.locationId === key.locationId);
    const missing = there.filter((s) => !countedKeys.has(s.key)).map((s) => ({ key: s.key, serial: s.serial }));
    const thereKeys = new Set(there.map((s) => s.key));
    const found = units.serials.filter((s) => !thereKeys.has(s.key));
    if (BigInt(units.serials.length) * 10_000n !== counted) {
      // The plan words it: a serial count must name as many serials as it counts.
      return [{ quantity: counted - balance.onHand, units }];
    }
    const out = missing.length > 0 ? [{ quantity: -BigInt(missing.length) * 10_000n, units: { serials: missing } }] : [];
    const into = found.length > 0 ? [{ quantity: BigInt(found.length) * 10_000n, units: { serials: found } }] : [];
    return out.length + into.length > 0 ? [...out, ...into] : [{ quantity: 0n }];
  }
  if (hasLot(units)) {
    const lot = locked.lots.get(lotKeyOf(key.itemId, key.locationId, units.lot.key));
    return [{ quantity: counted - (lot?.onHand ?? 0n), units }];
  }
  return [{ quantity: counted - balance.onHand, ...(units ? { units } : {}) }];
}
