import { revokeKey } from '../../gateway/src/admin/admin-commands';
import { KEY_NOT_RECOGNISED } from '../../gateway/src/http/caller';
import { client, expectError, request } from '../support/api';
import { adminDeps, newKey, newMember, newWorkspace } from '../support/fixtures';

describe('authentication', () => {
  it('when no key is sent, then 401 unauthorized', async () => {
    expectError(await request('GET', '/workspaces'), 401, 'unauthorized');
  });

  it.each([
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['a bearer without a token', 'Bearer '],
  ])('when the Authorization header is %s, then 401 says the header is malformed', async (_what, header) => {
    expect(expectError(await request('GET', '/workspaces', { headers: { authorization: header } }), 401, 'unauthorized').message).toMatch(/^Malformed Authorization header: send "Authorization: Bearer <key>"/);
  });

  it.each([
    ['a token of the wrong shape', 'Bearer not-a-key'],
    ['a key-like token that is too short', 'Bearer sk_wrongkey123'],
    ['an unknown prefix', `Bearer pk_${'a'.repeat(32)}`],
    ['a well-formed key that does not exist', `Bearer sk_${'A'.repeat(32)}`],
  ])('when the bearer token is %s, then 401 calls the key not recognised, whatever its shape', async (_what, header) => {
    expect(expectError(await request('GET', '/workspaces', { headers: { authorization: header } }), 401, 'unauthorized').message).toBe(KEY_NOT_RECOGNISED);
  });

  it('when a key is revoked, then it stops working at once', async () => {
    const ws = await newWorkspace();
    const second = await newKey(ws, ws.ownerEmail);
    expect((await client(second.key).get('/workspaces')).status).toBe(200);
    await revokeKey(await adminDeps(), second.keyId);
    expect(expectError(await client(second.key).get('/workspaces'), 401, 'unauthorized').message).toBe(KEY_NOT_RECOGNISED);
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).status).toBe(200);
  });

  it('when keys are stored, then only their hash is kept', async () => {
    const ws = await newWorkspace();
    const { sql } = await import('../support/fixtures');
    const rows = await sql('SELECT key_hash, display_prefix FROM identity.api_keys WHERE user_id = $1', [ws.workspace.users[0].id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].key_hash).not.toContain(ws.ownerKey);
    expect(ws.ownerKey.startsWith(rows[0].display_prefix)).toBe(true);
    expect(rows[0].display_prefix.length).toBeLessThan(10);
  });
});

describe('authorization', () => {
  it('when a restricted key lacks the scope, then 403 forbidden names the scope', async () => {
    const ws = await newWorkspace();
    const rk = await newKey(ws, ws.ownerEmail, { scopes: ['items.read'] });
    const error = expectError(await rk.client.get(`/locations/${ws.defaultLocationId}`), 403, 'forbidden');
    expect(error.message).toContain('locations.read');
    expectError(await rk.client.get(`/workspaces/${ws.id}`), 403, 'forbidden');
  });

  it('when a restricted key has the scope, then the call goes through without naming the workspace', async () => {
    const ws = await newWorkspace();
    const rk = await newKey(ws, ws.ownerEmail, { scopes: ['locations.read', 'workspaces.read'] });
    expect(rk.key.startsWith('rk_')).toBe(true);
    expect((await rk.client.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
    expect((await rk.client.get(`/workspaces/${ws.slug}`)).status).toBe(200);
  });

  it('when a restricted key names a different workspace, then 403 and nothing of the other workspace is read', async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const rk = await newKey(a, a.ownerEmail, { scopes: ['locations.read'] });
    expectError(await request('GET', `/locations/${b.defaultLocationId}`, { key: rk.key, query: { workspaceId: b.id } }), 403, 'forbidden');
  });

  it('when a scope is beyond the role (a billing member with a full-access key), then 403', async () => {
    const ws = await newWorkspace();
    const billing = await newMember(ws, { role: 'billing' });
    expectError(await billing.client.get(`/locations/${ws.defaultLocationId}`), 403, 'forbidden');
    expect((await billing.client.get(`/workspaces/${ws.id}`)).status).toBe(200);
  });

  it('when a viewer holds a key scoped for writing, then its effective rights are read-only', async () => {
    const ws = await newWorkspace();
    const viewer = await newMember(ws, { role: 'viewer', scopes: ['locations.read', 'locations.write'] });
    expect((await viewer.client.get(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
    expectError(await viewer.client.post('/locations', { name: 'Van 1' }), 403, 'forbidden');
  });
});
