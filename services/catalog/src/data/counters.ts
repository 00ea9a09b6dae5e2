import type { InUseQuery, Pool } from '@inv/shared/db';

/** How the plan's catalog resources are counted afresh (see InUseQuery); claimed with claimPlanQuota after the insert. */
export const IN_USE: Record<'items' | 'tags' | 'suppliers', InUseQuery> = {
  items: 'SELECT count(*) FROM items WHERE workspace_id = $1',
  tags: 'SELECT count(*) FROM tags WHERE workspace_id = $1',
  suppliers: 'SELECT count(*) FROM suppliers WHERE workspace_id = $1',
};

export async function catalogUsage(pool: Pool, workspaceId: string): Promise<{ items: number; suppliers: number; tags: number }> {
  const { rows } = await pool.query<{ items: number; suppliers: number; tags: number }>(
    `SELECT (SELECT count(*)::int FROM items WHERE workspace_id = $1) AS items,
            (SELECT count(*)::int FROM suppliers WHERE workspace_id = $1) AS suppliers,
            (SELECT count(*)::int FROM tags WHERE workspace_id = $1) AS tags`,
    [workspaceId],
  );
  return rows[0] ?? { items: 0, suppliers: 0, tags: 0 };
}
