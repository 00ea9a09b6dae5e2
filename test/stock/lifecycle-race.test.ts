import type { ApiResponse } from '../support/api';
import { newWorkspace, sql } from '../support/fixtures';
import { createItem, createLocation, ledgerMismatches, receive, reservationMismatches } from './stock-fixtures';

/** A fixed-seed generator, so a failing mix can be replayed exactly. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { int: (below: number) => Math.floor(next() * below), pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]! };
}

type Request = { kind: string; transferId?: string; itemId?: string; delta?: number; run: () => Promise<ApiResponse> };

describe('transfer lifecycle under concurrency', () => {
  it('when 50 requests mix pending creates, completes, cancels, rejects, adjustments and instant transfers on hot items, then every invariant holds', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const locations = [ws.defaultLocationId, (await createLocation(ws)).id, (await createLocation(ws)).id];
    const items = await Promise.all([0, 1, 2].map(() => createItem(ws, { quantity: 12 })));
    for (const item of items) await receive(ws.owner, item.id, locations[1]!, 6);
    const random = generator(20_251_121);
    const route = () => {
      const from = random.pick(locations);
      return { from, to: random.pick(locations.filter((l) => l !== from)) };
    };
    const lines = () => {
      const chosen = items.filter(() => random.int(2) === 0);
      return (chosen.length ? chosen : [random.pick(items)]).map((item) => ({ itemId: item.id, quantity: 1 + random.int(4) }));
    };
    const transferBody = (status?: 'pending') => {
      const { from, to } = route();
      return { fromLocationId: from, toLocationId: to, lines: lines(), ...(status ? { status } : {}) };
    };

    // Twelve pending transfers to fight over, created one by one (each may find its stock short).
    const pendingIds: string[] = [];
    while (pendingIds.length < 12) {
      const res = await ws.owner.post('/inventory/transfers', transferBody('pending'));
      if (res.status === 201) pendingIds.push(res.body.id);
      else expect(res.status).toBe(422);
    }
    const onHandBefore = await sql<{ item_id: string; total: string }>('SELECT item_id, sum(on_hand)::text AS total FROM stock.balances WHERE workspace_id = $1 GROUP BY item_id', [ws.id]);

    const requests: Request[] = [];
    const action = (kind: 'complete' | 'reject' | 'cancel') => {
      const transferId = random.pick(pendingIds);
      requests.push({ kind, transferId, run: () => ws.owner.post(`/inventory/transfers/${transferId}/${kind}`) });
    };
    for (let i = 0; i < 12; i++) action('complete');
    for (let i = 0; i < 7; i++) action('cancel');
    for (let i = 0; i < 7; i++) action('reject');
    for (let i = 0; i < 8; i++) requests.push({ kind: 'pending', run: () => ws.owner.post('/inventory/transfers', transferBody('pending')) });
    for (let i = 0; i < 8; i++) requests.push({ kind: 'instant', run: () => ws.owner.post('/inventory/transfers', transferBody()) });
    for (let i = 0; i < 8; i++) {
      const itemId = random.pick(items).id;
      const locationId = random.pick(locations);
      const delta = i % 2 === 0 ? -(1 + random.int(8)) : 1 + random.int(3);
      requests.push({ kind: 'adjustment', itemId, delta, run: () => ws.owner.post('/inventory/movements', { type: 'adjustment', itemId, locationId, quantity: delta }) });
    }
    expect(requests).toHaveLength(50);
    // Interleave the kinds so that every kind is in flight at once.
    const order = requests.map((r, i) => ({ r, key: random.int(1000) * 100 + i })).sort((a, b) => a.key - b.key).map((x) => x.r);
    const settled = await Promise.allSettled(order.map((r) => r.run()));
    const results = settled.map((s, i) => ({ request: order[i]!, response: s.status === 'fulfilled' ? s.value : undefined, failure: s.status === 'rejected' ? s.reason : undefined }));

    // Every answer is a success or a refusal the API documents; none is a 500 or lost.
    const allowed: Record<string, number[]> = { complete: [200, 409], reject: [200, 409], cancel: [200, 409], pending: [201, 422], instant: [201, 422], adjustment: [201, 422] };
    for (const { request, response, failure } of results) {
      const answer = { kind: request.kind, status: response?.status ?? String(failure), body: response?.body, requestId: response?.headers['x-request-id'] };
      expect(allowed[request.kind]!.includes(answer.status as number) ? 'documented' : answer).toBe('documented');
    }
    const wins = (kind: string) => results.filter((r) => r.request.kind === kind && r.response!.status < 300);
    expect(wins('complete').length + wins('reject').length + wins('cancel').length).toBeGreaterThan(0);

    // Balances: nothing negative, nothing reserved beyond on-hand, reserved = the pending lines out of it, ledger = balances.
    expect(await sql('SELECT item_id, location_id FROM stock.balances WHERE workspace_id = $1 AND (on_hand < 0 OR reserved < 0 OR on_hand - reserved < 0)', [ws.id])).toEqual([]);
    expect(await reservationMismatches(ws.id)).toEqual([]);
    expect(await ledgerMismatches(ws.id)).toEqual([]);

    // Stock is conserved: per item, on-hand changed by exactly the adjustments that were applied.
    const onHandAfter = new Map(
      (await sql<{ item_id: string; total: string }>('SELECT item_id, sum(on_hand)::text AS total FROM stock.balances WHERE workspace_id = $1 GROUP BY item_id', [ws.id])).map((r) => [r.item_id, Number(r.total)]),
    );
    for (const { item_id, total } of onHandBefore) {
      const adjusted = wins('adjustment')
        .filter((r) => r.request.itemId === item_id)
        .reduce((sum, r) => sum + r.request.delta!, 0);
      expect({ item_id, total: onHandAfter.get(item_id) }).toEqual({ item_id, total: Number(total) + adjusted });
    }

    // Each contested transfer ended in exactly one state: at most one action won, and the status, movements and events agree with it.
    for (const id of pendingIds) {
      const winners = results.filter((r) => r.request.transferId === id && r.response!.status === 200);
      const [row] = await sql<{ status: string; lines: number; movements: number }>(
        `SELECT status, (SELECT count(*)::int FROM stock.transfer_lines WHERE transfer_id = t.id) AS lines,
                (SELECT count(*)::int FROM stock.movements WHERE transfer_id = t.id) AS movements
         FROM stock.transfers t WHERE id = $1`,
        [id],
      );
      const expected = winners.length === 0 ? 'pending' : { complete: 'completed', reject: 'rejected', cancel: 'cancelled' }[winners[0]!.request.kind];
      expect({ id, winners: winners.length <= 1, status: row!.status, movements: row!.movements }).toEqual({
        id,
        winners: true,
        status: expected,
        movements: expected === 'completed' ? 2 * row!.lines : 0,
      });
      const events = await sql<{ status: string }>("SELECT message->'payload'->>'status' AS status FROM stock.outbox WHERE type LIKE 'transfer.%' AND message->'payload'->>'id' = $1 ORDER BY seq", [id]);
      expect(events.map((e) => e.status)).toEqual(expected === 'pending' ? ['pending'] : ['pending', expected]);
    }
    const statuses = await sql<{ status: string }>('SELECT DISTINCT status FROM stock.transfers WHERE workspace_id = $1', [ws.id]);
    for (const { status } of statuses) expect(['pending', 'completed', 'rejected', 'cancelled']).toContain(status);
  });
});
