import { client, expectError, request } from '../support/api';
import { newKey, newMember, newWorkspace } from '../support/fixtures';

describe('workspaces', () => {
  it('when the owner retrieves its workspace by slug or id, then every field of the spec is there with its default', async () => {
    const ws = await newWorkspace();
    for (const idOrSlug of [ws.slug, ws.id]) {
      const res = await ws.owner.get(`/workspaces/${idOrSlug}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: ws.id,
        name: expect.any(String),
        slug: ws.slug,
        logo: null,
        usage: 0,
        usageLimit: 50,
        itemsUsage: 0,
        itemsLimit: 100,
        suppliersUsage: 0,
        suppliersLimit: 5,
        locationsUsage: 1,
        locationsLimit: 3,
        tagsLimit: 20,
        usersLimit: 2,
        defaultLocationId: ws.defaultLocationId,
        defaultCurrency: 'USD',
        invoiceNumberPrefix: 'INV-',
        defaultTaxPercent: 0,
        defaultTaxIncluded: false,
        defaultInvoiceDueDays: 0,
        invoicingBusinessName: null,
        invoicingBrandColor: null,
        invoicingEmail: null,
        invoicingAddress: null,
        defaultInvoiceSourceLocationId: null,
        defaultTransferFromLocationId: null,
        defaultLocationType: 'warehouse',
        defaultMarkupPercent: null,
        plan: 'free',
        billingProviderId: null,
        billingCycleStart: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        trialEndsAt: null,
        users: [{ id: expect.any(String), email: ws.ownerEmail, role: 'owner' }],
        inviteCode: null,
        ssoEmailDomain: null,
        ssoEnforcedAt: null,
        locationAccess: { restricted: false, locations: [] },
      });
      expect(res.body.billingCycleStart).toBeLessThanOrEqual(Date.now());
    }
  });

  it('when the workspace was created, then its default location "Inventory" exists and is a warehouse', async () => {
    const ws = await newWorkspace();
    const res = await ws.owner.get(`/locations/${ws.defaultLocationId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ws.defaultLocationId, name: 'Inventory', type: 'warehouse', active: true });
  });

  it("when a key asks for another tenant's workspace, then it gets 404 as if it did not exist", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    expectError(await a.owner.get(`/workspaces/${b.slug}`), 404, 'not_found');
    expectError(await a.owner.get(`/workspaces/${b.id}`), 404, 'not_found');
    expectError(await client(a.ownerKey, b.id).get(`/locations/${b.defaultLocationId}`), 404, 'not_found');
    const list = await client(a.ownerKey).get('/workspaces');
    expect(list.status).toBe(200);
    expect(list.body.map((w: { id: string }) => w.id)).toEqual([a.id]);
  });

  it('when a user belongs to two workspaces, then GET /workspaces lists both with its role in each', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const viewer = await newMember(a, { role: 'viewer' });
    const { addMember } = await import('../../gateway/src/admin/admin-commands');
    const { adminDeps } = await import('../support/fixtures');
    await addMember(await adminDeps(), { workspace: b.id, email: viewer.email, role: 'member' });
    const res = await client(viewer.key).get('/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.map((w: any) => [w.id, w.users[0].role]).sort()).toEqual([[a.id, 'viewer'], [b.id, 'member']].sort());
  });

  it('when a restricted key lists workspaces, then it sees only the workspace it is bound to', async () => {
    const a = await newWorkspace();
    const rk = await newKey(a, a.ownerEmail, { scopes: ['workspaces.read'] });
    const res = await rk.client.get('/workspaces');
    expect(res.body.map((w: { id: string }) => w.id)).toEqual([a.id]);
    expectError(await rk.client.get(`/workspaces/${(await newWorkspace()).id}`), 404, 'not_found');
  });

  it('when a full-access key calls a workspace route without naming the workspace, then 400 names the parameter', async () => {
    const ws = await newWorkspace();
    const error = expectError(await client(ws.ownerKey).get(`/locations/${ws.defaultLocationId}`), 400, 'bad_request');
    expect(error.message).toContain('workspaceId');
  });

  it('when the deprecated projectSlug selects the workspace, then it works like workspaceId', async () => {
    const ws = await newWorkspace();
    const res = await request('GET', `/locations/${ws.defaultLocationId}`, { key: ws.ownerKey, query: { projectSlug: ws.slug } });
    expect(res.status).toBe(200);
  });
});

