import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEAD_LETTER_SUFFIX } from '@inv/shared/messaging';
import { createPool } from '@inv/shared/db';
import { createLogger } from '@inv/shared/observability';
import { revokeKey } from '../../gateway/src/admin/admin-commands';
import { claimStaleCreations } from '../../gateway/src/data/identity-repository';
import { rabbitmqJson } from '../../scripts/ha/rabbitmq-cluster';
import { SERVICE_KINDS } from '../../scripts/topology/replicas';
import { type ApiResponse, request } from '../support/api';
import { listenToEvents } from '../support/bus';
import { adminDeps, eventually, newMember, newWorkspace, sql } from '../support/fixtures';
import { provideInfrastructure } from '../support/infrastructure';
import { ReplicaStack } from '../support/replica-stack';
import { waitUntil } from '../support/stack';
import { expectLedgerConsistent, explain, HANG_MS, stockedWorkspace, type Timed, totalsByItem, untilAnswered } from './fault-stack';

/**
 * The replicated topology (docs/scaling.md) under faults: two of every process behind HAProxy,
 * the services' queues as quorum queues. Each guarantee the single-process suites prove is
 * proven again here across replicas.
 */
const REPLICAS = 2;
/**
 * DB_POOL_SIZE of every replica: 8, not the default 10, so that the connection budget asserted
 * below stays under what PostgreSQL's default max_connections (100, 3 of them for superusers)
 * admits. With five kinds of process (the notifications service is the fifth) 2 × 5 × (10 + 1) =
 * 110 would exceed it, and a budget the database itself enforces proves nothing; 2 × 5 × (8 + 1)
 * = 90 stays under it. Peaks measured with five kinds: 50 to 62 at 10 (3 runs), 41 to 53 at 8
 * (6 runs).
 */
const POOL_SIZE = 8;
const CLIENTS = 6;
const TRANSFERS_PER_CLIENT = 12;
/** One replica of each kind is killed (-9) in turn, each when this many transfers have been acknowledged, and respawned. */
const KILLS: Array<{ at: number; replica: string }> = [
  { at: 6, replica: 'gateway-1' },
  { at: 18, replica: 'stock-1' },
  { at: 30, replica: 'catalog-1' },
  { at: 42, replica: 'locations-1' },
  { at: 50, replica: 'notifications-1' },
  { at: 58, replica: 'stock-2' },
];
/** How a client retries: lost answers only (no 5xx is expected), for 60 s, pausing 100 ms. */
const RETRY = { retryOn: 'lost answers', forMs: 60_000, pauseMs: 100 } as const;
/** A revoked key is refused by every gateway within this of the revocation returning (docs/scaling.md). */
const REVOCATION_BOUND_MS = 1000;

let stack: ReplicaStack;
beforeAll(async () => {
  const infrastructure = await provideInfrastructure();
  stack = await ReplicaStack.start({ infrastructure, replicas: REPLICAS, env: { DB_POOL_SIZE: String(POOL_SIZE), AMQP_QUEUE_TYPE: 'quorum' } });
  Object.assign(process.env, stack.testEnv());
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await stack?.infrastructure.stop();
});

function withLogs(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (err) {
      if (err instanceof Error) err.message += `\n\nProcess logs:\n${stack.logTails()}`;
      throw err;
    }
  };
}

/** Every connection the stack holds on its database, sampled until stopped; answers the most seen. */
function sampleConnections(): { stop: () => Promise<number> } {
  let most = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const n = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()').catch(() => [{ n: 0 }]))[0]!.n;
      most = Math.max(most, n);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return most;
    },
  };
}

interface Outcome {
  key: string;
  body: unknown;
  attempts: Timed[];
  acknowledged?: { id: string };
}

