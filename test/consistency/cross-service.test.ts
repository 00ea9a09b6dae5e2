import fs from 'node:fs';
import path from 'node:path';
import type { Scope } from '@inv/shared/core';
import type { ApiResponse, Client } from '../support/api';
import { newMember, newWorkspace, sql, unique, type TestWorkspace } from '../support/fixtures';

/**
 * Rules and reads that one service decides from another's data (docs/consistency.md), tried as a
 * user would: an acknowledged write, and at once, with no pause, the call that depends on it.
 * Every sequence runs REPS times and must be right every time:
 * - rules (location active, item tracks stock) hold for every caller: the write made by one key
 *   and the dependent call by another too;
 * - what stock resources show of items and locations (names, SKUs) reflects every acknowledged
 *   change, for every caller;
 * - stock health read from the catalog reflects the caller's own stock changes (read-your-writes);
 * and all of it again while a storm of transfers runs in the same workspace.
 */
const REPS = 50;

const SCOPES: Scope[] = ['items.read', 'items.write', 'locations.read', 'locations.write', 'inventory.read', 'inventory.write', 'transfers.read', 'transfers.write'];

interface World {
  ws: TestWorkspace;
  /** Two keys of two members, with a rate limit no sequence reaches. */
  keys: [Client, Client];
  warehouse: string;
  van: string;
  /** Stock-tracked, with plenty at the warehouse. */
  stocked: string;
}

async function world(): Promise<World> {
  const ws = await newWorkspace({ plan: 'enterprise' });
  const key = async () => (await newMember(ws, { role: 'member', scopes: SCOPES, rateLimit: 100_000 })).client;
  const keys: [Client, Client] = [await key(), await key()];
  const van = await created(keys[0].post('/locations', { name: unique('Van'), type: 'van' }));
  const stocked = await created(keys[0].post('/items', { sku: unique('STOCKED'), quantity: 100_000 }));
  return { ws, keys, warehouse: ws.defaultLocationId, van: van.id, stocked: stocked.id };
}

