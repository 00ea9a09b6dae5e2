import { expectError, type Client } from '../support/api';
import { newMember, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';
import { balanceOf, createLocation, ISO_TIME, ledgerMismatches, ownerActor, receive, reservationMismatches } from './stock-fixtures';

/** An item made through the API with the prices given, and stock at `locationId` when `quantity` is. */
async function item(ws: TestWorkspace, fields: { cost?: number; sellPrice?: number; trackStock?: boolean; quantity?: number; locationId?: string } = {}) {
  const res = await ws.owner.post('/items', { sku: unique('PART'), description: 'A part', cost: 4, sellPrice: 0, ...fields });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return res.body as { id: string; sku: string; description: string };
}

/** A workspace with a van (the workspace's default job source) holding two priced items. */
async function vanWith(stock: { a: number; b: number }) {
  const ws = await newWorkspace({ plan: 'pro' });
  const van = await createLocation(ws);
  expect((await ws.owner.patch(`/workspaces/${ws.id}`, { defaultInvoiceSourceLocationId: van.id, defaultMarkupPercent: 50, defaultTaxPercent: 10 })).status).toBe(200);
  const a = await item(ws, { cost: 4, sellPrice: 9.99, quantity: stock.a || undefined, locationId: stock.a ? van.id : undefined });
  const b = await item(ws, { cost: 2.5, quantity: stock.b || undefined, locationId: stock.b ? van.id : undefined });
  return { ws, van, a, b };
}

const act = (api: Client, jobId: string, action: string, body?: unknown, options: { query?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  api.post(`/jobs/${jobId}/${action}`, body, options);

async function created(api: Client, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/jobs', body);
  if (res.status !== 201) throw new Error(`creating a job failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Outbox rows of one job's events, oldest first. */
async function jobEvents(jobId: string): Promise<Array<{ type: string; payload: any }>> {
  return sql("SELECT type, message->'payload' AS payload FROM stock.outbox WHERE type LIKE 'job.%' AND message->'payload'->>'id' = $1 ORDER BY seq", [jobId]);
}

async function invariantsHold(workspaceId: string): Promise<void> {
  expect(await reservationMismatches(workspaceId)).toEqual([]);
  expect(await ledgerMismatches(workspaceId)).toEqual([]);
}

describe('jobs', () => {
  it('when a job is created, then it is open, takes its source and pricing from the workspace defaults, and reserves nothing', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const res = await ws.owner.post('/jobs', { name: 'Boiler service', externalRef: 'WO-1', note: 'Back door', scheduledAt: '2026-12-01T08:00:00Z', lines: [{ itemId: a.id, quantity: 2 }, { itemId: b.id, quantity: 3, billable: false, note: 'warranty' }] });
    expect(res.status).toBe(201);
    const actor = await ownerActor(ws);
    expect(res.body).toEqual({
      id: expect.any(String),
      externalRef: 'WO-1',
      name: 'Boiler service',
      status: 'open',
      sourceLocationId: van.id,
      scheduledAt: '2026-12-01T08:00:00.000Z',
      note: 'Back door',
      currency: 'USD',
      markupPercent: 50,
      taxPercent: 10,
      taxIncluded: false,
      lines: [
        { id: expect.any(String), itemId: a.id, item: { id: a.id, sku: a.sku, description: 'A part', trackStock: true }, locationId: van.id, planned: 2, reserved: 0, used: 0, billable: true, unitCost: null, unitPrice: null, note: '', serials: null, lot: null, lots: null },
        { id: expect.any(String), itemId: b.id, item: { id: b.id, sku: b.sku, description: 'A part', trackStock: true }, locationId: van.id, planned: 3, reserved: 0, used: 0, billable: false, unitCost: null, unitPrice: null, note: 'warranty', serials: null, lot: null, lots: null },
      ],
      totals: null,
      createdAt: expect.stringMatching(ISO_TIME),
      createdBy: actor,
      updatedAt: res.body.createdAt,
      updatedBy: actor,
      completedAt: null,
      completedBy: null,
      cancelledAt: null,
      cancelledBy: null,
      revertedAt: null,
      revertedBy: null,
    });
    expect((await ws.owner.get(`/jobs/${res.body.id}`)).body).toEqual(res.body);
    expect((await ws.owner.get('/jobs/ext_WO-1')).body).toEqual(res.body);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    expectError(await ws.owner.post('/jobs', { name: 'Another', externalRef: 'WO-1', lines: [] }), 409, 'conflict');
    // Actions take ext_<externalRef> too; only jobs write the job reasons.
    expect((await act(ws.owner, 'ext_WO-1', 'reserve')).body.job.lines.map((l: any) => l.reserved)).toEqual([2, 3]);
    expect(expectError(await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: a.id, locationId: van.id, quantity: -1, reason: 'job' }), 400, 'bad_request').message).toContain('reason');
  });

  it('when a job is reserved, then each stocked line holds its planned quantity at its location, and no transfer, adjustment, count or other job can take it', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 5 });
    const job = await created(ws.owner, { name: 'Reserve', lines: [{ itemId: a.id, quantity: 6 }, { itemId: b.id, quantity: 5 }] });
    const res = await act(ws.owner, job.id, 'reserve');
    expect(res.status).toBe(200);
    expect(res.body.shortages).toEqual([]);
    expect(res.body.job.lines.map((l: any) => l.reserved)).toEqual([6, 5]);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    const refusedWith = (r: { status: number; body: any }) => expectError(r as any, 422, 'unprocessable_entity').message;
    expect(refusedWith(await ws.owner.post('/inventory/transfers', { fromLocationId: van.id, toLocationId: ws.defaultLocationId, lines: [{ itemId: a.id, quantity: 5 }] }))).toContain('6 more on hand reserved for pending transfers and jobs');
    refusedWith(await ws.owner.post('/inventory/movements', { type: 'adjustment', itemId: a.id, locationId: van.id, quantity: -5 }));
    expect(refusedWith(await ws.owner.post('/inventory/movements', { type: 'count', itemId: a.id, locationId: van.id, quantity: 5 }))).toContain('below the 6 reserved');
    const other = await created(ws.owner, { name: 'Other', lines: [{ itemId: a.id, quantity: 5 }] });
    expect(refusedWith(await act(ws.owner, other.id, 'reserve'))).toContain('4 available (6 more on hand reserved for pending transfers and jobs), 5 requested');
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    // Reserving again changes nothing: every line holds what it planned.
    expect((await act(ws.owner, job.id, 'reserve')).body.job.lines.map((l: any) => l.reserved)).toEqual([6, 5]);
    await invariantsHold(ws.id);
  });

  it('when stock is short, then reserve answers 422 naming each short item, its location and what is available, and reserves nothing; partial=true reserves what is there and lists the shortages', async () => {
    const { ws, van, a, b } = await vanWith({ a: 3, b: 1 });
    const c = await item(ws, { quantity: 9, locationId: van.id });
    const job = await created(ws.owner, { name: 'Short', lines: [{ itemId: a.id, quantity: 5 }, { itemId: b.id, quantity: 4 }, { itemId: c.id, quantity: 2 }] });
    const { message } = expectError(await act(ws.owner, job.id, 'reserve'), 422, 'unprocessable_entity');
    expect(message).toContain(`item "${a.sku}" (${a.id}) at location "${van.name}" (${van.id}): 3 available, 5 requested`);
    expect(message).toContain(`item "${b.sku}" (${b.id}) at location "${van.name}" (${van.id}): 1 available, 4 requested`);
    expect(message).not.toContain(c.sku);
    expect(await balanceOf(ws.owner, c.id, van.id)).toEqual({ onHand: 9, reserved: 0, available: 9 });

    const partial = await act(ws.owner, job.id, 'reserve', undefined, { query: { partial: 'true' } });
    expect(partial.status).toBe(200);
    expect(partial.body.job.lines.map((l: any) => l.reserved)).toEqual([3, 1, 2]);
    expect(partial.body.shortages).toEqual([
      { lineId: job.lines[0].id, itemId: a.id, sku: a.sku, locationId: van.id, requested: 5, available: 3 },
      { lineId: job.lines[1].id, itemId: b.id, sku: b.sku, locationId: van.id, requested: 4, available: 1 },
    ]);
    await receive(ws.owner, a.id, van.id, 10);
    const rest = await act(ws.owner, job.id, 'reserve', undefined, { query: { partial: 'true' } });
    expect(rest.body.job.lines.map((l: any) => l.reserved)).toEqual([5, 1, 2]);
    expect(rest.body.shortages).toEqual([{ lineId: job.lines[1].id, itemId: b.id, sku: b.sku, locationId: van.id, requested: 3, available: 0 }]);
    await invariantsHold(ws.id);
  });

  it('when a job completes as planned, then each stocked line writes one movement (reason job, the job as reference), its reservation is released, prices and totals are frozen and job.completed is recorded', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const service = await item(ws, { trackStock: false, cost: 30, sellPrice: 0 });
    await receive(ws.owner, b.id, ws.defaultLocationId, 1);
    const job = await created(ws.owner, {
      name: 'Complete',
      reserve: true,
      lines: [{ itemId: a.id, quantity: 2 }, { itemId: b.id, quantity: 3 }, { itemId: service.id, quantity: 1.5 }, { itemId: b.id, quantity: 1, locationId: ws.defaultLocationId, billable: false }],
    });
    expect(job.lines.map((l: any) => [l.locationId, l.reserved])).toEqual([[van.id, 2], [van.id, 3], [van.id, 0], [ws.defaultLocationId, 1]]);
    const res = await act(ws.owner, job.id, 'complete');
    expect(res.status).toBe(200);
    const actor = await ownerActor(ws);
    expect(res.body).toMatchObject({ status: 'completed', completedBy: actor, completedAt: res.body.updatedAt });
    // a: sell price 9.99; b: cost 2.5 + 50 % = 3.75; the service: 30 + 50 % = 45; the 4th line is not billable.
    expect(res.body.lines.map((l: any) => [l.used, l.reserved, l.unitCost, l.unitPrice])).toEqual([
      [2, 0, 4, 9.99],
      [3, 0, 2.5, 3.75],
      [1.5, 0, 30, 45],
      [1, 0, 2.5, 3.75],
    ]);
    // price 19.98 + 11.25 + 67.5 = 98.73; cost 8 + 7.5 + 45 = 60.5; tax 10 % = 9.873 → 9.87
    expect(res.body.totals).toEqual({ cost: 60.5, price: 98.73, tax: 9.87, total: 108.6 });
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 8, reserved: 0, available: 8 });
    expect(await balanceOf(ws.owner, b.id, van.id)).toEqual({ onHand: 7, reserved: 0, available: 7 });
    expect(await balanceOf(ws.owner, b.id, ws.defaultLocationId)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    const movements = (await ws.owner.get('/inventory/movements', { query: { jobId: job.id } })).body;
    expect(movements.map((m: any) => [m.itemId, m.locationId, m.type, m.quantity, m.reason, m.reference, m.jobId]).sort()).toEqual(
      [
        [a.id, van.id, 'adjustment', -2, 'job', job.id, job.id],
        [b.id, van.id, 'adjustment', -3, 'job', job.id, job.id],
        [b.id, ws.defaultLocationId, 'adjustment', -1, 'job', job.id, job.id],
      ].sort(),
    );
    expect((await ws.owner.get('/inventory/movements', { query: { reason: 'job' } })).body).toHaveLength(3);
    expect(await jobEvents(job.id)).toEqual([{ type: 'job.completed', payload: res.body }]);
    expect((await ws.owner.get(`/jobs/${job.id}`)).body).toEqual(res.body);
    await invariantsHold(ws.id);
  });

  it('when a completion names what was used, then reservations come first, then free stock, unplanned items are added, unused reservations are released; too little anywhere is a 422 and nothing changes', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const c = await item(ws, { cost: 1, sellPrice: 2, quantity: 1, locationId: van.id });
    const job = await created(ws.owner, { name: 'Used', reserve: true, lines: [{ itemId: a.id, quantity: 4 }, { itemId: b.id, quantity: 5 }] });
    const short = expectError(await act(ws.owner, job.id, 'complete', { used: [{ itemId: a.id, quantity: 11 }, { itemId: c.id, quantity: 2 }] }), 422, 'unprocessable_entity');
    expect(short.message).toContain(`item "${a.sku}" (${a.id}) at location "${van.name}" (${van.id}): 10 available, 11 requested`);
    expect(short.message).toContain(`item "${c.sku}" (${c.id}) at location "${van.name}" (${van.id}): 1 available, 2 requested`);
    expect(short.shortages).toEqual([
      { itemId: a.id, locationId: van.id, available: 10, requested: 11, param: 'used[0].quantity' },
      { itemId: c.id, locationId: van.id, available: 1, requested: 2, param: 'used[1].quantity' },
    ]);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 4, available: 6 });
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.status).toBe('open');

    const res = await act(ws.owner, job.id, 'complete', { used: [{ itemId: a.id, quantity: 7 }, { itemId: c.id, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.lines.map((l: any) => [l.itemId, l.planned, l.used, l.reserved, l.billable])).toEqual([
      [a.id, 4, 7, 0, true],
      [b.id, 5, 0, 0, true],
      [c.id, 0, 1, 0, true],
    ]);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 3, reserved: 0, available: 3 });
    expect(await balanceOf(ws.owner, b.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    expect(await balanceOf(ws.owner, c.id, van.id)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    // Crossings from a job's movements flow as any movement's: c went from low (1) to out.
    const crossings = await sql("SELECT message->'payload'->>'health' AS health FROM stock.outbox WHERE type = 'stock.item_health_crossed' AND message->'payload'->>'itemId' = $1", [c.id]);
    expect(crossings).toEqual([{ health: 'out' }]);
    await invariantsHold(ws.id);
  });

  it('when a job is cancelled, then its reservations are released; from the wrong status every action answers 409 naming it', async () => {
    const { ws, van, a } = await vanWith({ a: 10, b: 0 });
    const job = await created(ws.owner, { name: 'Cancel', reserve: true, lines: [{ itemId: a.id, quantity: 4 }] });
    const cancelled = await act(ws.owner, job.id, 'cancel');
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: await ownerActor(ws), totals: null, lines: [{ reserved: 0, used: 0 }] });
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    expect(await jobEvents(job.id)).toEqual([{ type: 'job.cancelled', payload: cancelled.body }]);
    for (const action of ['reserve', 'release', 'complete', 'cancel']) {
      expect(expectError(await act(ws.owner, job.id, action), 409, 'conflict').message).toBe(`Job ${job.id} is cancelled; only an open job can be ${{ reserve: 'reserved', release: 'released', complete: 'completed', cancel: 'cancelled' }[action]}.`);
    }
    expect(expectError(await act(ws.owner, job.id, 'revert'), 409, 'conflict').message).toBe(`Job ${job.id} is cancelled; only a completed job can be reverted.`);
    expectError(await ws.owner.patch(`/jobs/${job.id}`, { name: 'Late' }), 409, 'conflict');
    await invariantsHold(ws.id);
  });

  it('when a completed job is reverted, then what it used goes back where it was taken (job_reverted) and job.reverted is recorded; a location that cannot take stock refuses it with 422 naming it', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const job = await created(ws.owner, { name: 'Revert', lines: [{ itemId: a.id, quantity: 2 }, { itemId: b.id, quantity: 1 }] });
    const done = (await act(ws.owner, job.id, 'complete')).body;
    expect((await ws.owner.patch(`/locations/${van.id}`, { active: false })).status).toBe(200);
    const refused = expectError(await act(ws.owner, job.id, 'revert'), 422, 'unprocessable_entity');
    expect(refused.message).toContain(van.id);
    expect(refused.message).toContain('inactive');
    expect((await ws.owner.patch(`/locations/${van.id}`, { active: true })).status).toBe(200);
    const res = await act(ws.owner, job.id, 'revert');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'reverted', revertedBy: await ownerActor(ws), totals: done.totals, completedAt: done.completedAt });
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    const back = (await ws.owner.get('/inventory/movements', { query: { jobId: job.id, reason: 'job_reverted' } })).body;
    expect(back.map((m: any) => [m.itemId, m.quantity, m.reference]).sort()).toEqual([[a.id, 2, job.id], [b.id, 1, job.id]].sort());
    expect((await jobEvents(job.id)).map((e) => e.type)).toEqual(['job.completed', 'job.reverted']);
    expectError(await act(ws.owner, job.id, 'revert'), 409, 'conflict');
    await invariantsHold(ws.id);
  });

  it('when a job is reverted whose completion did not use one of its lines, then the answer names that line\'s item as GET /jobs/{id} does (issue 40: it showed an empty SKU and description)', async () => {
    const { ws, a, b } = await vanWith({ a: 10, b: 10 });
    const job = await created(ws.owner, { name: 'Partly used', lines: [{ itemId: a.id, quantity: 2 }, { itemId: b.id, quantity: 1 }] });
    expect((await ws.owner.post(`/jobs/${job.id}/complete`, { used: [{ itemId: a.id, quantity: 2 }] })).status).toBe(200);
    const reverted = await act(ws.owner, job.id, 'revert');
    expect(reverted.status).toBe(200);
    const unused = reverted.body.lines.find((l: any) => l.itemId === b.id);
    expect(unused.item).toEqual({ id: b.id, sku: b.sku, description: b.description, trackStock: true });
    expect(reverted.body).toEqual((await ws.owner.get(`/jobs/${job.id}`)).body);
  });

  it('when a completion is sent twice with one Idempotency-Key, then it deducts once and the second answers the first', async () => {
    const { ws, van, a } = await vanWith({ a: 10, b: 0 });
    const job = await created(ws.owner, { name: 'Key', lines: [{ itemId: a.id, quantity: 3 }] });
    const headers = { 'Idempotency-Key': unique('complete') };
    const first = await act(ws.owner, job.id, 'complete', {}, { headers });
    const second = await act(ws.owner, job.id, 'complete', {}, { headers });
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 7, reserved: 0, available: 7 });
    expectError(await act(ws.owner, job.id, 'complete', { used: [] }, { headers }), 409, 'conflict');
  });

  it('when a job is changed, then a reserved line keeps its reservation in step (reduced, or increased all or nothing), removed lines release theirs, and lines at the source move with it', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const van2 = await createLocation(ws);
    await receive(ws.owner, a.id, van2.id, 3);
    const job = await created(ws.owner, { name: 'Change', reserve: true, lines: [{ itemId: a.id, quantity: 4 }, { itemId: b.id, quantity: 2 }] });
    const reduced = await ws.owner.patch(`/jobs/${job.id}`, { name: 'Changed', lines: [{ itemId: a.id, quantity: 3 }] });
    expect(reduced.status).toBe(200);
    expect(reduced.body.lines).toEqual([expect.objectContaining({ id: job.lines[0].id, planned: 3, reserved: 3 })]);
    expect(await balanceOf(ws.owner, b.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    const tooMuch = expectError(await ws.owner.patch(`/jobs/${job.id}`, { lines: [{ itemId: a.id, quantity: 11 }] }), 422, 'unprocessable_entity');
    // The line asks for 8 more than it holds; its own 3 are among those named as reserved.
    expect(tooMuch.message).toContain('7 available (3 more on hand reserved for pending transfers and jobs), 8 requested');
    expect(tooMuch.shortages).toEqual([{ itemId: a.id, locationId: van.id, available: 7, requested: 8, param: 'lines[0].quantity' }]);
    expect((await ws.owner.get(`/jobs/${job.id}`)).body.lines[0]).toMatchObject({ planned: 3, reserved: 3 });
    const grown = await ws.owner.patch(`/jobs/${job.id}`, { lines: [{ itemId: a.id, quantity: 5 }, { itemId: b.id, quantity: 1 }] });
    expect(grown.body.lines.map((l: any) => [l.planned, l.reserved])).toEqual([[5, 5], [1, 0]]);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 5, available: 5 });
    // A new source with too little: nothing moves; with enough, the reservation moves along.
    expectError(await ws.owner.patch(`/jobs/${job.id}`, { sourceLocationId: van2.id }), 422, 'unprocessable_entity');
    await receive(ws.owner, a.id, van2.id, 2);
    const moved = await ws.owner.patch(`/jobs/${job.id}`, { sourceLocationId: van2.id });
    expect(moved.body.lines.map((l: any) => [l.locationId, l.reserved])).toEqual([[van2.id, 5], [van2.id, 0]]);
    expect(await balanceOf(ws.owner, a.id, van.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
    expect(await balanceOf(ws.owner, a.id, van2.id)).toEqual({ onHand: 5, reserved: 5, available: 0 });
    expect((await ws.owner.patch(`/jobs/${job.id}`, {})).body).toEqual(moved.body);
    await invariantsHold(ws.id);
  });

  it('when a stocked line has no location, then 422 names sourceLocationId; catalog-only lines need none; unknown items and locations are 422', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const part = await item(ws);
    const service = await item(ws, { trackStock: false });
    const refused = await ws.owner.post('/jobs', { name: 'No source', lines: [{ itemId: part.id, quantity: 1 }] });
    expect(expectError(refused, 422, 'unprocessable_entity').message).toContain('sourceLocationId');
    expect(refused.body.error.param).toBe('sourceLocationId');
    expect((await ws.owner.post('/jobs', { name: 'Labour only', lines: [{ itemId: service.id, quantity: 2 }] })).status).toBe(201);
    expectError(await ws.owner.post('/jobs', { name: 'Unknown', sourceLocationId: ws.defaultLocationId, lines: [{ itemId: '0191c1a0-0000-7000-8000-000000000001', quantity: 1 }] }), 422, 'unprocessable_entity');
    expectError(await ws.owner.post('/jobs', { name: 'Nowhere', sourceLocationId: '0191c1a0-0000-7000-8000-000000000002', lines: [{ itemId: part.id, quantity: 1 }] }), 422, 'unprocessable_entity');
    expect(expectError(await ws.owner.post('/jobs', { name: 'Twice', sourceLocationId: ws.defaultLocationId, lines: [{ itemId: part.id, quantity: 1 }, { itemId: part.id, quantity: 2 }] }), 400, 'bad_request').message).toContain('lines[1]');
    for (const body of [{ name: '', lines: [] }, { name: 'x'.repeat(201), lines: [] }, { name: 'Tax', taxPercent: 101, lines: [] }, { name: 'Cur', currency: 'usd', lines: [] }, { name: 'Ref', externalRef: 'x'.repeat(101), lines: [] }]) {
      expectError(await ws.owner.post('/jobs', body), 400, 'bad_request');
    }
  });

  it('when the catalog changes a price, then a job completed after the change was acknowledged is priced by it', async () => {
    const { ws, a } = await vanWith({ a: 5, b: 0 });
    const job = await created(ws.owner, { name: 'Price', lines: [{ itemId: a.id, quantity: 1 }] });
    expect((await ws.owner.patch(`/items/${a.id}`, { sellPrice: 0, cost: 10 })).status).toBe(200);
    const res = await act(ws.owner, job.id, 'complete');
    expect(res.body.lines[0]).toMatchObject({ unitCost: 10, unitPrice: 15 });
  });

  it('when a copy of an item predates copied prices, then a completion asks the catalog for them and the copy keeps them', async () => {
    const { ws, a } = await vanWith({ a: 5, b: 0 });
    await sql('UPDATE stock.items SET cost = NULL, sell_price = NULL WHERE workspace_id = $1 AND id = $2', [ws.id, a.id]);
    const job = await created(ws.owner, { name: 'Old copy', lines: [{ itemId: a.id, quantity: 1 }] });
    expect((await act(ws.owner, job.id, 'complete')).body.lines[0]).toMatchObject({ unitCost: 4, unitPrice: 9.99 });
    expect(await sql('SELECT cost::float8 AS cost, sell_price::float8 AS "sellPrice" FROM stock.items WHERE workspace_id = $1 AND id = $2', [ws.id, a.id])).toEqual([{ cost: 4, sellPrice: 9.99 }]);
  });

  it('when a member is restricted, then it needs write access to every location a job takes stock from, and read access to all of them to see it; a viewer reads jobs only', async () => {
    const { ws, van, a } = await vanWith({ a: 10, b: 0 });
    const other = await createLocation(ws);
    await receive(ws.owner, a.id, other.id, 5);
    const job = await created(ws.owner, { name: 'Access', lines: [{ itemId: a.id, quantity: 1 }, { itemId: a.id, quantity: 1, locationId: other.id }] });
    const reader = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write,${other.id}:read` });
    const outsider = await newMember(ws, { role: 'member', locationAccess: `${van.id}:write` });
    expect((await reader.client.get(`/jobs/${job.id}`)).status).toBe(200);
    expectError(await act(reader.client, job.id, 'reserve'), 403, 'forbidden');
    expectError(await reader.client.post('/jobs', { name: 'Elsewhere', lines: [{ itemId: a.id, quantity: 1, locationId: other.id }] }), 403, 'forbidden');
    expectError(await outsider.client.get(`/jobs/${job.id}`), 404, 'not_found');
    expectError(await act(outsider.client, job.id, 'reserve'), 404, 'not_found');
    expect((await outsider.client.get('/jobs')).body.map((j: any) => j.id)).not.toContain(job.id);
    expect((await reader.client.get('/jobs')).body.map((j: any) => j.id)).toContain(job.id);
    expect((await act(outsider.client, (await created(outsider.client, { name: 'Mine', lines: [{ itemId: a.id, quantity: 1 }] })).id, 'reserve')).status).toBe(200);
    const viewer = await newMember(ws, { role: 'viewer' });
    expect((await viewer.client.get(`/jobs/${job.id}`)).status).toBe(200);
    expectError(await viewer.client.post('/jobs', { name: 'Viewer', lines: [] }), 403, 'forbidden');
    expectError(await act(viewer.client, job.id, 'cancel'), 403, 'forbidden');
  });

  it('when jobs are listed, then status, location, item, externalRef and the scheduled range filter them, paged as transfers are', async () => {
    const { ws, van, a, b } = await vanWith({ a: 10, b: 10 });
    const early = await created(ws.owner, { name: 'Early', externalRef: 'E-1', scheduledAt: '2026-03-01T08:00:00Z', lines: [{ itemId: a.id, quantity: 1 }] });
    const late = await created(ws.owner, { name: 'Late', scheduledAt: '2026-06-01T08:00:00Z', lines: [{ itemId: b.id, quantity: 1, locationId: ws.defaultLocationId }] });
    const none = await created(ws.owner, { name: 'Unscheduled', lines: [] });
    await act(ws.owner, early.id, 'cancel');
    const ids = async (query: Record<string, string>) => (await ws.owner.get('/jobs', { query })).body.map((j: any) => j.id);
    expect(await ids({})).toEqual([none.id, late.id, early.id]);
    expect(await ids({ sortOrder: 'asc' })).toEqual([early.id, late.id, none.id]);
    expect(await ids({ status: 'open' })).toEqual([none.id, late.id]);
    expect(await ids({ status: 'open,cancelled', itemId: a.id })).toEqual([early.id]);
    expect(await ids({ locationId: ws.defaultLocationId })).toEqual([late.id]);
    // The unscheduled job takes from the van too: it is its source, as for every job here.
    expect(await ids({ locationId: van.id })).toEqual([none.id, late.id, early.id]);
    expect(await ids({ externalRef: 'E-1' })).toEqual([early.id]);
    expect(await ids({ scheduledFrom: '2026-04-01T00:00:00Z' })).toEqual([late.id]);
    expect(await ids({ scheduledTo: '2026-04-01T00:00:00Z' })).toEqual([early.id]);
    const page = await ws.owner.get('/jobs', { query: { pageSize: 2 } });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
    expectError(await ws.owner.get('/jobs', { query: { status: 'done' } }), 400, 'bad_request');
    expectError(await ws.owner.get('/jobs/ext_nope'), 404, 'not_found');
    expectError(await ws.owner.get('/jobs/not-an-id'), 404, 'not_found');
  });

  it('when a location holds reservations of an open job, then deleting it is refused naming the job', async () => {
    const { ws, van, a } = await vanWith({ a: 2, b: 0 });
    const job = await created(ws.owner, { name: 'Holds', reserve: true, lines: [{ itemId: a.id, quantity: 2 }] });
    const refused = expectError(await ws.owner.delete(`/locations/${van.id}`), 409, 'conflict');
    expect(refused.message).toContain(job.id);
  });
});
