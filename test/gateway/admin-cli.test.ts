import { client } from '../support/api';
import { newId } from '@inv/shared/core';
import { newMember, newWorkspace, sql, unique } from '../support/fixtures';
import { admin, adminProcess, npmAdmin } from './admin-cli';

const COMMANDS = ['workspace:create', 'workspace:list', 'member:add', 'member:list', 'key:create', 'key:list', 'key:revoke', 'plan:set', 'dlq:list', 'dlq:replay'];

describe('admin CLI help and usage errors', () => {
  it('when run as a process, then help and results go to stdout with exit 0, failures to stderr with exit 1, usage errors with exit 2', async () => {
    const help = await adminProcess(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    for (const command of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));

    const ws = await newWorkspace();
    const listed = await adminProcess(['workspace:list', '--search', ws.slug]);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.json.workspaces.map((w: any) => w.id)).toEqual([ws.id]);

    const failed = await adminProcess(['member:list', '--workspace', unique('nowhere')]);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect(failed.stderr).toMatch(/^admin: not_found: /);

    const unknown = await adminProcess(['workspace:destroy']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('Unknown command "workspace:destroy"');
  }, 180_000);

  it('when run as the README documents it (npm run -s admin -- …), then stdout is the JSON answer alone: it parses whole', async () => {
    const email = `${unique('ops')}@example.test`;
    const created = await npmAdmin(['workspace:create', '--name', unique('Acme Field Ops'), '--owner-email', email, '--plan', 'pro']);
    expect(created).toMatchObject({ code: 0 });
    const answer = JSON.parse(created.stdout);
    expect(answer).toMatchObject({ workspace: { plan: 'pro', defaultLocationId: expect.any(String) }, user: { email }, apiKey: expect.stringMatching(/^sk_/) });
    // Without -s, npm itself writes "> inventory-api@0.0.1 admin" lines to stdout first: why the README says -s.
    const noisy = await npmAdmin(['workspace:list', '--search', answer.workspace.slug], { silent: false });
    expect(noisy.code).toBe(0);
    expect(noisy.stdout).toMatch(/^\s*> inventory-api@[\d.]+ admin/);
  });

  it('when asked for --help, then it lists every command and exits 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const help = await admin(args);
      expect(help.code).toBe(0);
      for (const command of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it("when asked for a command's --help, then every command prints its usage and options and exits 0", async () => {
    for (const command of COMMANDS) {
      const help = await admin([command, '--help']);
      expect({ command, code: help.code, stderr: help.stderr }).toEqual({ command, code: 0, stderr: '' });
      expect(help.stdout).toMatch(new RegExp(`^Usage: npm run -s admin -- ${command}( |\\n)`));
      expect(help.stdout).toContain('\nOptions:\n');
      expect(help.stdout).toContain('--help');
    }
  });

  it('when the command is unknown, an option unknown or a required option missing, then it exits 2 with the usage on stderr and nothing on stdout', async () => {
    const unknownCommand = await admin(['workspace:destroy']);
    expect(unknownCommand).toMatchObject({ code: 2, stdout: '' });
    expect(unknownCommand.stderr).toContain('Unknown command "workspace:destroy"');
    expect(unknownCommand.stderr).toContain('Commands:');

    const unknownOption = await admin(['key:list', '--workspace', 'x', '--colour', 'red']);
    expect(unknownOption).toMatchObject({ code: 2, stdout: '' });
    expect(unknownOption.stderr).toContain("'--colour'");
    expect(unknownOption.stderr).toContain('Usage: npm run -s admin -- key:list');

    const missing = await admin(['key:revoke']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('Missing --id.');
  });
});

describe('admin CLI listings', () => {
  it('when workspaces exist, then workspace:list finds them by name with plan and member count, leaves out one still being created, and limit/offset page through them', async () => {
    const tag = unique('Listing');
    const created = await admin(['workspace:create', '--name', `${tag} North`, '--owner-email', `${unique('owner')}@example.test`]);
    expect(created.code).toBe(0);
    const south = await newWorkspace({ name: `${tag} South`, plan: 'pro' });
    await newMember(south, { role: 'viewer' });
    // One still being created (no default location, no owner yet) does not exist for anyone.
    await sql('INSERT INTO identity.workspaces (id, name, slug) VALUES ($1, $2, $3)', [newId(), `${tag} Unfinished`, `${tag.toLowerCase()}-unfinished`]);

    const all = await admin(['workspace:list', '--search', tag.toUpperCase()]);
    expect(all.json.total).toBe(2);
    expect(all.json.workspaces).toEqual([
      { id: created.json.workspace.id, name: `${tag} North`, slug: created.json.workspace.slug, plan: 'free', members: 1, defaultLocationId: created.json.workspace.defaultLocationId, createdAt: expect.any(String) },
      { id: south.id, name: `${tag} South`, slug: south.slug, plan: 'pro', members: 2, defaultLocationId: south.defaultLocationId, createdAt: expect.any(String) },
    ]);

    const second = await admin(['workspace:list', '--search', tag, '--limit', '1', '--offset', '1']);
    expect(second.json).toEqual({ total: 2, workspaces: [expect.objectContaining({ id: south.id })] });
  });

  it('when plan:set changes the plan, then workspace:list shows the new one', async () => {
    const ws = await newWorkspace({ name: unique('Planned') });
    const changed = await admin(['plan:set', '--workspace', ws.slug, '--plan', 'business']);
    expect(changed.json).toEqual({ workspace: { id: ws.id, slug: ws.slug, plan: 'business' } });
    const listed = await admin(['workspace:list', '--search', ws.slug]);
    expect(listed.json.workspaces.map((w: any) => w.plan)).toEqual(['business']);
  });

  it('when members are added, then member:list shows each with role and location access', async () => {
    const ws = await newWorkspace();
    const email = `${unique('viewer')}@example.test`;
    const added = await admin(['member:add', '--workspace', ws.slug, '--email', email, '--role', 'viewer', '--location-access', `${ws.defaultLocationId}:read`]);
    expect(added.code).toBe(0);

    const listed = await admin(['member:list', '--workspace', ws.id]);
    expect(listed.json).toEqual({
      workspace: { id: ws.id, slug: ws.slug },
      members: [
        { userId: expect.any(String), email: ws.ownerEmail, role: 'owner', locationAccess: { restricted: false, locations: [] }, joinedAt: expect.any(String) },
        { userId: added.json.user.id, email, role: 'viewer', locationAccess: { restricted: true, locations: [{ locationId: ws.defaultLocationId, accessLevel: 'read' }] }, joinedAt: expect.any(String) },
      ],
    });
  });

  it('when the workspace does not exist, then member:list and key:list fail with not_found and print nothing on stdout', async () => {
    for (const command of ['member:list', 'key:list']) {
      const missing = await admin([command, '--workspace', unique('nowhere')]);
      expect(missing).toMatchObject({ code: 1, stdout: '' });
      expect(missing.stderr).toMatch(/^admin: not_found: Workspace nowhere-\w+ not found\.\n$/);
    }
  });

  it('when keys are listed, then each shows id, prefix, scopes, created, last used and revoked but never the key, and a listed id revokes its key', async () => {
    const ws = await newWorkspace();
    const member = await newMember(ws, { role: 'member' });
    await newWorkspace(); // another workspace's keys must not be listed
    const created = await admin(['key:create', '--workspace', ws.slug, '--email', ws.ownerEmail, '--scopes', 'locations.read,items.read', '--rate-limit', '30']);
    const restricted = created.json as { id: string; apiKey: string };

    const before = await admin(['key:list', '--workspace', ws.slug]);
    for (const secret of [ws.ownerKey, member.key, restricted.apiKey]) expect(before.stdout).not.toContain(secret);
    expect(before.json.workspace).toEqual({ id: ws.id, slug: ws.slug });
    const keys = before.json.keys as any[];
    expect(keys.map((k) => Object.keys(k).sort())).toEqual(keys.map(() => ['createdAt', 'email', 'id', 'lastUsedAt', 'prefix', 'rateLimit', 'restricted', 'revoked', 'revokedAt', 'scopes']));
    const ownerKey = keys.find((k) => k.email === ws.ownerEmail && !k.restricted);
    expect(ownerKey).toMatchObject({ prefix: ws.ownerKey.slice(0, 7), scopes: null, rateLimit: null, revoked: false, revokedAt: null });
    expect(keys.find((k) => k.id === member.keyId)).toMatchObject({ email: member.email, prefix: member.key.slice(0, 7), restricted: false });
    expect(keys.find((k) => k.id === restricted.id)).toMatchObject({
      email: ws.ownerEmail,
      prefix: restricted.apiKey.slice(0, 7),
      restricted: true,
      scopes: ['locations.read', 'items.read'],
      rateLimit: 30,
      lastUsedAt: null,
      revoked: false,
    });
    expect(keys).toHaveLength(3);

    const usedFrom = Date.now() - 1000;
    expect((await client(restricted.apiKey).get('/locations')).status).toBe(200);
    const owners = await admin(['key:list', '--workspace', ws.id, '--email', ws.ownerEmail.toUpperCase()]);
    expect(owners.json.keys.map((k: any) => k.id).sort()).toEqual([ownerKey.id, restricted.id].sort());
    const used = owners.json.keys.find((k: any) => k.id === restricted.id);
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThanOrEqual(usedFrom);
    expect(Date.parse(used.lastUsedAt)).toBeLessThanOrEqual(Date.now());

    const revoked = await admin(['key:revoke', '--id', restricted.id]);
    expect(revoked.json).toEqual({ id: restricted.id, revoked: true });
    const after = await admin(['key:list', '--workspace', ws.id]);
    expect(after.json.keys.find((k: any) => k.id === restricted.id)).toMatchObject({ revoked: true, revokedAt: expect.any(String) });
    expect((await client(restricted.apiKey).get('/locations')).status).toBe(401);
  });
});
