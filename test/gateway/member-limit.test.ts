import { addMember } from '../../gateway/src/admin/admin-commands';
import { adminDeps, newWorkspace, sql, unique } from '../support/fixtures';

const members = async (workspaceId: string) => (await sql('SELECT count(*)::int AS n FROM identity.memberships WHERE workspace_id = $1', [workspaceId]))[0].n;

describe('users limit (shared plan quota)', () => {
  it('when ten new members are added at once to a free workspace with room for one, then exactly one is added and nine get exceeded_limit', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const deps = await adminDeps();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => addMember(deps, { workspace: ws.id, email: `${unique('m')}@example.test`, role: 'member' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'exceeded_limit' });
    expect(await members(ws.id)).toBe(2);
  });

  it('when one new member is added five times at once, then it takes one slot: the role changes still pass and the next new member is refused', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const deps = await adminDeps();
    const email = `${unique('m')}@example.test`;
    const results = await Promise.allSettled((['member', 'viewer', 'member', 'billing', 'viewer'] as const).map((role) => addMember(deps, { workspace: ws.id, email, role })));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    await expect(addMember(deps, { workspace: ws.id, email, role: 'member' })).resolves.toBeDefined();
    await expect(addMember(deps, { workspace: ws.id, email: `${unique('m')}@example.test`, role: 'member' })).rejects.toMatchObject({ code: 'exceeded_limit' });
    expect(await members(ws.id)).toBe(2);
  });
});
