import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pool } from '@inv/shared/db';
import type { BenchConfig } from './bench-config';
import { benchNodeArgs, type BenchStack, WEBHOOK_RECEIVER_HOST } from './bench-stack';
import type { BenchWorkspace } from './gateway-client';
import { alternate, log, mean, percentile, type Alternation, type RoundStats, type Side } from './load';
import { type Outcome, ratioOf, type Ratio, roundWarnings } from './report';
import { stepOf } from './transfer-lanes';
import { transferStorm, transferWorkspace, type TransferWorkspace } from './transfer-storm';
import type { ReceiverAsk, ReceiverCount, ReceiverMessage, ReceiverReport, ReceiverRequest } from './webhook-receiver-server';

/** Workspaces per side of the storm, as in (b)'s and (r)'s spread variant. */
const STORM_WORKSPACES = 8;
/** The steady load of part 2: a busy workspace, well below the 300-odd transfers/s a storm gets through on two cores. */
const PACED_RATE = 100;
const PACED_SECONDS = 20;
/** The delay goal of part 2, from a transfer's 201 to its verified delivery. */
const DELIVERY_DELAY_BOUND_MS = 1000;
/** How long the backlog may take to empty between rounds: past it the round starts anyway (and the final check will say). */
const SETTLE_DRAIN_MS = 30_000;
/** How long the backlog may take to empty before the checks: past it, a failed check. */
const CHECK_DRAIN_MS = 120_000;
/** How long an IPC answer from the receiver may take. */
const RECEIVER_ANSWER_MS = 30_000;

/**
 * (w) Webhooks (docs/webhooks.md) under (b)'s 8-workspace transfer storm: one endpoint per
 * workspace subscribed to `transfer.*`, pointing at a receiver that verifies every delivery with
 * `standardwebhooks` (webhook-receiver-server.ts, a process of its own), against the same storm on
 * workspaces without endpoints, rounds alternating on the same stack; with the CPU each delivery
 * costs the notifications service and the receiver. Between rounds the webhook backlog drains
 * too, so no round delivers another's messages. Then, the backlog drained: every transfer of the
 * storm arrived verified, once (under one webhook-id; repeats of it are retries), none failed, no
 * signature refused. Last, at a steady PACED_RATE transfers/s on one more workspace, the delay
 * from each transfer's 201 to its verified delivery, against DELIVERY_DELAY_BOUND_MS.
 */
export async function webhookDelivery(stack: BenchStack, config: BenchConfig, alternation: Alternation): Promise<Outcome> {
  const receiver = await WebhookReceiver.start(config);
  try {
    const subscribe = async (ws: BenchWorkspace) => {
      const created = await ws.client.expect(201, 'POST', '/webhooks', { body: { url: receiver.urlOf(ws.id), events: ['transfer.*'], description: 'bench (w)' } });
      await receiver.ask({ op: 'secret', path: endpointPath(ws.id), secret: (created.body as { secret: string }).secret });
    };
    const hooked: TransferWorkspace[] = [];
    const plain: TransferWorkspace[] = [];
    for (let i = 1; i <= STORM_WORKSPACES; i++) {
      hooked.push(await transferWorkspace(stack, `bench-w-hook-${i}`, subscribe));
      plain.push(await transferWorkspace(stack, `bench-w-none-${i}`));
    }
    const settle = async () => {
      await stack.quiesce();
      const left = await drainWebhooks(stack.db, SETTLE_DRAIN_MS);
      if (left > 0) log(`(w) WARNING: ${left} webhook messages still pending ${SETTLE_DRAIN_MS / 1000} s after the queues drained; the next round starts with them`);
    };

    const ratios: Ratio[] = [];
    const failedChecks: string[] = [];
    const storm = await stormRounds(stack, config, { ...alternation, settle }, receiver, hooked, plain);
    ratios.push(...storm.ratios);
    await stack.quiesce();
    const left = await drainWebhooks(stack.db, CHECK_DRAIN_MS);
    if (left > 0) failedChecks.push(`(w) ${left} webhook messages still pending ${CHECK_DRAIN_MS / 1000} s after the storm`);
    failedChecks.push(...(await checkDeliveries(stack.db, await receiver.report(), hooked, 'storm')));

    const paced = await transferWorkspace(stack, 'bench-w-paced', subscribe);
    await settle();
    const delay = await deliveryDelay(stack, receiver, paced);
    ratios.push(delay.ratio);
    failedChecks.push(...delay.failedChecks);
    return { ratios, failedChecks };
  } finally {
    await receiver.stop();
  }
}

