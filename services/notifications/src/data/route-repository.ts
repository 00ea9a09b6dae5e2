import type { Pool, PoolClient } from '@inv/shared/db';

type Db = Pool | PoolClient;

/**
 * Serialises the changes of one workspace's routes until the transaction ends: a change of its
 * endpoints binds what they need while holding it, and the reconciler unbinds what none needs only
 * while holding it and after reading the endpoints under it, so an unbinding never undoes the
 * binding of an endpoint being created.
 */
export async function lockRoutes(tx: PoolClient, workspaceId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('notifications.routes'), hashtext($1))", [workspaceId]);
}

/** The types the queue was bound to, per workspace (of `workspaceIds`, or every workspace). */
export async function routedTypes(db: Db, workspaceIds?: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ workspace_id: string; types: string[] }>(
    `SELECT workspace_id, array_agg(type ORDER BY type) AS types FROM routes ${workspaceIds ? 'WHERE workspace_id = ANY($1)' : ''} GROUP BY workspace_id`,
    workspaceIds ? [workspaceIds] : [],
  );
  return new Map(rows.map((r) => [r.workspace_id, r.types]));
}

/** The `events` filters of the enabled endpoints, per workspace (of `workspaceIds`, or every workspace). */
export async function enabledFilters(db: Db, workspaceIds?: readonly string[]): Promise<Map<string, string[][]>> {
  const { rows } = await db.query<{ workspace_id: string; events: string[] }>(
    `SELECT workspace_id, events FROM endpoints WHERE enabled ${workspaceIds ? 'AND workspace_id = ANY($1)' : ''}`,
    workspaceIds ? [workspaceIds] : [],
  );
  const filters = new Map<string, string[][]>();
  for (const r of rows) filters.set(r.workspace_id, [...(filters.get(r.workspace_id) ?? []), r.events]);
  return filters;
}

export async function saveRoutes(tx: PoolClient, workspaceId: string, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await tx.query('INSERT INTO routes (workspace_id, type) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [workspaceId, types]);
}

export async function dropRoutes(tx: PoolClient, workspaceId: string, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await tx.query('DELETE FROM routes WHERE workspace_id = $1 AND type = ANY($2::text[])', [workspaceId, types]);
}
