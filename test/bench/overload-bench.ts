import { editMix, EVERY_WRITE, type LoadOptions, type LoadResult, type LoadWorld, measureCapacity, percentile, prepareWorld, runLoad, summarize } from '../load/mixed-load';
import type { BenchStack } from './bench-stack';
import { cpuBetween, cpuSnapshot } from './cpu-usage';
import { newWorkspace } from './gateway-client';
import { log } from './load';
import { type Outcome, ratioOf } from './report';

/** How long twice the capacity is offered. */
const OVERLOAD_SECONDS = 30;
const STEP_SECONDS = 8;
/** Issue 40's clients that send a refused call again at once: this many, and the few that do not overload the stack. */
const AT_ONCE_CLIENTS = 256;
const FEW_CLIENTS = 16;
const AT_ONCE_SECONDS = 20;
/** Issue 40's mix for them: 10 % item edits. */
const AT_ONCE_EDITS = 10;

/**
 * (o) Issues 35 and 40: goodput under overload, with both kinds of client.
 *
 * - Clients that honour Retry-After (as the typed client does: after it, at most four attempts
 *   within 30 s). The mixed load of every write (test/load/mixed-load.ts) is offered open loop at
 *   rising rates until the p99 of admitted calls crosses 1 s: the last rate below is the capacity,
 *   and the most successful writes a second any step made is the peak. Then twice the capacity is
 *   offered for OVERLOAD_SECONDS. Goodput there (successful writes a second while it is offered)
 *   against the peak, goal ≥ 0.9; the p99 of admitted calls, goal ≤ 1 s.
 * - Clients that send a refused call again at once (closed loop): AT_ONCE_CLIENTS of them with 10 %
 *   item edits against FEW_CLIENTS of them, goal ≥ 0.7.
 *
 * And what a refusal costs the gateway against an admitted call (its process's CPU): per admitted
 * call from the last step that refused nothing, per refusal from the overload, less its admitted
 * calls at that cost. Fails the run on a 500 or an answer outside the documented ones.
 */