/**
 * Part 1: the storm on both sides, alternating. The with-endpoint side counts the deliveries the
 * receiver verified during each of its runs, and how many of its workspaces' transfers were not
 * delivered yet at its end (their events may still wait in RabbitMQ, not only in the webhook
 * backlog): more than a second of transfers means the deliveries fell behind, the rest of their
 * work was done between rounds, and the ratio flatters the project (a warning on it). After the
 * rounds, how many events the notifications service consumed in each (its inbox,
 * processed_messages): what it keeps up with on either side, and what the consumption alone costs,
 * so the CPU a delivery adds on top of it can be told apart.
 */
async function stormRounds(stack: BenchStack, config: BenchConfig, alternation: Alternation, receiver: WebhookReceiver, hooked: TransferWorkspace[], plain: TransferWorkspace[]): Promise<{ ratios: Ratio[] }> {
  const hookedIds = hooked.map((w) => w.ws.id);
  const windows = new Map<RoundStats, { from: Date; to: Date }>();
  const deliveriesIn = new Map<RoundStats, number>();
  const undeliveredAfter = new Map<RoundStats, number>();
  const stormOf = (workspaces: TransferWorkspace[]): Side => {
    const storm = transferStorm(stack.gatewayUrl, workspaces, config.BENCH_CONNECTIONS);
    return async (seconds) => {
      const from = new Date();
      const stats = await storm(seconds);
      windows.set(stats, { from, to: new Date() });
      return stats;
    };
  };
  const hookedStorm = stormOf(hooked);
  const withEndpoint: Side = async (seconds) => {
    const before = await receiver.ask<ReceiverCount>({ op: 'count' });
    const stats = await hookedStorm(seconds);
    const after = await receiver.ask<ReceiverCount>({ op: 'count' });
    const { rows } = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock.transfers WHERE workspace_id = ANY($1)', [hookedIds]);
    const undelivered = rows[0]!.n - after.messages;
    const delivered = after.verified - before.verified;
    deliveriesIn.set(stats, delivered);
    undeliveredAfter.set(stats, undelivered);
    log(`(w) with endpoint: ${delivered} deliveries verified during the ${seconds} s (${(delivered / seconds).toFixed(0)}/s), ${undelivered} transfers not delivered yet at its end`);
    return stats;
  };
  const label = `${STORM_WORKSPACES} workspaces, ${STORM_WORKSPACES * 10} hot items`;
  const rounds = await alternate(`(w) transfers, ${label}`, { 'with endpoint': withEndpoint, 'no endpoint': stormOf(plain) }, alternation);

  const consumed = new Map<RoundStats, number>();
  for (const [side, stats] of Object.entries(rounds)) {
    for (const [i, round] of stats.entries()) {
      const { from, to } = windows.get(round)!;
      const { rows } = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications.processed_messages WHERE processed_at >= $1 AND processed_at < $2', [from, to]);
      consumed.set(round, rows[0]!.n);
      const seconds = (to.getTime() - from.getTime()) / 1000;
      log(`(w) round ${i + 1} ${side}: the notifications service consumed ${rows[0]!.n} events (${(rows[0]!.n / seconds).toFixed(0)}/s) while ${round.operations} transfers were made (${round.rps.toFixed(0)}/s)`);
    }
  }
  const total = (stats: RoundStats[], of: (r: RoundStats) => number) => stats.reduce((n, r) => n + of(r), 0);
  const msIn = (stats: RoundStats[], group?: string) => total(stats, (r) => Object.entries(r.cpu?.msByGroup ?? {}).reduce((sum, [g, ms]) => sum + (group === undefined || g === group ? ms : 0), 0));
  const [withRounds, plainRounds] = [rounds['with endpoint'], rounds['no endpoint']];
  const deliveries = total(withRounds, (r) => deliveriesIn.get(r) ?? 0);
  const perDelivery = (group: string) => (deliveries > 0 ? msIn(withRounds, group) / deliveries : 0);
  // What consuming one event costs without endpoints, taken off the with-endpoint rounds' CPU for the events they consumed.
  const consumedWith = total(withRounds, (r) => consumed.get(r) ?? 0);
  const consumedPlain = total(plainRounds, (r) => consumed.get(r) ?? 0);
  const aboveConsumption = (group: string) => (deliveries > 0 && consumedPlain > 0 ? (msIn(withRounds, group) - (msIn(plainRounds, group) / consumedPlain) * consumedWith) / deliveries : 0);
  const [notifications, notificationsDb, verifying] = [perDelivery('notifications'), perDelivery('postgres ← notifications'), perDelivery('webhook receiver')];
  const perPlainTransfer = msIn(plainRounds) / total(plainRounds, (r) => r.operations);
  log(
    `(w) CPU per delivery over the with-endpoint rounds (${deliveries} deliveries, ${total(withRounds, (r) => r.operations)} transfers, ${consumedWith} events consumed): ` +
      `notifications ${notifications.toFixed(3)} ms, postgres ← notifications ${notificationsDb.toFixed(3)} ms, webhook receiver ${verifying.toFixed(3)} ms; ` +
      `above what consuming the events costs without endpoints: notifications ${aboveConsumption('notifications').toFixed(3)} ms, postgres ← notifications ${aboveConsumption('postgres ← notifications').toFixed(3)} ms; ` +
      `a transfer without endpoints: ${perPlainTransfer.toFixed(3)} ms (whole machine)`,
  );
  const behind = withRounds.filter((r) => (undeliveredAfter.get(r) ?? 0) > r.rps);
  const fellBehind = behind.length
    ? [`deliveries fell behind in ${behind.length} of ${withRounds.length} rounds, up to ${Math.max(...behind.map((r) => undeliveredAfter.get(r)!))} transfers undelivered at a round's end: the rate leaves out delivery work done between rounds`]
    : [];
  const rate = (side: keyof typeof rounds) => mean(rounds[side].map((r) => r.rps));
  // Microseconds: the table rounds to one decimal, which would leave a fraction of a millisecond a single digit.
  const us = (ms: number) => ms * 1000;
  return {
    ratios: [
      ratioOf('w', `transfers/s, ${label}, one webhook endpoint each (transfer.*, verified receiver) vs none`, 'tx/s', rate('with endpoint'), rate('no endpoint'), { atLeast: 0.9 }, [...roundWarnings(rounds), ...fellBehind]),
      ratioOf('w', 'CPU per delivery of the notifications service and its PostgreSQL sessions vs CPU per transfer without endpoints (whole machine)', 'µs', us(notifications + notificationsDb), us(perPlainTransfer), undefined),
      ratioOf('w', 'CPU per delivery of the receiver (standardwebhooks verify) vs CPU per transfer without endpoints (whole machine)', 'µs', us(verifying), us(perPlainTransfer), undefined),
    ],
  };
}

