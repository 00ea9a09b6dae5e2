import { type CommittedLocation, type LocationChanged, type LocationDeleted, type LocationSnapshot, type LocationType, type ResolvedLocations } from '@inv/shared/core';
import { type InUseQuery, isUniqueViolation, SqlConditions, type PoolClient, type Pool } from '@inv/shared/db';
import type { Location, LocationChanges, NamedLocation, NewLocation, Referrers } from '../domain/location';

type Db = Pool | PoolClient;

export interface LocationRow {
  id: string;
  workspace_id: string;
  name: string;
  type: Location['type'];
  active: boolean;
  is_default: boolean;
  icon: Location['icon'];
  note: string;
  latitude: number | null;
  longitude: number | null;
  geofence_radius_m: number | null;
  access_level: Location['accessLevel'];
  replenish_from: string | null;
  created_at: Date;
  /** bigint, as pg returns it: see toSnapshot. */
  version: string;
  deleted_at: Date | null;
}

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    icon: row.icon,
    note: row.note,
    latitude: row.latitude,
    longitude: row.longitude,
    geofenceRadiusM: row.geofence_radius_m,
    accessLevel: row.access_level,
    replenishFrom: row.replenish_from,
  };
}

function toSnapshot(row: LocationRow): LocationSnapshot {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    active: row.active,
    isDefault: row.is_default,
    version: Number(row.version),
    replenishFrom: row.replenish_from,
  };
}

/** The payload of location.created and location.updated for the row the event's transaction writes: its resource is what the API answers for it. */
export function locationChanged(row: LocationRow): LocationChanged {
  return { ...toSnapshot(row), resource: toLocation(row) };
}

/** The payload of location.deleted for `live`, the location's row as it was before the deletion (see LocationDeleted). */
export function locationDeleted(live: LocationRow): LocationDeleted {
  return { id: live.id, resource: toLocation(live) };
}

/**
 * The version the next write of a location gets: from one sequence, so versions only grow and a
 * rolled-back write's number is never given again (the stock service's copy keeps the highest it saw).
 */
export async function nextLocationVersion(tx: PoolClient): Promise<number> {
  const { rows } = await tx.query<{ version: string }>("SELECT nextval('location_versions') AS version");
  return Number(rows[0]!.version);
}

/**
 * The location as committed once no write to it is in flight, deleted or not: the share lock
 * waits for a writer holding it, so a caller (the gateway checking a workspace default) never
 * takes the state before a change still committing for the last word.
 */
export async function committedLocation(db: Db, workspaceId: string, id: string): Promise<CommittedLocation | undefined> {
  const { rows } = await db.query<LocationRow>('SELECT * FROM locations WHERE workspace_id = $1 AND id = $2 FOR SHARE', [workspaceId, id]);
  const row = rows[0];
  return row && { ...toSnapshot(row), deleted: row.deleted_at !== null };
}

/**
 * The live location each ref names: by id when it is one, else by name (case and surrounding
 * spaces ignored; names are unique among live locations); null when none. One statement.
 */
export async function resolveLocationRefs(db: Db, workspaceId: string, refs: readonly string[]): Promise<ResolvedLocations> {
  const unique = [...new Set(refs)];
  const { rows } = await db.query<{ ref: string; id: string | null; name: string | null }>(
    `SELECT r.ref, l.id, l.name FROM unnest($2::text[]) AS r(ref)
       LEFT JOIN LATERAL (
         SELECT id, name FROM locations
          WHERE workspace_id = $1 AND deleted_at IS NULL
            AND (CASE WHEN r.ref ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN id = r.ref::uuid ELSE lower(name) = lower(btrim(r.ref)) END)
          LIMIT 1) l ON true`,
    [workspaceId, unique],
  );
  return rows;
}

/** Raised by the writes below when another live location of the workspace has the name. */
export class DuplicateName extends Error {}

const NAME_INDEX = 'locations_workspace_name';

function duplicateNameOr(err: unknown): unknown {
  return isUniqueViolation(err, NAME_INDEX) ? new DuplicateName() : err;
}

export async function findLocation(db: Db, workspaceId: string, id: string): Promise<LocationRow | undefined> {
  const { rows } = await db.query<LocationRow>('SELECT * FROM locations WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL', [workspaceId, id]);
  return rows[0];
}

/** The live location, locked until the transaction ends so concurrent writes to it queue. */
export async function lockLocation(tx: PoolClient, workspaceId: string, id: string): Promise<LocationRow | undefined> {
  const { rows } = await tx.query<LocationRow>('SELECT * FROM locations WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL FOR UPDATE', [workspaceId, id]);
  return rows[0];
}

