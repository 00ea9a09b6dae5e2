import { InternalError, LOCATIONS_SERVICE, LocationCommands } from '@inv/shared/core';
import { type CommandClient } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { addMember, createWorkspace } from '../../gateway/src/admin/admin-commands';
import {
  beginProvisioning,
  finishProvisioning,
  requestDefaultLocation,
  sweepStaleProvisioning,
} from '../../gateway/src/admin/workspace-provisioning';
import { generateApiKey } from '../../gateway/src/domain/api-key';
import { adminDeps, eventually, sql, unique } from '../support/fixtures';

/*
 * workspace:create is a saga across the identity schema and the locations service. These tests
 * interrupt it for real (a commit that fails, a process that stops between steps, a locations
 * service that does not answer in time) and check that no orphan default location survives.
 */

const logger = createLogger('provisioning-test', 'silent');
/**
 * Tests age their own creations by a minute and sweep with a 30 s grace period: the gateway's own
 * sweeper (5 minutes) leaves them to the test, and no live creation of a concurrent test is that old.
 */
const GRACE_MS = 30_000;
const COMMIT_FAILS_DOMAIN = 'commit-fails.test';

async function sweeperDeps() {
  return { ...(await adminDeps()), logger };
}

/** Makes a creation look as if it had been idle for a minute, as one whose process died. */
async function age(workspaceId: string): Promise<void> {
  await sql(
    "UPDATE identity.workspaces SET created_at = created_at - interval '1 minute', abandoned_at = abandoned_at - interval '1 minute' WHERE id = $1",
    [workspaceId],
  );
}

async function workspaceRow(workspaceId: string) {
  return (await sql('SELECT provisioned_at, abandoned_at, default_location_id FROM identity.workspaces WHERE id = $1', [workspaceId]))[0];
}

async function liveLocationsOf(workspaceId: string): Promise<Array<{ id: string; is_default: boolean }>> {
  return sql('SELECT id, is_default FROM locations.locations WHERE workspace_id = $1 AND deleted_at IS NULL', [workspaceId]);
}

/** Waits until the creation is gone for good: no workspace row and no live location of it. */
async function expectCleanedUp(workspaceId: string): Promise<void> {
  await eventually('the abandoned creation to be cleaned up', async () =>
    !(await workspaceRow(workspaceId)) && (await liveLocationsOf(workspaceId)).length === 0 ? true : undefined,
  );
  expect(await sql('SELECT 1 FROM locations.abandoned_workspaces WHERE workspace_id = $1', [workspaceId])).toHaveLength(1);
}

