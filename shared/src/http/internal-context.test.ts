import type { Caller } from '../caller';
import { bodyDigest, SIGNATURE_LIFETIME_MS, signContext, verifyContext } from './internal-context';

const context: Caller = {
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
    defaultLocationId: null,
    defaultLocationType: 'warehouse',
    fiscalYearStartMonth: 1,
    defaultTransferFromLocationId: null,
    defaultInvoiceSourceLocationId: null,
    defaultCurrency: 'USD',
    defaultMarkupPercent: null,
    defaultTaxPercent: 0,
    defaultTaxIncluded: false,
    billingCycleStart: '2026-01-01T00:00:00.000Z' },
  writes: { stock: 42 } };
const SECRET = 'a-secret-of-enough-length';
const BODY = Buffer.from('{"name":"Blue"}');
const DEADLINE = 9_000;
const POST_TAGS = { method: 'POST', target: '/tags', bodyDigest: bodyDigest(BODY), deadline: DEADLINE };

function sign(now = 1000) {
  const h = signContext(context, POST_TAGS, SECRET, now);
  return { context: h['x-internal-context'], signature: h['x-internal-signature'] };
}

describe('signed internal context', () => {
  it('when signed and verified for the same request with the same secret, then the context, the body digest and the deadline come back', () => {
    expect(verifyContext(sign(), { method: 'POST', target: '/tags' }, SECRET, 1000)).toEqual({ context, bodyDigest: bodyDigest(BODY), deadline: DEADLINE });
  });

  it('when the deadline is changed in transit, then the signature does not hold', () => {
    const h = sign();
    const later = { ...h, context: h.context!.replace(`1000.${DEADLINE}.`, `1000.${DEADLINE + 60_000}.`) };
    expect(later.context).not.toBe(h.context);
    expect(verifyContext(later, { method: 'POST', target: '/tags' }, SECRET, 1000)).toBeUndefined();
  });

  it('when no deadline is given, then the context carries one a signature lifetime after signing', () => {
    const h = signContext(context, { method: 'POST', target: '/tags', bodyDigest: bodyDigest(BODY) }, SECRET, 1000);
    expect(verifyContext({ context: h['x-internal-context'], signature: h['x-internal-signature'] }, { method: 'POST', target: '/tags' }, SECRET, 1000)?.deadline).toBe(1000 + SIGNATURE_LIFETIME_MS);
  });

  it('when the secret differs, the signature is missing or the context was changed, then it is rejected', () => {
    const h = sign();
    const line = { method: 'POST', target: '/tags' };
    expect(verifyContext(h, line, 'another-secret-entirely', 1000)).toBeUndefined();
    expect(verifyContext({ ...h, signature: undefined }, line, SECRET, 1000)).toBeUndefined();
    expect(verifyContext({ ...h, context: `${h.context}x` }, line, SECRET, 1000)).toBeUndefined();
  });

  it('when a captured header is replayed on another method, path or query, then it is rejected', () => {
    const h = sign();
    expect(verifyContext(h, { method: 'PATCH', target: '/tags' }, SECRET, 1000)).toBeUndefined();
    expect(verifyContext(h, { method: 'POST', target: '/items' }, SECRET, 1000)).toBeUndefined();
    expect(verifyContext(h, { method: 'POST', target: '/tags?x=1' }, SECRET, 1000)).toBeUndefined();
  });

  it('when the header is presented with another body digest, then the signature does not hold', () => {
    const h = sign();
    const [issued, deadline, , ...rest] = h.context!.split('.');
    const swapped = { ...h, context: [issued, deadline, bodyDigest(Buffer.from('{"name":"Red"}')), ...rest].join('.') };
    expect(verifyContext(swapped, { method: 'POST', target: '/tags' }, SECRET, 1000)).toBeUndefined();
  });

  it(`when the context is more than ${SIGNATURE_LIFETIME_MS} ms from its issue time either way, then it is rejected`, () => {
    const h = sign(100_000);
    const line = { method: 'POST', target: '/tags' };
    expect(verifyContext(h, line, SECRET, 100_000 + SIGNATURE_LIFETIME_MS)).toBeDefined();
    expect(verifyContext(h, line, SECRET, 100_000 + SIGNATURE_LIFETIME_MS + 1)).toBeUndefined();
    expect(verifyContext(h, line, SECRET, 100_000 - SIGNATURE_LIFETIME_MS - 1)).toBeUndefined();
  });

  it("when the caller's writes are unknown, none, or stock and owner positions, then each comes back as signed, and a tampered one is rejected", () => {
    const line = { method: 'POST', target: '/tags' };
    const writesSeen = ['unknown', {}, { stock: 1 }, { stock: 9_007_199_254_740 }, { catalog: 3 }, { stock: 2, catalog: 7, locations: 11, since: 1_764_000_000_000 }, { locations: 5, since: 9 }] as const;
    for (const writes of writesSeen) {
      const h = signContext({ ...context, writes }, POST_TAGS, SECRET, 1000);
      const verified = verifyContext({ context: h['x-internal-context'], signature: h['x-internal-signature'] }, line, SECRET, 1000);
      expect(verified?.context.writes).toEqual(writes);
    }
    const h = sign();
    expect(h.context!.endsWith('.s42')).toBe(true);
    expect(verifyContext({ ...h, context: h.context!.replace(/\.s42$/, '.s41') }, line, SECRET, 1000)).toBeUndefined();
  });

  it('when a request has no body, then its digest is that of zero bytes', () => {
    expect(bodyDigest(undefined)).toBe(bodyDigest(Buffer.alloc(0)));
    expect(bodyDigest(undefined)).not.toBe(bodyDigest(BODY));
  });
});
