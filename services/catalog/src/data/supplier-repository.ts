import type { Pool, PoolClient } from '@inv/shared/db';
import type { Supplier } from '../domain/supplier';

type Db = Pool | PoolClient;

export async function insertSupplier(tx: PoolClient, workspaceId: string, supplier: Supplier): Promise<void> {
  await tx.query('INSERT INTO suppliers (id, workspace_id, name, email, phone) VALUES ($1, $2, $3, $4, $5)', [
    supplier.id,
    workspaceId,
    supplier.name,
    supplier.email,
    supplier.phone,
  ]);
}

export async function listSuppliers(db: Db, workspaceId: string, page: { limit: number; offset: number }): Promise<{ suppliers: Supplier[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<Supplier>('SELECT id, name, email, phone FROM suppliers WHERE workspace_id = $1 ORDER BY lower(name), id LIMIT $2 OFFSET $3', [
      workspaceId,
      page.limit,
      page.offset,
    ]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM suppliers WHERE workspace_id = $1', [workspaceId]),
  ]);
  return { suppliers: list.rows, total: count.rows[0]?.n ?? 0 };
}

/** The workspace's suppliers among `ids` (well-formed uuids only). */
export async function findSupplierIds(db: Db, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>('SELECT id FROM suppliers WHERE workspace_id = $1 AND id = ANY($2::uuid[])', [workspaceId, ids]);
  return new Set(rows.map((r) => r.id));
}

/** The workspace's suppliers named (ignoring case) by the lowercased `names`, by lowercased name. */
export async function findSuppliersByName(db: Db, workspaceId: string, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; key: string }>('SELECT id, lower(name) AS key FROM suppliers WHERE workspace_id = $1 AND lower(name) = ANY($2::text[])', [workspaceId, names]);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** insertSupplier for many, in one statement. */
export async function insertSuppliers(tx: PoolClient, workspaceId: string, suppliers: Supplier[]): Promise<void> {
  if (suppliers.length === 0) return;
  await tx.query('INSERT INTO suppliers (id, workspace_id, name, email, phone) SELECT id, $1, name, email, phone FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS s(id, name, email, phone)', [
    workspaceId,
    suppliers.map((s) => s.id),
    suppliers.map((s) => s.name),
    suppliers.map((s) => s.email),
    suppliers.map((s) => s.phone),
  ]);
}