it(
  'when one replica of each kind is killed (-9) in turn under a transfer storm with Idempotency-Key retries, then every transfer exists exactly once, nothing is oversold, no call answers 5xx, every stock.changed reaches the catalog once and in version order per balance, and the stack stays within its connection budget',
  withLogs(async () => {
    const { ws, from, to, itemIds } = await stockedWorkspace(4, 1000);
    const totalsBefore = await totalsByItem(ws.id);
    const bus = await listenToEvents('stock.changed');
    // What the storm records comes after this; the workspace's opening stock was recorded before the listener.
    const stormFrom = (await sql<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM stock.outbox'))[0]!.seq;
    const connections = sampleConnections();
    const post = (o: Outcome) => ws.owner.post('/inventory/transfers', o.body, { headers: { 'Idempotency-Key': o.key }, timeoutMs: HANG_MS });

    const outcomes: Outcome[] = [];
    let acknowledged = 0;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < TRANSFERS_PER_CLIENT; i++) {
        const outcome: Outcome = { key: randomUUID(), body: { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[(c + i) % itemIds.length], quantity: 1 }] }, attempts: [] };
        outcomes.push(outcome);
        // A lost answer (the gateway that held the connection was killed) is retried; any status is reported below.
        const last = await untilAnswered(`POST /inventory/transfers (key ${outcome.key})`, () => post(outcome), outcome.attempts, RETRY);
        if (last.res?.status === 201) {
          outcome.acknowledged = last.res.body;
          acknowledged += 1;
        }
      }
    });
    const storm = Promise.all(clients);
    try {
      for (const kill of KILLS) {
        await waitUntil(`${kill.at} acknowledged transfers`, async () => acknowledged >= kill.at, 90_000, 10);
        await stack.kill(kill.replica, 'SIGKILL');
        await stack.respawn(kill.replica);
      }
    } finally {
      await storm;
    }
    const mostConnections = await connections.stop();

    expect(stack.exited()).toEqual([]);
    const attempts = outcomes.flatMap((o) => o.attempts);
    // Only 201s, and answers lost with the killed gateway (retried by the client): no 5xx at all.
    expect(attempts.filter((a) => a.res && a.res.status !== 201).map(explain)).toEqual([]);
    expect(outcomes.filter((o) => !o.acknowledged).map((o) => `${o.key}: ${o.attempts.map(explain).slice(-2).join(' | ')}`)).toEqual([]);

    // Exactly once: the workspace holds the acknowledged transfers and nothing else, each with its two movements.
    const ids = outcomes.map((o) => o.acknowledged!.id);
    expect(new Set(ids).size).toBe(CLIENTS * TRANSFERS_PER_CLIENT);
    const stored = await sql<{ id: string; movements: number }>(
      'SELECT t.id, (SELECT count(*)::int FROM stock.movements m WHERE m.transfer_id = t.id) AS movements FROM stock.transfers t WHERE t.workspace_id = $1',
      [ws.id],
    );
    expect(stored.map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(stored.filter((t) => t.movements !== 2)).toEqual([]);

    // A replay of every key, through each gateway directly, answers the same transfer.
    const gateways = stack.ofKinds(['gateway']).map((g) => stack.gatewayReplicaUrl(g.name));
    const replays = await Promise.all(
      outcomes.map(async (o, i) => ({
        expected: o.acknowledged!.id,
        res: await request('POST', `${gateways[i % gateways.length]}/inventory/transfers`, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: o.body, headers: { 'Idempotency-Key': o.key } }),
      })),
    );
    expect(replays.filter((r) => r.res.status !== 201 || r.res.body.id !== r.expected).map((r) => `${r.expected}: ${r.res.status} ${r.res.text.slice(0, 200)}`)).toEqual([]);

    await expectLedgerConsistent();
    expect(await totalsByItem(ws.id)).toEqual(totalsBefore);

    // Every stock.changed the workspace recorded was applied by the catalog exactly once (its
    // inbox holds each id once by its key), and the catalog's levels are the ledger's.
    const recorded = await sql<{ id: string }>("SELECT id::text FROM stock.outbox WHERE workspace_id = $1 AND type = 'stock.changed'", [ws.id]);
    await eventually(
      'the catalog to apply every stock.changed',
      async () => {
        const n = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM catalog.processed_messages WHERE message_id = ANY($1::text[])', [recorded.map((r) => r.id)]))[0]!.n;
        return n === recorded.length ? true : undefined;
      },
      30_000,
    );
    const levelMismatches = await sql(
      `SELECT b.item_id, b.location_id, b.on_hand::text, b.version, l.on_hand::text AS catalog_on_hand, l.version AS catalog_version
         FROM stock.balances b LEFT JOIN catalog.stock_levels l ON l.workspace_id = b.workspace_id AND l.item_id = b.item_id AND l.location_id = b.location_id
        WHERE b.workspace_id = $1 AND (l.version IS DISTINCT FROM b.version OR l.on_hand IS DISTINCT FROM b.on_hand)`,
      [ws.id],
    );
    expect(levelMismatches).toEqual([]);

    // On the bus: every recorded event arrived, and each balance's versions arrived in order
    // (a repeat after a relay died mid-batch carries the same message id and is set aside).
    const stormEvents = (await sql<{ id: string }>("SELECT id::text FROM stock.outbox WHERE workspace_id = $1 AND type = 'stock.changed' AND seq > $2", [ws.id, stormFrom])).map((r) => r.id);
    await eventually('every stock.changed of the storm on the bus', async () => (stormEvents.every((id) => bus.messages.some((m) => m.id === id)) ? true : undefined), 30_000);
    const seen = new Set<string>();
    const lastVersion = new Map<string, number>();
    const outOfOrder: string[] = [];
    for (const message of bus.messages) {
      if (message.workspaceId !== ws.id || seen.has(message.id)) continue;
      seen.add(message.id);
      for (const change of (message.payload as { changes: Array<{ itemId: string; locationId: string; version: number }> }).changes) {
        const balance = `${change.itemId}@${change.locationId}`;
        if (change.version <= (lastVersion.get(balance) ?? 0)) outOfOrder.push(`${balance}: version ${change.version} after ${lastVersion.get(balance)}`);
        lastVersion.set(balance, change.version);
      }
    }
    await bus.close();
    expect(outOfOrder).toEqual([]);
    expect(stormEvents.length).toBeGreaterThanOrEqual(CLIENTS * TRANSFERS_PER_CLIENT);

    // Nothing dead-lettered.
    expect(await deadLetters()).toEqual({});

    // The connection budget (docs/scaling.md): each process's pool at most, plus one session per
    // process while it migrates at start.
    const budget = stack.layout.replicas.length * (POOL_SIZE + 1);
    expect(mostConnections).toBeLessThanOrEqual(budget);
  }),
  300_000,
);

