import { z } from 'zod';
import { LocationAccess, Role, Scope } from './access';
import { Plan } from './plans';

/**
 * What the caller's acknowledged writes require of a read (read-your-writes, docs/consistency.md):
 * the stock position its latest write reached (absent or 0: it moved no stock lately), or
 * 'unknown' when the gateway could not tell (its Redis unreachable or freshly emptied), in which
 * case a read asks the stock service for the workspace's latest position instead.
 */
export const CallerWrites = z.union([z.literal('unknown'), z.strictObject({ stock: z.number().int().nonnegative().optional() })]);
export type CallerWrites = z.infer<typeof CallerWrites>;

export const NO_WRITES: CallerWrites = Object.freeze({});

/**
 * Who a call acts for, the one type every service's use cases take: the API key and its user,
 * the user's role, effective scopes and location access, the workspace with its plan and
 * settings, and what the key's earlier writes require of a read. The gateway vouches for it on
 * every forwarded call (a signed header, shared/src/http/internal-context.ts); a service that asks
 * another to act for the same caller passes it on in the command.
 */
export const Caller = z.object({
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
    defaultLocationId: z.string().nullable(),
    defaultLocationType: z.enum(['warehouse', 'van', 'truck', 'site', 'other']),
    fiscalYearStartMonth: z.number().int().min(1).max(12),
    /** ISO 8601; transfers since then count toward the plan's per-cycle limit. */
    billingCycleStart: z.string(),
    /*
     * The job and transfer defaults the owner sets (PATCH /workspaces/{idOrSlug}): where
     * POST /inventory/transfers takes stock from without a fromLocationId, and what a new job
     * copies. Defaults here too, so a context signed before these fields existed still parses.
     */
    defaultTransferFromLocationId: z.string().nullable().default(null),
    defaultInvoiceSourceLocationId: z.string().nullable().default(null),
    defaultCurrency: z.string().length(3).default('USD'),
    /** null: no markup (a job's unit price without a sell price is the cost). */
    defaultMarkupPercent: z.number().min(0).max(1000).nullable().default(null),
    defaultTaxPercent: z.number().min(0).max(100).default(0),
    defaultTaxIncluded: z.boolean().default(false),
  }),
  writes: CallerWrites,
});
export type Caller = z.infer<typeof Caller>;

/**
 * Who did something, as a record keeps it: the user and the API key of the call that did it (a
 * transfer's createdBy, completedBy, …).
 */
export const Actor = z.object({ userId: z.string().min(1), keyId: z.string().min(1) });
export type Actor = z.infer<typeof Actor>;

/** The Actor of what a caller does. */
export function actorOf(caller: Caller): Actor {
  return { userId: caller.user.id, keyId: caller.keyId };
}
