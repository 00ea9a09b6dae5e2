import { LimitExceeded, type PlanQuota } from '@inv/shared/core';
import { claimPlanQuota, claimPlanQuotaAndCommit, createPool, PLAN_USAGE_TABLE_SQL, planQuotaUsage, releasePlanQuota, withTransaction, type Pool } from '@inv/shared/db';
import { createLogger } from '@inv/shared/observability';
import { sql, unique } from '../support/fixtures';

/** The shared plan quota on a schema of its own: a table of things and its counter table. */
let pool: Pool;
const schema = unique('quota').toLowerCase().replace(/[^a-z0-9_]/g, '_');
// The counter of a resource a plan limits ('items' here), its limit set by the test.
const quota = (limit: number): PlanQuota => ({ resource: 'items', limit, plan: 'free', periodStart: null, wording: 'things' });
const IN_USE = 'SELECT count(*) FROM things WHERE workspace_id = $1';
const things = async (ws: string) => (await sql(`SELECT count(*)::int AS n FROM ${schema}.things WHERE workspace_id = $1`, [ws]))[0].n;
const addThing = (ws: string, claim: (tx: import('pg').PoolClient) => Promise<void>) =>
  withTransaction(pool, async (tx) => {
    await tx.query('INSERT INTO things (workspace_id) VALUES ($1)', [ws]);
    await claim(tx);
  });

beforeAll(async () => {
  await sql(`CREATE SCHEMA ${schema}`);
  pool = createPool(process.env.TEST_DATABASE_URL!, createLogger('plan-quota-test', 'silent'), { max: 3, options: `-c search_path=${schema}` });
  await pool.query(`CREATE TABLE things (workspace_id text NOT NULL); ${PLAN_USAGE_TABLE_SQL}`);
});
afterAll(async () => {
  await pool.end();
  await sql(`DROP SCHEMA ${schema} CASCADE`);
});

describe('shared plan quota', () => {
  it('when the first claim finds things written before the counter existed, then it starts from their count, its own row included', async () => {
    await sql(`INSERT INTO ${schema}.things (workspace_id) VALUES ('a'), ('a')`);
    await addThing('a', (tx) => claimPlanQuota(tx, 'a', quota(3), IN_USE));
    await expect(addThing('a', (tx) => claimPlanQuota(tx, 'a', quota(3), IN_USE))).rejects.toBeInstanceOf(LimitExceeded);
    expect({ things: await things('a'), usage: await planQuotaUsage(pool, 'a', quota(3), IN_USE) }).toEqual({ things: 3, usage: 3 });
  });

  it('when claimed with COMMIT in one message, then the claim and the writes are committed and the next transaction on the same clients commits normally', async () => {
    for (let i = 0; i < 5; i++) await addThing('b', (tx) => claimPlanQuotaAndCommit(tx, 'b', quota(5), IN_USE));
    await expect(addThing('b', (tx) => claimPlanQuotaAndCommit(tx, 'b', quota(5), IN_USE))).rejects.toBeInstanceOf(LimitExceeded);
    await withTransaction(pool, (tx) => tx.query("INSERT INTO things (workspace_id) VALUES ('after')"));
    expect({ b: await things('b'), after: await things('after'), usage: await planQuotaUsage(pool, 'b', quota(5), IN_USE) }).toEqual({ b: 5, after: 1, usage: 5 });
  });

  it('when 30 claims of 2 race for 7 left, then exactly 3 succeed and a release frees a slot', async () => {
    await addThing('c', (tx) => claimPlanQuota(tx, 'c', quota(8), IN_USE));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        withTransaction(pool, async (tx) => {
          await tx.query("INSERT INTO things (workspace_id) VALUES ('c'), ('c')");
          await claimPlanQuotaAndCommit(tx, 'c', quota(8), IN_USE, 2);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(LimitExceeded);
    expect(await things('c')).toBe(7);
    await withTransaction(pool, async (tx) => {
      await tx.query("DELETE FROM things WHERE ctid = (SELECT ctid FROM things WHERE workspace_id = 'c' LIMIT 1)");
      await releasePlanQuota(tx, 'c', 'items');
    });
    await addThing('c', (tx) => claimPlanQuota(tx, 'c', quota(8), IN_USE, 1));
    expect(await planQuotaUsage(pool, 'c', quota(8), IN_USE)).toBe(7);
    await addThing('c', (tx) => claimPlanQuota(tx, 'c', quota(8), IN_USE, 1));
    await expect(addThing('c', (tx) => claimPlanQuota(tx, 'c', quota(8), IN_USE, 1))).rejects.toBeInstanceOf(LimitExceeded);
  });
});
