import type { LocationAccess, Plan, Role, Scope } from '@inv/shared/core';
import type { Pool, PoolClient } from '@inv/shared/db';

type Db = Pool | PoolClient;

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  plan: Plan;
  default_location_id: string | null;
  default_currency: string;
  invoice_number_prefix: string;
  default_tax_percent: string;
  default_tax_included: boolean;
  default_invoice_due_days: number;
  invoicing_business_name: string | null;
  invoicing_brand_color: string | null;
  invoicing_email: string | null;
  invoicing_address: string | null;
  default_invoice_source_location_id: string | null;
  default_transfer_from_location_id: string | null;
  default_location_type: 'warehouse' | 'van' | 'truck' | 'site' | 'other';
  default_markup_percent: string | null;
  fiscal_year_start_month: number;
  billing_provider_id: string | null;
  billing_anchor: Date;
  trial_ends_at: Date | null;
  invite_code: string | null;
  sso_email_domain: string | null;
  sso_enforced_at: Date | null;
  created_at: Date;
  /** Null while the workspace is being created (see the provisioning migration). */
  provisioned_at: Date | null;
  abandoned_at: Date | null;
}

export interface UserRow {
  id: string;
  email: string;
  created_at: Date;
}

export interface MembershipRow {
  role: Role;
  location_access_restricted: boolean;
  location_access: LocationAccess['locations'];
}

export interface ApiKeyRow {
  id: string;
  user_id: string;
  email: string;
  workspace_id: string | null;
  restricted: boolean;
  scopes: Scope[] | null;
  rate_limit: number | null;
}

/**
 * The active key with this hash, and a note that it was used. last_used_at is written at most
 * once a minute per key, so a busy key costs one row update a minute, not one per request.
 */
