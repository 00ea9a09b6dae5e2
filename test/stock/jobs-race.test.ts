import type { ApiResponse } from '../support/api';
import { newWorkspace, sql, type TestWorkspace } from '../support/fixtures';
import { balanceOf, createItem, createLocation, ledgerMismatches, receive, reservationMismatches } from './stock-fixtures';

/** A fixed-seed generator, so a failing mix can be replayed exactly. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { int: (below: number) => Math.floor(next() * below), pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]! };
}

async function job(ws: TestWorkspace, body: Record<string, unknown>): Promise<any> {
  const res = await ws.owner.post('/jobs', body);
  if (res.status !== 201) throw new Error(`creating a job failed: ${res.status} ${res.text}`);
  return res.body;
}

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status).sort();

/** Nothing negative, nothing reserved beyond on-hand; reserved = every open reservation (jobs and pending transfers); on-hand = Σ movements. */
async function invariantsHold(workspaceId: string): Promise<void> {
  expect(await sql('SELECT item_id, location_id FROM stock.balances WHERE workspace_id = $1 AND (on_hand < 0 OR reserved < 0 OR on_hand < reserved)', [workspaceId])).toEqual([]);
  expect(await reservationMismatches(workspaceId)).toEqual([]);
  expect(await ledgerMismatches(workspaceId)).toEqual([]);
}