it(
  'when two gateways serve one key, then a retried Idempotency-Key on the other gateway answers the first answer',
  withLogs(async () => {
    const { ws, from, to, itemIds } = await stockedWorkspace(1, 10);
    const [one, two] = stack.ofKinds(['gateway']).map((g) => stack.gatewayReplicaUrl(g.name));
    const key = randomUUID();
    const send = (base: string) =>
      request('POST', `${base}/inventory/transfers`, { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { fromLocationId: from, toLocationId: to, lines: [{ itemId: itemIds[0], quantity: 1 }] }, headers: { 'Idempotency-Key': key } });
    const first = await send(one!);
    const again = await send(two!);
    expect(first.status).toBe(201);
    expect({ status: again.status, id: again.body.id }).toEqual({ status: 201, id: first.body.id });
    const n = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = $1', [ws.id]))[0]!.n;
    expect(n).toBe(1);
  }),
);

it(
  'when a key is revoked, then every gateway refuses it within the bound, though each had it cached',
  withLogs(async () => {
    const ws = await newWorkspace();
    const member = await newMember(ws, { role: 'member' });
    const gateways = stack.ofKinds(['gateway']).map((g) => stack.gatewayReplicaUrl(g.name));
    const call = (base: string) => request('GET', `${base}/items`, { key: member.key, query: { workspaceId: ws.id } });
    for (const base of gateways) expect((await call(base)).status).toBe(200);
    await revokeKey(await adminDeps(), member.keyId);
    const revokedAt = Date.now();
    const refusedWithin = await Promise.all(
      gateways.map(async (base) => {
        for (;;) {
          if ((await call(base)).status === 401) return Date.now() - revokedAt;
          if (Date.now() - revokedAt > 5000) return Infinity;
        }
      }),
    );
    expect(refusedWithin.filter((ms) => ms > REVOCATION_BOUND_MS)).toEqual([]);
  }),
);

it(
  'when a key limited to N calls a minute calls both gateways, then exactly N calls pass in all',
  withLogs(async () => {
    const ws = await newWorkspace();
    const LIMIT = 20;
    const member = await newMember(ws, { role: 'member', scopes: ['items.read'], rateLimit: LIMIT });
    const gateways = stack.ofKinds(['gateway']).map((g) => stack.gatewayReplicaUrl(g.name));
    const answers: ApiResponse[] = await Promise.all(Array.from({ length: LIMIT + 10 }, (_, i) => request('GET', `${gateways[i % gateways.length]}/items`, { key: member.key })));
    const statuses = answers.map((a) => a.status);
    expect({ passed: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length }).toEqual({ passed: LIMIT, limited: 10 });
  }),
);