export async function findActiveKeyMarkingUse(db: Db, hash: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>(
    `WITH found AS (
       SELECT k.id, k.user_id, u.email, k.workspace_id, k.restricted, k.scopes, k.rate_limit
         FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL
     ), used AS (
       UPDATE api_keys SET last_used_at = now()
        WHERE id = (SELECT id FROM found) AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
     )
     SELECT * FROM found`,
    [hash],
  );
  return rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A workspace by id or slug, with the user's membership; undefined when either is missing. */
export async function findMemberWorkspace(db: Db, idOrSlug: string, userId: string): Promise<{ workspace: WorkspaceRow; membership: MembershipRow } | undefined> {
  const byId = UUID.test(idOrSlug);
  const { rows } = await db.query<WorkspaceRow & MembershipRow>(
    `SELECT w.*, m.role, m.location_access_restricted, m.location_access
       FROM workspaces w JOIN memberships m ON m.workspace_id = w.id AND m.user_id = $2
      WHERE ${byId ? 'w.id = $1::uuid' : 'w.slug = $1'} AND w.provisioned_at IS NOT NULL`,
    [idOrSlug, userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { role, location_access_restricted, location_access, ...workspace } = row;
  return { workspace, membership: { role, location_access_restricted, location_access } };
}

export async function listMemberWorkspaces(db: Db, userId: string): Promise<Array<{ workspace: WorkspaceRow; membership: MembershipRow }>> {
  const { rows } = await db.query<WorkspaceRow & MembershipRow>(
    `SELECT w.*, m.role, m.location_access_restricted, m.location_access
       FROM workspaces w JOIN memberships m ON m.workspace_id = w.id AND m.user_id = $1
      WHERE w.provisioned_at IS NOT NULL
      ORDER BY w.created_at, w.id`,
    [userId],
  );
  return rows.map(({ role, location_access_restricted, location_access, ...workspace }) => ({
    workspace,
    membership: { role, location_access_restricted, location_access },
  }));
}

/** A workspace by id or slug; one still being created does not exist yet. */
export async function findWorkspace(db: Db, idOrSlug: string): Promise<WorkspaceRow | undefined> {
  const { rows } = await db.query<WorkspaceRow>(
    `SELECT * FROM workspaces WHERE ${UUID.test(idOrSlug) ? 'id = $1::uuid' : 'slug = $1'} AND provisioned_at IS NOT NULL`,
    [idOrSlug],
  );
  return rows[0];
}

/** Whether the slug is in use, by a workspace that exists or one being created. */
export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM workspaces WHERE slug = $1', [slug]);
  return (rowCount ?? 0) > 0;
}

/** Writes a workspace that is being created: it reserves its id and slug but has no members yet. */
export async function insertWorkspace(db: Db, w: { id: string; name: string; slug: string; plan: Plan }): Promise<WorkspaceRow> {
  const { rows } = await db.query<WorkspaceRow>('INSERT INTO workspaces (id, name, slug, plan) VALUES ($1, $2, $3, $4) RETURNING *', [w.id, w.name, w.slug, w.plan]);
  return rows[0]!;
}

/**
 * Completes the creation of the workspace with its default location, under the workspace's row
 * lock. Undefined when the creation was abandoned (or the workspace is gone) meanwhile.
 */
export async function markProvisioned(tx: PoolClient, workspaceId: string, defaultLocationId: string): Promise<WorkspaceRow | undefined> {
  const { rows } = await tx.query<WorkspaceRow>(
    `UPDATE workspaces SET default_location_id = $2, provisioned_at = now()
      WHERE id = $1 AND provisioned_at IS NULL AND abandoned_at IS NULL RETURNING *`,
    [workspaceId, defaultLocationId],
  );
  return rows[0];
}

/** Gives up the creation of the workspace; false when it is complete (or gone) already. */
export async function markAbandoned(db: Db, workspaceId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE workspaces SET abandoned_at = now() WHERE id = $1 AND provisioned_at IS NULL', [workspaceId]);
  return rowCount === 1;
}

/**
 * Gives up, and returns, up to `limit` creations idle for longer than `idleMs`: started that long
 * ago, or abandoned that long ago without being cleaned up. Rows other transactions hold are
 * skipped, and abandoned_at restarts the idle clock, so sweepers never work on one at once.
 */
export async function claimStaleCreations(db: Db, idleMs: number, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE workspaces SET abandoned_at = now()
      WHERE id IN (
        SELECT id FROM workspaces
         WHERE provisioned_at IS NULL AND coalesce(abandoned_at, created_at) < now() - make_interval(secs => $1::double precision / 1000)
         ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [idleMs, limit],
  );
  return rows.map((r) => r.id);
}

/** Deletes a workspace whose creation was abandoned; never one that was completed. */
export async function deleteAbandonedWorkspace(db: Db, workspaceId: string): Promise<void> {
  await db.query('DELETE FROM workspaces WHERE id = $1 AND abandoned_at IS NOT NULL AND provisioned_at IS NULL', [workspaceId]);
}

/** The job and transfer defaults the owner sets; a field left out keeps its value. Undefined when the workspace is gone. */
export async function updateWorkspaceDefaults(
  db: Db,
  workspaceId: string,
  changes: {
    defaultInvoiceSourceLocationId?: string | null;
    defaultTransferFromLocationId?: string | null;
    defaultMarkupPercent?: number | null;
    defaultTaxPercent?: number;
    defaultTaxIncluded?: boolean;
    defaultCurrency?: string;
  },
): Promise<WorkspaceRow | undefined> {
  const columns = {
    defaultInvoiceSourceLocationId: 'default_invoice_source_location_id',
    defaultTransferFromLocationId: 'default_transfer_from_location_id',
    defaultMarkupPercent: 'default_markup_percent',
    defaultTaxPercent: 'default_tax_percent',
    defaultTaxIncluded: 'default_tax_included',
    defaultCurrency: 'default_currency',
  } as const;
  const given = (Object.keys(columns) as Array<keyof typeof columns>).filter((field) => changes[field] !== undefined);
  const sets = given.map((field, i) => `${columns[field]} = $${i + 2}`);
  const { rows } = await db.query<WorkspaceRow>(
    sets.length === 0 ? 'SELECT * FROM workspaces WHERE id = $1' : `UPDATE workspaces SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
    [workspaceId, ...given.map((field) => changes[field])],
  );
  return rows[0];
}

export async function setPlan(db: Db, workspaceId: string, plan: Plan): Promise<WorkspaceRow | undefined> {
  const { rows } = await db.query<WorkspaceRow>('UPDATE workspaces SET plan = $2 WHERE id = $1 RETURNING *', [workspaceId, plan]);
  return rows[0];
}

/** Finds the user by e-mail (case-insensitively) or creates it. */
export async function upsertUser(tx: PoolClient, id: string, email: string): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `INSERT INTO users (id, email) VALUES ($1, $2)
     ON CONFLICT (lower(email)) DO UPDATE SET email = users.email
     RETURNING *`,
    [id, email],
  );
  return rows[0]!;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0];
}

/** Answers whether the member is new (inserted) rather than updated; xmax is 0 only on a row this statement inserted. */
export async function upsertMembership(tx: PoolClient, m: { workspaceId: string; userId: string; role: Role; access: LocationAccess }): Promise<{ added: boolean }> {
  const { rows } = await tx.query<{ added: boolean }>(
    `INSERT INTO memberships (workspace_id, user_id, role, location_access_restricted, location_access) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = EXCLUDED.role,
       location_access_restricted = EXCLUDED.location_access_restricted, location_access = EXCLUDED.location_access
     RETURNING xmax = 0 AS added`,
    [m.workspaceId, m.userId, m.role, m.access.restricted, JSON.stringify(m.access.locations)],
  );
  return { added: rows[0]!.added };
}

/** How the plan's users are counted afresh (see InUseQuery): members of the workspace. */
export const MEMBERS_IN_USE = 'SELECT count(*) FROM memberships WHERE workspace_id = $1::uuid';

export async function isMember(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM memberships WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]);
  return (rowCount ?? 0) > 0;
}

export async function insertApiKey(
  tx: Db,
  k: { id: string; hash: string; displayPrefix: string; userId: string; workspaceId: string | null; restricted: boolean; scopes: Scope[] | null; rateLimit: number | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO api_keys (id, key_hash, display_prefix, user_id, workspace_id, restricted, scopes, rate_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [k.id, k.hash, k.displayPrefix, k.userId, k.workspaceId, k.restricted, k.scopes, k.rateLimit],
  );
}

export async function revokeApiKey(db: Db, id: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export interface WorkspaceSummaryRow {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  default_location_id: string | null;
  members: number;
  created_at: Date;
}

/** Workspaces whose name or slug contains `search` (ignoring case), oldest first, with the total that match; not those still being created. */
export async function listWorkspaces(db: Db, filter: { search?: string; limit: number; offset: number }): Promise<{ total: number; rows: WorkspaceSummaryRow[] }> {
  const pattern = filter.search === undefined ? null : `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = 'w.provisioned_at IS NOT NULL AND ($1::text IS NULL OR w.name ILIKE $1 OR w.slug ILIKE $1)';
  const [total, page] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM workspaces w WHERE ${where}`, [pattern]),
    db.query<WorkspaceSummaryRow>(
      `SELECT w.id, w.name, w.slug, w.plan, w.default_location_id, w.created_at,
              (SELECT count(*)::int FROM memberships m WHERE m.workspace_id = w.id) AS members
         FROM workspaces w WHERE ${where}
        ORDER BY w.created_at, w.id LIMIT $2 OFFSET $3`,
      [pattern, filter.limit, filter.offset],
    ),
  ]);
  return { total: total.rows[0]?.n ?? 0, rows: page.rows };
}

export interface MemberRow extends MembershipRow {
  user_id: string;
  email: string;
  joined_at: Date;
}

export async function listMembers(db: Db, workspaceId: string): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT u.id AS user_id, u.email, m.role, m.location_access_restricted, m.location_access, m.created_at AS joined_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1
      ORDER BY m.created_at, u.email`,
    [workspaceId],
  );
  return rows;
}

/** What is known about a key without the key itself: only its hash is stored, and that is not returned either. */
export interface KeySummaryRow {
  id: string;
  display_prefix: string;
  email: string;
  restricted: boolean;
  scopes: Scope[] | null;
  rate_limit: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * The keys that can act on a workspace: its restricted keys, and the full-access keys of its
 * members (a full-access key works in every workspace of its user). Revoked keys included.
 */
export async function listKeys(db: Db, workspaceId: string, email?: string): Promise<KeySummaryRow[]> {
  const { rows } = await db.query<KeySummaryRow>(
    `SELECT k.id, k.display_prefix, u.email, k.restricted, k.scopes, k.rate_limit, k.created_at, k.last_used_at, k.revoked_at
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE (k.workspace_id = $1
             OR (k.workspace_id IS NULL AND EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = $1 AND m.user_id = k.user_id)))
        AND ($2::text IS NULL OR lower(u.email) = lower($2))
      ORDER BY k.created_at, k.id`,
    [workspaceId, email ?? null],
  );
  return rows;
}
