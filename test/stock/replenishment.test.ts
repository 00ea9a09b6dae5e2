import { expectError, request } from '../support/api';
import { eventually, newMember, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { WebhookReceiver } from '../support/webhook-receiver';
import { balanceOf, createItem, createLocation, ledgerMismatches, receive, reservationMismatches } from './stock-fixtures';

/** PUT through the gateway (the shared client has no put). */
const setPar = (ws: TestWorkspace, itemId: string, locationId: string, par: { minimum: unknown; target?: unknown }) =>
  request('PUT', `/inventory/par-levels/${itemId}/${locationId}`, { key: ws.ownerKey, body: par, query: { workspaceId: ws.id } });

async function par(ws: TestWorkspace, itemId: string, locationId: string, minimum: number, target?: number): Promise<void> {
  const res = await setPar(ws, itemId, locationId, target === undefined ? { minimum } : { minimum, target });
  if (res.status !== 200) throw new Error(`setting a par level failed: ${res.status} ${res.text}`);
}

async function refillFrom(ws: TestWorkspace, locationId: string, source: string | null): Promise<void> {
  const res = await ws.owner.patch(`/locations/${locationId}`, { replenishFrom: source });
  if (res.status !== 200) throw new Error(`setting replenishFrom failed: ${res.status} ${res.text}`);
}

/** A warehouse and `vans` vans refilled from it, with `items` items. */
async function fleet(ws: TestWorkspace, vans: number, items = 1) {
  const warehouse = await createLocation(ws);
  const fleetVans = [];
  for (let i = 0; i < vans; i += 1) {
    const van = await createLocation(ws);
    await refillFrom(ws, van.id, warehouse.id);
    fleetVans.push(van);
  }
  const stock = [];
  for (let i = 0; i < items; i += 1) stock.push(await createItem(ws));
  return { warehouse, vans: fleetVans, items: stock };
}

const plan = (ws: TestWorkspace, query: Record<string, string> = {}) => ws.owner.get('/inventory/replenishment', { query });
const run = (ws: TestWorkspace, body: unknown = {}, headers: Record<string, string> = {}) => ws.owner.post('/inventory/replenishment', body, { headers });
const byLocation = (lines: any[]) => new Map(lines.map((l) => [`${l.itemId}/${l.locationId}`, l]));

describe('replenishment', () => {
  it('when parts at a van are promised to a job, then its position is onHand − reserved + incoming: holding 8 with 6 reserved, a minimum of 5 and a target of 10, it is below par and needs 8', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 1, 1);
    const [van, fuse] = [vans[0]!, items[0]!];
    await receive(ws.owner, fuse.id, warehouse.id, 50);
    await receive(ws.owner, fuse.id, van.id, 8);
    await par(ws, fuse.id, van.id, 5, 10);
    expect((await plan(ws)).body).toEqual([]);
    const job = await ws.owner.post('/jobs', { name: "Tomorrow's job", sourceLocationId: van.id, reserve: true, lines: [{ itemId: fuse.id, quantity: 6 }] });
    expect(job.status).toBe(201);
    const [line] = (await plan(ws)).body;
    expect(line).toMatchObject({ locationId: van.id, onHand: 8, reserved: 6, incoming: 0, minimum: 5, target: 10, needed: 8, proposed: 8, shortfall: 0 });
    const refill = await run(ws);
    expect(refill.body.transfers.map((t: any) => [t.toLocationId, t.lines[0].quantity])).toEqual([[van.id, 8]]);
    // Sent again, nothing more: the 8 are incoming (position 2 + 8 = 10).
    expect((await run(ws)).body.transfers).toEqual([]);
    // The par level judges free stock by the same rule: 8 on hand with 6 promised leaves 2, below 5.
    expect((await ws.owner.get('/inventory/par-levels', { query: { itemId: fuse.id, locationId: van.id } })).body[0]).toMatchObject({ onHand: 8, reserved: 6, available: 2, belowPar: true });
    expect(await reservationMismatches(ws.id)).toEqual([]);
  });

  it('when three vans are below par, then one call refills them from their warehouse: one pending transfer each, reserved at the warehouse, up to the targets', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 3, 2);
    const [fuse, filter] = [items[0]!, items[1]!];
    const [v1, v2, v3] = [vans[0]!, vans[1]!, vans[2]!];
    await receive(ws.owner, fuse.id, warehouse.id, 100);
    await receive(ws.owner, filter.id, warehouse.id, 100);
    await receive(ws.owner, fuse.id, v1.id, 2);
    await par(ws, fuse.id, v1.id, 5, 10); // needs 8
    await par(ws, fuse.id, v2.id, 5, 10); // needs 10
    await receive(ws.owner, filter.id, v3.id, 1);
    await par(ws, filter.id, v3.id, 3, 6); // needs 5
    await par(ws, filter.id, v1.id, 1); // at par (0 < 1 → below): needs up to its target, the minimum: 1

    const listed = await plan(ws);
    expect(listed.status).toBe(200);
    expect(listed.headers['x-total-count']).toBe('4');
    const lines = byLocation(listed.body);
    expect(lines.get(`${fuse.id}/${v1.id}`)).toEqual({
      itemId: fuse.id,
      sku: fuse.sku,
      locationId: v1.id,
      sourceLocationId: warehouse.id,
      supplierId: null,
      onHand: 2,
      reserved: 0,
      incoming: 0,
      onOrder: 0,
      drafted: 0,
      minimum: 5,
      target: 10,
      outgoing: 0,
      destinationsShort: 0,
      needed: 8,
      availableAtSource: 100,
      proposed: 8,
      shortfall: 0,
      reason: null,
      message: null,
    });
    expect(lines.get(`${fuse.id}/${v2.id}`)).toMatchObject({ onHand: 0, needed: 10, proposed: 10, shortfall: 0 });
    expect(lines.get(`${filter.id}/${v3.id}`)).toMatchObject({ onHand: 1, needed: 5, proposed: 5, shortfall: 0 });
    expect(lines.get(`${filter.id}/${v1.id}`)).toMatchObject({ onHand: 0, minimum: 1, target: 1, needed: 1, proposed: 1 });

    const created = await run(ws);
    expect(created.status).toBe(201);
    expect(created.body.shortfalls).toEqual([]);
    const transfers = created.body.transfers as any[];
    expect(transfers).toHaveLength(3);
    for (const t of transfers) expect(t).toMatchObject({ fromLocationId: warehouse.id, status: 'pending', reason: 'replenishment', origin: 'replenishment' });
    const linesOf = (vanId: string) => transfers.find((t) => t.toLocationId === vanId).lines.map((l: any) => [l.itemId, l.quantity]).sort();
    expect(linesOf(v1.id)).toEqual([[fuse.id, 8], [filter.id, 1]].sort());
    expect(linesOf(v2.id)).toEqual([[fuse.id, 10]]);
    expect(linesOf(v3.id)).toEqual([[filter.id, 5]]);
    expect(await balanceOf(ws.owner, fuse.id, warehouse.id)).toEqual({ onHand: 100, reserved: 18, available: 82 });
    expect(await balanceOf(ws.owner, filter.id, warehouse.id)).toEqual({ onHand: 100, reserved: 6, available: 94 });
    expect(await reservationMismatches(ws.id)).toEqual([]);

    // Ordinary transfers: listed with the others, and retrievable.
    const listedTransfers = await ws.owner.get('/inventory/transfers', { query: { status: 'pending' } });
    expect(listedTransfers.body.map((t: any) => t.id).sort()).toEqual(transfers.map((t) => t.id).sort());
    expect((await ws.owner.get(`/inventory/transfers/${transfers[0].id}`)).body).toEqual(transfers[0]);
  });

  it('when the warehouse cannot cover every van, then the emptiest relative to its minimum is served first, and the rest is named as shortfall', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 3);
    const [v1, v2, v3] = [vans[0]!, vans[1]!, vans[2]!];
    const item = items[0]!;
    await receive(ws.owner, item.id, warehouse.id, 12);
    await receive(ws.owner, item.id, v1.id, 2);
    await receive(ws.owner, item.id, v3.id, 4);
    await par(ws, item.id, v1.id, 5, 10); // 2/5: needs 8, served second
    await par(ws, item.id, v2.id, 5, 10); // 0/5: needs 10, served first
    await par(ws, item.id, v3.id, 5); // 4/5: needs 1, served last

    const lines = byLocation((await plan(ws)).body);
    expect([v2, v1, v3].map((v) => lines.get(`${item.id}/${v.id}`)).map((l) => [l.needed, l.availableAtSource, l.proposed, l.shortfall])).toEqual([
      [10, 12, 10, 0],
      [8, 12, 2, 6],
      [1, 12, 0, 1],
    ]);
    const created = await run(ws);
    expect(created.status).toBe(201);
    expect(created.body.transfers.map((t: any) => [t.toLocationId, t.lines[0].quantity]).sort()).toEqual([[v1.id, 2], [v2.id, 10]].sort());
    // What the vans still lack (7) counts in the warehouse's own position: without a supplier it stays short too (issue 44).
    expect(created.body.shortfalls.map((l: any) => [l.locationId, l.proposed, l.shortfall, l.reason]).sort()).toEqual(
      [
        [v1.id, 2, 6, 'source_short'],
        [v3.id, 0, 1, 'source_short'],
        [warehouse.id, 0, 7, 'no_supplier'],
      ].sort(),
    );
    expect(await balanceOf(ws.owner, item.id, warehouse.id)).toEqual({ onHand: 12, reserved: 12, available: 0 });
  });

  it('when a run follows another, then it proposes nothing: what the first sent is incoming; completing the transfers brings the vans to their targets and restores their par', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const receiver = await WebhookReceiver.start();
    try {
      const hook = await ws.owner.post('/webhooks', { url: receiver.url, events: ['stock.par_restored'] });
      expect(hook.status).toBe(201);
      receiver.secrets = [hook.body.secret];
      const { warehouse, vans, items } = await fleet(ws, 2);
      const item = items[0]!;
      await receive(ws.owner, item.id, warehouse.id, 50);
      for (const van of vans) await par(ws, item.id, van.id, 4, 9);
      const first = await run(ws);
      expect(first.status).toBe(201);
      expect(first.body.transfers).toHaveLength(2);

      const second = await run(ws);
      expect(second.status).toBe(201);
      expect(second.body).toEqual({ transfers: [], purchaseOrders: [], shortfalls: [] });
      const lines = (await plan(ws)).body;
      expect(lines.map((l: any) => [l.incoming, l.needed, l.proposed])).toEqual([
        [9, 0, 0],
        [9, 0, 0],
      ]);
      expect(await balanceOf(ws.owner, item.id, warehouse.id)).toMatchObject({ reserved: 18 });

      for (const t of first.body.transfers) expect((await ws.owner.post(`/inventory/transfers/${t.id}/complete`, {})).status).toBe(200);
      for (const van of vans) expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 9, reserved: 0, available: 9 });
      expect(await balanceOf(ws.owner, item.id, warehouse.id)).toEqual({ onHand: 32, reserved: 0, available: 32 });
      expect((await plan(ws)).body).toEqual([]);
      const restored = await eventually('two par_restored alerts', async () => (receiver.received.length >= 2 ? receiver.received : undefined), 30_000);
      expect(restored.map((d) => [d.event.type, d.event.data.location.id, d.event.data.onHand, d.event.data.minimum, d.event.data.target]).sort()).toEqual(
        vans.map((v) => ['stock.par_restored', v.id, 9, 4, 9]).sort(),
      );
      expect(await ledgerMismatches(ws.id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('when two runs start at once, then together they reserve no more than one would: neither past a target, nor the same stock twice', async () => {
    // Plenty at the warehouse (a second run must see the first's transfers as incoming), then too
    // little (it must see the first's reservations).
    for (const stocked of [100, 100, 20, 20]) {
      const ws = await newWorkspace({ plan: 'pro' });
      const { warehouse, vans, items } = await fleet(ws, 3, 2);
      for (const item of items) {
        await receive(ws.owner, item.id, warehouse.id, stocked);
        for (const van of vans) await par(ws, item.id, van.id, 5, 8);
      }
      const [a, b] = await Promise.all([run(ws), run(ws)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const created = [...a.body.transfers, ...b.body.transfers];
      // One run's worth: 3 vans × 8 of each item, at most what the warehouse has.
      const oneRun = Math.min(3 * 8, stocked);
      const moved = created.flatMap((t: any) => t.lines).reduce((sum: number, l: any) => sum + l.quantity, 0);
      expect(moved).toBe(2 * oneRun);
      for (const item of items) expect(await balanceOf(ws.owner, item.id, warehouse.id)).toEqual({ onHand: stocked, reserved: oneRun, available: stocked - oneRun });
      const incoming = await sql<{ to_location_id: string; item_id: string; quantity: string }>(
        `SELECT t.to_location_id, l.item_id, sum(l.quantity)::text AS quantity FROM stock.transfers t JOIN stock.transfer_lines l ON l.transfer_id = t.id
          WHERE t.workspace_id = $1 AND t.status = 'pending' GROUP BY 1, 2`,
        [ws.id],
      );
      for (const row of incoming) expect(Number(row.quantity)).toBeLessThanOrEqual(8);
      expect(await reservationMismatches(ws.id)).toEqual([]);
    }
  });

  it("when the source has its own par level, then it is never taken below it", async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 1);
    const item = items[0]!;
    await receive(ws.owner, item.id, warehouse.id, 20);
    await par(ws, item.id, warehouse.id, 15);
    await par(ws, item.id, vans[0]!.id, 4, 8);
    const [line] = (await plan(ws, { locationId: vans[0]!.id })).body;
    expect(line).toMatchObject({ needed: 8, availableAtSource: 5, proposed: 5, shortfall: 3 });
    const created = await run(ws, { status: 'completed' });
    expect(created.status).toBe(201);
    expect(created.body.transfers).toEqual([expect.objectContaining({ status: 'completed', lines: [expect.objectContaining({ quantity: 5 })] })]);
    expect(await balanceOf(ws.owner, item.id, warehouse.id)).toEqual({ onHand: 15, reserved: 0, available: 15 });
    // At its minimum, the warehouse gives nothing more.
    expect((await run(ws)).body.transfers).toEqual([]);
  });

  it('when a location has no source, then its line is listed with the whole need short, and a run names it among the shortfalls', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const item = await createItem(ws);
    const van = await createLocation(ws);
    await par(ws, item.id, van.id, 2, 3);
    const listed = (await plan(ws)).body;
    expect(listed).toEqual([expect.objectContaining({ locationId: van.id, sourceLocationId: null, needed: 3, availableAtSource: 0, proposed: 0, shortfall: 3 })]);
    const created = await run(ws);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ transfers: [], purchaseOrders: [], shortfalls: listed });
  });

  it("when an item's copy predates copied suppliers, then replenishment asks the catalog for its supplier before it plans, and orders from it", async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = (await ws.owner.post('/suppliers', { name: unique('Acme') })).body;
    const item = (await ws.owner.post('/items', { sku: unique('OLD'), description: 'Copied before suppliers', cost: 1, supplierId: supplier.id })).body;
    await par(ws, item.id, ws.defaultLocationId, 2, 4);
    // As a copy made before issue 41: no supplier, and it does not know it has one.
    await sql('UPDATE stock.items SET supplier_id = NULL, supplier_known = false WHERE id = $1', [item.id]);
    expect((await plan(ws)).body).toEqual([expect.objectContaining({ itemId: item.id, supplierId: supplier.id, proposed: 4 })]);
    await sql('UPDATE stock.items SET supplier_id = NULL, supplier_known = false WHERE id = $1', [item.id]);
    const created = await run(ws);
    expect(created.body.purchaseOrders).toEqual([expect.objectContaining({ supplierId: supplier.id, lines: [expect.objectContaining({ itemId: item.id, ordered: 4 })] })]);
    expect(await sql('SELECT supplier_id::text, supplier_known FROM stock.items WHERE id = $1', [item.id])).toEqual([{ supplier_id: supplier.id, supplier_known: true }]);
  });

  it('when a location without a source is below par, then its items are ordered from their suppliers on draft purchase orders, once: drafts and orders count in its position', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const supplier = (await ws.owner.post('/suppliers', { name: unique('Acme') })).body;
    const ordered = (await ws.owner.post('/items', { sku: unique('ORD'), description: 'Ordered', cost: 2.5, supplierId: supplier.id })).body;
    const unsupplied = await createItem(ws);
    await par(ws, ordered.id, ws.defaultLocationId, 10, 20);
    await par(ws, unsupplied.id, ws.defaultLocationId, 1, 1);
    const listed = (await plan(ws)).body;
    expect(listed.find((l: any) => l.itemId === ordered.id)).toMatchObject({ sourceLocationId: null, supplierId: supplier.id, needed: 20, proposed: 20, shortfall: 0, onOrder: 0, drafted: 0 });
    expect(listed.find((l: any) => l.itemId === unsupplied.id)).toMatchObject({ supplierId: null, proposed: 0, shortfall: 1 });

    const created = await run(ws);
    expect(created.status).toBe(201);
    expect(created.body.transfers).toEqual([]);
    expect(created.body.shortfalls).toEqual([expect.objectContaining({ itemId: unsupplied.id, shortfall: 1 })]);
    expect(created.body.purchaseOrders).toEqual([
      expect.objectContaining({
        status: 'draft',
        origin: 'replenishment',
        supplierId: supplier.id,
        supplier: { id: supplier.id, name: supplier.name },
        locationId: ws.defaultLocationId,
        orderedValue: 50,
        lines: [expect.objectContaining({ itemId: ordered.id, ordered: 20, open: 20, unitCost: 2.5 })],
      }),
    ]);
    const order = created.body.purchaseOrders[0];
    expect((await ws.owner.get(`/purchase-orders/${order.id}`)).body).toEqual(order);

    // The draft counts: a second run orders nothing again.
    expect((await plan(ws)).body.find((l: any) => l.itemId === ordered.id)).toMatchObject({ drafted: 20, needed: 0, proposed: 0 });
    expect((await run(ws)).body.purchaseOrders).toEqual([]);
    // Submitted, it is on order instead; received in part, what arrived is on hand.
    expect((await ws.owner.post(`/purchase-orders/${order.id}/submit`, {})).status).toBe(200);
    expect((await plan(ws)).body.find((l: any) => l.itemId === ordered.id)).toMatchObject({ onOrder: 20, drafted: 0, needed: 0 });
    expect((await ws.owner.post(`/purchase-orders/${order.id}/receipts`, { lines: [{ itemId: ordered.id, quantity: 5 }] })).status).toBe(201);
    expect((await plan(ws)).body.find((l: any) => l.itemId === ordered.id)).toMatchObject({ onHand: 5, onOrder: 15, needed: 0 });
    expect((await ws.owner.get('/inventory/balances', { query: { itemId: ordered.id } })).body).toEqual([expect.objectContaining({ onHand: 5, onOrder: 15 })]);
  });

  it('when filtered by location or source, or paged, then the lines follow; a run limited to some locations refills only those', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 3);
    const other = await createLocation(ws);
    const item = items[0]!;
    await receive(ws.owner, item.id, warehouse.id, 100);
    await receive(ws.owner, item.id, other.id, 100);
    for (const van of vans) await par(ws, item.id, van.id, 1, 2);
    await refillFrom(ws, vans[2]!.id, other.id);
    expect((await plan(ws, { sourceLocationId: other.id })).body.map((l: any) => l.locationId)).toEqual([vans[2]!.id]);
    expect((await plan(ws, { locationId: `${vans[0]!.id},${vans[1]!.id}` })).body).toHaveLength(2);
    const first = await plan(ws, { pageSize: '2' });
    expect(first.headers['x-total-count']).toBe('3');
    const next = new URL(String(first.headers.link).match(/<([^>]+)>; rel="next"/)![1]!, 'http://gateway');
    const second = await ws.owner.get('/inventory/replenishment', { query: Object.fromEntries(next.searchParams) });
    expect([...first.body, ...second.body].map((l: any) => l.locationId)).toEqual([...vans.map((v) => v.id)].sort());

    const limited = await run(ws, { locationIds: [vans[0]!.id] });
    expect(limited.body.transfers.map((t: any) => t.toLocationId)).toEqual([vans[0]!.id]);
    const fromOther = await run(ws, { sourceLocationId: other.id });
    expect(fromOther.body.transfers.map((t: any) => [t.fromLocationId, t.toLocationId])).toEqual([[other.id, vans[2]!.id]]);
  });

  it('when the same Idempotency-Key is sent again, then the first answer is replayed and nothing more is created', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 1);
    await receive(ws.owner, items[0]!.id, warehouse.id, 10);
    await par(ws, items[0]!.id, vans[0]!.id, 2, 4);
    const key = `replenish-${Date.now()}`;
    const first = await run(ws, {}, { 'Idempotency-Key': key });
    const again = await run(ws, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await sql("SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1 AND origin = 'replenishment'", [ws.id]))[0]!.n).toBe(1);
  });

  it('when a replenishment transfer is cancelled, then its reservation is released and it keeps its reason unless given another', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 2);
    await receive(ws.owner, items[0]!.id, warehouse.id, 10);
    for (const van of vans) await par(ws, items[0]!.id, van.id, 1, 2);
    const [t1, t2] = (await run(ws)).body.transfers;
    const cancelled = await ws.owner.post(`/inventory/transfers/${t1.id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ status: 'cancelled', reason: 'replenishment', origin: 'replenishment' });
    const rejected = await ws.owner.post(`/inventory/transfers/${t2.id}/reject`, { reason: 'van in the shop' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'van in the shop', origin: 'replenishment' });
    expect(await balanceOf(ws.owner, items[0]!.id, warehouse.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
  });

  it('when a member has restricted location access, then it sees the lines of locations and sources it may read, and refills those it may write', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 3);
    const [mine, readOnly, hidden] = [vans[0]!, vans[1]!, vans[2]!];
    await receive(ws.owner, items[0]!.id, warehouse.id, 30);
    for (const van of vans) await par(ws, items[0]!.id, van.id, 1, 3);
    const member = await newMember(ws, { role: 'member', locationAccess: `${mine.id}:write,${warehouse.id}:write,${readOnly.id}:read` });
    const seen = await member.client.get('/inventory/replenishment');
    expect(seen.status).toBe(200);
    expect(seen.body.map((l: any) => l.locationId).sort()).toEqual([mine.id, readOnly.id].sort());
    expect(seen.body.some((l: any) => l.locationId === hidden.id)).toBe(false);

    expectError(await member.client.post('/inventory/replenishment', { locationIds: [readOnly.id] }), 403, 'forbidden');
    const created = await member.client.post('/inventory/replenishment', {});
    expect(created.status).toBe(201);
    expect(created.body.transfers.map((t: any) => t.toLocationId)).toEqual([mine.id]);

    const onlyWarehouse = await newMember(ws, { role: 'member', locationAccess: `${mine.id}:write` });
    expect((await onlyWarehouse.client.get('/inventory/replenishment')).body).toEqual([]);
  });

  it('when the input is bad, then 400 naming the field or 422 saying why, and nothing changes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const { warehouse, vans, items } = await fleet(ws, 2);
    const item = items[0]!;
    expect(expectError(await setPar(ws, item.id, vans[0]!.id, { minimum: 5, target: 4 }), 400, 'bad_request')).toMatchObject({ param: 'target' });
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([]);

    const self = expectError(await ws.owner.patch(`/locations/${warehouse.id}`, { replenishFrom: warehouse.id }), 422, 'unprocessable_entity');
    expect(self.message).toMatch(/^replenishFrom: .*itself/);
    const cycle = expectError(await ws.owner.patch(`/locations/${warehouse.id}`, { replenishFrom: vans[0]!.id }), 422, 'unprocessable_entity');
    expect(cycle.message).toMatch(/^replenishFrom: .*cycle/);
    const inactive = await createLocation(ws, { active: false });
    expect(expectError(await ws.owner.patch(`/locations/${vans[1]!.id}`, { replenishFrom: inactive.id }), 422, 'unprocessable_entity').message).toMatch(/^replenishFrom: .*inactive/);
    expect(expectError(await ws.owner.patch(`/locations/${vans[1]!.id}`, { replenishFrom: 'nope' }), 400, 'bad_request')).toMatchObject({ param: 'replenishFrom' });
    expect((await ws.owner.get(`/locations/${vans[1]!.id}`)).body.replenishFrom).toBe(warehouse.id);

    expect(expectError(await run(ws, { locationIds: ['nope'] }), 400, 'bad_request')).toMatchObject({ param: 'locationIds[0]' });
    expect(expectError(await run(ws, { status: 'reverted' }), 400, 'bad_request')).toMatchObject({ param: 'status' });
    expect(expectError(await run(ws, { locationIds: [] }), 400, 'bad_request')).toMatchObject({ param: 'locationIds' });
    expect(expectError(await run(ws, { extra: 1 }), 400, 'bad_request')).toMatchObject({ param: 'extra' });
    expect(expectError(await plan(ws, { sourceLocationId: 'nope' }), 400, 'bad_request')).toMatchObject({ param: 'sourceLocationId' });
    expect((await sql('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1', [ws.id]))[0]!.n).toBe(0);
  });
});