it(
  'when a write is acknowledged by one gateway, then the call that depends on it through the other gateway sees it, every time',
  withLogs(async () => {
    const ROUNDS = 20;
    const { ws, from, to: van, itemIds } = await stockedWorkspace(1, 100);
    const [one, two] = stack.ofKinds(['gateway']).map((g) => stack.gatewayReplicaUrl(g.name));
    const call = (base: string, method: string, target: string, options: { body?: unknown; query?: Record<string, string> } = {}) =>
      request(method, `${base}${target}`, { key: ws.ownerKey, body: options.body, query: { workspaceId: ws.id, ...options.query } });
    const transferInto = () => call(two!, 'POST', '/inventory/transfers', { body: { fromLocationId: from, toLocationId: van, lines: [{ itemId: itemIds[0], quantity: 1 }] } });
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A rule, both ways: the van deactivated through one gateway refuses a transfer through the
      // other; reactivated, it accepts one.
      const deactivated = await call(one!, 'PATCH', `/locations/${van}`, { body: { active: false } });
      const refused = await transferInto();
      if (deactivated.status !== 200 || refused.status !== 422) wrong.push(`round ${round}: deactivate ${deactivated.status}, then transfer into it ${refused.status}`);
      const reactivated = await call(one!, 'PATCH', `/locations/${van}`, { body: { active: true } });
      const accepted = await transferInto();
      if (reactivated.status !== 200 || accepted.status !== 201) wrong.push(`round ${round}: reactivate ${reactivated.status}, then transfer into it ${accepted.status}`);
      // A read built from a projection: a receipt through one gateway, the item's stock health through the other.
      const sku = `RYW-${randomUUID().slice(0, 8)}`;
      const item = await call(one!, 'POST', '/items', { body: { sku } });
      const receipt = await call(one!, 'POST', '/inventory/movements', { body: { type: 'receipt', itemId: item.body.id, locationId: from, quantity: 50 } });
      const out = await call(two!, 'GET', '/items/count', { query: { sku, stockHealth: 'out' } });
      if (receipt.status !== 201 || out.status !== 200 || out.body !== 0) wrong.push(`round ${round}: receipt ${receipt.status}, then out-of-stock count ${out.status} ${out.text}`);
    }
    expect(wrong).toEqual([]);
  }),
  120_000,
);

it('when two sweepers race over the same stale work, then each piece is claimed by exactly one of them', async () => {
  // Workspace creations interrupted a day ago, as the gateways' sweeper finds them; two sweepers
  // (one per gateway replica, each its own pool) claim in small batches at the same time.
  const ids = (await sql<{ id: string }>(
    `INSERT INTO identity.workspaces (id, name, slug, created_at)
     SELECT gen_random_uuid(), 'Stale ' || n, 'stale-' || $1 || '-' || n, now() - interval '1 day' FROM generate_series(1, 60) n RETURNING id::text`,
    [randomUUID().slice(0, 8)],
  )).map((r) => r.id);
  const sweepers = [0, 1].map(() => createPool(process.env.TEST_DATABASE_URL!, createLogger('sweeper', 'silent'), { max: 2, options: '-c search_path=identity' }));
  try {
    const claims = await Promise.all(
      sweepers.map(async (pool) => {
        const claimed: string[] = [];
        for (;;) {
          const batch = await claimStaleCreations(pool, 60_000, 5);
          if (batch.length === 0) return claimed;
          claimed.push(...batch);
        }
      }),
    );
    const all = claims.flat().filter((id) => ids.includes(id));
    expect(new Set(all).size).toBe(all.length);
    const unclaimed = await sql('SELECT id FROM identity.workspaces WHERE id = ANY($1::uuid[]) AND abandoned_at IS NULL', [ids]);
    expect(unclaimed).toEqual([]);
  } finally {
    await Promise.all(sweepers.map((pool) => pool.end()));
  }
});

it('when every replica started at once on a fresh database, then each schema holds every migration exactly once', async () => {
  const schemas: Record<string, string> = {
    identity: 'gateway/src/data/migrations',
    ...Object.fromEntries(SERVICE_KINDS.map((kind) => [kind, `services/${kind}/src/data/migrations`])),
  };
  for (const [schema, dir] of Object.entries(schemas)) {
    const files = fs.readdirSync(path.resolve(__dirname, '../..', dir)).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
    const applied = await sql<{ name: string }>(`SELECT name FROM ${schema}.pgmigrations ORDER BY name`);
    expect({ schema, applied: applied.map((r) => r.name) }).toEqual({ schema, applied: files });
  }
});

/** Messages waiting in any dead-letter queue of the stack's vhost, by queue (none: an empty object). */
async function deadLetters(): Promise<Record<string, number>> {
  const queues = await rabbitmqJson<Array<{ name: string; messages: number }>>(stack.infrastructure.rabbitmqctl, ['list_queues', '-p', stack.vhost, 'name', 'messages']);
  return Object.fromEntries(queues.filter((q) => q.name.endsWith(DEAD_LETTER_SUFFIX) && q.messages > 0).map((q) => [q.name, q.messages]));
}