describe('PATCH /workspaces/{idOrSlug}: the job and transfer defaults', () => {
  it('when the owner sets the defaults, then the workspace answers them and every later call uses them', async () => {
    const ws = await newWorkspace();
    const van = (await ws.owner.post('/locations', { name: 'Van 1', type: 'van' })).body;
    const res = await ws.owner.patch(`/workspaces/${ws.slug}`, {
      defaultInvoiceSourceLocationId: van.id,
      defaultTransferFromLocationId: van.id,
      defaultMarkupPercent: 12.5,
      defaultTaxPercent: 8.875,
      defaultTaxIncluded: true,
      defaultCurrency: 'EUR',
    });
    expect(res.status).toBe(200);
    const defaults = {
      defaultInvoiceSourceLocationId: van.id,
      defaultTransferFromLocationId: van.id,
      defaultMarkupPercent: 12.5,
      defaultTaxPercent: 8.875,
      defaultTaxIncluded: true,
      defaultCurrency: 'EUR',
    };
    expect(res.body).toMatchObject({ id: ws.id, ...defaults });
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body).toMatchObject(defaults);
    // A job created right after the answer copies them.
    const job = await ws.owner.post('/jobs', { name: 'Defaults', lines: [] });
    expect(job.body).toMatchObject({ sourceLocationId: van.id, currency: 'EUR', markupPercent: 12.5, taxPercent: 8.875, taxIncluded: true });
    // Left out, a field keeps its value; null clears a location or the markup.
    const cleared = await ws.owner.patch(`/workspaces/${ws.id}`, { defaultTransferFromLocationId: null, defaultMarkupPercent: null });
    expect(cleared.body).toMatchObject({ ...defaults, defaultTransferFromLocationId: null, defaultMarkupPercent: null });
    expect((await ws.owner.patch(`/workspaces/${ws.id}`, {})).body).toMatchObject({ ...defaults, defaultTransferFromLocationId: null, defaultMarkupPercent: null });
  });

  it('when a value is out of its bounds, then 400 names the field', async () => {
    const ws = await newWorkspace();
    for (const [field, value] of [
      ['defaultMarkupPercent', 1000.5],
      ['defaultMarkupPercent', -1],
      ['defaultTaxPercent', 100.01],
      ['defaultTaxPercent', null],
      ['defaultCurrency', 'EURO'],
      ['defaultCurrency', 'eur'],
      ['defaultTaxIncluded', 'yes'],
      ['defaultInvoiceSourceLocationId', 'van-1'],
      ['defaultTransferFromLocationId', ''],
    ] as const) {
      const res = await ws.owner.patch(`/workspaces/${ws.id}`, { [field]: value });
      expect({ field, message: expectError(res, 400, 'bad_request').message.includes(field), param: res.body.error.param }).toEqual({ field, message: true, param: field });
    }
    expectError(await ws.owner.patch(`/workspaces/${ws.id}`, { defaultLocationType: 'van' }), 400, 'bad_request');
  });

  it('when a default location does not exist, was deleted or is inactive, then 422 names the field and nothing changes', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const other = await newWorkspace();
    const inactive = (await ws.owner.post('/locations', { name: 'Old van', type: 'van' })).body;
    expect((await ws.owner.patch(`/locations/${inactive.id}`, { active: false })).status).toBe(200);
    const gone = (await ws.owner.post('/locations', { name: 'Gone', type: 'van' })).body;
    expect((await ws.owner.delete(`/locations/${gone.id}`)).status).toBe(200);
    for (const [locationId, why] of [
      ['0191c1a0-0000-7000-8000-000000000009', 'does not exist'],
      [other.defaultLocationId, 'does not exist'],
      [gone.id, 'does not exist'],
      [inactive.id, 'is inactive'],
    ]) {
      const res = await ws.owner.patch(`/workspaces/${ws.id}`, { defaultTaxPercent: 5, defaultTransferFromLocationId: locationId });
      expect(expectError(res, 422, 'unprocessable_entity').message).toContain(why);
      expect(res.body.error.param).toBe('defaultTransferFromLocationId');
    }
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body).toMatchObject({ defaultTransferFromLocationId: null, defaultTaxPercent: 0 });
  });

  it('when someone other than the owner, or a key without workspaces.write, changes the defaults, then 403; another tenant gets 404', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const member = await newMember(ws, { role: 'member' });
    expectError(await member.client.patch(`/workspaces/${ws.id}`, { defaultTaxPercent: 5 }), 403, 'forbidden');
    const readOnly = await newKey(ws, ws.ownerEmail, { scopes: ['workspaces.read'] });
    expectError(await readOnly.client.patch(`/workspaces/${ws.id}`, { defaultTaxPercent: 5 }), 403, 'forbidden');
    const writer = await newKey(ws, ws.ownerEmail, { scopes: ['workspaces.read', 'workspaces.write'] });
    expect((await writer.client.patch(`/workspaces/${ws.id}`, { defaultTaxPercent: 5 })).body.defaultTaxPercent).toBe(5);
    expectError(await (await newWorkspace()).owner.patch(`/workspaces/${ws.id}`, { defaultTaxPercent: 5 }), 404, 'not_found');
  });

  it('when a transfer names no fromLocationId, then it takes the default; with neither, 400 names fromLocationId', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const van = (await ws.owner.post('/locations', { name: 'Van 1', type: 'van' })).body;
    const item = (await ws.owner.post('/items', { sku: 'FUSE', quantity: 5, locationId: ws.defaultLocationId })).body;
    const transfer = { toLocationId: van.id, lines: [{ itemId: item.id, quantity: 2 }] };
    const refused = await ws.owner.post('/inventory/transfers', transfer);
    expect(expectError(refused, 400, 'bad_request').message).toContain('fromLocationId');
    expect(refused.body.error.param).toBe('fromLocationId');
    expect((await ws.owner.patch(`/workspaces/${ws.id}`, { defaultTransferFromLocationId: ws.defaultLocationId })).status).toBe(200);
    const made = await ws.owner.post('/inventory/transfers', transfer);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fromLocationId: ws.defaultLocationId, toLocationId: van.id, status: 'completed' });
    // A fromLocationId given wins over the default.
    expect((await ws.owner.post('/inventory/transfers', { ...transfer, fromLocationId: van.id, toLocationId: ws.defaultLocationId })).body.fromLocationId).toBe(van.id);
  });
});
