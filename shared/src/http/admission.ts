/**
 * Admission control (docs/overload.md): an adaptive limit on the requests a process works on at
 * once, set by their measured latency, as Netflix's concurrency-limits (Gradient2) and Envoy's
 * adaptive concurrency do. Past the limit a request is refused at once, before it queues: under
 * twice the load the stack can carry, queued work would only make every answer slower and turn
 * into timeouts, so the work admitted keeps its speed and the rest is told to come back.
 *
 * The limit follows the latency of the requests admitted: every sampling window it compares the
 * window's tail latency (short: its 90th percentile, so that the slow answers count, not only the
 * typical one) with a baseline, the long-run level of that tail in the windows in which nothing
 * was refused (long). While latency stays within the target, `tolerance` times the
 * baseline but at least `floorMs`, the limit grows by a small queue allowance; past it, the limit
 * shrinks in proportion (never below half per window). The baseline learns only from windows
 * without refusals, so sustained overload cannot teach it that slow is normal (a plain long-run
 * mean would follow the queue up and let the limit grow with it), and from windows at a limit so
 * low that their latency is the work's own, not a queue's (a mix turned slower while refusing);
 * it follows a fall in latency fast. Whatever the baseline, a window whose mean exceeds
 * `ceilingMs` shrinks the limit. Windows in which the process was not using half its limit leave
 * the limit unchanged (the load, not the limit, decided their latency), but for moving it back
 * towards its starting value once an overload is over.
 *
 * A request's latency counts from its arrival (the caller passes when the process first saw it).
 * The event loop's delay (the time a request waited before the process could even look at it) is
 * not a reason to admit fewer: a process saturated by the requests it refuses gains nothing from
 * refusing more. It makes the refused stay away longer instead (Retry-After).
 *
 * Refused callers are told when to come back (`retryAfterSeconds`): a second more each time the
 * demand (attempts ÷ admissions over the last windows) doubles what is admitted, with jitter, at
 * most MAX_RETRY_AFTER_S: under sustained overload retries thin out instead of multiplying, and
 * arrive spread out, without leaving capacity idle.
 *
 * No npm package does this for Node and Express in a maintained form (checked 2026-11: the
 * concurrency-limits ports are unmaintained; @fastify/under-pressure is Fastify's and sheds by
 * fixed event-loop thresholds), so it is written here, pure and unit-tested.
 */
export interface AdmissionSettings {
  /** The limit at start, before any latency was measured. */
  initialLimit: number;
  minLimit: number;
  maxLimit: number;
  /** How many times the long-run mean latency a window's mean may reach before the limit shrinks. */
  tolerance: number;
  /** Latency up to this is always let in (with a baseline of a few ms, twice it would be too tight for a slower mix). */
  floorMs: number;
  /** A window whose mean latency is above this shrinks the limit, whatever the baseline. */
  ceilingMs: number;
  /** Length of a sampling window. */
  windowMs: number;
}

export const DEFAULT_ADMISSION: AdmissionSettings = { initialLimit: 128, minLimit: 8, maxLimit: 1024, tolerance: 2, floorMs: 250, ceilingMs: 1000, windowMs: 250 };

/** How fast the baseline follows each window: about 1/LONG_WINDOWS of the way; 1/SHORT_WINDOWS at a limit too low to queue. */
const LONG_WINDOWS = 120;
const SHORT_WINDOWS = 8;
/** Of a larger limit computed, this much is taken each window (smoothing); a smaller one is taken whole. */
const SMOOTHING = 0.25;
/** Of the way back to the starting limit, this much is taken each quiet window. */
const RECOVERY = 0.2;

export interface AdmissionState {
  limit: number;
  inFlight: number;
  /** Long-run mean latency (ms); undefined before the first window. */
  longRttMs: number | undefined;
  /** Attempts per admission over the last windows (1: nothing refused). */
  demand: number;
}

/** The longest Retry-After a refusal carries. */
export const MAX_RETRY_AFTER_S = 30;
/** Seconds of Retry-After per attempt beyond one per admission (demand − 1). */
const SECONDS_PER_EXCESS = 10;
/** An event loop this late (ms, a window's p99) is the process itself saturated; its refusals ask for SATURATED_EXTRA_S more. */
const SATURATED_LOOP_DELAY_MS = 100;
const SATURATED_EXTRA_S = 3;
/** How fast the demand ratio follows each window. */
const DEMAND_SMOOTHING = 0.3;

/** A request admitted: hand it back to `release` when its answer has been sent. */
export interface Permit {
  readonly startedAt: number;
}

/** The 90th percentile of a window's latencies. */
function tail(samples: number[]): number {
  const sorted = samples.sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))]!;
}

export class AdmissionControl {
  private limit: number;
  private inFlight = 0;
  private longRtt: number | undefined;
  private windowStart: number;
  /** Latencies of the window's admitted requests (ms). */
  private windowSamples: number[] = [];
  /** The requests admitted and not yet released: a queue building up shows in their ages before any of them ends. */
  private readonly running = new Set<Permit>();
  private windowPeakInFlight = 0;
  private windowRefusals = 0;
  private windowAdmissions = 0;
  private demand = 1;
  private lastLoopDelay = 0;

  constructor(
    private readonly settings: AdmissionSettings = DEFAULT_ADMISSION,
    private readonly clock: () => number = () => performance.now(),
    /** The event loop's delay (ms) since the last call, e.g. a p99 from perf_hooks' monitorEventLoopDelay, reset by each call. */
    private readonly loopDelay: () => number = () => 0,
  ) {
    this.limit = settings.initialLimit;
    this.windowStart = clock();
  }