/**
 * Part 2: PACED_RATE transfers a second for PACED_SECONDS on one workspace with an endpoint,
 * each sent on schedule whether or not the previous ones have answered (an open loop: a slow
 * answer does not slow the load). Each transfer's delay runs from its 201 at the client to the
 * receiver's verification of its transfer.completed (matched by data.id); p50 and p99 logged, p99
 * against its bound. Then the same checks as after the storm, on this workspace.
 */
async function deliveryDelay(stack: BenchStack, receiver: WebhookReceiver, paced: TransferWorkspace): Promise<{ ratio: Ratio; failedChecks: string[] }> {
  const total = PACED_RATE * PACED_SECONDS;
  const created: Array<{ id: string; at: number; ms: number }> = [];
  const failures: Record<string, number> = {};
  const calls: Array<Promise<void>> = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / PACED_RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const step = stepOf(paced.lanes, n);
    const body = { fromLocationId: step.from, toLocationId: step.to, lines: [{ itemId: step.lane.itemId, quantity: 1 }] };
    calls.push(
      paced.ws.client.call('POST', '/inventory/transfers', { body }).then(
        (res) => {
          if (res.status === 201) created.push({ id: (res.body as { id: string }).id, at: Date.now(), ms: res.ms });
          else failures[res.status] = (failures[res.status] ?? 0) + 1;
        },
        (err: Error) => void (failures[err.message] = (failures[err.message] ?? 0) + 1),
      ),
    );
  }
  await Promise.all(calls);
  const achieved = created.length / ((performance.now() - started) / 1000);
  await stack.quiesce();
  const left = await drainWebhooks(stack.db, CHECK_DRAIN_MS);
  const report = await receiver.report();

  const verifiedAt = new Map<string, number>();
  for (const d of report.verified) {
    if (d.workspaceId === paced.ws.id && d.type === 'transfer.completed') verifiedAt.set(d.dataId, Math.min(verifiedAt.get(d.dataId) ?? Infinity, d.at));
  }
  const delays = created.flatMap((c) => (verifiedAt.has(c.id) ? [verifiedAt.get(c.id)! - c.at] : [])).sort((a, b) => a - b);
  const answers = created.map((c) => c.ms).sort((a, b) => a - b);
  const missing = created.length - delays.length;
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  log(
    `(w) paced ${PACED_RATE} transfers/s for ${PACED_SECONDS} s on one workspace with an endpoint: ${created.length} created (${achieved.toFixed(1)}/s), ${failed} failed${failed ? ` ${JSON.stringify(failures)}` : ''}, ` +
      `201 p50 ${percentile(answers, 50).toFixed(1)} ms p99 ${percentile(answers, 99).toFixed(1)} ms; ` +
      `201 to verified delivery: p50 ${percentile(delays, 50).toFixed(0)} ms  p99 ${percentile(delays, 99).toFixed(0)} ms  max ${(delays.at(-1) ?? 0).toFixed(0)} ms  (${delays.length} deliveries, ${missing} missing)`,
  );
  const warnings = [
    ...(failed > 0 ? [`${failed} failed calls`] : []),
    ...(missing > 0 ? [`${missing} transfers not delivered`] : []),
    ...(achieved < PACED_RATE * 0.95 ? [`the client sent ${achieved.toFixed(1)}/s, not ${PACED_RATE}/s`] : []),
  ];
  const failedChecks = left > 0 ? [`(w) ${left} webhook messages still pending ${CHECK_DRAIN_MS / 1000} s after the paced transfers`] : [];
  failedChecks.push(...(await checkDeliveries(stack.db, report, [paced], 'paced')));
  return {
    ratio: ratioOf('w', `delay from a transfer's 201 to its verified delivery at ${PACED_RATE} transfers/s, p99 vs its 1 s bound`, 'ms', percentile(delays, 99), DELIVERY_DELAY_BOUND_MS, { atMost: 1 }, warnings),
    failedChecks,
  };
}

