import { type Caller, newId, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { createPool, type Pool } from '@inv/shared/db';
import { Broker, CommandClient } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { joinDeletion } from '../../services/locations/src/data/deletion-repository';
import { deleteLocation } from '../../services/locations/src/use-cases/delete-location';
import { sweepInterruptedDeletions } from '../../services/locations/src/use-cases/roll-back-deletion';
import { expectError, type ApiResponse } from '../support/api';
import { adminDeps, eventually, newWorkspace, sql, type TestWorkspace, unique } from '../support/fixtures';
import { stackBroker } from '../support/bus';

/*
 * Deleting a location asks the stock service to close it, then deletes it here. These tests stop
 * that protocol half-way for real (a process that dies after the close, a local commit that
 * fails, a stock service that does not answer in time) and check that the location always ends
 * either deleted (and closed to stock) or live (and open to stock), and never loses stock.
 */

const logger = createLogger('deletion-healing-test', 'silent');
/**
 * Tests age their own deletions by a minute and sweep with a 30 s grace period: the stack's own
 * sweeper (5 minutes) leaves them to the test, and no live request of a concurrent test is that old.
 */
const GRACE_MS = 30_000;
const UNDELETABLE = 'Undeletable';

let pool: Pool;
beforeAll(() => {
  pool = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 3, options: '-c search_path=locations' });
});
afterAll(() => pool.end());

async function sweeperDeps() {
  return { pool, client: (await adminDeps()).client, logger };
}

async function newLocation(ws: TestWorkspace, name = unique('Doomed')): Promise<{ id: string; name: string }> {
  const res = await ws.owner.post('/locations', { name });
  expect(res.status).toBe(201);
  return res.body;
}

async function newItem(ws: TestWorkspace): Promise<string> {
  const res = await ws.owner.post('/items', { sku: unique('SKU'), description: 'Widget' });
  expect(res.status).toBe(201);
  return res.body.id;
}

