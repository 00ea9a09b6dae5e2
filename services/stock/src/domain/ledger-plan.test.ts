import type { EntityId } from '@inv/shared/core';
import { balanceKey, balancesTouched, InsufficientStock, type LockedBalance, openingCancellations, planLedger, sourceReservations, transferMovements, transitionChanges } from './ledger-plan';
import { toUnits } from './quantity';

const FROM = 'aaaaaaaa-0000-4000-8000-000000000001' as EntityId;
const TO = 'bbbbbbbb-0000-4000-8000-000000000002' as EntityId;
const ITEM = 'cccccccc-0000-4000-8000-000000000003' as EntityId;
const T = 'dddddddd-0000-4000-8000-000000000004' as EntityId;
const labels = { item: (id: string) => `item:${id.slice(0, 1)}`, location: (id: string) => `loc:${id.slice(0, 1)}` };
const line = { id: 'eeeeeeee-0000-4000-8000-000000000005' as EntityId, itemId: ITEM, quantity: toUnits(3), note: 'n' };

function locked(...balances: Array<[EntityId, number, number, number?]>): Map<string, LockedBalance> {
  return new Map(
    balances.map(([locationId, onHand, reserved, version]) => {
      const b = { itemId: ITEM, locationId, onHand: toUnits(onHand), reserved: toUnits(reserved), version: version ?? 1 };
      return [balanceKey(b), b];
    }),
  );
}