/**
 * At least once and nothing lost, on the workspaces' transfers (stock.transfers): each arrived
 * verified at the receiver; each transfer's event, and each event id, under exactly one
 * webhook-id (a second webhook-id would be a duplicate the receiver cannot recognise; repeats of
 * one webhook-id are retries, counted and allowed); no message failed or still pending; no
 * delivery refused by the receiver. Logs one check line; returns what failed.
 */
async function checkDeliveries(db: Pool, report: ReceiverReport, workspaces: TransferWorkspace[], side: string): Promise<string[]> {
  const ids = workspaces.map((w) => w.ws.id);
  const { rows: transfers } = await db.query<{ id: string }>('SELECT id FROM stock.transfers WHERE workspace_id = ANY($1)', [ids]);
  const { rows: statuses } = await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM notifications.messages WHERE workspace_id = ANY($1) GROUP BY status', [ids]);
  const messages = (status: string) => statuses.find((s) => s.status === status)?.n ?? 0;

  const inScope = new Set(ids);
  const webhookIdsOfEvent = new Map<string, Set<string>>();
  const webhookIdsOfTransferEvent = new Map<string, Set<string>>();
  const attemptsOf = new Map<string, number>();
  const add = (map: Map<string, Set<string>>, key: string, webhookId: string) => map.set(key, (map.get(key) ?? new Set()).add(webhookId));
  for (const d of report.verified) {
    if (!inScope.has(d.workspaceId)) continue;
    add(webhookIdsOfEvent, d.eventId, d.webhookId);
    add(webhookIdsOfTransferEvent, `${d.type} ${d.dataId}`, d.webhookId);
    attemptsOf.set(d.webhookId, (attemptsOf.get(d.webhookId) ?? 0) + 1);
  }
  const delivered = new Set([...webhookIdsOfTransferEvent.keys()].map((key) => key.split(' ')[1]!));
  const transferIds = new Set(transfers.map((t) => t.id));
  const several = (map: Map<string, Set<string>>) => [...map.values()].filter((s) => s.size > 1).length;
  const results = {
    transfers: transfers.length,
    verifiedDeliveries: [...attemptsOf.values()].reduce((a, b) => a + b, 0),
    retries: [...attemptsOf.values()].reduce((sum, n) => sum + n - 1, 0),
    notDelivered: transfers.filter((t) => !delivered.has(t.id)).length,
    deliveredForUnknownTransfers: [...delivered].filter((id) => !transferIds.has(id)).length,
    transferEventsUnderSeveralWebhookIds: several(webhookIdsOfTransferEvent),
    eventsUnderSeveralWebhookIds: several(webhookIdsOfEvent),
    failedMessages: messages('failed'),
    pendingMessages: messages('pending'),
    rejectedByReceiver: ids.reduce((n, id) => n + (report.rejectedByPath[endpointPath(id)] ?? 0), 0),
  };
  log(JSON.stringify({ bench: 'check', scenario: 'w', side, ...results }));
  const counts = new Set(['transfers', 'verifiedDeliveries', 'retries']);
  return Object.entries(results)
    .filter(([name, n]) => !counts.has(name) && n > 0)
    .map(([name, n]) => `(w, ${side}) ${name}: ${n}${name === 'rejectedByReceiver' ? ` (${report.rejections.join('; ')})` : ''}`);
}

