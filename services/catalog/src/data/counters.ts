import type { Pool, PoolClient } from '@inv/shared';

export type CountedResource = 'items' | 'tags' | 'suppliers';

const TABLES: Record<CountedResource, string> = { items: 'items', tags: 'tags', suppliers: 'suppliers' };

/**
 * Serializes creations of one resource in one workspace until the transaction ends, so the
 * count read next stays true until the insert commits (no two requests both see room for one).
 */
export async function lockAndCount(tx: PoolClient, workspaceId: string, resource: CountedResource): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${workspaceId}:${resource}`]);
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${TABLES[resource]} WHERE workspace_id = $1`, [workspaceId]);
  return rows[0]?.n ?? 0;
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
