import type { EntityId } from '@inv/shared/core';
import { balanceKey, type BalanceKey } from './ledger-plan';
import { availableAt, type ParNeed, planReplenishment, replenishmentOrders, replenishmentTransfers, type SourceStock } from './replenishment';
import { toUnits } from './quantity';

const id = (n: number) => `0191c1a0-0000-7000-8000-${String(n).padStart(12, '0')}` as EntityId;
const [ITEM, OTHER_ITEM, WAREHOUSE, DEPOT, V1, V2, V3] = [1, 2, 3, 4, 5, 6, 7].map(id) as [EntityId, EntityId, EntityId, EntityId, EntityId, EntityId, EntityId];
const u = toUnits;

const need = (locationId: EntityId, amounts: { onHand: number; reserved?: number; minimum: number; target?: number; incoming?: number; onOrder?: number; drafted?: number }, itemId = ITEM): ParNeed => ({
  itemId,
  locationId,
  onHand: u(amounts.onHand),
  reserved: u(amounts.reserved ?? 0),
  minimum: u(amounts.minimum),
  target: u(amounts.target ?? amounts.minimum),
  incoming: u(amounts.incoming ?? 0),
  onOrder: u(amounts.onOrder ?? 0),
  drafted: u(amounts.drafted ?? 0),
});

function planOf(
  needs: ParNeed[],
  stock: Array<[BalanceKey, SourceStock]>,
  sources: Record<string, EntityId | null> = {},
  eligible = (_n: ParNeed, _s: EntityId | null) => true,
  suppliers: Record<string, EntityId> = {},
) {
  const byKey = new Map(stock.map(([k, s]) => [balanceKey(k), s]));
  return planReplenishment({ needs, sourceOf: (l) => (l in sources ? sources[l]! : WAREHOUSE), supplierOf: (i) => suppliers[i] ?? null, sourceStock: (k) => byKey.get(balanceKey(k)), eligible });
}
const at = (locationId: EntityId, itemId = ITEM): BalanceKey => ({ itemId, locationId });
const stock = (onHand: number, reserved = 0, minimum?: number): SourceStock => ({ onHand: u(onHand), reserved: u(reserved), minimum: minimum === undefined ? undefined : u(minimum) });
const figures = (lines: ReturnType<typeof planOf>) => lines.map((l) => [l.locationId, Number(l.needed) / 1e4, Number(l.proposed) / 1e4, Number(l.shortfall) / 1e4]);

describe('replenishment: what a location needs', () => {
  it('when a location is below its minimum, then it needs its target less its on-hand and what is incoming, never below 0', () => {
    const lines = planOf([need(V1, { onHand: 2, minimum: 5, target: 10 }), need(V2, { onHand: 1, minimum: 5, target: 10, incoming: 4 }), need(V3, { onHand: 1, minimum: 5, incoming: 9 })], [[at(WAREHOUSE), stock(100)]]);
    expect(figures(lines)).toEqual([
      [V1, 8, 8, 0],
      [V2, 5, 5, 0],
      [V3, 0, 0, 0],
    ]);
  });

  it('when a location is at or above its minimum, then it is no line, whatever its target', () => {
    expect(planOf([need(V1, { onHand: 5, minimum: 5, target: 10 }), need(V2, { onHand: 0, minimum: 0, target: 3 })], [[at(WAREHOUSE), stock(100)]])).toEqual([]);
  });

  it('when a location has no source, then nothing is proposed and the whole need is short', () => {
    const [line] = planOf([need(V1, { onHand: 0, minimum: 2, target: 3 })], [], { [V1]: null });
    expect(line).toMatchObject({ sourceLocationId: null, needed: u(3), availableAtSource: 0n, proposed: 0n, shortfall: u(3) });
  });

  it('when the policy refuses a line, then it is left out and takes nothing from the source', () => {
    const lines = planOf([need(V1, { onHand: 0, minimum: 5 }), need(V2, { onHand: 0, minimum: 5 })], [[at(WAREHOUSE), stock(5)]], {}, (n) => n.locationId !== V1);
    expect(figures(lines)).toEqual([[V2, 5, 5, 0]]);
  });
});

