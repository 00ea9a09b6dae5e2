import { randomUUID } from 'node:crypto';
import { type components, createInventoryClient } from '@inv/client';
import { gatewayUrl, request } from '../support/api';
import { newWorkspace, unique } from '../support/fixtures';
import { fetchTrustingTestCa } from './tls-fetch';


/** The committed document the client was generated from. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const generatedFrom: unknown = require('../../clients/typescript/openapi.json');

describe('the typed TypeScript client (clients/typescript)', () => {
  it('when generated, then it was generated from exactly the document the gateway serves', async () => {
    const served = await request('GET', '/openapi.json');
    expect(served.body).toEqual(generatedFrom);
  });

  it('when a whole inventory flow runs through it, then every call is typed and answers as docs/api.md says', async () => {
    const ws = await newWorkspace();
    const api = createInventoryClient({ baseUrl: gatewayUrl(), apiKey: ws.ownerKey, workspaceId: ws.id, fetch: fetchTrustingTestCa() });

    // Locations: only the name and type; every other field has a default.
    const van = await api.POST('/locations', { body: { name: unique('Van'), type: 'van' } });
    const depot = await api.POST('/locations', { body: { name: unique('Depot'), type: 'warehouse' } });
    expect(van.response.status).toBe(201);
    expect(van.data?.icon).toBeNull();
    const vanId = van.data!.id;
    const depotId = depot.data!.id;

    // Tags and a supplier.
    const tools = await api.POST('/tags', { body: { name: unique('tools'), color: '#3f51b5' } });
    const spares = await api.POST('/tags', { body: { name: unique('spares') } });
    const supplier = await api.POST('/suppliers', { body: { name: unique('Acme'), email: 'sales@acme.test' } });
    expect([tools.response.status, spares.response.status, supplier.response.status]).toEqual([201, 201, 201]);
    const toolsId = tools.data!.id;
    const sparesId = spares.data!.id;
    expect(supplier.data?.name).toMatch(/^Acme/);

    // Items, two with opening stock, one low on stock, one catalog-only.
    const drill = await api.POST('/items', { body: { sku: unique('DRILL'), supplierId: supplier.data!.id, tagIds: [toolsId], quantity: 10, locationId: vanId } });
    const fuse = await api.POST('/items', { body: { sku: unique('FUSE'), tagIds: [toolsId, sparesId], quantity: 2, locationId: depotId, lowStockThreshold: 5 } });
    const manual = await api.POST('/items', { body: { sku: unique('MANUAL'), trackStock: false, cost: 12.5 } });
    expect([drill.response.status, fuse.response.status, manual.response.status]).toEqual([201, 201, 201]);
    expect(drill.data?.supplier?.name).toBe(supplier.data?.name);
    const drillId = drill.data!.id;
    const fuseId = fuse.data!.id;

    // A receipt.
    const receipt = await api.POST('/inventory/movements', { body: { type: 'receipt', itemId: drillId, locationId: depotId, quantity: 3, reference: 'PO-1001' } });
    expect(receipt.response.status).toBe(201);
    expect(receipt.data?.balanceAfter).toBe(3);

    // A transfer with an Idempotency-Key, sent twice: one effect, the same answer.
    const key = randomUUID();
    const transferBody = { fromLocationId: vanId, toLocationId: depotId, lines: [{ itemId: drillId, quantity: 4 }] };
    const transfer = await api.POST('/inventory/transfers', { params: { header: { 'Idempotency-Key': key } }, body: transferBody });
    const replay = await api.POST('/inventory/transfers', { params: { header: { 'Idempotency-Key': key } }, body: transferBody });
    expect(transfer.response.status).toBe(201);
    expect(transfer.data?.status).toBe('completed');
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.data?.id).toBe(transfer.data?.id);
    const transferId = transfer.data!.id;

    // Lists with filters, as docs/decisions.md describes them.
    const tagged = await api.GET('/items', { params: { query: { tagIds: [toolsId, sparesId] } } });
    expect(tagged.data?.map((item) => item.id).sort()).toEqual([drillId, fuseId].sort());
    expect(tagged.response.headers.get('X-Total-Count')).toBe('2');
    const low = await api.GET('/items', { params: { query: { stockHealth: 'low' } } });
    expect(low.data?.map((item) => item.id)).toEqual([fuseId]);
    const tracked = await api.GET('/items', { params: { query: { trackStock: true, pageSize: 10 } } });
    expect(tracked.data).toHaveLength(2);
    const priced = await api.GET('/items', { params: { query: { cost: 12.5 } } });
    expect(priced.data?.map((item) => item.sku)).toEqual([manual.data?.sku]);
    const vans = await api.GET('/locations', { params: { query: { type: 'van', active: true } } });
    expect(vans.data?.map((location) => location.id)).toEqual([vanId]);
    const completed = await api.GET('/inventory/transfers', { params: { query: { status: 'completed,reverted' } } });
    expect(completed.data?.map((t) => t.id)).toEqual([transferId]);

    // Counts in both shapes: a number, and per tag with groupBy=tagId.
    const count = await api.GET('/items/count');
    expect(count.data).toBe(3);
    const byTag = await api.GET('/items/count', { params: { query: { groupBy: 'tagId' } } });
    // The document answers ItemCount | ItemCountByTag; groupBy=tagId asked for the grouped shape.
    const grouped = typeof byTag.data === 'object' ? byTag.data : undefined;
    expect(grouped?.count).toBe(3);
    expect(grouped?.groups.find((g) => g.tagId === toolsId)?.count).toBe(2);

    // Revert the transfer: the drills go back to the van.
    const reverted = await api.POST('/inventory/transfers/{id}/revert', { params: { path: { id: transferId } } });
    expect(reverted.response.status).toBe(200);
    expect(reverted.data?.status).toBe('reverted');
    const balances = await api.GET('/inventory/balances', { params: { query: { itemId: drillId } } });
    expect(Object.fromEntries((balances.data ?? []).map((b) => [b.locationId, b.onHand]))).toEqual({ [vanId]: 10, [depotId]: 3 });

    // A refused call: the typed error carries the code, the offending field and its doc_url.
    const refused = await api.POST('/inventory/transfers', { body: { ...transferBody, lines: [{ itemId: drillId, quantity: -1 }] } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error).toMatchObject({ code: 'bad_request', param: 'lines[0].quantity', doc_url: '/docs#section/Errors/bad_request' });
  });
});