  /** Whether a request would be admitted now (a look, taking nothing). */
  hasRoom(): boolean {
    return this.inFlight < Math.floor(this.limit);
  }

  /** Counts a request refused after hasRoom() said no; it may end the window (when nothing is released, refusals still move the limit). */
  refuse(): void {
    this.windowRefusals += 1;
    const now = this.clock();
    if (now - this.windowStart >= this.settings.windowMs) this.endWindow(now);
  }

  /**
   * Admits a request that arrived at `arrivedAt` (this clock; default now), or answers undefined,
   * counting a refusal, when the process is at its limit.
   */
  tryAcquire(arrivedAt = this.clock()): Permit | undefined {
    if (!this.hasRoom()) {
      this.refuse();
      return undefined;
    }
    this.inFlight += 1;
    this.windowAdmissions += 1;
    if (this.inFlight > this.windowPeakInFlight) this.windowPeakInFlight = this.inFlight;
    const permit = { startedAt: arrivedAt };
    this.running.add(permit);
    return permit;
  }

  /**
   * When a refused caller should come back: SECONDS_PER_EXCESS for each attempt beyond one per
   * admission (the demand), SATURATED_EXTRA_S more while the process's own event loop lags
   * (refusing is then what it spends itself on), spread by ±25 % and up to two seconds at random
   * (`random` in [0, 1)), within 1 and MAX_RETRY_AFTER_S. Under twice the capacity, a caller that
   * honours it comes back two or three times, not four, before a client that waits at most 30 s
   * gives up: each refusal costs the gateway and the caller, and the work admitted meanwhile is
   * the same. Short while demand is near what is admitted: a closed-loop client told to stay away
   * longer leaves capacity idle.
   */
  retryAfterSeconds(random = Math.random()): number {
    const saturated = this.lastLoopDelay > SATURATED_LOOP_DELAY_MS ? SATURATED_EXTRA_S : 0;
    // Spread in proportion (±25 %): refused together, callers told ten seconds or more must not all come back in the same second.
    const spread = 0.75 + 0.5 * random;
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.round((SECONDS_PER_EXCESS * (this.demand - 1) + saturated) * spread + 2 * random)));
  }

  /**
   * Ends an admitted request. `measured` false leaves its latency out (a request that ended
   * before doing its work: refused by a rule, or its client gone).
   */
  release(permit: Permit, measured = true): void {
    this.inFlight -= 1;
    this.running.delete(permit);
    const now = this.clock();
    if (measured) {
      this.windowSamples.push(now - permit.startedAt);
    }
    if (now - this.windowStart >= this.settings.windowMs) this.endWindow(now);
  }

  state(): AdmissionState {
    return { limit: Math.floor(this.limit), inFlight: this.inFlight, longRttMs: this.longRtt, demand: this.demand };
  }

  private endWindow(now: number): void {
    const { tolerance, floorMs, ceilingMs, minLimit, maxLimit } = this.settings;
    this.lastLoopDelay = this.loopDelay();
    // Requests still running count with their age so far (a lower bound of their latency): when a
    // burst is admitted into a queue, the window shows it at once, not when the queue drains.
    for (const permit of this.running) if (now - permit.startedAt > this.settings.windowMs) this.windowSamples.push(now - permit.startedAt);
    const shortRtt = this.windowSamples.length > 0 ? tail(this.windowSamples) : undefined;
    const appLimited = this.windowPeakInFlight < this.limit / 2;
    const refusedAny = this.windowRefusals > 0;
    const attempts = this.windowAdmissions + this.windowRefusals;
    if (attempts > 0) this.demand += ((attempts / Math.max(1, this.windowAdmissions)) - this.demand) * DEMAND_SMOOTHING;
    this.windowStart = now;
    this.windowSamples = [];
    this.windowPeakInFlight = this.inFlight;
    this.windowRefusals = 0;
    this.windowAdmissions = 0;
    if (shortRtt === undefined) return;
    if (this.longRtt === undefined) {
      this.longRtt = shortRtt;
      return;
    }
    if (this.limit <= 2 * minLimit) this.longRtt += (shortRtt - this.longRtt) / SHORT_WINDOWS;
    else if (!refusedAny) this.longRtt += (shortRtt - this.longRtt) / LONG_WINDOWS;
    // Latency fell well below the baseline (the load eased or its mix changed): follow it down fast.
    if (this.longRtt > 2 * shortRtt) this.longRtt = (this.longRtt + shortRtt) / 2;
    const target = Math.min(ceilingMs, Math.max(floorMs, tolerance * this.longRtt));
    if (appLimited && shortRtt <= ceilingMs) {
      // The overload is over: back towards the starting limit, so the next burst is not refused for
      // a limit an old overload left behind.
      if (shortRtt <= target && this.limit < this.settings.initialLimit) this.limit += (this.settings.initialLimit - this.limit) * RECOVERY;
      return;
    }
    const gradient = shortRtt > ceilingMs ? 0.5 : Math.max(0.5, Math.min(1, target / shortRtt));
    const queueAllowance = Math.max(1, Math.sqrt(this.limit));
    const next = this.limit * gradient + (gradient === 1 ? queueAllowance : 0);
    // Down at once (a queue costs every call in it), up smoothly (room is found by probing).
    const smoothed = next < this.limit ? next : this.limit * (1 - SMOOTHING) + next * SMOOTHING;
    this.limit = Math.min(maxLimit, Math.max(minLimit, smoothed));
  }
}