async function created(call: Promise<ApiResponse>): Promise<{ id: string }> {
  const res = await call;
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${res.text}`);
  return res.body;
}

/** Per sequence: how many answers were checked and what was wrong with those that were (none: right every time). */
type Wrong = Record<string, { checked: number; wrong: string[] }>;

function tally(): { wrong: Wrong; expect: (sequence: string, res: ApiResponse, status: number, check?: (body: any) => string | undefined) => void } {
  const wrong: Wrong = {};
  return {
    wrong,
    expect: (sequence, res, status, check) => {
      const problem = res.status !== status ? `answered ${res.status} instead of ${status}: ${res.text.slice(0, 160)}` : check?.(res.body);
      const entry = (wrong[sequence] ??= { checked: 0, wrong: [] });
      entry.checked += 1;
      if (problem) entry.wrong.push(problem);
    },
  };
}

/** One line per sequence, for an assertion whose failure reads as the table of what went wrong. */
function verdicts(wrong: Wrong): Record<string, string> {
  return Object.fromEntries(
    Object.entries(wrong).map(([sequence, { checked, wrong: w }]) => [sequence, w.length === 0 ? 'right every time' : `${w.length}/${checked} wrong, e.g. ${w[0]}`]),
  );
}

/**
 * Runs every sequence REPS times; `writer` makes the acknowledged write, `caller` the call that
 * depends on it (the same key, or another). Answers the wrong answers per sequence.
 */
async function runSequences(w: World, writer: Client, caller: Client): Promise<Wrong> {
  const t = tally();
  const into = (toLocationId: string, itemId = w.stocked) => caller.post('/inventory/transfers', { fromLocationId: w.warehouse, toLocationId, lines: [{ itemId, quantity: 1 }] });
  const receipt = (itemId: string, locationId: string, quantity = 1) => caller.post('/inventory/movements', { type: 'receipt', itemId, locationId, quantity });
  const write = async (call: Promise<ApiResponse>) => {
    const res = await call;
    if (res.status !== 200) throw new Error(`a write the sequence depends on failed: ${res.status} ${res.text}`);
  };
  const says = (text: string) => (body: any) => (String(body?.error?.message).includes(text) ? undefined : `message lacks "${text}": ${body?.error?.message}`);

  for (let i = 0; i < REPS; i++) {
    // Each dependent call right after its own write: one call's delay must not give the next a head start.
    await write(writer.patch(`/locations/${w.van}`, { active: false }));
    t.expect('location deactivated, then a transfer into it', await into(w.van), 422, says('inactive'));
    await write(writer.patch(`/locations/${w.van}`, { active: true }));
    t.expect('location reactivated, then a transfer into it', await into(w.van), 201);
    await write(writer.patch(`/locations/${w.van}`, { active: false }));
    t.expect('location deactivated, then a receipt into it', await receipt(w.stocked, w.van), 422, says('inactive'));
    await write(writer.patch(`/locations/${w.van}`, { active: true }));

    // A fresh item each round, without stock, so that a wrong answer in one round cannot change the next.
    const item = await created(writer.post('/items', { sku: unique('TOGGLED') }));
    await write(writer.patch(`/items/${item.id}`, { trackStock: false }));
    t.expect('item made catalog-only, then a receipt of it', await receipt(item.id, w.warehouse), 422, says('catalog-only'));
    await write(writer.patch(`/items/${item.id}`, { trackStock: true }));
    t.expect('item made stock-tracked, then a receipt of it', await receipt(item.id, w.warehouse), 201);

    const vanName = unique('Van');
    await write(writer.patch(`/locations/${w.van}`, { name: vanName }));
    const moved = await into(w.van);
    t.expect('location renamed, then a transfer into it shows the name', moved, 201, (b) => (b.toLocation?.name === vanName ? undefined : `shows "${b.toLocation?.name}", not "${vanName}"`));
    const sku = unique('STOCKED');
    await write(writer.patch(`/items/${w.stocked}`, { sku }));
    t.expect('item SKU changed, then a transfer read back shows it', await caller.get(`/inventory/transfers/${moved.body.id}`), 200, (b) =>
      b.lines?.[0]?.item?.sku === sku ? undefined : `shows "${b.lines?.[0]?.item?.sku}", not "${sku}"`,
    );
  }
  return t.wrong;
}

/** The caller's own stock change, then at once the catalog's stock health (read-your-writes); REPS items. */
async function runReadYourWrites(w: World, caller: Client): Promise<Wrong> {
  const t = tally();
  const count = (sku: string, stockHealth: string) => caller.get('/items/count', { query: { sku, stockHealth } });
  for (let i = 0; i < REPS; i++) {
    const sku = unique('FRESH');
    const item = await created(caller.post('/items', { sku }));
    t.expect('an item with none, then its stock health', await count(sku, 'out'), 200, (n) => (n === 1 ? undefined : `out counts ${n}, not 1`));
    t.expect('receipt of 50 for an item with none, then its stock health', await caller.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: w.warehouse, quantity: 50 }), 201);
    t.expect('receipt of 50 for an item with none, then its stock health', await count(sku, 'out'), 200, (n) => (n === 0 ? undefined : `out still counts ${n}`));
    t.expect('receipt of 50 for an item with none, then its stock health', await count(sku, 'ok'), 200, (n) => (n === 1 ? undefined : `ok counts ${n}, not 1`));
    const moved = await caller.post('/inventory/transfers', { fromLocationId: w.warehouse, toLocationId: w.van, lines: [{ itemId: item.id, quantity: 50 }] });
    t.expect('a transfer of all of it away, then the items at the location', moved, 201);
    t.expect('a transfer of all of it away, then the items at the location', await caller.get('/items/count', { query: { sku, locationId: w.van, stockHealth: 'low,ok' } }), 200, (n) =>
      n === 1 ? undefined : `counts ${n} at the van, not 1`,
    );
  }
  return t.wrong;
}

/**
 * Transfers back and forth between two locations of the workspace, `lanes` at a time, until
 * stopped (each lane waits for its answer: bounded, and loopback only). Answers how many went through.
 */
function transferStorm(w: World, client: Client, lanes = 6): { stop: () => Promise<number> } {
  let running = true;
  const lane = async (): Promise<number> => {
    const a = await created(client.post('/locations', { name: unique('StormA'), type: 'site' }));
    const b = await created(client.post('/locations', { name: unique('StormB'), type: 'site' }));
    const item = await created(client.post('/items', { sku: unique('STORM'), quantity: 1_000_000, locationId: a.id }));
    let done = 0;
    for (let flip = false; running; flip = !flip) {
      const [from, to] = flip ? [b.id, a.id] : [a.id, b.id];
      const res = await client.post('/inventory/transfers', { fromLocationId: from, toLocationId: to, lines: [{ itemId: item.id, quantity: 1 }] });
      if (res.status === 201) done += 1;
      else if (res.status !== 422) throw new Error(`a storm transfer answered ${res.status}: ${res.text}\n${logLinesOf(String(res.headers['x-request-id']))}`);
    }
    return done;
  };
  const lanesDone = Array.from({ length: lanes }, () => lane());
  return {
    stop: async () => {
      running = false;
      return (await Promise.all(lanesDone)).reduce((a, b) => a + b, 0);
    },
  };
}

/** Every process's log lines about one request, so an unexpected answer carries its cause. */
function logLinesOf(requestId: string): string {
  const dir = process.env.TEST_WORK_DIR!;
  const lines = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.log'))
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((line) => line.includes(requestId)).map((line) => `${file}: ${line.slice(0, 4000)}`));
  return `log lines of request ${requestId}:\n${lines.join('\n')}`;
}

async function ledgerMismatches(workspaceId: string): Promise<unknown[]> {
  return sql(
    `SELECT b.item_id, b.location_id FROM stock.balances b
       LEFT JOIN stock.movements m ON m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id
      WHERE b.workspace_id = $1 GROUP BY b.item_id, b.location_id, b.on_hand HAVING b.on_hand <> coalesce(sum(m.quantity), 0)`,
    [workspaceId],
  );
}

const allRight = (wrong: Wrong) => Object.fromEntries(Object.keys(wrong).map((sequence) => [sequence, 'right every time']));

describe(`consistency across services: each sequence ${REPS} times, no pause between the acknowledged write and the call that depends on it`, () => {
  jest.setTimeout(240_000);

  it('when the same key writes and then calls, then every rule, every name shown and its own stock health hold every time', async () => {
    const w = await world();
    const wrong = { ...(await runSequences(w, w.keys[0], w.keys[0])), ...(await runReadYourWrites(w, w.keys[0])) };
    expect(verdicts(wrong)).toEqual(allRight(wrong));
    expect(await ledgerMismatches(w.ws.id)).toEqual([]);
  });

  it('when one key writes and another key calls, then every rule and every name shown hold every time', async () => {
    const w = await world();
    const wrong = await runSequences(w, w.keys[0], w.keys[1]);
    expect(verdicts(wrong)).toEqual(allRight(wrong));
  });

  it('when a storm of transfers runs in the same workspace, then all of it holds every time, for one key and across keys', async () => {
    const w = await world();
    const storm = transferStorm(w, w.keys[1]);
    let wrong: Wrong;
    try {
      wrong = {
        ...prefixed('same key: ', await runSequences(w, w.keys[0], w.keys[0])),
        ...prefixed('same key: ', await runReadYourWrites(w, w.keys[0])),
        ...prefixed('across keys: ', await runSequences(w, w.keys[0], w.keys[1])),
      };
    } finally {
      expect(await storm.stop()).toBeGreaterThan(0);
    }
    expect(verdicts(wrong)).toEqual(allRight(wrong));
    expect(await ledgerMismatches(w.ws.id)).toEqual([]);
  });
});

function prefixed(prefix: string, wrong: Wrong): Wrong {
  return Object.fromEntries(Object.entries(wrong).map(([k, v]) => [prefix + k, v]));
}