function receipt(ws: TestWorkspace, itemId: string, locationId: string, quantity = 5): Promise<ApiResponse> {
  return ws.owner.post('/inventory/movements', { type: 'receipt', itemId, locationId, quantity });
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
/** The stock service refusing stock for the location (not, say, a route that does not exist). */
const refusedByStock = (res: ApiResponse) => [409, 422].includes(res.status) && typeof res.body?.error?.code === 'string';

/** What a deletion whose process died right after asking stock leaves behind: the record, and the location closed. */
async function interruptAfterClose(ws: TestWorkspace, locationId: string): Promise<void> {
  await joinDeletion(pool, ws.id, locationId, newId());
  const { client } = await adminDeps();
  await client.request(STOCK_SERVICE, StockCommands.closeLocation, { locationId }, { workspaceId: ws.id });
}

/** Makes a deletion look as if it had been idle for a minute. */
async function age(locationId: string): Promise<void> {
  await sql("UPDATE locations.location_deletions SET updated_at = updated_at - interval '1 minute' WHERE location_id = $1", [locationId]);
}

/** The use case as the locations service runs it, with `client` for its commands. */
async function deleteWith(client: CommandClient, ws: TestWorkspace, locationId: string): Promise<{ id: string }> {
  const runtime = { pool, client, logger, outbox: { kick: () => undefined } } as unknown as Parameters<typeof deleteLocation>[0];
  const context = { workspace: { id: ws.id } as Caller['workspace'], locationAccess: { restricted: false, locations: [] }, requestId: unique('req') };
  return (await deleteLocation(runtime, context, locationId)).result;
}

/**
 * Passes commands through to `client` but holds back the one of type `held`, before or after it
 * runs, until release(); `reached` resolves when it is being held.
 */
function holdingClient(client: CommandClient, held: string, when: 'before' | 'after') {
  let reached!: () => void;
  let release!: () => void;
  const reachedHold = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = {
    request: async (...args: Parameters<CommandClient['request']>) => {
      if (args[1] !== held) return client.request(...args);
      if (when === 'before') {
        reached();
        await released;
        return client.request(...args);
      }
      const result = await client.request(...args);
      reached();
      await released;
      return result;
    } } as unknown as CommandClient;
  return { client: holding, reached: reachedHold, release };
}

async function deletionOf(locationId: string): Promise<{ state: string } | undefined> {
  return (await sql('SELECT state FROM locations.location_deletions WHERE location_id = $1', [locationId]))[0];
}

async function closedInStock(locationId: string): Promise<boolean> {
  return (await sql<{ closed: boolean }>('SELECT closed FROM stock.locations WHERE id = $1', [locationId]))[0]?.closed ?? false;
}

async function onHandAt(locationId: string): Promise<number> {
  const rows = await sql<{ n: string | null }>('SELECT sum(on_hand) AS n FROM stock.balances WHERE location_id = $1', [locationId]);
  return Number(rows[0]?.n ?? 0);
}

/** Waits until the rollback is confirmed: no deletion record left, and the location open in stock. */
async function expectRolledBack(ws: TestWorkspace, locationId: string): Promise<void> {
  await eventually('the interrupted deletion to be rolled back', async () => ((await deletionOf(locationId)) === undefined && !(await closedInStock(locationId)) ? true : undefined));
  expect((await ws.owner.get(`/locations/${locationId}`)).status).toBe(200);
}

describe('a location deletion interrupted after the stock service closed the location', () => {
  it('when the process died, then the location refuses stock until the sweeper, once the deletion is idle past the grace period, reopens it', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const itemId = await newItem(ws);
    const loc = await newLocation(ws);
    await interruptAfterClose(ws, loc.id);
    expect(refusedByStock(await receipt(ws, itemId, loc.id))).toBe(true);

    // Younger than the grace period: its request may still be running, so it is left alone.
    await sweepInterruptedDeletions(await sweeperDeps(), { graceMs: GRACE_MS });
    expect(await deletionOf(loc.id)).toEqual({ state: 'closing' });
    expect(await closedInStock(loc.id)).toBe(true);

    await age(loc.id);
    await sweepInterruptedDeletions(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectRolledBack(ws, loc.id);
    expect(ok(await receipt(ws, itemId, loc.id))).toBe(true);
    expect(await onHandAt(loc.id)).toBe(5);
  });

  it('when the DELETE is retried before the sweeper runs, then the retry completes the deletion', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    await interruptAfterClose(ws, loc.id);
    expect((await ws.owner.delete(`/locations/${loc.id}`)).body).toEqual({ id: loc.id });
    expectError(await ws.owner.get(`/locations/${loc.id}`), 404, 'not_found');
    expect(await deletionOf(loc.id)).toBeUndefined();
    expect(await closedInStock(loc.id)).toBe(true);
  });

  it('when a DELETE races the sweeper for the same deletion, then the location ends deleted and closed, or live and open (six rounds)', async () => {
    const ws = await newWorkspace({ plan: 'enterprise' });
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round++) {
      const loc = await newLocation(ws);
      await interruptAfterClose(ws, loc.id);
      await age(loc.id);
      const del = () => ws.owner.delete(`/locations/${loc.id}`);
      const sweep = async () => sweepInterruptedDeletions(await sweeperDeps(), { graceMs: GRACE_MS });
      // Alternate which one leaves first, so both orders get their chance.
      const [deleted] = round % 2 === 0 ? await Promise.all([del(), sweep()]) : await Promise.all([sweep(), del()]).then(([swept, d]) => [d, swept] as const);
      if (deleted.status === 200) {
        expectError(await ws.owner.get(`/locations/${loc.id}`), 404, 'not_found');
        expect(await deletionOf(loc.id)).toBeUndefined();
        expect(await closedInStock(loc.id)).toBe(true);
        outcomes.push('deleted');
      } else {
        expect(expectError(deleted, 409, 'conflict').message).toMatch(/being rolled back/);
        await expectRolledBack(ws, loc.id);
        outcomes.push('rolled back');
      }
    }
    expect(outcomes).toHaveLength(6);
  });

  it('when the sweeper takes over the deletion of a slow request that then tries to complete it, then the request gives way: the location stays, open to stock', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    const { client } = await adminDeps();
    const slowRequest = holdingClient(client, StockCommands.closeLocation, 'after');
    const slowSweeper = holdingClient(client, StockCommands.reopenLocation, 'before');

    const deleting = deleteWith(slowRequest.client, ws, loc.id).catch((err: unknown) => err);
    await slowRequest.reached; // stock has closed the location; the request has not gone on yet
    await age(loc.id);
    const sweeping = sweepInterruptedDeletions({ pool, client: slowSweeper.client, logger }, { graceMs: GRACE_MS });
    await slowSweeper.reached; // the sweeper has taken the deletion over and is about to reopen
    slowRequest.release();
    expect(await deleting).toMatchObject({ code: 'conflict', message: expect.stringMatching(/rolled back while this request was under way/) });
    slowSweeper.release();
    expect(await sweeping).toEqual({ reopened: 1, failed: 0 });
    await expectRolledBack(ws, loc.id);
  });
});