describe('replenishment: what a source can give', () => {
  it('when the source has reservations and its own minimum, then it gives what is above both, never below 0', () => {
    expect(availableAt(stock(20, 3, 15))).toBe(u(2));
    expect(availableAt(stock(20, 3))).toBe(u(17));
    expect(availableAt(stock(10, 0, 15))).toBe(0n);
    expect(availableAt(undefined)).toBe(0n);
  });

  it('when lines share a source, then the emptiest relative to its minimum is served first and the proposals never exceed what it gives', () => {
    // Coverage (onHand + incoming) / minimum: V2 0/5, V1 2/5, V3 4/5 — served in that order out of 12.
    const lines = planOf([need(V1, { onHand: 2, minimum: 5, target: 10 }), need(V2, { onHand: 0, minimum: 5, target: 10 }), need(V3, { onHand: 4, minimum: 5 })], [[at(WAREHOUSE), stock(12)]]);
    expect(figures(lines)).toEqual([
      [V1, 8, 2, 6],
      [V2, 10, 10, 0],
      [V3, 1, 0, 1],
    ]);
    expect(lines.every((l) => l.availableAtSource === u(12))).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.proposed, 0n)).toBe(u(12));
  });

  it('when coverage ties, then the location id decides; incoming counts toward coverage', () => {
    const lines = planOf([need(V2, { onHand: 1, minimum: 2, target: 4 }), need(V1, { onHand: 0, minimum: 2, target: 4, incoming: 1 })], [[at(WAREHOUSE), stock(3)]]);
    expect(figures(lines)).toEqual([
      [V1, 3, 3, 0],
      [V2, 3, 0, 3],
    ]);
  });

  it('when lines draw on different sources or items, then each source and item is shared apart', () => {
    const lines = planOf(
      [need(V1, { onHand: 0, minimum: 4 }), need(V2, { onHand: 0, minimum: 4 }), need(V1, { onHand: 0, minimum: 4 }, OTHER_ITEM)],
      [
        [at(WAREHOUSE), stock(4)],
        [at(DEPOT), stock(4)],
        [at(WAREHOUSE, OTHER_ITEM), stock(4)],
      ],
      { [V2]: DEPOT },
    );
    expect(lines.map((l) => [l.itemId, l.locationId, l.sourceLocationId, Number(l.proposed) / 1e4])).toEqual(
      [
        [ITEM, V1, WAREHOUSE, 4],
        [ITEM, V2, DEPOT, 4],
        [OTHER_ITEM, V1, WAREHOUSE, 4],
      ].sort((a, b) => (`${a[0]}${a[1]}` < `${b[0]}${b[1]}` ? -1 : 1)),
    );
  });
});

describe('replenishment: what is reserved at the destination', () => {
  it('when a van holds 8 with 6 reserved (a job, a pending transfer out), a minimum of 5 and a target of 10, then it is below par and needs 8', () => {
    const lines = planOf([need(V1, { onHand: 8, reserved: 6, minimum: 5, target: 10 })], [[at(WAREHOUSE), stock(100)]]);
    expect(figures(lines)).toEqual([[V1, 8, 8, 0]]);
  });

  it('when what is free stays at the minimum, then nothing is needed, however much is reserved', () => {
    expect(planOf([need(V1, { onHand: 11, reserved: 6, minimum: 5, target: 10 })], [[at(WAREHOUSE), stock(100)]])).toEqual([]);
  });

  it('when something is on its way too, then the position counts it: onHand − reserved + incoming', () => {
    const lines = planOf([need(V1, { onHand: 8, reserved: 6, minimum: 5, target: 10, incoming: 3 })], [[at(WAREHOUSE), stock(100)]]);
    expect(figures(lines)).toEqual([[V1, 5, 5, 0]]);
  });
});

