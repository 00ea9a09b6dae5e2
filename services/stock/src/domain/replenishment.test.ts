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

/** Vans are refilled from the warehouse unless `sources` says otherwise; the warehouse and the depot from suppliers. */
function planOf(
  needs: ParNeed[],
  stock: Array<[BalanceKey, SourceStock]>,
  sources: Record<string, EntityId | null> = {},
  eligible = (_n: ParNeed, _s: EntityId | null) => true,
  suppliers: Record<string, EntityId> = {},
  rights: Pick<Parameters<typeof planReplenishment>[0], 'maySource' | 'mayOrder'> = {},
) {
  const byKey = new Map(stock.map(([k, s]) => [balanceKey(k), s]));
  const sourceOf = (l: EntityId) => (l in sources ? sources[l]! : l === WAREHOUSE || l === DEPOT ? null : WAREHOUSE);
  return planReplenishment({ needs, sourceOf, supplierOf: (i) => suppliers[i] ?? null, sourceStock: (k) => byKey.get(balanceKey(k)), eligible, ...rights });
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
    // What the vans still lack (7) counts in the warehouse's own position: it has no supplier, so it stays short too.
    expect(figures(lines)).toEqual([
      [WAREHOUSE, 7, 0, 7],
      [V1, 8, 2, 6],
      [V2, 10, 10, 0],
      [V3, 1, 0, 1],
    ]);
    const vans = lines.filter((l) => l.locationId !== WAREHOUSE);
    expect(vans.every((l) => l.availableAtSource === u(12))).toBe(true);
    expect(vans.reduce((sum, l) => sum + l.proposed, 0n)).toBe(u(12));
  });

  it('when coverage ties, then the location id decides; incoming counts toward coverage', () => {
    const lines = planOf([need(V2, { onHand: 1, minimum: 2, target: 4 }), need(V1, { onHand: 0, minimum: 2, target: 4, incoming: 1 })], [[at(WAREHOUSE), stock(3)]]);
    expect(figures(lines)).toEqual([
      [WAREHOUSE, 3, 0, 3],
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

describe("replenishment: what a source's destinations lack counts in its own position (issue 44)", () => {
  const [ACME] = [8].map(id) as [EntityId];
  const vans = Array.from({ length: 11 }, (_, i) => id(100 + i));

  it('when eleven vans lack capacitors and the warehouse sits exactly at its minimum, then the run orders what they lack on top of its target', () => {
    // Each van: minimum 2, target 5, 1 on hand: needs 4. The warehouse: 20 on hand, minimum 20, target 50: nothing to give.
    const lines = planOf(
      vans.map((van) => need(van, { onHand: 1, minimum: 2, target: 5 })),
      [[at(WAREHOUSE), { onHand: u(20), reserved: 0n, minimum: u(20), target: u(50) }]],
      {},
      undefined,
      { [ITEM]: ACME },
    );
    const warehouse = lines.find((l) => l.locationId === WAREHOUSE)!;
    expect(warehouse).toMatchObject({ supplierId: ACME, outgoing: 0n, destinationsShort: u(44), needed: u(74), proposed: u(74), reason: null });
    expect(lines.filter((l) => l.locationId !== WAREHOUSE).every((l) => l.shortfall === u(4) && l.reason === 'source_short')).toBe(true);
    expect(replenishmentOrders(lines)).toEqual([{ supplierId: ACME, locationId: WAREHOUSE, lines: [{ itemId: ITEM, quantity: u(74) }] }]);
  });

  it('when the warehouse gives what it can above its minimum, then only the rest counts, and what is on order or drafted is never ordered twice', () => {
    const stockAt = (drafted: number) => [[at(WAREHOUSE), { onHand: u(30), reserved: 0n, minimum: u(20), target: u(50), drafted: u(drafted) }]] as Array<[BalanceKey, SourceStock]>;
    const first = planOf([need(V1, { onHand: 0, minimum: 10, target: 30 })], stockAt(0), {}, undefined, { [ITEM]: ACME });
    // 10 given above the minimum, 20 still lacking: 30 − 10 − 20 = 0 free after, target 50 → 50.
    expect(figures(first)).toEqual([
      [WAREHOUSE, 50, 50, 0],
      [V1, 30, 10, 20],
    ]);
    // The next run, with those 50 drafted: the warehouse's position holds them, nothing more is ordered.
    const second = planOf([need(V1, { onHand: 0, minimum: 10, target: 30 })], stockAt(50), {}, undefined, { [ITEM]: ACME });
    expect(figures(second)).toEqual([
      [WAREHOUSE, 0, 0, 0],
      [V1, 30, 10, 20],
    ]);
  });

  it('when a warehouse is itself refilled from a depot, then the depot gives it what its vans lack, deepest first', () => {
    const lines = planOf(
      [need(V1, { onHand: 0, minimum: 4 })],
      [
        [at(WAREHOUSE), { onHand: 0n, reserved: 0n, minimum: undefined }],
        [at(DEPOT), { onHand: u(10), reserved: 0n, minimum: undefined }],
      ],
      { [WAREHOUSE]: DEPOT },
    );
    expect(figures(lines)).toEqual([
      [WAREHOUSE, 4, 4, 0],
      [V1, 4, 0, 4],
    ]);
    expect(replenishmentTransfers(lines)).toEqual([{ from: DEPOT, to: WAREHOUSE, lines: [{ itemId: ITEM, quantity: u(4) }] }]);
  });

  it('when the caller may not draft orders, then a supplier line stays short saying so, and nothing is ordered', () => {
    const lines = planOf([need(WAREHOUSE, { onHand: 0, minimum: 5 })], [], {}, undefined, { [ITEM]: ACME }, { mayOrder: false });
    expect(lines).toEqual([expect.objectContaining({ proposed: 0n, shortfall: u(5), reason: 'purchase_orders_write_required' })]);
    expect(replenishmentOrders(lines)).toEqual([]);
  });

  it('when the caller may not take stock out of the source, then the line stays short saying so and takes nothing from it', () => {
    const lines = planOf([need(V1, { onHand: 0, minimum: 4 }), need(V2, { onHand: 0, minimum: 4 })], [[at(WAREHOUSE), stock(4)]], {}, undefined, {}, { maySource: (n) => n.locationId !== V1 });
    expect(lines.map((l) => [l.locationId, Number(l.proposed) / 1e4, l.reason])).toEqual([
      [V1, 0, 'source_not_writable'],
      [V2, 4, null],
    ]);
  });
});
