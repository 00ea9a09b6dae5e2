import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { LocationAccess, Role, Scope } from '../access';
import { Plan } from '../plans';

/**
 * What the gateway vouches for on every forwarded call. Services trust it only with a valid
 * signature, and never look identity up themselves.
 */
export const InternalContext = z.object({
  requestId: z.string(),
  keyId: z.string(),
  user: z.object({ id: z.string(), email: z.string() }),
  role: Role,
  scopes: z.array(Scope),
  locationAccess: LocationAccess,
  workspace: z.object({
    id: z.string(),
    slug: z.string(),
    plan: Plan,
    limits: z.object({
      items: z.number(),
      suppliers: z.number(),
      locations: z.number(),
      tags: z.number(),
      users: z.number(),
      transfers: z.number(),
    }),
    defaultLocationId: z.string().nullable(),
    defaultLocationType: z.enum(['warehouse', 'van', 'truck', 'site', 'other']),
    defaultLowStockThreshold: z.number(),
    fiscalYearStartMonth: z.number().int().min(1).max(12),
    /** ISO 8601; transfers since then count toward the plan's per-cycle limit. */
    billingCycleStart: z.string(),
  }),
});
export type InternalContext = z.infer<typeof InternalContext>;

export const CONTEXT_HEADER = 'x-internal-context';
export const SIGNATURE_HEADER = 'x-internal-signature';
const MAX_AGE_MS = 60_000;

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** Headers carrying the context: base64url JSON with its issue time, and an HMAC over both. */
export function signContext(context: InternalContext, secret: string, now = Date.now()): Record<string, string> {
  const body = `${now}.${Buffer.from(JSON.stringify(context)).toString('base64url')}`;
  return { [CONTEXT_HEADER]: body, [SIGNATURE_HEADER]: sign(secret, body) };
}

/** Returns the context, or undefined when it is missing, forged, stale or malformed. */
export function verifyContext(body: string | undefined, signature: string | undefined, secret: string, now = Date.now()): InternalContext | undefined {
  if (!body || !signature) return undefined;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [issued, encoded] = body.split('.');
  if (!issued || !encoded || Math.abs(now - Number(issued)) > MAX_AGE_MS) return undefined;
  try {
    const parsed = InternalContext.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
