import { currentBillingCycleStart, limitExceeded, PLAN_LIMITS, PLANS, planQuota, requireImportRows } from './plans';

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

describe('limitExceeded: a refusal that says what the caller can do', () => {
  const ws = '0191c1a0-5f2e-7cc2-9b1e-3f4a5b6c7d8e';

  it('when locations run out on the free plan, then it names the limit, deleting some, and the next plan with the command that moves to it', () => {
    const refusal = limitExceeded({ ...planQuota({ plan: 'free' }, 'locations') }, ws);
    expect(refusal.toEnvelope().error).toMatchObject({ code: 'exceeded_limit' });
    expect(refusal.message).toBe(
      'The free plan allows 3 locations, and this workspace has reached that. To go on, delete locations it no longer needs (DELETE /locations/{id}), ' +
        `or move the workspace to the pro plan, which allows 10 (an operator runs \`npm run -s admin -- plan:set --workspace ${ws} --plan pro\`).`,
    );
  });

  it('when transfers of the billing cycle run out, then the wait for the next cycle is the other way', () => {
    const refusal = limitExceeded(planQuota({ plan: 'pro', billingCycleStart: '2026-01-15T00:00:00.000Z' }, 'transfers'), ws);
    expect(refusal.message).toMatch(/^The pro plan allows 1,000 transfers per billing cycle, and this workspace has reached that\. To go on, wait for the next billing cycle, or move the workspace to the business plan, which allows 5,000/);
  });

  it('when the next plan allows no more, then the one that does is named, quoted when its name has a space', () => {
    expect(() => requireImportRows('advanced', 100_001, ws)).toThrow(
      /^The advanced plan allows 100,000 rows per import, .* To go on, split the file, or move the workspace to the business extra plan, which allows 200,000 \(an operator runs `npm run -s admin -- plan:set --workspace \S+ --plan "business extra"`\)\.$/,
    );
  });

  it('when the plan is the largest, then it says so instead of naming a larger one', () => {
    expect(limitExceeded(planQuota({ plan: 'enterprise' }, 'users')).message).toBe('The enterprise plan allows 5,000 users, and this workspace has reached that. It is the largest plan.');
  });
});
