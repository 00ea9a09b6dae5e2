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
