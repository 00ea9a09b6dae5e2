import { currentBillingCycleStart, PLAN_LIMITS, PLANS } from './plans';

describe('currentBillingCycleStart', () => {
  const at = (iso: string) => new Date(iso);

  it('when now is in the first month, then the cycle starts at the anchor', () => {
    expect(currentBillingCycleStart(at('2026-01-15T10:00:00Z'), at('2026-02-01T00:00:00Z')).toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  it('when the anniversary has passed this month, then the cycle starts on it', () => {
    expect(currentBillingCycleStart(at('2026-01-15T10:00:00Z'), at('2026-03-20T00:00:00Z')).toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });

  it('when the anniversary is later this month, then the cycle started last month', () => {
    expect(currentBillingCycleStart(at('2026-01-15T10:00:00Z'), at('2026-03-15T09:59:59Z')).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('when the anchor is the 31st, then shorter months use their last day', () => {
    expect(currentBillingCycleStart(at('2026-01-31T00:00:00Z'), at('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(currentBillingCycleStart(at('2026-01-31T00:00:00Z'), at('2026-03-31T00:00:00Z')).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });

  it('when years go by, then cycles keep counting months across them', () => {
    expect(currentBillingCycleStart(at('2024-11-05T00:00:00Z'), at('2026-01-04T00:00:00Z')).toISOString()).toBe('2025-12-05T00:00:00.000Z');
  });
});

describe('PLAN_LIMITS', () => {
  it('when plans go up, then no limit goes down', () => {
    for (let i = 1; i < PLANS.length; i++) {
      const lower = PLAN_LIMITS[PLANS[i - 1]!];
      const higher = PLAN_LIMITS[PLANS[i]!];
      for (const key of Object.keys(lower) as Array<keyof typeof lower>) expect(higher[key]).toBeGreaterThanOrEqual(lower[key]);
    }
  });
});
