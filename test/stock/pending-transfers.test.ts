import { StockCommands, STOCK_SERVICE } from '@inv/shared/core';
import { expectError, type Client } from '../support/api';
import { listenToEvents } from '../support/bus';
import { adminDeps, eventually, newKey, newMember, newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { balanceOf, createItem, createLocation, ISO_TIME, ledgerMismatches, NO_TRANSITIONS, onHand, ownerActor, receive, reservationMismatches } from './stock-fixtures';

/** A workspace with a van and an item holding `stock` at the default location. */
async function stocked(stock: number) {
  const ws = await newWorkspace({ plan: 'pro' });
  const van = await createLocation(ws);
  const item = await createItem(ws, { quantity: stock });
  return { ws, van, item, from: ws.defaultLocationId };
}

const send = (api: Client, from: string, to: string, itemId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  api.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId, quantity, note: 'to the job' }], ...extra });

async function pending(ws: TestWorkspace, from: string, to: string, itemId: string, quantity: number): Promise<any> {
  const res = await send(ws.owner, from, to, itemId, quantity, { status: 'pending' });
  if (res.status !== 201) throw new Error(`creating a pending transfer failed: ${res.status} ${res.text}`);
  return res.body;
}

const act = (api: Client, id: string, action: string, body?: unknown, headers?: Record<string, string>) => api.post(`/inventory/transfers/${id}/${action}`, body, { headers });

/** The outbox rows of one transfer's events, oldest first. */
async function transferEvents(transferId: string): Promise<{ type: string; payload: any }[]> {
  return sql("SELECT type, message->'payload' AS payload FROM stock.outbox WHERE type LIKE 'transfer.%' AND message->'payload'->>'id' = $1 ORDER BY seq", [transferId]);
}

async function invariantsHold(workspaceId: string): Promise<void> {
  expect(await reservationMismatches(workspaceId)).toEqual([]);
  expect(await ledgerMismatches(workspaceId)).toEqual([]);
}