describe('replenishment: the transfers of a plan', () => {
  it('when a plan proposes lines, then there is one transfer per (source, destination) pair, without the lines that propose nothing', () => {
    const lines = planOf(
      [need(V1, { onHand: 0, minimum: 2 }), need(V1, { onHand: 0, minimum: 3 }, OTHER_ITEM), need(V2, { onHand: 0, minimum: 5 }), need(V3, { onHand: 0, minimum: 1 })],
      [
        [at(WAREHOUSE), stock(7)],
        [at(WAREHOUSE, OTHER_ITEM), stock(3)],
        [at(DEPOT), stock(0)],
      ],
      { [V3]: DEPOT },
    );
    expect(replenishmentTransfers(lines)).toEqual(
      [
        { from: WAREHOUSE, to: V1, lines: [{ itemId: ITEM, quantity: u(2) }, { itemId: OTHER_ITEM, quantity: u(3) }] },
        { from: WAREHOUSE, to: V2, lines: [{ itemId: ITEM, quantity: u(5) }] },
      ].sort((a, b) => (a.to < b.to ? -1 : 1)),
    );
  });
});

describe('replenishment: locations without a source order from suppliers', () => {
  const [ACME, BOLTS] = [8, 9].map(id) as [EntityId, EntityId];

  it('when a location without a source is below par, then the item\'s supplier is proposed the whole need, and an item without a supplier stays short', () => {
    const lines = planOf([need(WAREHOUSE, { onHand: 2, minimum: 10, target: 20 }), need(WAREHOUSE, { onHand: 0, minimum: 5 }, OTHER_ITEM)], [], { [WAREHOUSE]: null }, undefined, { [ITEM]: ACME });
    expect(lines.map((l) => [l.itemId, l.supplierId, Number(l.proposed) / 1e4, Number(l.shortfall) / 1e4])).toEqual([
      [ITEM, ACME, 18, 0],
      [OTHER_ITEM, null, 0, 5],
    ]);
    expect(replenishmentOrders(lines)).toEqual([{ supplierId: ACME, locationId: WAREHOUSE, lines: [{ itemId: ITEM, quantity: u(18) }] }]);
  });

  it('when stock is on order or drafted, then the position counts it and nothing is ordered twice', () => {
    const lines = planOf([need(WAREHOUSE, { onHand: 2, minimum: 10, target: 20, onOrder: 8, drafted: 10 }), need(DEPOT, { onHand: 0, minimum: 5, drafted: 2 })], [], { [WAREHOUSE]: null, [DEPOT]: null }, undefined, { [ITEM]: ACME });
    expect(figures(lines)).toEqual([
      [WAREHOUSE, 0, 0, 0],
      [DEPOT, 3, 3, 0],
    ]);
  });

  it('when items of two suppliers are short at two locations, then one draft order per (supplier, location), lines by item', () => {
    const lines = planOf(
      [need(WAREHOUSE, { onHand: 0, minimum: 1 }), need(WAREHOUSE, { onHand: 0, minimum: 2 }, OTHER_ITEM), need(DEPOT, { onHand: 0, minimum: 3 })],
      [],
      { [WAREHOUSE]: null, [DEPOT]: null },
      undefined,
      { [ITEM]: ACME, [OTHER_ITEM]: BOLTS },
    );
    const orders = replenishmentOrders(lines).map((o) => [o.locationId, o.supplierId, o.lines.map((l) => [l.itemId, Number(l.quantity) / 1e4])]);
    expect(orders).toEqual(
      [
        [DEPOT, ACME, [[ITEM, 3]]],
        [WAREHOUSE, ACME, [[ITEM, 1]]],
        [WAREHOUSE, BOLTS, [[OTHER_ITEM, 2]]],
      ].sort((a, b) => (`${a[0]}/${a[1]}` < `${b[0]}/${b[1]}` ? -1 : 1)),
    );
  });
});
