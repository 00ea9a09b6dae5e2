import { type InternalContext, signContext, verifyContext } from './internal-context';

const context: InternalContext = {
  requestId: 'req-1',
  keyId: 'key-1',
  user: { id: 'u1', email: 'a@example.test' },
  role: 'member',
  scopes: ['items.read'],
  locationAccess: { restricted: false, locations: [] },
  workspace: {
    id: 'w1',
    slug: 'w',
    plan: 'free',
    limits: { items: 1, suppliers: 1, locations: 1, tags: 1, users: 1, transfers: 1 },
    defaultLocationId: null,
    defaultLocationType: 'warehouse',
    defaultLowStockThreshold: 5,
    fiscalYearStartMonth: 1,
    billingCycleStart: '2026-01-01T00:00:00.000Z',
  },
};
const SECRET = 'a-secret-of-enough-length';

describe('signed internal context', () => {
  it('when signed and verified with the same secret, then the context comes back intact', () => {
    const h = signContext(context, SECRET, 1000);
    expect(verifyContext(h['x-internal-context'], h['x-internal-signature'], SECRET, 1000)).toEqual(context);
  });

  it('when the secret differs, the signature is missing or the body was changed, then it is rejected', () => {
    const h = signContext(context, SECRET, 1000);
    expect(verifyContext(h['x-internal-context'], h['x-internal-signature'], 'another-secret-entirely', 1000)).toBeUndefined();
    expect(verifyContext(h['x-internal-context'], undefined, SECRET, 1000)).toBeUndefined();
    expect(verifyContext(`${h['x-internal-context']}x`, h['x-internal-signature'], SECRET, 1000)).toBeUndefined();
  });

  it('when the context is older than a minute, then it is rejected (no replay of captured headers)', () => {
    const h = signContext(context, SECRET, 1000);
    expect(verifyContext(h['x-internal-context'], h['x-internal-signature'], SECRET, 1000 + 60_000)).toEqual(context);
    expect(verifyContext(h['x-internal-context'], h['x-internal-signature'], SECRET, 1000 + 60_001)).toBeUndefined();
  });
});