export async function findDefaultLocation(db: Db, workspaceId: string): Promise<LocationRow | undefined> {
  const { rows } = await db.query<LocationRow>('SELECT * FROM locations WHERE workspace_id = $1 AND is_default AND deleted_at IS NULL', [workspaceId]);
  return rows[0];
}

/** Inserts the default location unless the workspace already has one; returns the row that exists afterwards. */
export async function insertDefaultLocation(tx: PoolClient, workspaceId: string, id: string, name: string): Promise<{ row: LocationRow; created: boolean }> {
  const inserted = await tx.query<LocationRow>(
    `INSERT INTO locations (id, workspace_id, name, type, is_default) VALUES ($1, $2, $3, 'warehouse', true)
     ON CONFLICT (workspace_id) WHERE is_default DO NOTHING RETURNING *`,
    [id, workspaceId, name],
  );
  if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
  const existing = await findDefaultLocation(tx, workspaceId);
  if (!existing) throw new Error('default location vanished while creating it');
  return { row: existing, created: false };
}

/**
 * Serialises the default location's creation against the workspace's abandonment until the
 * transaction ends, so whichever comes second sees the first. The two-key form keeps these
 * locks apart from other advisory locks on the same database.
 */
export async function lockWorkspaceLocations(tx: PoolClient, workspaceId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('locations'), hashtext($1))", [workspaceId]);
}

/**
 * Serialises, per workspace, every write that can break the replenishment rules (naming a
 * source, deactivating or deleting a location) until the transaction ends: each decides from
 * what the ones before it committed, so two writes that are each fine alone (A from B and B from
 * A; a van from the warehouse and the warehouse deactivated) can never both commit. Read the
 * facts in statements after this one: under READ COMMITTED they see what committed before.
 */
export async function lockWorkspaceReplenishment(tx: PoolClient, workspaceId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('locations.replenishment'), hashtext($1))", [workspaceId]);
}

/** How far the walk of sources goes: further than any real chain, and a bound should a cycle ever be stored. */
const CHAIN_LIMIT = 1000;

/**
 * The chain of sources from `fromId` (following replenish_from among live locations, `fromId`
 * first) when it reaches `toId`, ending there; empty when it does not. One statement.
 */
export async function replenishmentChain(db: Db, workspaceId: string, fromId: string, toId: string): Promise<NamedLocation[]> {
  const { rows } = await db.query<NamedLocation>(
    `WITH RECURSIVE walk (id, name, next, step) AS (
       SELECT id, name, replenish_from, 1 FROM locations WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL
       UNION ALL
       SELECT l.id, l.name, l.replenish_from, w.step + 1
         FROM walk w JOIN locations l ON l.workspace_id = $1 AND l.id = w.next AND l.deleted_at IS NULL
        WHERE w.id <> $3 AND w.step < $4)
     SELECT id, name FROM walk WHERE EXISTS (SELECT 1 FROM walk WHERE id = $3) ORDER BY step`,
    [workspaceId, fromId, toId, CHAIN_LIMIT],
  );
  return rows;
}

/** The first `limit` live locations (oldest first) refilled from the location, and how many there are in all. */
export async function replenishedFrom(db: Db, workspaceId: string, sourceId: string, limit: number): Promise<Referrers> {
  const { rows } = await db.query<NamedLocation & { total: number }>(
    `SELECT id, name, count(*) OVER ()::int AS total FROM locations
      WHERE workspace_id = $1 AND replenish_from = $2 AND deleted_at IS NULL ORDER BY created_at, id LIMIT $3`,
    [workspaceId, sourceId, limit],
  );
  return { named: rows.map(({ id, name }) => ({ id, name })), total: rows[0]?.total ?? 0 };
}

