import { EVERY_WRITE, measureCapacity, prepareWorld, runLoad, summarize } from '../load/mixed-load';
import type { BenchStack } from './bench-stack';
import { newWorkspace } from './gateway-client';
import { log } from './load';
import { type Outcome, ratioOf } from './report';

/** How long twice the capacity is offered. */
const OVERLOAD_SECONDS = 30;
const STEP_SECONDS = 8;

/**
 * (o) Issue 35: goodput under overload. The mixed load of every write (test/load/mixed-load.ts) is
 * offered open loop at rising rates until the p99 of admitted calls crosses 1 s: the last rate
 * below is the capacity, and the most successful writes a second any step made is the peak. Then
 * twice the capacity is offered for OVERLOAD_SECONDS, by clients that retry refusals after
 * Retry-After with the same key. Goodput there (successful writes a second while it is offered)
 * against the peak, goal ≥ 0.9: past its capacity the stack refuses early rather than collapse.
 * Fails the run on a 500 or an answer outside the documented ones.
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
  await stack.quiesce();
  const offered = capacity.rate * 2;
  const overload = await runLoad(world, { mix: EVERY_WRITE, seconds: OVERLOAD_SECONDS, pace: { rate: offered } });
  const summary = summarize(overload);
  const goodput = summary.goodput;
  log(
    `(o) ${offered}/s offered (2 × ${capacity.rate}/s) for ${OVERLOAD_SECONDS} s: ${goodput.toFixed(1)} writes/s, admitted p50 ${summary.p50Ms.toFixed(0)} ms p99 ${summary.p99Ms.toFixed(0)} ms, ${summary.refusals} refused of ${summary.attempts} attempts, ${summary.abandoned} operations given up`,
  );
  const serverErrors = overload.attempts.filter((a) => a.status >= 500 || a.status === 0).length + capacity.steps.reduce((n, s) => n + s.summary.serverErrors, 0);
  const undocumented = [...summary.undocumented, ...capacity.steps.flatMap((s) => s.summary.undocumented)];
  const failedChecks = [...(serverErrors > 0 ? [`(o) ${serverErrors} server errors or unanswered calls`] : []), ...undocumented.map((u) => `(o) undocumented answer: ${u}`)];
  const warnings = capacity.rate === 0 ? ['the capacity could not be measured: no step stayed under 1 s'] : [];
  return {
    ratios: [ratioOf('o', `successful writes/s at 2× capacity (${offered}/s offered, clients retrying refusals) vs the peak of the ramp`, 'writes/s', goodput, peak, { atLeast: 0.9 }, warnings)],
    failedChecks,
  };
}
