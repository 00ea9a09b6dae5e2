import { expectError, request } from '../support/api';
import { newMember, newWorkspace, sql, unique } from '../support/fixtures';
import { createLocation } from '../stock/stock-fixtures';
import { exported, finished, imported, rowsOf, sendCsv } from './csv-fixtures';

/**
 * CSV imports and exports (issue 30, docs/csv.md) through the gateway, on the real stack: every
 * row validated by the API's rules with every error listed, all or nothing, once per
 * Idempotency-Key, tenant-isolated; exports streamed and spreadsheet-safe.
 */

describe('items imports', () => {
  it('when a dry run has errors across many rows, then every one is listed by spreadsheet row and column, and nothing is written', async () => {
    const ws = await newWorkspace();
    const taken = unique('TAKEN');
    expect((await ws.owner.post('/items', { sku: taken })).status).toBe(201);
    const csv = [
      'SKU,Description,Quantity,Location', // headers in any case
      'A-1,Good,5,',
      'A-2,Bad number,ten,',
      'A-3,Unknown location,2,Nowhere',
      'a-1,Same SKU as row 2 (ignoring case),,',
      `${taken},Taken in the workspace,,`,
      '"A-4","Quoted, with a comma and a',
      'newline",1,',
      'A-5,,-1,',
    ].join('\n');
    const job = await imported(ws, 'items', csv, { dryRun: true });
    expect(job).toMatchObject({ kind: 'items', dryRun: true, status: 'completed', rows: { total: 7, valid: 2, invalid: 5, applied: 0 }, errorCount: 5 });
    expect(job.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([
      [3, 'quantity', 'invalid_number'],
      [4, 'location', 'unknown_location'],
      [5, 'sku', 'duplicate_sku'],
      [6, 'sku', 'sku_taken'],
      [8, 'quantity', 'invalid_value'],
    ]);
    const paged = await ws.owner.get(`/imports/${job.id}/errors`, { query: { pageSize: 2, page: 2 } });
    expect([paged.status, paged.headers['x-total-count'], paged.body.map((e: any) => e.row)]).toEqual([200, '5', [5, 6]]);
    expect(await sql('SELECT count(*)::int AS n FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 1 }]);
  });

  it('when the header has an unknown column or lacks sku, then the job names each and applies nothing', async () => {
    const ws = await newWorkspace();
    const unknown = await imported(ws, 'items', 'sku,colour\nX-1,red\n');
    expect(unknown).toMatchObject({ status: 'failed', rows: { total: 1, applied: 0 } });
    expect(unknown.errors).toEqual([{ row: 1, column: 'colour', code: 'unknown_column', message: expect.stringContaining('sku, description') }]);
    const missing = await imported(ws, 'items', 'description\nNo SKU\n');
    expect(missing.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([[1, 'sku', 'missing_column']]);
  });

  it('when a valid items file is imported, then items, new tags and a new supplier exist, with opening stock at the named location', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const csv = `sku;description;tags;supplier;lowStockThreshold;trackStock;quantity;location\nF-1;Oil filter;"Filters; Engine";Acme;3;yes;12;${van.name}\nF-2;Air filter;filters;ACME;;true;;\nM-1;Manual;;;;false;;\n`;
    const job = await imported(ws, 'items', csv);
    expect(job).toMatchObject({ status: 'completed', rows: { total: 3, valid: 3, invalid: 0, applied: 3 }, errors: [], failure: null, completedAt: expect.any(String) });
    const items = (await ws.owner.get('/items', { query: { pageSize: 10 } })).body;
    const bySku = Object.fromEntries(items.map((i: any) => [i.sku, i]));
    expect(bySku['F-1']).toMatchObject({ description: 'Oil filter', lowStockThreshold: 3, trackStock: true, supplier: { name: 'Acme' } });
    expect(bySku['F-1'].tags.map((t: any) => t.name)).toEqual(['Filters', 'Engine']);
    expect(bySku['F-2'].tags.map((t: any) => t.name)).toEqual(['Filters']);
    expect(bySku['F-2'].supplierId).toBe(bySku['F-1'].supplierId);
    expect(bySku['M-1'].trackStock).toBe(false);
    const balances = (await ws.owner.get('/inventory/balances', { query: { itemId: bySku['F-1'].id } })).body;
    expect(balances).toEqual([expect.objectContaining({ locationId: van.id, onHand: 12 })]);
  });

  it('when one row fails only when applied (opening stock at an inactive location), then the whole file fails and nothing stays', async () => {
    const ws = await newWorkspace();
    const closed = await createLocation(ws, { active: false });
    const job = await imported(ws, 'items', `sku,quantity,location\nOK-1,,\nOK-2,3,\nBAD-1,4,${closed.name}\n`);
    expect(job).toMatchObject({ status: 'failed', rows: { applied: 0 }, failure: expect.stringMatching(/inactive|not active/i) });
    expect(await sql('SELECT count(*)::int AS n FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 0 }]);
    // The openings the run requested are abandoned: no stock stays behind.
    await expect(finished(ws, job.id)).resolves.toMatchObject({ status: 'failed' });
    const { n } = (await sql('SELECT count(*)::int AS n FROM stock.movements WHERE workspace_id = $1', [ws.id]))[0];
    expect(n).toBe(0);
  });

  it('when the same file is sent twice with one Idempotency-Key, then it is queued and applied once; another file with that key is a conflict', async () => {
    const ws = await newWorkspace();
    const key = unique('import-key');
    const csv = 'sku\nIDEM-1\nIDEM-2\n';
    const first = await sendCsv(ws, 'items', csv, { headers: { 'idempotency-key': key } });
    const again = await sendCsv(ws, 'items', csv, { headers: { 'idempotency-key': key } });
    expect([first.status, again.status, again.headers['idempotent-replayed'], again.body.id, again.headers.location]).toEqual([202, 202, 'true', first.body.id, `/imports/${first.body.id}`]);
    await finished(ws, first.body.id);
    expectError(await sendCsv(ws, 'items', 'sku\nOTHER\n', { headers: { 'idempotency-key': key } }), 409, 'conflict');
    expect(await sql('SELECT count(*)::int AS n FROM catalog.items WHERE workspace_id = $1', [ws.id])).toEqual([{ n: 2 }]);
    expect((await ws.owner.get('/imports')).body.map((j: any) => j.id)).toEqual([first.body.id]);
  });

  it('when items are exported and the file imported into another workspace, then that workspace has the same catalog', async () => {
    const source = await newWorkspace();
    const made = await imported(source, 'items', 'sku,description,tags,supplier,lowStockThreshold,trackStock,externalId,cost,sellPrice\nRT-1,"Quoted, text",Red;Blue,Acme,2.5,true,ext-1,1.25,3\nRT-2,Plain,,,,false,,0,0\n');
    expect(made.status).toBe('completed');
    const file = await exported(source, 'items');
    expect([file.status, file.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const target = await newWorkspace();
    expect((await imported(target, 'items', file.text)).status).toBe('completed');
    const catalog = async (ws: typeof source) =>
      (await ws.owner.get('/items', { query: { pageSize: 10 } })).body
        .map((i: any) => ({ sku: i.sku, description: i.description, tags: i.tags.map((t: any) => t.name), supplier: i.supplier?.name ?? null, lowStockThreshold: i.lowStockThreshold, trackStock: i.trackStock, externalId: i.externalId, cost: i.cost, sellPrice: i.sellPrice }))
        .sort((a: any, b: any) => (a.sku < b.sku ? -1 : 1));
    expect(await catalog(target)).toEqual(await catalog(source));
  });
});

describe('stock imports', () => {
  it('when counts are imported, then each is recorded as the count API records it; a dry run with errors lists them all and writes nothing', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const a = (await ws.owner.post('/items', { sku: unique('CNT'), quantity: 10, locationId: van.id })).body;
    const b = (await ws.owner.post('/items', { sku: unique('CNT') })).body;
    const bad = await imported(ws, 'stock-counts', `location,sku,counted,reason\n${van.name},${a.sku},7,\n${van.name},NOPE,1,\nNowhere,${b.sku},1,\n${van.name},${b.sku},-2,\n${van.name},${b.sku},3,stolen-ish\n`, { dryRun: true });
    expect(bad.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([
      [3, 'sku', 'unknown_sku'],
      [4, 'location', 'unknown_location'],
      [5, 'counted', 'invalid_value'],
      [6, 'reason', 'invalid_value'],
    ]);
    expect((await ws.owner.get('/inventory/movements', { query: { locationId: van.id } })).body).toHaveLength(1);
    const job = await imported(ws, 'stock-counts', `Location;SKU;Counted\n${van.id};${a.sku};7\n${van.name};${b.sku};2,5\n`);
    expect(job).toMatchObject({ status: 'completed', rows: { applied: 2 } });
    const counted = (await ws.owner.get('/inventory/movements', { query: { locationId: van.id, reason: 'count' } })).body;
    expect(counted.map((m: any) => [m.itemId, m.quantity, m.balanceAfter, m.reference]).sort()).toEqual(
      [
        [a.id, -3, 7, `import ${job.id}`],
        [b.id, 2.5, 2.5, `import ${job.id}`],
      ].sort(),
    );
  });

  it('when par levels are imported, then each is set as PUT sets it, and a duplicate row refuses the file', async () => {
    const ws = await newWorkspace();
    const van = await createLocation(ws);
    const item = (await ws.owner.post('/items', { sku: unique('PAR') })).body;
    const dup = await imported(ws, 'par-levels', `location,sku,minimum\n${van.name},${item.sku},4\n${van.name},${item.sku},5\n`);
    expect(dup).toMatchObject({ status: 'failed', errors: [expect.objectContaining({ row: 3, code: 'duplicate_row' })] });
    expect(await imported(ws, 'par-levels', `location,sku,minimum\n${van.name},${item.sku},4\n`)).toMatchObject({ status: 'completed', rows: { applied: 1 } });
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([expect.objectContaining({ itemId: item.id, locationId: van.id, minimum: 4, target: 4, belowPar: true })]);
    const low = await imported(ws, 'par-levels', `location,sku,minimum,target\n${van.name},${item.sku},4,3\n`);
    expect(low).toMatchObject({ status: 'failed', errors: [expect.objectContaining({ row: 2, column: 'target', message: expect.stringMatching(/^target must be at least the minimum/) })] });
    expect(await imported(ws, 'par-levels', `location,sku,minimum,target\n${van.name},${item.sku},4,10\n`)).toMatchObject({ status: 'completed', rows: { applied: 1 } });
    expect((await ws.owner.get('/inventory/par-levels')).body).toEqual([expect.objectContaining({ minimum: 4, target: 10 })]);
  });
});

describe('bad files, scopes and tenants', () => {
  it('when the file is not UTF-8, not CSV, empty, or larger than the plan allows, then the envelope says why and no job is kept', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    expectError(await sendCsv(ws, 'items', Buffer.from('sku,description\nA-1,Caf\xe9\n', 'latin1')), 400, 'bad_request');
    expectError(await sendCsv(ws, 'items', 'sku\n"unclosed\n'), 400, 'bad_request');
    expectError(await sendCsv(ws, 'items', ''), 400, 'bad_request');
    expectError(await sendCsv(ws, 'items', `sku\n${Array.from({ length: 1001 }, (_, i) => `R-${i}`).join('\n')}\n`), 403, 'exceeded_limit');
    expectError(await sendCsv(ws, 'nonsense', 'sku\nA\n'), 400, 'bad_request');
    expectError(await request('POST', '/imports', { key: ws.ownerKey, query: { workspaceId: ws.id, kind: 'items' }, body: { sku: 'A' } }), 400, 'bad_request');
    expect((await ws.owner.get('/imports')).body).toEqual([]);
  });

  it("when a member restricted to one location imports counts for two, then the other location's row is refused and nothing is applied", async () => {
    const ws = await newWorkspace();
    const [mine, theirs] = [await createLocation(ws), await createLocation(ws)];
    const item = (await ws.owner.post('/items', { sku: unique('RST') })).body;
    const member = await newMember(ws, { role: 'member', locationAccess: `${mine.id}:write` });
    const sent = await sendCsv(ws, 'stock-counts', `location,sku,counted\n${mine.name},${item.sku},3\n${theirs.name},${item.sku},4\n`, { key: member.key });
    expect(sent.status).toBe(202);
    const job = await finished(ws, sent.body.id);
    expect(job).toMatchObject({ status: 'failed', rows: { applied: 0 } });
    expect(job.errors.map((e: any) => [e.row, e.column, e.code])).toEqual([[3, 'location', 'forbidden']]);
    expect((await ws.owner.get('/inventory/movements', { query: { itemId: item.id } })).body).toEqual([]);
  });

  it('when a key lacks the data scope, or another workspace asks for a job, then 403 and 404', async () => {
    const ws = await newWorkspace();
    const importer = await newMember(ws, { role: 'member', scopes: ['imports.write', 'imports.read'] });
    expectError(await sendCsv(ws, 'items', 'sku\nA\n', { key: importer.key, workspaceId: undefined }), 403, 'forbidden');
    const job = await imported(ws, 'items', 'sku\nMINE\n');
    const other = await newWorkspace();
    expectError(await other.owner.get(`/imports/${job.id}`), 404, 'not_found');
    expect((await other.owner.get('/imports')).body).toEqual([]);
    expect(rowsOf((await exported(other, 'items')).text)).toEqual([]);
  });
});

describe('exports', () => {
  it('when a text cell starts with a formula character, then it is neutralised; numbers stay numbers; bom=true starts the file with a BOM', async () => {
    const ws = await newWorkspace();
    expect((await ws.owner.post('/items', { sku: '=HYPERLINK("http://evil")', description: '+cmd|calc' })).status).toBe(201);
    const file = await exported(ws, 'items', { bom: 'true' });
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    expect(file.text).toContain(`"'=HYPERLINK(""http://evil"")",'+cmd|calc`);
    expect(file.text).not.toMatch(/\n=/);
  });

  it('when a restricted member exports balances and movements, then only the locations it may read are in them', async () => {
    const ws = await newWorkspace();
    const [seen, hidden] = [await createLocation(ws), await createLocation(ws)];
    const item = (await ws.owner.post('/items', { sku: unique('EXP'), quantity: 5, locationId: seen.id })).body;
    expect((await ws.owner.post('/inventory/transfers', { fromLocationId: seen.id, toLocationId: hidden.id, lines: [{ itemId: item.id, quantity: 2 }] })).status).toBe(201);
    const member = await newMember(ws, { role: 'member', locationAccess: `${seen.id}:read` });
    const balances = rowsOf((await exported(ws, 'balances', {}, member.key)).text);
    expect(balances).toEqual([expect.objectContaining({ locationId: seen.id, sku: item.sku, onHand: '3', reserved: '0', available: '3' })]);
    const movements = rowsOf((await exported(ws, 'movements', { itemId: item.id }, member.key)).text);
    expect(movements.map((m) => [m.locationId, m.type, m.quantity])).toEqual([
      [seen.id, 'opening', '5'],
      [seen.id, 'transfer_out', '-2'],
    ]);
    expect(rowsOf((await exported(ws, 'movements', { itemId: item.id })).text)).toHaveLength(3);
  });
});
