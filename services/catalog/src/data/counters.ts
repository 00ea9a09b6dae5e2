import type { PlanQuota, Pool } from '@inv/shared/db';

export type CountedResource = 'items' | 'tags' | 'suppliers';

const TABLES: Record<CountedResource, string> = { items: 'items', tags: 'tags', suppliers: 'suppliers' };

/** The plan's limit on a catalog resource as a shared plan quota (claimed with claimPlanQuota after the insert). */
export function catalogQuota(resource: CountedResource, limit: number, plan: string): PlanQuota {
  return { resource, limit, plan, inUse: `SELECT count(*) FROM ${TABLES[resource]} WHERE workspace_id = $1` };
}

export async function catalogUsage(pool: Pool, workspaceId: string): Promise<{ items: number; suppliers: number; tags: number }> {
  const { rows } = await pool.query<{ items: number; suppliers: number; tags: number }>(
    `SELECT (SELECT count(*)::int FROM items WHERE workspace_id = $1) AS items,
            (SELECT count(*)::int FROM suppliers WHERE workspace_id = $1) AS suppliers,
            (SELECT count(*)::int FROM tags WHERE workspace_id = $1) AS tags`,
    [workspaceId],
  );
  return rows[0] ?? { items: 0, suppliers: 0, tags: 0 };
}