describe('jobs under concurrency', () => {
  it('when 20 jobs race to reserve 10 units, then exactly 10 are reserved and the other 10 are refused', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 10, locationId: van.id });
    const jobs = await Promise.all(Array.from({ length: 20 }, (_, i) => job(ws, { name: `Job ${i}`, sourceLocationId: van.id, lines: [{ itemId: item.id, quantity: 1 }] })));
    const answers = await Promise.all(jobs.map((j) => ws.owner.post(`/jobs/${j.id}/reserve`)));
    expect(statuses(answers)).toEqual([...Array(10).fill(200), ...Array(10).fill(422)]);
    expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 10, reserved: 10, available: 0 });
    // The same race through creation with reserve: true, for the 10 the first race freed.
    await Promise.all(jobs.map((j) => ws.owner.post(`/jobs/${j.id}/cancel`)));
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => ws.owner.post('/jobs', { name: `Again ${i}`, sourceLocationId: van.id, reserve: true, lines: [{ itemId: item.id, quantity: 1 }] })));
    expect(statuses(created)).toEqual([...Array(10).fill(201), ...Array(10).fill(422)]);
    expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 10, reserved: 10, available: 0 });
    await invariantsHold(ws.id);
  });

  it('when a job completes while a transfer takes the free stock, then never both: the ledger never oversells', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const van = await createLocation(ws);
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async (_, round) => {
        const item = await createItem(ws, { quantity: 10, locationId: van.id });
        // 4 reserved, 6 free; the job uses 7 (3 of them free), the transfer wants the 6 free.
        const j = await job(ws, { name: `Race ${round}`, sourceLocationId: van.id, reserve: true, lines: [{ itemId: item.id, quantity: 4 }] });
        const [completion, transfer] = await Promise.all([
          ws.owner.post(`/jobs/${j.id}/complete`, { used: [{ itemId: item.id, quantity: 7 }] }),
          ws.owner.post('/inventory/transfers', { fromLocationId: van.id, toLocationId: ws.defaultLocationId, lines: [{ itemId: item.id, quantity: 6 }] }),
        ]);
        return { item, completion, transfer };
      }),
    );
    for (const { item, completion, transfer } of rounds) {
      expect([completion.status, transfer.status].sort()).toEqual(completion.status === 200 ? [200, 422] : [201, 422]);
      const left = await balanceOf(ws.owner, item.id, van.id);
      expect(left).toEqual(completion.status === 200 ? { onHand: 3, reserved: 0, available: 3 } : { onHand: 4, reserved: 4, available: 0 });
    }
    await invariantsHold(ws.id);
  });

  it('when the same job is completed twice at once, then it deducts once and the other answers 409 naming the status', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 100, locationId: van.id });
    for (let round = 0; round < 8; round++) {
      const j = await job(ws, { name: `Twice ${round}`, sourceLocationId: van.id, reserve: round % 2 === 0, lines: [{ itemId: item.id, quantity: 3 }] });
      const answers = await Promise.all([ws.owner.post(`/jobs/${j.id}/complete`), ws.owner.post(`/jobs/${j.id}/complete`)]);
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.error.message).toContain('is completed');
      expect(await sql("SELECT count(*)::int AS n FROM stock.movements WHERE job_id = $1 AND reason = 'job'", [j.id])).toEqual([{ n: 1 }]);
    }
    expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 100 - 8 * 3, reserved: 0, available: 100 - 8 * 3 });
    await invariantsHold(ws.id);
  });

  it('when a job is cancelled and completed at once, then exactly one wins and the stock agrees with it', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const van = await createLocation(ws);
    const item = await createItem(ws, { quantity: 100, locationId: van.id });
    let used = 0;
    for (let round = 0; round < 10; round++) {
      const j = await job(ws, { name: `Either ${round}`, sourceLocationId: van.id, reserve: true, lines: [{ itemId: item.id, quantity: 2 }] });
      const [cancel, complete] = await Promise.all([ws.owner.post(`/jobs/${j.id}/cancel`), ws.owner.post(`/jobs/${j.id}/complete`)]);
      expect(statuses([cancel, complete])).toEqual([200, 409]);
      const status = (await ws.owner.get(`/jobs/${j.id}`)).body.status;
      expect(status).toBe(cancel.status === 200 ? 'cancelled' : 'completed');
      if (status === 'completed') used += 2;
      const events = await sql<{ type: string }>("SELECT type FROM stock.outbox WHERE type LIKE 'job.%' AND message->'payload'->>'id' = $1", [j.id]);
      expect(events.map((e) => e.type)).toEqual([status === 'completed' ? 'job.completed' : 'job.cancelled']);
    }
    expect(await balanceOf(ws.owner, item.id, van.id)).toEqual({ onHand: 100 - used, reserved: 0, available: 100 - used });
    await invariantsHold(ws.id);
  });

  it('when 60 requests mix job creates, reserves, releases, changes, completes, cancels and reverts with transfers, adjustments and counts on hot items, then every invariant holds', async () => {
    const ws = await newWorkspace({ plan: 'business' });
    const locations = [ws.defaultLocationId, (await createLocation(ws)).id, (await createLocation(ws)).id];
    const items = await Promise.all([0, 1, 2].map(() => createItem(ws, { quantity: 15 })));
    for (const item of items) for (const at of locations.slice(1)) await receive(ws.owner, item.id, at, 8);
    const random = generator(20_261_126);
    const lines = () => {
      const chosen = items.filter(() => random.int(2) === 0);
      return (chosen.length ? chosen : [random.pick(items)]).map((item) => ({ itemId: item.id, quantity: 1 + random.int(4) }));
    };
    const jobs: string[] = [];
    while (jobs.length < 12) {
      const res = await ws.owner.post('/jobs', { name: `Storm ${jobs.length}`, sourceLocationId: random.pick(locations), reserve: random.int(2) === 0, lines: lines() });
      if (res.status === 201) jobs.push(res.body.id);
      else expect(res.status).toBe(422);
    }
    // A few completed ones to revert.
    for (const id of jobs.slice(0, 3)) expect([200, 422]).toContain((await ws.owner.post(`/jobs/${id}/complete`)).status);

    type Request = { kind: string; jobId?: string; run: () => Promise<ApiResponse> };
    const requests: Request[] = [];
    const on = (kind: string, count: number, run: (jobId: string) => Promise<ApiResponse>) => {
      for (let i = 0; i < count; i++) {
        const jobId = random.pick(jobs);
        requests.push({ kind, jobId, run: () => run(jobId) });
      }
    };
    on('reserve', 8, (id) => ws.owner.post(`/jobs/${id}/reserve`, undefined, { query: { partial: random.int(2) ? 'true' : 'false' } }));
    on('release', 4, (id) => ws.owner.post(`/jobs/${id}/release`));
    on('complete', 10, (id) => ws.owner.post(`/jobs/${id}/complete`, random.int(2) ? {} : { used: lines() }));
    on('cancel', 4, (id) => ws.owner.post(`/jobs/${id}/cancel`));
    on('revert', 4, (id) => ws.owner.post(`/jobs/${id}/revert`));
    on('change', 8, (id) => ws.owner.patch(`/jobs/${id}`, random.int(2) ? { lines: lines() } : { sourceLocationId: random.pick(locations) }));
    // Half reserve as they are created (all or nothing, so on hot items they may all be refused for
    // want of stock); the others only plan, so some create is sure to succeed whatever the order.
    for (let i = 0; i < 6; i++) requests.push({ kind: 'create', run: () => ws.owner.post('/jobs', { name: `New ${i}`, sourceLocationId: random.pick(locations), reserve: i % 2 === 0, lines: lines() }) });
    for (let i = 0; i < 10; i++) {
      const from = random.pick(locations);
      const to = random.pick(locations.filter((l) => l !== from));
      requests.push({ kind: 'transfer', run: () => ws.owner.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: lines(), ...(random.int(2) ? { status: 'pending' } : {}) }) });
    }
    for (let i = 0; i < 6; i++) {
      const itemId = random.pick(items).id;
      const locationId = random.pick(locations);
      requests.push(
        i % 3 === 0
          ? { kind: 'count', run: () => ws.owner.post('/inventory/movements', { type: 'count', itemId, locationId, quantity: random.int(6) }) }
          : { kind: 'adjustment', run: () => ws.owner.post('/inventory/movements', { type: 'adjustment', itemId, locationId, quantity: -(1 + random.int(6)) }) },
      );
    }
    expect(requests).toHaveLength(60);
    const order = requests.map((r, i) => ({ r, key: random.int(1000) * 100 + i })).sort((a, b) => a.key - b.key).map((x) => x.r);
    const settled = await Promise.allSettled(order.map((r) => r.run()));

    // Every answer is a success or a refusal the API documents; none is a 500 or lost.
    const allowed: Record<string, number[]> = {
      reserve: [200, 409, 422],
      release: [200, 409],
      complete: [200, 409, 422],
      cancel: [200, 409],
      revert: [200, 409, 422],
      change: [200, 409, 422],
      create: [201, 422],
      transfer: [201, 422],
      count: [201, 422],
      adjustment: [201, 422],
    };
    settled.forEach((s, i) => {
      const kind = order[i]!.kind;
      const answer = s.status === 'fulfilled' ? { kind, status: s.value.status, body: s.value.body } : { kind, status: String(s.reason) };
      expect(allowed[kind]!.includes(answer.status as number) ? 'documented' : answer).toBe('documented');
    });
    // The mix made every kind both succeed and be refused somewhere (a test of nothing otherwise).
    const outcomes = new Map<string, Set<string>>();
    settled.forEach((s, i) => {
      const set = outcomes.get(order[i]!.kind) ?? new Set<string>();
      set.add(s.status === 'fulfilled' && s.value.status < 300 ? 'won' : 'refused');
      outcomes.set(order[i]!.kind, set);
    });
    for (const kind of ['reserve', 'complete', 'change', 'create', 'transfer']) expect({ kind, won: outcomes.get(kind)?.has('won') }).toEqual({ kind, won: true });
    await invariantsHold(ws.id);

    // Each job's ledger agrees with its status: a completed one's movements are its used lines; a reverted one nets to nothing; the others moved nothing.
    const rows = await sql<{ id: string; status: string; used: string; moved: string; reserved: string }>(
      `SELECT j.id, j.status,
              coalesce((SELECT sum(l.used) FROM stock.job_lines l JOIN stock.items i ON i.workspace_id = l.workspace_id AND i.id = l.item_id
                         WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id AND i.track_stock), 0)::text AS used,
              coalesce((SELECT -sum(m.quantity) FROM stock.movements m WHERE m.workspace_id = j.workspace_id AND m.job_id = j.id), 0)::text AS moved,
              coalesce((SELECT sum(l.reserved) FROM stock.job_lines l WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id), 0)::text AS reserved
         FROM stock.jobs j WHERE j.workspace_id = $1`,
      [ws.id],
    );
    for (const row of rows) {
      const expected = { completed: row.used, reverted: '0', open: '0', cancelled: '0' }[row.status];
      expect({ id: row.id, status: row.status, moved: Number(row.moved) }).toEqual({ id: row.id, status: row.status, moved: Number(expected) });
      if (row.status !== 'open') expect({ id: row.id, reserved: Number(row.reserved) }).toEqual({ id: row.id, reserved: 0 });
    }
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThan(1);
  });
});
