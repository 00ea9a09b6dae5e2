import { AdmissionControl, type AdmissionSettings, MAX_RETRY_AFTER_S, type Permit } from './admission';

const SETTINGS: AdmissionSettings = { initialLimit: 20, minLimit: 4, maxLimit: 200, tolerance: 2, floorMs: 100, ceilingMs: 500, windowMs: 100 };

/** A process under a clock the test moves: requests admitted as offered, each taking `latencyMs`. */
function simulated(settings = SETTINGS) {
  let now = 0;
  const control = new AdmissionControl(settings, () => now);
  return {
    control,
    /**
     * Offers `offered` requests at once every `stepMs` for `ms`, each answered `latency(inFlight)`
     * ms after admission; answers how many were admitted and refused.
     */
    run(ms: number, offered: number, latency: (inFlight: number) => number, stepMs = 10) {
      const running: { permit: Permit; endsAt: number }[] = [];
      let admitted = 0;
      let refused = 0;
      for (const end = now + ms; now < end; now += stepMs) {
        for (let i = running.length - 1; i >= 0; i--) {
          if (running[i]!.endsAt <= now) {
            control.release(running[i]!.permit);
            running.splice(i, 1);
          }
        }
        for (let i = 0; i < offered; i++) {
          const permit = control.tryAcquire();
          if (!permit) refused += 1;
          else {
            admitted += 1;
            running.push({ permit, endsAt: now + latency(control.state().inFlight) });
          }
        }
      }
      for (const r of running) control.release(r.permit);
      return { admitted, refused };
    },
  };
}

describe('AdmissionControl', () => {
  it('when the limit is reached, then the next request is refused at once, and admitted again once one ends', () => {
    const { control } = simulated({ ...SETTINGS, initialLimit: 2 });
    const a = control.tryAcquire();
    const b = control.tryAcquire();
    expect(a && b).toBeTruthy();
    expect(control.hasRoom()).toBe(false);
    expect(control.tryAcquire()).toBeUndefined();
    control.release(a!);
    expect(control.tryAcquire()).toBeDefined();
  });

  it('when latency stays flat while the process uses its limit, then the limit grows', () => {
    const sim = simulated();
    sim.run(5_000, 100, () => 20);
    expect(sim.control.state().limit).toBeGreaterThan(SETTINGS.initialLimit);
  });

  it('when latency grows with the work admitted (a saturated machine), then the limit settles where latency meets its target however long the overload lasts, and the rest is refused', () => {
    const sim = simulated();
    // A server that completes 1 request per ms: latency is the queue it is given, throughput is fixed.
    const saturated = (inFlight: number) => Math.max(10, inFlight);
    sim.run(20_000, 50, saturated);
    const settled = sim.control.state().limit;
    const { admitted, refused } = sim.run(60_000, 50, saturated);
    const { limit } = sim.control.state();
    expect(refused).toBeGreaterThan(admitted);
    // Latency = the limit here: held at the floor target (100 ms), not drifting up with the queue.
    for (const l of [settled, limit]) {
      expect(l).toBeGreaterThanOrEqual(SETTINGS.floorMs * 0.8);
      expect(l).toBeLessThanOrEqual(SETTINGS.floorMs * 1.2);
    }
  });

  it('when the work itself turns slow while refusing (a heavier mix), then the limit stays where all the throughput there is is used, not at a collapse', () => {
    const sim = simulated();
    sim.run(10_000, 50, (inFlight) => Math.max(3, inFlight / 2));
    // Each request now takes 300 ms, and at most 4 run in parallel: 13.3 a second whatever the limit.
    const heavy = (inFlight: number) => Math.max(300, inFlight * 75);
    sim.run(20_000, 50, heavy);
    const { admitted } = sim.run(30_000, 50, heavy);
    expect(admitted / 30).toBeGreaterThan(12);
  });

  it('when every answer takes longer than the ceiling, then the limit falls to its minimum however long it lasts', () => {
    const sim = simulated();
    sim.run(30_000, 50, () => 800);
    expect(sim.control.state().limit).toBe(SETTINGS.minLimit);
  });

  it('when the process is far from its limit (little load), then the limit does not change with latency', () => {
    const sim = simulated();
    sim.run(2_000, 1, () => 10, 50);
    sim.run(2_000, 1, () => 40, 50);
    expect(sim.control.state().limit).toBe(SETTINGS.initialLimit);
  });

  it('when an overload is over and the load is light again, then the limit returns to its starting value within seconds', () => {
    const sim = simulated();
    sim.run(30_000, 50, () => 800);
    expect(sim.control.state().limit).toBe(SETTINGS.minLimit);
    sim.run(3_000, 1, () => 10, 50);
    expect(sim.control.state().limit).toBeGreaterThanOrEqual(SETTINGS.initialLimit * 0.9);
  });

  it('when demand exceeds what is admitted, then refusals ask to come back later the more it does, within bounds', () => {
    const light = simulated();
    light.run(5_000, 2, () => 20);
    expect(light.control.retryAfterSeconds(0.5)).toBe(1);
    const heavy = simulated();
    heavy.run(20_000, 50, (inFlight) => Math.max(10, inFlight));
    const later = heavy.control.retryAfterSeconds(0.5);
    expect(later).toBeGreaterThan(1);
    expect(later).toBeLessThanOrEqual(MAX_RETRY_AFTER_S);
    // Twice what is admitted: spread over a range in proportion, so callers refused together do not come back together.
    const moderate = simulated();
    moderate.run(20_000, 4, (inFlight) => 50 + inFlight * 4);
    expect(moderate.control.state().demand).toBeGreaterThan(1.5);
    expect(moderate.control.state().demand).toBeLessThan(3);
    const [soonest, latest] = [moderate.control.retryAfterSeconds(0), moderate.control.retryAfterSeconds(0.99)];
    expect(soonest).toBeGreaterThanOrEqual(4);
    expect(latest - soonest).toBeGreaterThanOrEqual(Math.round(soonest / 2));
    expect(latest).toBeLessThan(MAX_RETRY_AFTER_S);
  });

  it('when a burst is admitted into a queue, then the limit shrinks before any of it has ended', () => {
    const { control, run } = simulated({ ...SETTINGS, initialLimit: 200, maxLimit: 200 });
    run(1_000, 200, () => 60_000);
    expect(control.state().limit).toBeLessThan(200);
  });

  it('when a refused or abandoned request is released unmeasured, then it frees its place without counting as a sample', () => {
    const { control } = simulated({ ...SETTINGS, initialLimit: 1 });
    const permit = control.tryAcquire()!;
    control.release(permit, false);
    expect(control.state()).toMatchObject({ inFlight: 0, longRttMs: undefined, demand: 1 });
  });
});