describe('workspace:create when the identity commit fails after the default location was made', () => {
  beforeAll(async () => {
    // Deferred, so it fires at COMMIT: after the locations service has made the default location.
    await sql(`
      CREATE FUNCTION identity.fail_commit_for_marked_owner() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM identity.users WHERE id = NEW.user_id AND email LIKE '%@${COMMIT_FAILS_DOMAIN}') THEN
          RAISE EXCEPTION 'injected commit failure for workspace %', NEW.workspace_id;
        END IF;
        RETURN NULL;
      END $$`);
    await sql(`CREATE CONSTRAINT TRIGGER fail_commit_for_marked_owner AFTER INSERT ON identity.memberships
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION identity.fail_commit_for_marked_owner()`);
  });
  afterAll(async () => {
    await sql('DROP TRIGGER fail_commit_for_marked_owner ON identity.memberships');
    await sql('DROP FUNCTION identity.fail_commit_for_marked_owner()');
  });

  it('when the commit fails, then the error is reported and neither the workspace nor its default location remains', async () => {
    const name = unique('Doomed Workspace');
    const error = await createWorkspace(await adminDeps(), { name, ownerEmail: `${unique('owner')}@${COMMIT_FAILS_DOMAIN}` }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const workspaceId = /injected commit failure for workspace ([0-9a-f-]{36})/.exec((error as Error).message)?.[1];
    expect(workspaceId).toBeDefined();
    await expectCleanedUp(workspaceId!);
    // The default location really had been made before the commit failed, and was then discarded.
    const discarded = await sql('SELECT deleted_at FROM locations.locations WHERE workspace_id = $1 AND is_default', [workspaceId]);
    expect(discarded).toEqual([{ deleted_at: expect.any(Date) }]);
    expect(await sql('SELECT 1 FROM identity.workspaces WHERE name = $1', [name])).toHaveLength(0);
  });
});

describe('workspace creation interrupted between its steps', () => {
  it('when the process stops after the default location was made, then the creation is unreachable, and the sweeper discards it once idle past the grace period', async () => {
    const deps = await adminDeps();
    const stopped = await beginProvisioning(deps.pool, { name: unique('Interrupted'), plan: 'free' });
    const location = await requestDefaultLocation(deps.client, stopped.id);
    const young = await beginProvisioning(deps.pool, { name: unique('Still running'), plan: 'free' });

    await expect(addMember(deps, { workspace: stopped.id, email: `${unique('m')}@example.test`, role: 'member' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(addMember(deps, { workspace: stopped.slug, email: `${unique('m')}@example.test`, role: 'member' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await liveLocationsOf(stopped.id)).toEqual([{ id: location.id, is_default: true }]);

    await age(stopped.id);
    await sweepStaleProvisioning(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectCleanedUp(stopped.id);
    const events = await sql("SELECT type, message->'payload'->'resource' AS resource FROM locations.outbox WHERE message->'payload'->>'id' = $1 ORDER BY seq", [location.id]);
    // Both carry the location as create-default answered it: the discard changes no field it shows.
    expect(events).toEqual([
      { type: 'location.created', resource: location },
      { type: 'location.deleted', resource: location },
    ]);
    // A creation younger than the grace period may still be running: the sweeper leaves it alone.
    expect(await workspaceRow(young.id)).toMatchObject({ provisioned_at: null, abandoned_at: null });
  });

  it('when create-default arrives after the creation was abandoned, then it is refused and no location appears', async () => {
    const deps = await adminDeps();
    const pending = await beginProvisioning(deps.pool, { name: unique('Late'), plan: 'free' });
    await age(pending.id);
    await sweepStaleProvisioning(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectCleanedUp(pending.id);

    await expect(requestDefaultLocation(deps.client, pending.id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/abandoned/) });
    expect(await liveLocationsOf(pending.id)).toEqual([]);
    // Discarding again is harmless.
    await expect(deps.client.request(LOCATIONS_SERVICE, LocationCommands.discardDefault, {}, { workspaceId: pending.id })).resolves.toEqual({ discarded: true });
  });

  it('when the locations service does not answer in time, then the creation fails, stays unreachable, and the sweeper cleans it up later', async () => {
    const deps = await adminDeps();
    // Every command is delivered and carried out, but its answer comes too late: the creation of
    // the default location happens, and so does the discard, yet the caller sees neither.
    const late = {
      request: async (...args: Parameters<CommandClient['request']>) => {
        await deps.client.request(...args).catch(() => undefined);
        throw new InternalError(`The ${args[0]} service did not answer ${args[1]} within 1 ms.`);
      },
    } as unknown as CommandClient;
    const name = unique('Impatient');
    await expect(createWorkspace({ ...deps, client: late }, { name, ownerEmail: `${unique('owner')}@example.test` })).rejects.toMatchObject({
      code: 'internal_server_error',
      message: expect.stringMatching(/locations service did not answer/),
    });
    const [left] = await sql<{ id: string; abandoned_at: Date | null; provisioned_at: Date | null }>('SELECT id, abandoned_at, provisioned_at FROM identity.workspaces WHERE name = $1', [name]);
    expect(left).toMatchObject({ abandoned_at: expect.any(Date), provisioned_at: null });
    await age(left!.id);
    await sweepStaleProvisioning(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectCleanedUp(left!.id);
  });

  it('when finishing a slow creation races the sweeper abandoning it, then it ends either complete with its location or gone with it (six rounds)', async () => {
    const deps = await adminDeps();
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round++) {
      const pending = await beginProvisioning(deps.pool, { name: unique('Race'), plan: 'free' });
      const location = await requestDefaultLocation(deps.client, pending.id);
      await age(pending.id);
      const finish = () => finishProvisioning(deps.pool, pending.id, location.id, { email: `${unique('owner')}@example.test`, key: generateApiKey('full') });
      const sweep = async () => sweepStaleProvisioning(await sweeperDeps(), { graceMs: GRACE_MS });
      // Alternate which one leaves first, so both orders get their chance.
      const [finished] =
        round % 2 === 0 ? await Promise.allSettled([finish(), sweep()]) : await Promise.allSettled([sweep(), finish()]).then(([swept, done]) => [done, swept] as const);

      if (finished.status === 'fulfilled') {
        expect(await workspaceRow(pending.id)).toMatchObject({ provisioned_at: expect.any(Date), abandoned_at: null, default_location_id: location.id });
        expect(await liveLocationsOf(pending.id)).toEqual([{ id: location.id, is_default: true }]);
        outcomes.push('complete');
      } else {
        expect(finished.reason).toMatchObject({ message: expect.stringMatching(/took too long and was rolled back/) });
        await expectCleanedUp(pending.id);
        outcomes.push('abandoned');
      }
    }
    expect(outcomes).toHaveLength(6);
  });
});