describe('a location deletion whose local commit fails', () => {
  beforeAll(async () => {
    await sql(`
      CREATE FUNCTION locations.fail_marked_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL AND NEW.name LIKE '${UNDELETABLE}-%' THEN
          RAISE EXCEPTION 'injected failure deleting location %', NEW.id;
        END IF;
        RETURN NEW;
      END $$`);
    await sql('CREATE TRIGGER fail_marked_deletion BEFORE UPDATE ON locations.locations FOR EACH ROW EXECUTE FUNCTION locations.fail_marked_deletion()');
  });
  afterAll(async () => {
    await sql('DROP TRIGGER fail_marked_deletion ON locations.locations');
    await sql('DROP FUNCTION locations.fail_marked_deletion()');
  });

  it('when the soft delete fails after stock closed the location, then 500, and the location stays, open to stock, with no deletion left', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws, unique(UNDELETABLE));
    expectError(await ws.owner.delete(`/locations/${loc.id}`), 500, 'internal_server_error');
    expect(await deletionOf(loc.id)).toBeUndefined();
    expect(await closedInStock(loc.id)).toBe(false);
    expect(ok(await receipt(ws, await newItem(ws), loc.id))).toBe(true);
    expect((await ws.owner.get(`/locations/${loc.id}`)).status).toBe(200);
  });
});

describe('a location deletion the stock service does not answer in time', () => {
  let broker: Broker;
  let impatient: CommandClient;
  beforeAll(async () => {
    broker = stackBroker(logger);
    // 1 ms: every command fails, before or after it was sent (timed out, or not sent in time).
    impatient = new CommandClient(broker, 1);
    await broker.waitForConnect(10_000);
    await impatient.start();
  });
  afterAll(async () => {
    await impatient.stop();
    await broker.close();
  });

  it('when neither the close nor the reopen is answered, then further deletes answer 409 until the sweeper confirms the reopen; then the location is live, open and deletable', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    await expect(deleteWith(impatient, ws, loc.id)).rejects.toMatchObject({ code: 'rate_limit_exceeded', message: expect.stringMatching(/stock service \(it did not answer|stock service answered|did not take stock.close-location for the stock service/) });
    expect(await deletionOf(loc.id)).toEqual({ state: 'reverting' });
    expect(expectError(await ws.owner.delete(`/locations/${loc.id}`), 409, 'conflict').message).toMatch(/being rolled back/);

    await age(loc.id);
    await sweepInterruptedDeletions(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectRolledBack(ws, loc.id);
    expect((await ws.owner.delete(`/locations/${loc.id}`)).body).toEqual({ id: loc.id });
  });
});

describe('a deletion record left before the stock service was asked', () => {
  it('when the location received stock meanwhile, then the sweeper only drops the record: the location and its stock stay', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const loc = await newLocation(ws);
    await joinDeletion(pool, ws.id, loc.id, newId());
    expect(ok(await receipt(ws, await newItem(ws), loc.id, 3))).toBe(true);
    await age(loc.id);
    await sweepInterruptedDeletions(await sweeperDeps(), { graceMs: GRACE_MS });
    await expectRolledBack(ws, loc.id);
    expect(await onHandAt(loc.id)).toBe(3);
  });
});
