import { z } from 'zod';
import { LimitExceeded } from './errors';

export const PLANS = ['free', 'pro', 'business', 'advanced', 'business plus', 'business extra', 'business max', 'enterprise'] as const;
export const Plan = z.enum(PLANS);
export type Plan = z.infer<typeof Plan>;

export interface PlanLimits {
  items: number;
  suppliers: number;
  locations: number;
  tags: number;
  users: number;
  /** Transfers per billing cycle; shown on the workspace as usageLimit. */
  transfers: number;
  /** Webhook endpoints (the notifications service's). */
  webhooks: number;
}

/** What a plan limits: each a counter of the service that owns the resource. */
export type PlanResource = keyof PlanLimits;

/** How a limit reads in a refusal: "The free plan allows 50 transfers per billing cycle". */
const WORDING: Record<PlanResource, string> = {
  items: 'items',
  suppliers: 'suppliers',
  locations: 'locations',
  tags: 'tags',
  users: 'users',
  transfers: 'transfers per billing cycle',
  webhooks: 'webhook endpoints',
};

/** What frees room under a limit without a larger plan, when anything does (said before the larger plan). */
const REMEDY: Record<PlanResource | 'importRows', string | undefined> = {
  items: undefined,
  suppliers: undefined,
  locations: 'delete locations it no longer needs (DELETE /locations/{id})',
  tags: undefined,
  users: undefined,
  transfers: 'wait for the next billing cycle',
  webhooks: 'delete an endpoint it no longer needs (DELETE /webhooks/{webhookId})',
  importRows: 'split the file',
};

/**
 * One limit of a workspace's plan, as a service claims it: the one plan-quota object. The limit
 * comes from PLAN_LIMITS; periodStart is the billing cycle's start for the limit that counts per
 * cycle (transfers), null for limits on what exists (a deletion gives its unit back).
 */
export interface PlanQuota {
  resource: PlanResource;
  plan: Plan;
  limit: number;
  periodStart: Date | null;
  /** The limit in a refusal's words. */
  wording: string;
}

/**
 * The quota of `resource` for a workspace (a caller's, or one read by the admin CLI) on its plan;
 * the limit counted per billing cycle (transfers) needs the cycle's start (ISO 8601).
 */
export function planQuota(workspace: { plan: Plan; billingCycleStart?: string }, resource: PlanResource): PlanQuota {
  const perCycle = resource === 'transfers';
  if (perCycle && workspace.billingCycleStart === undefined) throw new Error(`the ${resource} quota counts per billing cycle: give its start`);
  return {
    resource,
    plan: workspace.plan,
    limit: PLAN_LIMITS[workspace.plan][resource],
    periodStart: perCycle ? new Date(workspace.billingCycleStart!) : null,
    wording: WORDING[resource],
  };
}

/** The one table of plan limits. Documented in docs/api.md (Plans); change both together. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { items: 100, suppliers: 5, locations: 3, tags: 20, users: 2, transfers: 50, webhooks: 2 },
  pro: { items: 1000, suppliers: 50, locations: 10, tags: 100, users: 5, transfers: 1000, webhooks: 5 },
  business: { items: 5000, suppliers: 200, locations: 25, tags: 250, users: 15, transfers: 5000, webhooks: 10 },
  advanced: { items: 10000, suppliers: 500, locations: 50, tags: 500, users: 25, transfers: 10000, webhooks: 20 },
  'business plus': { items: 25000, suppliers: 1000, locations: 100, tags: 1000, users: 50, transfers: 25000, webhooks: 25 },
  'business extra': { items: 50000, suppliers: 2500, locations: 250, tags: 2500, users: 100, transfers: 50000, webhooks: 50 },
  'business max': { items: 100000, suppliers: 5000, locations: 500, tags: 5000, users: 250, transfers: 100000, webhooks: 100 },
  enterprise: { items: 1000000, suppliers: 50000, locations: 5000, tags: 50000, users: 5000, transfers: 1000000, webhooks: 500 },
};

/**
 * Rows one CSV import may hold (docs/csv.md), by plan: a per-file limit, not a counter. A file is
 * validated and applied as one unit, so this bounds the work and the memory one import takes.
 */
export const IMPORT_ROW_LIMITS: Record<Plan, number> = {
  free: 1_000,
  pro: 10_000,
  business: 50_000,
  advanced: 100_000,
  'business plus': 100_000,
  'business extra': 200_000,
  'business max': 200_000,
  enterprise: 200_000,
};

/** Refuses an import of more rows than the plan allows. @throws LimitExceeded (403 exceeded_limit). */
export function requireImportRows(plan: Plan, rows: number, workspaceId?: string): void {
  const limit = IMPORT_ROW_LIMITS[plan];
  if (rows > limit) throw limitExceeded({ plan, limit, wording: 'rows per import', resource: 'importRows' }, workspaceId);
}

/** The smallest plan that allows more than `plan` does, by `limitOf`; undefined for the largest. */
export function largerPlan(plan: Plan, limitOf: (p: Plan) => number): { plan: Plan; limit: number } | undefined {
  const larger = PLANS.slice(PLANS.indexOf(plan) + 1).find((p) => limitOf(p) > limitOf(plan));
  return larger === undefined ? undefined : { plan: larger, limit: limitOf(larger) };
}

/**
 * The refusal past a plan's limit, saying what the caller can do about it: free some room where
 * something does (delete a location, wait for the next billing cycle, split a file), or move the
 * workspace to the next plan that allows more, with the operator's command that does it.
 */
export function limitExceeded(
  quota: { plan: Plan; limit: number; wording: string; resource: PlanResource | 'importRows' },
  workspaceId?: string,
): LimitExceeded {
  const limitOf = (p: Plan) => (quota.resource === 'importRows' ? IMPORT_ROW_LIMITS[p] : PLAN_LIMITS[p][quota.resource]);
  const larger = largerPlan(quota.plan, limitOf);
  const remedy = REMEDY[quota.resource];
  const planName = (p: Plan) => (p.includes(' ') ? `"${p}"` : p);
  const upgrade = larger
    ? `move the workspace to the ${larger.plan} plan, which allows ${larger.limit.toLocaleString('en-US')} (an operator runs \`npm run -s admin -- plan:set --workspace ${workspaceId ?? '<workspace>'} --plan ${planName(larger.plan)}\`)`
    : undefined;
  const options = [remedy, upgrade].filter((o): o is string => o !== undefined);
  const what = options.length === 0 ? 'It is the largest plan.' : `To go on, ${options.join(', or ')}.`;
  return new LimitExceeded(`The ${quota.plan} plan allows ${quota.limit.toLocaleString('en-US')} ${quota.wording}, and this workspace has reached that. ${what}`);
}

/**
 * Billing cycles are monthly from the anchor (the workspace's creation). Returns the start of
 * the cycle containing `now`; a 31st anchor falls on the month's last day in shorter months.
 */
export function currentBillingCycleStart(anchor: Date, now: Date): Date {
  const cycleStart = (monthsAfter: number): Date => {
    const y = anchor.getUTCFullYear();
    const m = anchor.getUTCMonth() + monthsAfter;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    return new Date(
      Date.UTC(y, m, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
    );
  };
  if (now < anchor) return anchor;
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && cycleStart(months) > now) months -= 1;
  return cycleStart(months);
}
