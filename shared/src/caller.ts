import { z } from 'zod';
import { LocationAccess, Role, Scope } from './access';
import { Plan } from './plans';

/**
 * What the caller's acknowledged writes require of the copies a call reads (docs/consistency.md):
 * - `stock`: the stock position the calling key's latest write reached (read-your-writes of the
 *   catalog's stock projection; absent or 0: it moved no stock lately);
 * - `catalog`, `locations`: the workspace's latest owner positions, the last change of an item or
 *   a location any caller of the workspace had acknowledged (the stock service's copies of them
 *   must reflect those before it decides or shows anything);
 * - `since`: set while those may be incomplete (Redis began keeping them less than
 *   READ_YOUR_WRITES_RECOVERY_MS ago, after a restart that emptied it or a failover): epoch ms of
 *   that start, before which acknowledged writes may be missing;
 * or 'unknown' when the gateway could not tell (its Redis unreachable): a service then asks the
 * owners for their latest positions instead.
 */
export const CallerWrites = z.union([
  z.literal('unknown'),
  z.strictObject({
    stock: z.number().int().nonnegative().optional(),
    catalog: z.number().int().nonnegative().optional(),
    locations: z.number().int().nonnegative().optional(),
    since: z.number().int().nonnegative().optional(),
  }),
]);
export type CallerWrites = z.infer<typeof CallerWrites>;

/** The services whose changes others keep copies of, each numbering its workspace's changes (owner positions). */
export const OWNERS = ['catalog', 'locations'] as const;
export type Owner = (typeof OWNERS)[number];

export const NO_WRITES: CallerWrites = Object.freeze({});

/**
 * How far apart the clocks of two hosts may be where a time on one (`since`, on Redis's clock) is
 * compared with a time on another (a workspace's creation, an owner asked): an instant only counts
 * as after `since` when it is this much later.
 */
export const CLOCK_MARGIN_MS = 1_000;

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
export function actorOf(caller: Pick<Caller, 'keyId'> & { user: Pick<Caller['user'], 'id'> }): Actor {
  return { userId: caller.user.id, keyId: caller.keyId };
}

/**
 * What a write answers: its result, and the position its change took in its service's numbering
 * (a stock position; an owner position of items or locations), undefined when it took none.
 */
export interface Positioned<T> {
  result: T;
  position: number | undefined;
}
