import type { Pool, PoolClient } from '@inv/shared/db';
import type { Tag } from '../domain/tag';

type Db = Pool | PoolClient;

export async function insertTag(tx: PoolClient, workspaceId: string, tag: Tag): Promise<void> {
  await tx.query('INSERT INTO tags (id, workspace_id, name, color) VALUES ($1, $2, $3, $4)', [tag.id, workspaceId, tag.name, tag.color]);
}

export async function listTags(db: Db, workspaceId: string, page: { limit: number; offset: number }): Promise<{ tags: Tag[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<Tag>('SELECT id, name, color FROM tags WHERE workspace_id = $1 ORDER BY lower(name), id LIMIT $2 OFFSET $3', [workspaceId, page.limit, page.offset]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM tags WHERE workspace_id = $1', [workspaceId]),
  ]);
  return { tags: list.rows, total: count.rows[0]?.n ?? 0 };
}

/** The workspace's tags among `ids` (well-formed uuids only) and among the lowercased `names`. */
export async function findTags(db: Db, workspaceId: string, ids: string[], names: string[]): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0 && names.length === 0) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM tags WHERE workspace_id = $1 AND (id = ANY($2::uuid[]) OR lower(name) = ANY($3::text[]))',
    [workspaceId, ids, names],
  );
  return rows;
}

/** insertTag for many, in one statement. */
export async function insertTags(tx: PoolClient, workspaceId: string, tags: Tag[]): Promise<void> {
  if (tags.length === 0) return;
  await tx.query('INSERT INTO tags (id, workspace_id, name, color) SELECT id, $1, name, color FROM unnest($2::uuid[], $3::text[], $4::text[]) AS t(id, name, color)', [
    workspaceId,
    tags.map((t) => t.id),
    tags.map((t) => t.name),
    tags.map((t) => t.color),
  ]);
}
