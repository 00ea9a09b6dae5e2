import type { Pool, PoolClient } from 'pg';
import { limitExceeded, type PlanQuota, type PlanResource } from '../plans';
import { commitWith } from './transaction';

/**
 * The one plan-limit mechanism: a usage counter per (workspace, resource, period) in the
 * service's own schema, claimed by one atomic statement (the claim_plan_quota function). The statement locks only the counter
 * row, so creations of one workspace queue on that row for as long as their transaction has left
 * to run after the claim; callers claim as late as they can (ideally last before COMMIT) so that
 * is one round trip. Exact under any concurrency: the row lock makes the read-compare-add one
 * step, and a refused claim adds nothing.
 *
 * period_start is the billing cycle's start for a per-cycle limit (transfers) and -infinity for a
 * limit on what exists (items, locations, ...), which a deletion releases.
 */
export const PLAN_USAGE_TABLE_SQL = `
CREATE TABLE plan_usage (
  workspace_id text NOT NULL,
  resource text NOT NULL,
  period_start timestamptz NOT NULL DEFAULT '-infinity',
  used bigint NOT NULL CHECK (used >= 0),
  PRIMARY KEY (workspace_id, resource, period_start)
);

-- The claim as one call (claimPlanQuota), so that it can travel in one message with COMMIT.
-- A missing counter row starts from p_in_use (see PlanQuota.inUse); the INSERT ... ON CONFLICT
-- locks the row and adds only while the sum stays within the limit. Refused: SQLSTATE IQ001.
CREATE FUNCTION claim_plan_quota(p_workspace_id text, p_resource text, p_period_start timestamptz, p_amount bigint, p_limit bigint, p_in_use text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  first_used bigint := p_amount;
  claimed bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM plan_usage WHERE workspace_id = p_workspace_id AND resource = p_resource AND period_start = p_period_start) THEN
    EXECUTE p_in_use INTO first_used USING p_workspace_id, p_period_start;
  END IF;
  INSERT INTO plan_usage AS u (workspace_id, resource, period_start, used)
  SELECT p_workspace_id, p_resource, p_period_start, first_used WHERE first_used <= p_limit
  ON CONFLICT (workspace_id, resource, period_start) DO UPDATE SET used = u.used + p_amount WHERE u.used + p_amount <= p_limit
  RETURNING used INTO claimed;
  IF claimed IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'IQ001', MESSAGE = 'plan quota exceeded: ' || p_resource;
  END IF;
  RETURN claimed;
END $$;
`;

/**
 * Starts the counters of a limit on what exists from what each workspace has now, so a counter
 * row exists before any claim or release after the migration. `countsByWorkspace` is a query
 * answering (workspace_id, n).
 */
export function backfillPlanUsageSql(resource: string, countsByWorkspace: string): string {
  return `INSERT INTO plan_usage (workspace_id, resource, used) SELECT c.workspace_id, '${resource.replace(/'/g, "''")}', c.n FROM (${countsByWorkspace}) AS c(workspace_id, n);`;
}

/**
 * How the service that owns a resource counts what a workspace uses of it afresh: a scalar query,
 * the caller's own uncommitted rows included ($1 the workspace id as text, cast where the column
 * is a uuid; $2 the period start). It runs only when the counter row does not exist yet (the
 * first claim of a period, or of a workspace no backfill covered), never on the hot path: once
 * the row exists, it is the count.
 */
export type InUseQuery = string;

const QUOTA_EXCEEDED = 'IQ001';
const NO_PERIOD = '-infinity';

/**
 * Claims `amount` of the quota in the caller's transaction, or throws LimitExceeded (having
 * claimed nothing) when that would pass the limit. The counter row stays locked until the
 * transaction ends; a rollback gives the claim back.
 *
 * Call it after writing what the claim is for, in the same transaction: the first claim of a
 * counter starts it from `inUse`, which then counts those rows too (and the claim adds nothing
 * more). Later claims add `amount`.
 */
export async function claimPlanQuota(tx: PoolClient, workspaceId: string, quota: PlanQuota, inUse: InUseQuery, amount = 1): Promise<void> {
  await refusedAsLimitExceeded(quota, workspaceId, () =>
    tx.query('SELECT claim_plan_quota($1, $2, $3, $4, $5, $6)', [workspaceId, quota.resource, quota.periodStart ?? NO_PERIOD, amount, quota.limit, inUse]),
  );
}

/**
 * claimPlanQuota as the transaction's last statement, sent in one message with COMMIT (see
 * commitWith): the counter row is then locked only while the server runs the claim and the
 * commit, with no round trip to this process in between, which is what bounds the creations per
 * second of one workspace. Nothing may run in the transaction afterwards.
 */
export async function claimPlanQuotaAndCommit(tx: PoolClient, workspaceId: string, quota: PlanQuota, inUse: InUseQuery, amount = 1): Promise<void> {
  const args = [
    tx.escapeLiteral(workspaceId),
    tx.escapeLiteral(quota.resource),
    `${tx.escapeLiteral(quota.periodStart?.toISOString() ?? NO_PERIOD)}::timestamptz`,
    String(BigInt(amount)),
    String(BigInt(quota.limit)),
    tx.escapeLiteral(inUse),
  ];
  await refusedAsLimitExceeded(quota, workspaceId, () => commitWith(tx, `SELECT claim_plan_quota(${args.join(', ')})`));
}

/** What the workspace uses of a resource now (committed claims): the counter row, or `inUse` while there is none. */
export async function planQuotaUsage(db: Pool | PoolClient, workspaceId: string, usage: Pick<PlanQuota, 'resource' | 'periodStart'>, inUse: InUseQuery): Promise<number> {
  const { rows } = await db.query<{ used: string }>(
    `SELECT coalesce((SELECT used FROM plan_usage WHERE workspace_id = $1 AND resource = $3 AND period_start = $2::timestamptz), (${inUse}))::text AS used`,
    [workspaceId, usage.periodStart ?? NO_PERIOD, usage.resource],
  );
  return Number(rows[0]?.used ?? 0);
}

async function refusedAsLimitExceeded(quota: PlanQuota, workspaceId: string, claim: () => Promise<unknown>): Promise<void> {
  try {
    await claim();
  } catch (err) {
    if ((err as { code?: string }).code === QUOTA_EXCEEDED) throw limitExceeded(quota, workspaceId);
    throw err;
  }
}

/**
 * Gives `amount` back, in the transaction that removes what had used it (a deletion). Without a
 * counter row there is nothing to give back: the first claim will count what exists then.
 */
export async function releasePlanQuota(tx: PoolClient, workspaceId: string, resource: PlanResource, amount = 1): Promise<void> {
  await tx.query("UPDATE plan_usage SET used = used - $3 WHERE workspace_id = $1 AND resource = $2 AND period_start = '-infinity'", [workspaceId, resource, amount]);
}