export async function overloadScenario(stack: BenchStack): Promise<Outcome> {
  await stack.quiesce();
  const ws = await newWorkspace(stack, 'bench-o');
  const world = await prepareWorld({ baseUrl: stack.gatewayUrl, ca: stack.tls.ca, key: ws.client.key, workspaceId: ws.id });
  const capacity = await measureCapacity(world, EVERY_WRITE, { start: 40, step: 30, secondsEach: STEP_SECONDS, p99Ms: 1_000, max: 3_000 });
  let peak = 0;
  for (const step of capacity.steps) {
    const s = step.summary;
    peak = Math.max(peak, s.goodput);
    log(`(o) ${step.rate}/s offered: ${s.goodput.toFixed(1)} writes/s, admitted p50 ${s.p50Ms.toFixed(0)} ms p99 ${s.p99Ms.toFixed(0)} ms, ${s.refusals} refused of ${s.attempts}`);
  }
  // The gateway's CPU per admitted call, at the capacity (nothing refused there, or next to nothing).
  await stack.quiesce();
  const admittedCost = await gatewayCost(stack, world, { mix: EVERY_WRITE, seconds: STEP_SECONDS, pace: { rate: capacity.rate } });
  await stack.quiesce();
  const offered = capacity.rate * 2;
  const overloadCost = await gatewayCost(stack, world, { mix: EVERY_WRITE, seconds: OVERLOAD_SECONDS, pace: { rate: offered } });
  const overload = overloadCost.result;
  const summary = summarize(overload);
  const admittedP99 = percentile(overload.attempts.filter((a) => a.status !== 429).map((a) => a.ms), 99);
  log(
    `(o) ${offered}/s offered (2 × ${capacity.rate}/s) for ${OVERLOAD_SECONDS} s: ${summary.goodput.toFixed(1)} writes/s, admitted p50 ${summary.p50Ms.toFixed(0)} ms p99 ${summary.p99Ms.toFixed(0)} ms, ${summary.refusals} refused of ${summary.attempts} attempts, ${summary.abandoned} operations given up`,
  );
  const inWindow = overload.attempts.filter((a) => a.at <= OVERLOAD_SECONDS);
  const admittedInWindow = inWindow.filter((a) => a.status !== 429).length;
  log(
    `(o) within the ${OVERLOAD_SECONDS} s: ${(admittedInWindow / OVERLOAD_SECONDS).toFixed(1)} admitted calls/s, ${((inWindow.length - admittedInWindow) / OVERLOAD_SECONDS).toFixed(1)} refusals/s; after it, ${overload.attempts.length - inWindow.length} more attempts (refused calls sent again) until ${overload.elapsed.toFixed(0)} s; answers ${JSON.stringify(summary.byStatus)}`,
  );
  const perAdmitted = admittedCost.gatewayMs / Math.max(1, admittedCost.admitted);
  const perRefusal = overloadCost.refused === 0 ? Number.NaN : Math.max(0, overloadCost.gatewayMs - perAdmitted * overloadCost.admitted) / overloadCost.refused;
  log(`(o) the gateway's CPU: ${perAdmitted.toFixed(3)} ms per admitted call (${admittedCost.admitted} at ${capacity.rate}/s), ${perRefusal.toFixed(3)} ms per refusal (${overloadCost.refused} at ${offered}/s)`);

  // Clients that send again at once: the few first (no refusals), then many.
  await stack.quiesce();
  const few = await runLoad(world, { mix: editMix(AT_ONCE_EDITS), seconds: AT_ONCE_SECONDS, pace: { clients: FEW_CLIENTS }, resend: 'at-once' });
  await stack.quiesce();
  const many = await runLoad(world, { mix: editMix(AT_ONCE_EDITS), seconds: AT_ONCE_SECONDS, pace: { clients: AT_ONCE_CLIENTS }, resend: 'at-once' });
  const [fewSummary, manySummary] = [summarize(few), summarize(many)];
  log(
    `(o) clients sending again at once, ${AT_ONCE_EDITS} % item edits: ${FEW_CLIENTS} clients ${fewSummary.goodput.toFixed(1)} writes/s (${fewSummary.refusals} refused of ${fewSummary.attempts}); ${AT_ONCE_CLIENTS} clients ${manySummary.goodput.toFixed(1)} writes/s (${manySummary.refusals} refused of ${manySummary.attempts}, admitted p99 ${manySummary.p99Ms.toFixed(0)} ms)`,
  );

  const runs = [overload, few, many];
  const serverErrors = runs.reduce((n, r) => n + r.attempts.filter((a) => a.status >= 500 || a.status === 0).length, 0) + capacity.steps.reduce((n, s) => n + s.summary.serverErrors, 0);
  const undocumented = [...runs.flatMap((r) => summarize(r).undocumented), ...capacity.steps.flatMap((s) => s.summary.undocumented)];
  const failedChecks = [...(serverErrors > 0 ? [`(o) ${serverErrors} server errors or unanswered calls`] : []), ...undocumented.map((u) => `(o) undocumented answer: ${u}`)];
  const warnings = capacity.rate === 0 ? ['the capacity could not be measured: no step stayed under 1 s'] : [];
  return {
    ratios: [
      ratioOf('o', `successful writes/s at 2× capacity (${offered}/s offered, clients honouring Retry-After) vs the peak of the ramp`, 'writes/s', summary.goodput, peak, { atLeast: 0.9 }, warnings),
      ratioOf('o', `p99 of admitted calls at 2× capacity vs its 1 s bound`, 'ms', admittedP99, 1_000, { atMost: 1 }, warnings),
      ratioOf('o', `successful writes/s, ${AT_ONCE_CLIENTS} clients sending refused calls again at once vs ${FEW_CLIENTS} (${AT_ONCE_EDITS} % item edits)`, 'writes/s', manySummary.goodput, fewSummary.goodput, { atLeast: 0.7 }),
      ratioOf('o', `the gateway's CPU per refusal vs per admitted call`, 'CPU ms', perRefusal, perAdmitted, undefined),
    ],
    failedChecks,
  };
}

/** A load run with the gateway's CPU over it, and how many of its attempts were admitted and refused. */
async function gatewayCost(stack: BenchStack, world: LoadWorld, options: LoadOptions): Promise<{ result: LoadResult; gatewayMs: number; admitted: number; refused: number }> {
  const before = cpuSnapshot(await stack.postgresClients(), stack.processNames());
  const result = await runLoad(world, options);
  const use = cpuBetween(before, cpuSnapshot(await stack.postgresClients(), stack.processNames()));
  const refused = result.attempts.filter((a) => a.status === 429).length;
  return { result, gatewayMs: use.msByGroup['gateway'] ?? 0, admitted: result.attempts.length - refused, refused };
}
