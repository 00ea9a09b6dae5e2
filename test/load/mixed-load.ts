import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * A mixed load of every write the API takes, on a few hot items and locations, with reads between
 * them, sent by clients that behave as the typed client does: a retryable refusal (429) is sent
 * again after its Retry-After plus jitter, with the same Idempotency-Key, at most four attempts in
 * all within 30 s (then the operation is given up, and reported as abandoned). Used by the saturation
 * suite (test/faults/saturation.test.ts), `npm run bench` (o) and, against `npm start`,
 * `npx tsx test/load/mixed-load-cli.ts` (issue 35's measurements).
 *
 * Every attempt is recorded (operation, status, code, latency); every acknowledged write is kept
 * with what the API answered, so a run can be checked afterwards: nothing lost, nothing doubled.
 * Transfers and movements carry their Idempotency-Key as their note, so what is stored can be
 * matched to what was sent.
 */

export interface LoadTarget {
  baseUrl: string;
  /** The gateway's certificate (PEM), trusted for this run. */
  ca: string;
  /** A full-access key of the workspace's owner, with a rate limit the load cannot reach. */
  key: string;
  workspaceId: string;
}

export type Operation =
  | 'transfer'
  | 'pending-transfer'
  | 'movement'
  | 'count'
  | 'item-edit'
  | 'location-note'
  | 'location-toggle'
  | 'par-level'
  | 'replenish'
  | 'import'
  | 'read-balances'
  | 'read-item';

/** Relative weights of the operations a load draws from. */
export type Mix = Partial<Record<Operation, number>>;

/** Every write of the API with reads between them: the saturation suite's and bench (o)'s mix. */
export const EVERY_WRITE: Mix = {
  transfer: 30,
  'pending-transfer': 8,
  movement: 10,
  count: 3,
  'item-edit': 4,
  'location-note': 2,
  'location-toggle': 1,
  'par-level': 3,
  replenish: 1,
  import: 1,
  'read-balances': 20,
  'read-item': 17,
};

/** Issue 35's mix: transfers, adjustments, item edits of a copied field at `editPercent` %, location note edits and reads. */
export function editMix(editPercent: number): Mix {
  const rest = 100 - editPercent;
  return { transfer: rest * 0.4, movement: rest * 0.15, 'location-note': rest * 0.05, 'read-balances': rest * 0.2, 'read-item': rest * 0.2, 'item-edit': editPercent };
}

export interface Attempt {
  op: Operation;
  status: number;
  code?: string;
  ms: number;
  /** Seconds since the load began, when the attempt was answered. */
  at: number;
  /** The answer's X-Request-Id, to find it in the logs. */
  requestId?: string;
  message?: string;
}

export interface Acknowledged {
  op: Operation;
  key?: string;
  /** What the API answered with 2xx (transfers, movements, imports: their ids and states). */
  body: any;
}

/** The workspace a load runs on, as prepareWorld made it. */
export interface LoadWorld {
  target: LoadTarget;
  warehouseId: string;
  /** Vans refilled from the warehouse; the last one is deactivated and reactivated by the load. */
  vanIds: string[];
  itemIds: string[];
  skus: string[];
}

export const HOT_ITEMS = 6;
export const VANS = 3;
/** Stock of every hot item at every location: a load of unit moves never runs short. */
const STOCK = 100_000;

/** How long a load's client keeps an idle connection: well within the gateway's keepAliveTimeout (65 s), as HTTP clients should. */
const IDLE_SOCKET_MS = 30_000;

/** One keep-alive HTTPS client of a load: JSON calls with the key and the workspace. */
class Api {
  private readonly agent: https.Agent;
  constructor(private readonly target: LoadTarget) {
    // Every connection opened is kept (maxFreeSockets = maxSockets): clients that dropped idle
    // connections after a burst would pay, and make the gateway pay, a TLS handshake for each again.
    // But not past IDLE_SOCKET_MS: the gateway closes a connection idle for 65 s (keepAliveTimeout),
    // and a request written on one at that moment meets a reset (ECONNRESET) before any answer. Node's
    // agent reuses the newest free socket first, so after a burst the oldest sit idle until the next
    // burst picks them, which in a run over a minute long is the moment the gateway closes them.
    this.agent = new https.Agent({ ca: target.ca, keepAlive: true, maxSockets: 512, maxFreeSockets: 512, timeout: IDLE_SOCKET_MS });
  }

  call(method: string, path: string, options: { body?: unknown; csv?: string; key?: string; query?: Record<string, string> } = {}): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined>; ms: number }> {
    const url = new URL(path, this.target.baseUrl);
    url.searchParams.set('workspaceId', this.target.workspaceId);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const payload = options.csv ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = { authorization: `Bearer ${this.target.key}` };
    if (payload !== undefined) {
      headers['content-type'] = options.csv !== undefined ? 'text/csv' : 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.key) headers['idempotency-key'] = options.key;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = https.request(url, { method, headers, agent: this.agent, timeout: 60_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* kept as text */
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers, ms: performance.now() - started });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 60 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  async expect(status: number, method: string, path: string, options: { body?: unknown; csv?: string } = {}): Promise<any> {
    const res = await this.call(method, path, options);
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 400)}`);
    return res.body;
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * The load's workspace, made through the API: a warehouse (the workspace default location) and
 * VANS vans refilled from it, HOT_ITEMS items with STOCK of each everywhere, par levels on the
 * vans above what they hold (so every replenishment run has work).
 */
export async function prepareWorld(target: LoadTarget): Promise<LoadWorld> {
  const api = new Api(target);
  try {
    const workspace = await api.expect(200, 'GET', `/workspaces/${target.workspaceId}`);
    const warehouseId = workspace.defaultLocationId as string;
    const vanIds: string[] = [];
    for (let v = 0; v < VANS; v++) {
      const van = await api.expect(201, 'POST', '/locations', { body: { name: `Load van ${v + 1} ${randomUUID().slice(0, 6)}`, type: 'van' } });
      await api.expect(200, 'PATCH', `/locations/${van.id}`, { body: { replenishFrom: warehouseId } });
      vanIds.push(van.id);
    }
    const run = randomUUID().slice(0, 6);
    const skus = Array.from({ length: HOT_ITEMS }, (_, i) => `LOAD-${run}-${i}`);
    const items = await api.expect(201, 'POST', '/items/bulk', { body: skus.map((sku) => ({ sku, cost: 5, sellPrice: 9, quantity: STOCK * 10, locationId: warehouseId })) });
    const itemIds = (items as { id: string }[]).map((i) => i.id);
    for (const vanId of vanIds) {
      await api.expect(201, 'POST', '/inventory/transfers', { body: { fromLocationId: warehouseId, toLocationId: vanId, lines: itemIds.map((itemId) => ({ itemId, quantity: STOCK })) } });
      for (const itemId of itemIds) await api.expect(200, 'PUT', `/inventory/par-levels/${itemId}/${vanId}`, { body: { minimum: STOCK * 2, target: STOCK * 2 } });
    }
    return { target, warehouseId, vanIds, itemIds, skus };
  } finally {
    api.close();
  }
}

export interface LoadOptions {
  mix: Mix;
  seconds: number;
  /**
   * Open loop: operations start at this rate (a second), whatever the answers, as independent
   * clients arrive; closed loop: this many clients, each starting its next operation when the
   * last has ended.
   */
  pace: { rate: number } | { clients: number };
  /** How long a client keeps retrying one operation's refusals before it gives up (default 30 s, as the typed client's maxWaitMs). */
  retryForMs?: number;
  /**
   * How a client sends a refused call again: 'after-retry-after' as the typed client does (after
   * Retry-After plus jitter, at most RETRY_ATTEMPTS attempts); 'at-once' as a client that ignores
   * Retry-After does (again at once, until retryForMs has passed).
   */
  resend?: 'after-retry-after' | 'at-once';
}

export interface LoadResult {
  attempts: Attempt[];
  acknowledged: Acknowledged[];
  /** Operations given up: refused RETRY_ATTEMPTS times, or for longer than retryForMs. */
  abandoned: number;
  /** Seconds from the first operation started to the last one ended. */
  elapsed: number;
  /** Seconds the load was offered for (retries may go on after). */
  seconds: number;
  offered: number;
  /** The load generator's own event-loop delay, p99 (ms): its latencies include this much of its own waiting. */
  clientLoopDelayP99Ms: number;
}

/**
 * How refusals are retried, as the typed client does by default (clients/typescript, `retry`):
 * after the Retry-After it says plus up to RETRY_JITTER_MS, at most RETRY_ATTEMPTS attempts in all,
 * and never waiting past retryForMs.
 */
const RETRY_JITTER_MS = 250;
const RETRY_ATTEMPTS = 4;

/** Runs a load on a prepared world; resolves once every operation started has ended. */
export async function runLoad(world: LoadWorld, options: LoadOptions): Promise<LoadResult> {
  const api = new Api(world.target);
  const ops = Object.entries(options.mix).filter(([, w]) => (w ?? 0) > 0) as [Operation, number][];
  const total = ops.reduce((n, [, w]) => n + w, 0);
  const draw = (): Operation => {
    let r = Math.random() * total;
    for (const [op, w] of ops) if ((r -= w) < 0) return op;
    return ops[ops.length - 1]![0];
  };
  const result: LoadResult = { attempts: [], acknowledged: [], abandoned: 0, elapsed: 0, seconds: options.seconds, offered: 0, clientLoopDelayP99Ms: 0 };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const began = performance.now();
  const endAt = began + options.seconds * 1000;
  const retryForMs = options.retryForMs ?? 30_000;
  const ctx: OpContext = { world, api, pick, toggle: { busy: false } };

  /** One call, sent again while it is refused (429), as the typed client would: same key, same body. */
  const send: Send = async (op, method, path, callOptions = {}) => {
    const giveUpAt = performance.now() + retryForMs;
    for (let attempt = 1; ; attempt++) {
      let res: Awaited<ReturnType<Api['call']>>;
      try {
        res = await api.call(method, path, callOptions);
      } catch (err) {
        result.attempts.push({ op, status: 0, ms: 0, at: (performance.now() - began) / 1000, message: (err as Error).message });
        if (performance.now() > giveUpAt) return undefined;
        await sleep(1000);
        continue;
      }
      const error = res.body?.error;
      result.attempts.push({
        op,
        status: res.status,
        code: error?.code,
        ms: res.ms,
        at: (performance.now() - began) / 1000,
        requestId: res.headers['x-request-id'] as string | undefined,
        message: error?.message,
      });
      if (res.status !== 429) return res;
      if (options.resend === 'at-once') {
        if (performance.now() > giveUpAt) {
          result.abandoned += 1;
          return undefined;
        }
        continue;
      }
      const wait = Number(res.headers['retry-after'] ?? 1) * 1000 + Math.random() * RETRY_JITTER_MS;
      if (attempt >= RETRY_ATTEMPTS || performance.now() + wait > giveUpAt) {
        result.abandoned += 1;
        return undefined;
      }
      await sleep(wait);
    }
  };
  const acknowledge = (op: Operation, key: string | undefined, body: unknown) => result.acknowledged.push({ op, key, body });

  const one = async () => {
    result.offered += 1;
    await OPERATIONS[draw()](ctx, send, acknowledge);
  };
  const running: Promise<void>[] = [];
  if ('rate' in options.pace) {
    const interval = 1000 / options.pace.rate;
    for (let next = began; next < endAt; next += interval) {
      const wait = next - performance.now();
      if (wait > 1) await sleep(wait);
      running.push(one());
    }
  } else {
    for (let c = 0; c < options.pace.clients; c++) {
      running.push(
        (async () => {
          while (performance.now() < endAt) await one();
        })(),
      );
    }
  }
  await Promise.all(running);
  result.elapsed = (performance.now() - began) / 1000;
  loopDelay.disable();
  result.clientLoopDelayP99Ms = Math.max(0, loopDelay.percentile(99) / 1e6 - 10);
  api.close();
  return result;
}

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(Math.random() * values.length)]!;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Send = (op: Operation, method: string, path: string, options?: { body?: unknown; csv?: string; key?: string; query?: Record<string, string> }) => Promise<{ status: number; body: any } | undefined>;
interface OpContext {
  world: LoadWorld;
  api: Api;
  pick: typeof pick;
  /** The deactivation of a van and its reactivation are one operation at a time. */
  toggle: { busy: boolean };
}
type Run = (ctx: OpContext, send: Send, acknowledge: (op: Operation, key: string | undefined, body: unknown) => void) => Promise<void>;

/** Two different locations of the world, at random. */
function twoPlaces(world: LoadWorld): [string, string] {
  const places = [world.warehouseId, ...world.vanIds];
  const from = pick(places);
  return [from, pick(places.filter((p) => p !== from))];
}

const OPERATIONS: Record<Operation, Run> = {
  transfer: async ({ world }, send, ack) => {
    const [from, to] = twoPlaces(world);
    const key = randomUUID();
    const res = await send('transfer', 'POST', '/inventory/transfers', { key, body: { fromLocationId: from, toLocationId: to, note: key, lines: [{ itemId: pick(world.itemIds), quantity: 1 }] } });
    if (res?.status === 201) ack('transfer', key, res.body);
  },
  'pending-transfer': async ({ world }, send, ack) => {
    const [from, to] = twoPlaces(world);
    const key = randomUUID();
    const res = await send('pending-transfer', 'POST', '/inventory/transfers', { key, body: { fromLocationId: from, toLocationId: to, status: 'pending', note: key, lines: [{ itemId: pick(world.itemIds), quantity: 1 }] } });
    if (res?.status !== 201) return;
    ack('pending-transfer', key, res.body);
    const action = Math.random() < 0.5 ? 'complete' : 'cancel';
    const actionKey = randomUUID();
    const ended = await send('pending-transfer', 'POST', `/inventory/transfers/${res.body.id}/${action}`, { key: actionKey, body: {} });
    if (ended?.status === 200) ack('pending-transfer', actionKey, ended.body);
  },
  movement: async ({ world }, send, ack) => {
    const key = randomUUID();
    const places = [world.warehouseId, ...world.vanIds];
    const body = { type: Math.random() < 0.5 ? 'receipt' : 'adjustment', itemId: pick(world.itemIds), locationId: pick(places), quantity: 1, note: key };
    if (body.type === 'adjustment') body.quantity = -1;
    const res = await send('movement', 'POST', '/inventory/movements', { key, body });
    if (res?.status === 201) ack('movement', key, res.body);
  },
  count: async ({ world }, send, ack) => {
    const key = randomUUID();
    const res = await send('count', 'POST', '/inventory/movements', { key, body: { type: 'count', itemId: pick(world.itemIds), locationId: pick(world.vanIds), quantity: STOCK, note: key } });
    if (res?.status === 201) ack('count', key, res.body);
  },
  'item-edit': async ({ world }, send) => {
    await send('item-edit', 'PATCH', `/items/${pick(world.itemIds)}`, { body: { lowStockThreshold: Math.floor(Math.random() * 1000) } });
  },
  'location-note': async ({ world }, send) => {
    await send('location-note', 'PATCH', `/locations/${pick(world.vanIds)}`, { body: { note: `Checked ${new Date().toISOString()}` } });
  },
  'location-toggle': async ({ world, toggle }, send) => {
    // One van out of service for a moment: transfers into it meanwhile get the documented 422.
    if (toggle.busy) return;
    toggle.busy = true;
    try {
      const van = world.vanIds[world.vanIds.length - 1]!;
      await send('location-toggle', 'PATCH', `/locations/${van}`, { body: { active: false } });
      await send('location-toggle', 'PATCH', `/locations/${van}`, { body: { active: true } });
    } finally {
      toggle.busy = false;
    }
  },
  'par-level': async ({ world }, send) => {
    await send('par-level', 'PUT', `/inventory/par-levels/${pick(world.itemIds)}/${pick(world.vanIds)}`, { body: { minimum: STOCK * 2, target: STOCK * 2 + Math.floor(Math.random() * 10) } });
  },
  replenish: async ({ world }, send, ack) => {
    const key = randomUUID();
    const res = await send('replenish', 'POST', '/inventory/replenishment', { key, body: { locationIds: [pick(world.vanIds)] } });
    if (res?.status === 201) ack('replenish', key, res.body);
  },
  import: async ({ world }, send, ack) => {
    // Thresholds of every hot item from a file, as a spreadsheet upload would set them (upsert).
    const csv = ['sku,lowStockThreshold', ...world.skus.map((sku) => `${sku},${Math.floor(Math.random() * 1000)}`)].join('\n');
    const key = randomUUID();
    const res = await send('import', 'POST', '/imports', { key, csv, query: { kind: 'items', mode: 'upsert' } });
    if (res?.status === 202) ack('import', key, res.body);
  },
  'read-balances': async ({ world }, send) => {
    await send('read-balances', 'GET', '/inventory/balances', { query: { itemId: pick(world.itemIds) } });
  },
  'read-item': async ({ world }, send) => {
    await send('read-item', 'GET', '/items/info', { query: { itemId: pick(world.itemIds) } });
  },
};

/** The statuses each operation may answer in a correct run, besides the retryable 429. */
export const DOCUMENTED: Record<Operation, number[]> = {
  transfer: [201, 422],
  'pending-transfer': [200, 201, 422],
  movement: [201, 422],
  count: [201, 422],
  'item-edit': [200],
  'location-note': [200],
  'location-toggle': [200],
  'par-level': [200],
  replenish: [201, 422],
  import: [202],
  'read-balances': [200],
  'read-item': [200],
};

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface LoadSummary {
  offered: number;
  attempts: number;
  /** Successful writes (2xx of a write) a second, of those answered while the load was offered. */
  goodput: number;
  refusals: number;
  serverErrors: number;
  /** Answers outside DOCUMENTED (and not 429), with an example of each. */
  undocumented: string[];
  p50Ms: number;
  p99Ms: number;
  abandoned: number;
  /** The load generator's event-loop delay, p99 (ms). */
  clientLoopDelayP99Ms: number;
  byStatus: Record<string, number>;
  /** Per operation: attempts, admitted p50 and p99 (ms). */
  byOperation: Record<string, { attempts: number; p50Ms: number; p99Ms: number }>;
}

const READS: ReadonlySet<Operation> = new Set(['read-balances', 'read-item']);

/** The run's figures: latencies are of the attempts admitted (answered other than 429). */
export function summarize(result: LoadResult): LoadSummary {
  const admitted = result.attempts.filter((a) => a.status !== 429 && a.status !== 0);
  const byStatus: Record<string, number> = {};
  for (const a of result.attempts) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const undocumented = new Map<string, string>();
  for (const a of result.attempts) {
    if (a.status === 429 || DOCUMENTED[a.op].includes(a.status)) continue;
    const what = `${a.op} → ${a.status} ${a.code ?? ''}`;
    if (!undocumented.has(what)) undocumented.set(what, `${what}: ${a.message ?? ''} (request ${a.requestId ?? '?'})`);
  }
  const writesDone = admitted.filter((a) => !READS.has(a.op) && a.status >= 200 && a.status < 300 && a.at <= result.seconds).length;
  return {
    offered: result.offered,
    attempts: result.attempts.length,
    goodput: writesDone / result.seconds,
    refusals: result.attempts.filter((a) => a.status === 429).length,
    serverErrors: result.attempts.filter((a) => a.status >= 500 || a.status === 0).length,
    undocumented: [...undocumented.values()],
    p50Ms: percentile(admitted.map((a) => a.ms), 50),
    p99Ms: percentile(admitted.map((a) => a.ms), 99),
    abandoned: result.abandoned,
    clientLoopDelayP99Ms: Math.round(result.clientLoopDelayP99Ms),
    byStatus,
    byOperation: Object.fromEntries(
      [...new Set(result.attempts.map((a) => a.op))].map((op) => {
        const mine = admitted.filter((a) => a.op === op).map((a) => a.ms);
        return [op, { attempts: result.attempts.filter((a) => a.op === op).length, p50Ms: Math.round(percentile(mine, 50)), p99Ms: Math.round(percentile(mine, 99)) }];
      }),
    ),
  };
}

/**
 * The stack's capacity for a mix: the highest offered rate (operations a second, open loop) whose
 * admitted p99 stays under `p99Ms` (and nearly nothing refused), found by raising the rate `step`
 * at a time, `secondsEach` a step, after a warm-up at the first rate. A rate counts as crossed
 * only when the next one crosses too: one step's p99 is a few slow answers among a few hundred,
 * and a single pause (a checkpoint, a collection) would otherwise end the ramp at its start.
 */
export async function measureCapacity(world: LoadWorld, mix: Mix, options: { start: number; step: number; secondsEach: number; p99Ms: number; max: number }): Promise<{ rate: number; steps: { rate: number; summary: LoadSummary }[] }> {
  await runLoad(world, { mix, seconds: options.secondsEach, pace: { rate: options.start }, retryForMs: 5_000 });
  const steps: { rate: number; summary: LoadSummary; crossed: boolean }[] = [];
  for (let rate = options.start; rate <= options.max; rate += options.step) {
    const summary = summarize(await runLoad(world, { mix, seconds: options.secondsEach, pace: { rate }, retryForMs: 5_000 }));
    steps.push({ rate, summary, crossed: summary.p99Ms > options.p99Ms || summary.refusals > summary.attempts * 0.01 });
    if (steps.length >= 2 && steps.at(-1)!.crossed && steps.at(-2)!.crossed) break;
  }
  // The last rate below the first of two crossings in a row (or the last rate tried, if none crossed twice).
  const firstOfTwo = steps.findIndex((s, i) => s.crossed && (steps[i + 1]?.crossed ?? false));
  const below = firstOfTwo === -1 ? steps.filter((s) => !s.crossed) : steps.slice(0, firstOfTwo).filter((s) => !s.crossed);
  return { rate: below.at(-1)?.rate ?? 0, steps: steps.map(({ rate, summary }) => ({ rate, summary })) };
}