describe('ledger plan', () => {
  it('when a transfer moves stock, then each movement carries its balance after and the next version, and stock.changed says the same', () => {
    const plan = planLedger(locked([FROM, 5, 0, 7], [TO, 1, 0, 2]), transitionChanges('revert', { id: T, fromLocationId: TO, toLocationId: FROM, lines: [line] }), labels);
    expect(plan.movements.map((m) => [m.draft.type, m.draft.locationId, m.balanceAfter, m.version])).toEqual([
      ['transfer_out', FROM, toUnits(2), 8],
      ['transfer_in', TO, toUnits(4), 3],
    ]);
    expect(plan.changed.map((c) => [c.locationId, c.onHand, c.delta, c.version])).toEqual([
      [FROM, 2, -3, 8],
      [TO, 4, 3, 3],
    ]);
  });

  it('when a change needs more than is available (on-hand minus reserved), then the whole change is refused naming what is available', () => {
    const changes = transitionChanges('revert', { id: T, fromLocationId: TO, toLocationId: FROM, lines: [line] });
    expect(() => planLedger(locked([FROM, 4, 2], [TO, 0, 0]), changes, labels)).toThrow(InsufficientStock);
    expect(() => planLedger(locked([FROM, 4, 2], [TO, 0, 0]), changes, labels)).toThrow(
      'Insufficient stock; nothing was changed: item item:c at location loc:a: 2 available (2 more on hand reserved for pending transfers and jobs), 3 requested.',
    );
  });

  it('when several lines are short, then one refusal lists every one the same way, in the message and in the envelope, each with the field that asked for it', () => {
    const other = 'eeeeeeee-0000-4000-8000-000000000005' as typeof ITEM;
    const lines = [
      { ...line, param: 'lines[0].quantity' },
      { ...line, itemId: other, param: 'lines[1].quantity' },
    ];
    const empty = (locationId: EntityId) => [balanceKey({ itemId: other, locationId }), { itemId: other, locationId, onHand: 0n, reserved: 0n, version: 1 }] as const;
    const balances = new Map([...locked([FROM, 1, 0], [TO, 0, 0]), empty(FROM), empty(TO)]);
    let refusal: InsufficientStock | undefined;
    try {
      planLedger(balances, { movements: transferMovements(T, FROM, TO, lines), reservations: [] }, labels);
    } catch (err) {
      refusal = err as InsufficientStock;
    }
    expect(refusal!.message).toBe(`Insufficient stock; nothing was changed: item item:c at location loc:a: 1 available, 3 requested; item item:e at location loc:a: 0 available, 3 requested.`);
    expect(refusal!.toEnvelope().error).toMatchObject({
      code: 'unprocessable_entity',
      param: 'lines[0].quantity',
      shortages: [
        { itemId: ITEM, locationId: FROM, available: 1, requested: 3, param: 'lines[0].quantity' },
        { itemId: other, locationId: FROM, available: 0, requested: 3, param: 'lines[1].quantity' },
      ],
    });
  });

  it('when a part asked for by a request field is short, then the refusal names that field as its param; a part nobody asked for names none', () => {
    const refusal = (change: Parameters<typeof planLedger>[1]) => {
      try {
        planLedger(locked([FROM, 1, 0], [TO, 0, 0]), change, labels);
      } catch (err) {
        return (err as InsufficientStock).toEnvelope().error;
      }
      throw new Error('expected a refusal');
    };
    const asked = [{ ...line, param: 'lines[0].quantity' }];
    expect(refusal({ movements: transferMovements(T, FROM, TO, asked), reservations: [] })).toMatchObject({ code: 'unprocessable_entity', param: 'lines[0].quantity' });
    expect(refusal({ movements: [], reservations: sourceReservations(FROM, asked, 1n) })).toMatchObject({ code: 'unprocessable_entity', param: 'lines[0].quantity' });
    expect(refusal(transitionChanges('revert', { id: T, fromLocationId: TO, toLocationId: FROM, lines: [line] }))).not.toHaveProperty('param');
  });

  it('when a pending transfer completes, then it moves exactly what it releases and is never short, even with nothing else available', () => {
    const balances = locked([FROM, 3, 3], [TO, 0, 0]);
    const plan = planLedger(balances, transitionChanges('complete', { id: T, fromLocationId: FROM, toLocationId: TO, lines: [line] }), labels);
    expect(plan.balances.find((b) => b.locationId === FROM)).toMatchObject({ onHand: 0n, reserved: 0n });
    expect(plan.balances.find((b) => b.locationId === TO)).toMatchObject({ onHand: toUnits(3), reserved: 0n });
  });

  it('when a pending transfer is rejected or cancelled, then its reservation is released, nothing moves and no version changes', () => {
    for (const action of ['reject', 'cancel'] as const) {
      const plan = planLedger(locked([FROM, 3, 3, 4]), transitionChanges(action, { id: T, fromLocationId: FROM, toLocationId: TO, lines: [line] }), labels);
      expect(plan.movements).toEqual([]);
      expect(plan.changed).toEqual([]);
      expect(plan.balances).toEqual([{ itemId: ITEM, locationId: FROM, onHand: toUnits(3), reserved: 0n, version: 4 }]);
    }
  });

  it('when a change touches a balance twice, then it locks it once', () => {
    const changes = transitionChanges('complete', { id: T, fromLocationId: FROM, toLocationId: TO, lines: [line] });
    expect(balancesTouched(changes)).toEqual([
      { itemId: ITEM, locationId: FROM },
      { itemId: ITEM, locationId: TO },
    ]);
  });

  it('when a balance was not locked, then planning it is a programming error, not a refusal', () => {
    expect(() => planLedger(new Map(), transitionChanges('revert', { id: T, fromLocationId: TO, toLocationId: FROM, lines: [line] }), labels)).toThrow('was not locked');
  });

  it('when an opening is cancelled, then each of its movements is taken back where it added stock, and the ledger plans it as any change', () => {
    const cancellations = openingCancellations(T, [{ itemId: ITEM, locationId: FROM, quantity: toUnits(5) }]);
    expect(cancellations).toMatchObject([{ itemId: ITEM, locationId: FROM, type: 'opening', quantity: -toUnits(5), operationId: T, reason: 'opening_cancelled' }]);
    expect(planLedger(locked([FROM, 5, 0, 1]), { movements: cancellations, reservations: [] }, labels).changed).toEqual([
      { itemId: ITEM, locationId: FROM, onHand: 0, delta: -5, movementType: 'opening', version: 2 },
    ]);
  });
});