describe('pending transfers', () => {
  it('when a pending transfer is created, then nothing moves, its lines are reserved at the source, it counts toward the limit and transfer.pending is recorded', async () => {
    const { ws, van, item, from } = await stocked(10);
    const res = await send(ws.owner, from, van.id, item.id, 4, { status: 'pending', note: 'van 3' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', note: 'van 3', reason: '', fromLocationId: from, toLocationId: van.id, lines: [{ itemId: item.id, quantity: 4, note: 'to the job' }] });
    expect(res.body).toMatchObject({ createdBy: await ownerActor(ws), ...NO_TRANSITIONS });
    expect((await ws.owner.get(`/inventory/transfers/${res.body.id}`)).body).toEqual(res.body);
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 10, reserved: 4, available: 6 });
    expect(await onHand(ws.owner, item.id, van.id)).toBe(0);
    expect((await ws.owner.get('/inventory/movements', { query: { transferId: res.body.id } })).body).toEqual([]);
    expect(await transferEvents(res.body.id)).toEqual([{ type: 'transfer.pending', payload: res.body }]);
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body.usage).toBe(1);
    // A receipt adds to what is available; what is reserved stays reserved.
    await receive(ws.owner, item.id, from, 1);
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 11, reserved: 4, available: 7 });
    await invariantsHold(ws.id);
  });

  it('when status is completed or absent, then the transfer moves at once; any other status is a 400 naming it', async () => {
    const { ws, van, item, from } = await stocked(10);
    expect((await send(ws.owner, from, van.id, item.id, 1, { status: 'completed' })).body.status).toBe('completed');
    expect((await send(ws.owner, from, van.id, item.id, 1)).body.status).toBe('completed');
    for (const status of ['rejected', 'PENDING', '', null]) {
      expect(expectError(await send(ws.owner, from, van.id, item.id, 1, { status }), 400, 'bad_request').message).toContain('status');
    }
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 8, reserved: 0, available: 8 });
  });

  it('when a transfer, an adjustment or another pending transfer needs reserved stock, then 422 names the item, the location and what is available', async () => {
    const { ws, van, item, from } = await stocked(10);
    await pending(ws, from, van.id, item.id, 7);
    const shortOf = (res: Awaited<ReturnType<typeof send>>) => {
      const { message } = expectError(res, 422, 'unprocessable_entity');
      expect(message).toContain(`"${item.sku}" (${item.id})`);
      expect(message).toContain(`"Inventory" (${from})`);
      expect(message).toContain('3 available');
      return message;
    };
    expect(shortOf(await send(ws.owner, from, van.id, item.id, 4))).toContain('7 more on hand reserved for pending transfers');
    shortOf(await send(ws.owner, from, van.id, item.id, 4, { status: 'pending' }));
    shortOf(await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: from, quantity: -4 }));
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 10, reserved: 7, available: 3 });
    // Exactly what is available may still go.
    expect((await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: from, quantity: -3 })).status).toBe(201);
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 7, reserved: 7, available: 0 });
    await invariantsHold(ws.id);
  });

  it('when the destination completes a pending transfer, then the stock moves with transfer movements, the reservation is released and transfer.completed is recorded', async () => {
    const { ws, van, item, from } = await stocked(10);
    const owner = await ownerActor(ws);
    const made = await pending(ws, from, van.id, item.id, 4);
    const res = await act(ws.owner, made.id, 'complete');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...made, status: 'completed', completedAt: expect.stringMatching(ISO_TIME), completedBy: owner });
    expect(Date.parse(res.body.completedAt)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body).toEqual(res.body);
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 6, reserved: 0, available: 6 });
    expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 4, reserved: 0, available: 4 });
    const movements = await ws.owner.get('/inventory/movements', { query: { transferId: made.id } });
    expect(movements.body.map((m: any) => [m.type, m.locationId, m.quantity, m.balanceAfter, m.note, m.reason]).sort()).toEqual(
      [
        ['transfer_in', van.id, 4, 4, 'to the job', null],
        ['transfer_out', from, -4, 6, 'to the job', null],
      ].sort(),
    );
    expect((await transferEvents(made.id)).map((e) => e.type)).toEqual(['transfer.pending', 'transfer.completed']);
    expect((await transferEvents(made.id))[1]!.payload).toEqual(res.body);
    const changed = await sql(
      "SELECT c->>'locationId' AS location FROM stock.outbox, jsonb_array_elements(message->'payload'->'changes') AS c WHERE type = 'stock.changed' AND message->>'requestId' = $1",
      [res.headers['x-request-id']],
    );
    expect(changed.map((c) => c.location).sort()).toEqual([from, van.id].sort());
    // A completed pending transfer reverts like any completed one, and keeps who completed it.
    const reverted = await act(ws.owner, made.id, 'revert');
    expect(reverted.body).toEqual({ ...res.body, status: 'reverted', revertedAt: expect.stringMatching(ISO_TIME), revertedBy: owner });
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body).toEqual(reverted.body);
    expect((await transferEvents(made.id))[2]).toEqual({ type: 'transfer.reverted', payload: reverted.body });
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    await invariantsHold(ws.id);
  });

  it.each([
    ['rejected', 'reject', 'transfer.rejected'],
    ['cancelled', 'cancel', 'transfer.cancelled'],
  ])('when a pending transfer is %s with a reason, then the reservation is released, nothing moves and the reason is on the transfer', async (status, action, event) => {
    const { ws, van, item, from } = await stocked(10);
    const made = await pending(ws, from, van.id, item.id, 4);
    const res = await act(ws.owner, made.id, action, { reason: 'wrong van' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...made, status, reason: 'wrong van', [`${status}At`]: expect.stringMatching(ISO_TIME), [`${status}By`]: await ownerActor(ws) });
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body).toEqual(res.body);
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    expect(await onHand(ws.owner, item.id, van.id)).toBe(0);
    expect((await ws.owner.get('/inventory/movements', { query: { transferId: made.id } })).body).toEqual([]);
    expect(await transferEvents(made.id)).toEqual([
      { type: 'transfer.pending', payload: made },
      { type: event, payload: res.body },
    ]);
    // Without a body the reason is "".
    const other = await pending(ws, from, van.id, item.id, 1);
    expect((await act(ws.owner, other.id, action)).body).toMatchObject({ status, reason: '' });
    await invariantsHold(ws.id);
  });

  it('when an action body is invalid, then 400 names the field and the transfer stays pending', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await pending(ws, from, van.id, item.id, 1);
    expect(expectError(await act(ws.owner, made.id, 'reject', { reason: 'x'.repeat(501) }), 400, 'bad_request').message).toContain('reason');
    expect(expectError(await act(ws.owner, made.id, 'cancel', { why: 'no' }), 400, 'bad_request').message).toContain('why');
    expect(expectError(await act(ws.owner, made.id, 'complete', { reason: 'done' }), 400, 'bad_request').message).toContain('reason');
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body.status).toBe('pending');
  });

  it('when a transition starts from a status other than pending, then 409 names the status; revert stays for completed transfers', async () => {
    const { ws, van, item, from } = await stocked(10);
    const instant = (await send(ws.owner, from, van.id, item.id, 1)).body;
    const rejected = await pending(ws, from, van.id, item.id, 1);
    await act(ws.owner, rejected.id, 'reject');
    const cancelled = await pending(ws, from, van.id, item.id, 1);
    await act(ws.owner, cancelled.id, 'cancel');
    const stillPending = await pending(ws, from, van.id, item.id, 1);
    const reverted = (await send(ws.owner, from, van.id, item.id, 1)).body;
    await act(ws.owner, reverted.id, 'revert');
    for (const [transfer, action, status] of [
      [instant, 'complete', 'completed'],
      [instant, 'reject', 'completed'],
      [instant, 'cancel', 'completed'],
      [rejected, 'complete', 'rejected'],
      [rejected, 'cancel', 'rejected'],
      [rejected, 'revert', 'rejected'],
      [cancelled, 'reject', 'cancelled'],
      [cancelled, 'revert', 'cancelled'],
      [stillPending, 'revert', 'pending'],
      [reverted, 'complete', 'reverted'],
    ] as const) {
      expect(expectError(await act(ws.owner, transfer.id, action), 409, 'conflict').message).toContain(`is ${status}`);
    }
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 9, reserved: 1, available: 8 });
    await invariantsHold(ws.id);
  });

  it('when completes, rejects and cancels race on one pending transfer, then exactly one wins and the others get 409', async () => {
    const { ws, van, item, from } = await stocked(10);
    for (let round = 0; round < 3; round++) {
      const made = await pending(ws, from, van.id, item.id, 2);
      const actions = ['complete', 'reject', 'cancel', 'complete', 'reject', 'cancel', 'complete', 'cancel'];
      const results = await Promise.all(actions.map((a) => act(ws.owner, made.id, a)));
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, 'conflict');
      const final = (await ws.owner.get(`/inventory/transfers/${made.id}`)).body.status;
      expect(winners[0]!.body.status).toBe(final);
      const moved = (await ws.owner.get('/inventory/movements', { query: { transferId: made.id } })).body;
      expect(moved).toHaveLength(final === 'completed' ? 2 : 0);
      expect((await transferEvents(made.id)).map((e) => e.payload.status)).toEqual(['pending', final]);
    }
    expect((await balanceOf(ws.owner, item.id, from)).reserved).toBe(0);
    await invariantsHold(ws.id);
  });

  it('when a member acts on a pending transfer, then the destination completes or rejects, the source cancels, and a member who sees neither gets 404', async () => {
    const { ws, van, item, from } = await stocked(10);
    const driver = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write,${from}:read` });
    const storekeeper = await newMember(ws, { role: 'member', locationAccess: `${from}:write` });
    const outsider = await newMember(ws, { role: 'member', locationAccess: `${(await createLocation(ws)).id}:write` });
    const first = await pending(ws, from, van.id, item.id, 1);
    const second = await pending(ws, from, van.id, item.id, 1);
    const third = await pending(ws, from, van.id, item.id, 1);
    expectError(await act(driver.client, first.id, 'cancel'), 403, 'forbidden');
    expectError(await act(storekeeper.client, first.id, 'complete'), 403, 'forbidden');
    expectError(await act(storekeeper.client, first.id, 'reject'), 403, 'forbidden');
    for (const action of ['complete', 'reject', 'cancel']) expectError(await act(outsider.client, first.id, action), 404, 'not_found');
    const viewer = await newMember(ws, { role: 'viewer' });
    expectError(await act(viewer.client, first.id, 'complete'), 403, 'forbidden');
    expect((await act(driver.client, first.id, 'complete')).body.status).toBe('completed');
    expect((await act(driver.client, second.id, 'reject')).body.status).toBe('rejected');
    expect((await act(storekeeper.client, third.id, 'cancel')).body.status).toBe('cancelled');
    const completedBy = (await ws.owner.get('/inventory/movements', { query: { transferId: first.id } })).body.map((m: any) => m.userId);
    expect(completedBy).toEqual([driver.userId, driver.userId]);
  });

  it('when another user, or the creator with another key, ends a pending transfer, then the transfer shows two actors in the answer, a read and its events on the bus', async () => {
    const { ws, van, item, from } = await stocked(10);
    const owner = await ownerActor(ws);
    const driver = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write` });
    const ownersOtherKey = await newKey(ws, ws.ownerEmail);
    const bus = await listenToEvents('transfer.*');
    try {
      const first = await pending(ws, from, van.id, item.id, 2);
      const second = await pending(ws, from, van.id, item.id, 1);
      const completed = await act(driver.client, first.id, 'complete');
      const rejected = await act(ownersOtherKey.client, second.id, 'reject');
      expect([completed.status, rejected.status]).toEqual([200, 200]);
      const byDriver = { userId: driver.userId, keyId: driver.keyId };
      const byOtherKey = { userId: owner.userId, keyId: ownersOtherKey.keyId };
      // Two actors each time: another user, then the creator's user with another key.
      expect(byDriver.userId).not.toBe(owner.userId);
      expect(byOtherKey.keyId).not.toBe(owner.keyId);
      expect(completed.body).toMatchObject({ createdBy: owner, completedBy: byDriver, rejectedBy: null, cancelledBy: null, revertedBy: null });
      expect(rejected.body).toMatchObject({ createdBy: owner, rejectedBy: byOtherKey, completedBy: null, cancelledBy: null, revertedBy: null });
      expect((await ws.owner.get(`/inventory/transfers/${first.id}`)).body).toEqual(completed.body);
      expect((await ws.owner.get(`/inventory/transfers/${second.id}`)).body).toEqual(rejected.body);
      const published = await eventually('the four transfer events on the bus', async () => {
        const ours = bus.messages.filter((m) => [first.id, second.id].includes((m.payload as { id: string }).id));
        return ours.length === 4 ? ours : undefined;
      });
      expect(published.map((m) => [m.type, m.payload])).toEqual([
        ['transfer.pending', first],
        ['transfer.pending', second],
        ['transfer.completed', completed.body],
        ['transfer.rejected', rejected.body],
      ]);
    } finally {
      await bus.close();
    }
  });

  it("when a key of workspace A acts on B's pending transfer, then 404 and B's reservation stays", async () => {
    const b = await stocked(10);
    const made = await pending(b.ws, b.from, b.van.id, b.item.id, 3);
    const a = await newWorkspace();
    for (const action of ['complete', 'reject', 'cancel']) expectError(await act(a.owner, made.id, action), 404, 'not_found');
    expectError(await act(a.owner, 'junk', 'complete'), 404, 'not_found');
    expect(await balanceOf(b.ws.owner, b.item.id, b.from)).toEqual({ onHand: 10, reserved: 3, available: 7 });
  });

  it('when the destination became inactive, then completing is a 422 and the transfer stays pending with its reservation; it can still be rejected', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await pending(ws, from, van.id, item.id, 4);
    expect((await ws.owner.patch(`/locations/${van.id}`, { active: false })).status).toBe(200);
    await eventually('the deactivation in the stock projection', async () => ((await sql('SELECT 1 FROM stock.locations WHERE id = $1 AND NOT active', [van.id])).length ? true : undefined));
    expect(expectError(await act(ws.owner, made.id, 'complete'), 422, 'unprocessable_entity').message).toContain('inactive');
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body.status).toBe('pending');
    expect(await balanceOf(ws.owner, item.id, from)).toEqual({ onHand: 10, reserved: 4, available: 6 });
    expect((await act(ws.owner, made.id, 'reject', { reason: 'van retired' })).body.status).toBe('rejected');
    await invariantsHold(ws.id);
  });

  it('when the destination is closed or deleted under a pending transfer, then completing is a 422', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await pending(ws, from, van.id, item.id, 1);
    // The API refuses to delete a location with pending transfers; stage what a lost race or a manual repair could leave.
    await sql('UPDATE stock.locations SET closed = true WHERE id = $1', [van.id]);
    expect(expectError(await act(ws.owner, made.id, 'complete'), 422, 'unprocessable_entity').message).toContain('closed');
    await sql('UPDATE stock.locations SET deleted = true WHERE id = $1', [van.id]);
    expect(expectError(await act(ws.owner, made.id, 'complete'), 422, 'unprocessable_entity').message).toContain('deleted');
    expect((await act(ws.owner, made.id, 'cancel')).body.status).toBe('cancelled');
  });

  it('when a location has pending transfers in or out, then deleting it is a 409 naming them; once they end it can be deleted', async () => {
    const { ws, van, item, from } = await stocked(10);
    const truck = await createLocation(ws);
    const inbound = await pending(ws, from, van.id, item.id, 1);
    await receive(ws.owner, item.id, truck.id, 2);
    const outbound = await pending(ws, truck.id, from, item.id, 2);
    for (const [location, transfer] of [
      [van.id, inbound],
      [truck.id, outbound],
    ] as const) {
      const refused = expectError(await ws.owner.delete(`/locations/${location}`), 409, 'conflict');
      expect(refused.message).toContain(transfer.id);
      expect(refused.message).toContain('pending transfers');
    }
    const { client } = await adminDeps();
    await expect(client.request(STOCK_SERVICE, StockCommands.closeLocation, { locationId: van.id }, { workspaceId: ws.id })).rejects.toMatchObject({ code: 'conflict' });
    // The refusals left both locations open.
    expect(await sql('SELECT count(*)::int AS n FROM stock.locations WHERE id = ANY($1::uuid[]) AND closed', [[van.id, truck.id]])).toEqual([{ n: 0 }]);
    expect((await act(ws.owner, inbound.id, 'reject')).status).toBe(200);
    expect((await ws.owner.delete(`/locations/${van.id}`)).status).toBe(200);
    expect((await act(ws.owner, outbound.id, 'complete')).status).toBe(200);
    expect((await ws.owner.delete(`/locations/${truck.id}`)).status).toBe(200);
  });

  it('when closing races pending transfers into the location, then never both succeed', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const item = await createItem(ws, { quantity: 100 });
    const vans = await Promise.all(Array.from({ length: 10 }, () => createLocation(ws)));
    await eventually('the vans and the item in the stock projections', async () => {
      const [known] = await sql(
        'SELECT (SELECT count(*)::int FROM stock.locations WHERE id = ANY($1::uuid[]) AND name IS NOT NULL) AS vans, (SELECT count(*)::int FROM stock.items WHERE id = $2 AND confirmed) AS items',
        [vans.map((v) => v.id), item.id],
      );
      return known.vans === vans.length && known.items === 1 ? true : undefined;
    });
    const { client } = await adminDeps();
    // Pair by pair, each close starts 10 ms later than the one before, so that the interleavings
    // range from the close winning outright to the transfer committing first (measured: both happen);
    // the outcome must be consistent in every one of them.
    const close = (locationId: string, delayMs: number) =>
      new Promise((resolve) => setTimeout(resolve, delayMs)).then(() =>
        client.request(STOCK_SERVICE, StockCommands.closeLocation, { locationId }, { workspaceId: ws.id }).then(
          () => 'closed',
          (err: { code: string }) => err.code,
        ),
      );
    for (const [i, van] of vans.entries()) {
      const [made, closed] = await Promise.all([send(ws.owner, ws.defaultLocationId, van.id, item.id, 1, { status: 'pending' }), close(van.id, i * 10)]);
      expect([{ made: 201, closed: 'conflict' }, { made: 422, closed: 'closed' }]).toContainEqual({ made: made.status, closed });
    }
    const pendingIntoClosed = await sql(
      "SELECT t.id FROM stock.transfers t JOIN stock.locations l ON l.id = t.to_location_id WHERE t.workspace_id = $1 AND t.status = 'pending' AND l.closed",
      [ws.id],
    );
    expect(pendingIntoClosed).toEqual([]);
    await invariantsHold(ws.id);
  });

  it('when an item has reserved stock, then making it catalog-only is a 409', async () => {
    const { ws, van, item, from } = await stocked(3);
    const made = await pending(ws, from, van.id, item.id, 3);
    expect(expectError(await ws.owner.patch(`/items/${item.id}`, { trackStock: false }), 409, 'conflict').message).toContain('pending transfers');
    await act(ws.owner, made.id, 'cancel');
    expect((await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: item.id, locationId: from, quantity: -3 })).status).toBe(201);
    await eventually('the catalog to learn the item is out of stock', async () => ((await ws.owner.patch(`/items/${item.id}`, { trackStock: false })).status === 200 ? true : undefined));
  });

  it('when a revert would take stock reserved at the destination, then 422 names what is available there', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = (await send(ws.owner, from, van.id, item.id, 4)).body;
    await pending(ws, van.id, from, item.id, 3);
    const error = expectError(await act(ws.owner, made.id, 'revert'), 422, 'unprocessable_entity');
    expect(error.message).toContain('1 available');
    expect((await ws.owner.get(`/inventory/transfers/${made.id}`)).body.status).toBe('completed');
    await invariantsHold(ws.id);
  });

  it('when an action is retried with its Idempotency-Key, then it answers the first response; without one the retry is a 409', async () => {
    const { ws, van, item, from } = await stocked(10);
    const made = await pending(ws, from, van.id, item.id, 2);
    const first = await act(ws.owner, made.id, 'complete', undefined, { 'Idempotency-Key': 'arrived-1' });
    const again = await act(ws.owner, made.id, 'complete', undefined, { 'Idempotency-Key': 'arrived-1' });
    expect(first.status).toBe(200);
    expect({ status: again.status, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 200, body: first.body, replayed: 'true' });
    expectError(await act(ws.owner, made.id, 'complete'), 409, 'conflict');
    expect(await onHand(ws.owner, item.id, van.id)).toBe(2);
    // The key is scoped to the transfer: the same key completes another transfer once.
    const other = await pending(ws, from, van.id, item.id, 1);
    expect((await act(ws.owner, other.id, 'complete', undefined, { 'Idempotency-Key': 'arrived-1' })).body.id).toBe(other.id);
    expect(await onHand(ws.owner, item.id, van.id)).toBe(3);
    // Concurrent retries of one cancel with one key: one effect, one answer.
    const third = await pending(ws, from, van.id, item.id, 1);
    const together = await Promise.all(Array.from({ length: 5 }, () => act(ws.owner, third.id, 'cancel', { reason: 'dup' }, { 'Idempotency-Key': 'withdraw' })));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await transferEvents(third.id)).map((e) => e.type)).toEqual(['transfer.pending', 'transfer.cancelled']);
    expectError(await act(ws.owner, third.id, 'cancel', { reason: 'other' }, { 'Idempotency-Key': 'withdraw' }), 409, 'conflict');
    const reverted = await act(ws.owner, made.id, 'revert', undefined, { 'Idempotency-Key': 'undo' });
    expect((await act(ws.owner, made.id, 'revert', undefined, { 'Idempotency-Key': 'undo' })).body).toEqual(reverted.body);
    await invariantsHold(ws.id);
  });

  it('when transfers of every status are listed, then the status filter and the intervals find each of them', async () => {
    const { ws, van, item, from } = await stocked(20);
    const byStatus: Record<string, string> = {};
    byStatus.pending = (await pending(ws, from, van.id, item.id, 1)).id;
    byStatus.completed = (await send(ws.owner, from, van.id, item.id, 1)).body.id;
    byStatus.reverted = (await send(ws.owner, from, van.id, item.id, 1)).body.id;
    await act(ws.owner, byStatus.reverted!, 'revert');
    byStatus.rejected = (await pending(ws, from, van.id, item.id, 1)).id;
    await act(ws.owner, byStatus.rejected!, 'reject');
    byStatus.cancelled = (await pending(ws, from, van.id, item.id, 1)).id;
    await act(ws.owner, byStatus.cancelled!, 'cancel');
    const ids = (res: { body: { id: string }[] }) => res.body.map((t) => t.id).sort();
    for (const [status, id] of Object.entries(byStatus)) {
      for (const interval of ['24h', 'today', 'mtd', 'ytd', 'all', 'all_unfiltered']) {
        expect(ids(await ws.owner.get('/inventory/transfers', { query: { status, interval } }))).toEqual([id]);
      }
      expect((await ws.owner.get('/inventory/transfers', { query: { status, interval: 'last_year' } })).body).toEqual([]);
    }
    // Moved 40 days back, each status leaves 30d and enters 90d.
    await sql("UPDATE stock.transfers SET created_at = now() - interval '40 days' WHERE workspace_id = $1", [ws.id]);
    const all = Object.values(byStatus).sort();
    expect(ids(await ws.owner.get('/inventory/transfers', { query: { status: 'pending,completed,reverted,rejected,cancelled', interval: '90d' } }))).toEqual(all);
    expect((await ws.owner.get('/inventory/transfers', { query: { interval: '30d' } })).body).toEqual([]);
  });
});