/** Throws DuplicateName when a live location of the workspace has the name (case-insensitively). */
export async function insertLocation(tx: PoolClient, workspaceId: string, id: string, location: NewLocation): Promise<LocationRow> {
  const { rows } = await tx
    .query<LocationRow>(
      `INSERT INTO locations (id, workspace_id, name, type, icon, note, access_level, latitude, longitude, geofence_radius_m, replenish_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [id, workspaceId, location.name, location.type, location.icon, location.note, location.accessLevel, location.latitude, location.longitude, location.geofenceRadiusM, location.replenishFrom],
    )
    .catch((err) => {
      throw duplicateNameOr(err);
    });
  return rows[0]!;
}

const COLUMNS: Record<keyof LocationChanges, string> = {
  name: 'name',
  type: 'type',
  active: 'active',
  icon: 'icon',
  note: 'note',
  latitude: 'latitude',
  longitude: 'longitude',
  geofenceRadiusM: 'geofence_radius_m',
  accessLevel: 'access_level',
  replenishFrom: 'replenish_from',
};

/** Applies non-empty `changes` and the location's new version to a live location. Throws DuplicateName on a name taken in the workspace. */
export async function updateLocation(tx: PoolClient, workspaceId: string, id: string, changes: LocationChanges, version: number): Promise<LocationRow | undefined> {
  const entries = Object.entries(changes) as Array<[keyof LocationChanges, unknown]>;
  const assignments = entries.map(([field], i) => `${COLUMNS[field]} = $${i + 4}`);
  const { rows } = await tx
    .query<LocationRow>(
      `UPDATE locations SET ${assignments.join(', ')}, version = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING *`,
      [workspaceId, id, version, ...entries.map(([, value]) => value)],
    )
    .catch((err) => {
      throw duplicateNameOr(err);
    });
  return rows[0];
}

/** How the plan's locations are counted afresh (see InUseQuery): live (not deleted) locations, the default included; a deletion releases one. */
export const LOCATIONS_IN_USE: InUseQuery = 'SELECT count(*) FROM locations WHERE workspace_id = $1 AND deleted_at IS NULL';

export async function softDeleteLocation(tx: PoolClient, workspaceId: string, id: string): Promise<LocationRow | undefined> {
  const { rows } = await tx.query<LocationRow>(
    "UPDATE locations SET deleted_at = now(), updated_at = now(), version = nextval('location_versions') WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING *",
    [workspaceId, id],
  );
  return rows[0];
}

/** Soft-deletes the workspace's default location; undefined when it has no live one. */
export async function softDeleteDefaultLocation(tx: PoolClient, workspaceId: string): Promise<LocationRow | undefined> {
  const { rows } = await tx.query<LocationRow>(
    "UPDATE locations SET deleted_at = now(), updated_at = now(), version = nextval('location_versions') WHERE workspace_id = $1 AND is_default AND deleted_at IS NULL RETURNING *",
    [workspaceId],
  );
  return rows[0];
}

/** Records that the gateway gave the workspace up while creating it (idempotent). */
export async function markWorkspaceAbandoned(tx: PoolClient, workspaceId: string): Promise<void> {
  await tx.query('INSERT INTO abandoned_workspaces (workspace_id) VALUES ($1) ON CONFLICT DO NOTHING', [workspaceId]);
}

export async function isWorkspaceAbandoned(db: Db, workspaceId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM abandoned_workspaces WHERE workspace_id = $1', [workspaceId]);
  return (rowCount ?? 0) > 0;
}

export interface LocationFilter {
  active?: boolean;
  types?: LocationType[];
  /** Case-insensitive substring of the name or the note. */
  search?: string;
  /** Only these ids (a restricted member's readable locations). */
  ids?: string[];
}

function where(workspaceId: string, filter: LocationFilter): { clause: string; params: unknown[] } {
  const w = new SqlConditions().add((n) => `workspace_id = ${n}`, workspaceId).raw('deleted_at IS NULL');
  if (filter.active !== undefined) w.add((n) => `active = ${n}`, filter.active);
  if (filter.types !== undefined) w.add((n) => `type = ANY(${n}::text[])`, filter.types);
  if (filter.search !== undefined) w.add((n) => `(name ILIKE ${n} OR note ILIKE ${n})`, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.ids !== undefined) w.add((n) => `id = ANY(${n}::uuid[])`, filter.ids);
  return { clause: w.sql, params: w.params };
}

/** Oldest first (the default location leads), id breaking ties so pages never overlap. */
export async function listLocations(db: Db, workspaceId: string, filter: LocationFilter, page: { limit: number; offset: number }): Promise<LocationRow[]> {
  const { clause, params } = where(workspaceId, filter);
  const { rows } = await db.query<LocationRow>(
    `SELECT * FROM locations WHERE ${clause} ORDER BY created_at, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return rows;
}

export async function countLocations(db: Db, workspaceId: string, filter: LocationFilter = {}): Promise<number> {
  const { clause, params } = where(workspaceId, filter);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM locations WHERE ${clause}`, params);
  return rows[0]?.n ?? 0;
}