const pendingMessages = async (db: Pool): Promise<number> =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications.messages WHERE status = 'pending'")).rows[0]!.n;

/** Waits, at most `timeoutMs`, for the notifications service to have no pending message; answers how many are left. */
async function drainWebhooks(db: Pool, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await pendingMessages(db);
    if (left === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The path of a workspace's endpoint at the receiver, which picks the secret to verify with by it. */
const endpointPath = (workspaceId: string): string => `/hooks/${workspaceId}`;

/** The receiver process (webhook-receiver-server.ts) and the bench's side of its IPC. */
class WebhookReceiver {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: unknown) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly port: number,
  ) {
    child.on('message', (message: ReceiverMessage) => {
      if (!('id' in message)) return;
      this.waiting.get(message.id)?.(message.answer);
      this.waiting.delete(message.id);
    });
  }

  /** Starts the receiver on WEBHOOK_RECEIVER_HOST, as the bench's other servers start (profiled when BENCH_CPU_PROF is set). */
  static async start(config: BenchConfig): Promise<WebhookReceiver> {
    const script = path.join(__dirname, 'webhook-receiver-server.ts');
    const child = spawn(process.execPath, [...benchNodeArgs(config, 'webhook-receiver'), script], {
      env: { ...process.env, WEBHOOK_RECEIVER_HOST },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the webhook receiver did not start within 60 s')), 60_000);
      child.once('message', (message: ReceiverMessage) => (clearTimeout(timer), 'ready' in message ? resolve(message.ready) : reject(new Error('the webhook receiver answered before it was ready'))));
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the webhook receiver exited with ${code} during start`))));
    });
    return new WebhookReceiver(child, port);
  }

  urlOf(workspaceId: string): string {
    return `http://${WEBHOOK_RECEIVER_HOST}:${this.port}${endpointPath(workspaceId)}`;
  }

  /** Everything verified so far, and what was refused. */
  report(): Promise<ReceiverReport> {
    return this.ask<ReceiverReport>({ op: 'report' });
  }

  /**
   * One request over IPC, answered by id.
   * @throws Error when no answer comes within RECEIVER_ANSWER_MS (the receiver died or hangs).
   */
  ask<T = null>(request: ReceiverRequest): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the webhook receiver did not answer '${request.op}' within ${RECEIVER_ANSWER_MS / 1000} s`));
      }, RECEIVER_ANSWER_MS);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer as T);
      });
      this.child.send({ id, request } satisfies ReceiverAsk);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
