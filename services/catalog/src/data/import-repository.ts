import { type Actor, Caller, type ImportRowError } from '@inv/shared/core';
import { boundedCountSql, cursorTimeSql, keysetPage, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import type { Pool, PoolClient } from '@inv/shared/db';
import { ERRORS_SHOWN, type Import, type ImportKind, type ImportMode, type ImportStatus } from '../domain/import-job';

type Db = Pool | PoolClient;

interface ImportRow {
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  dry_run: boolean;
  status: ImportStatus;
  rows_total: number;
  rows_valid: number;
  rows_invalid: number;
  rows_applied: number;
  error_count: number;
  failure: string | null;
  created_at: Date;
  completed_at: Date | null;
  created_by: Actor;
  errors: ImportRowError[] | null;
  cursor_time?: string;
}

const COLUMNS = `i.id, i.kind, i.mode, i.dry_run, i.status, i.rows_total, i.rows_valid, i.rows_invalid, i.rows_applied, i.error_count, i.failure,
  i.created_at, i.completed_at, i.created_by, ${cursorTimeSql('i.created_at')} AS cursor_time,
  (SELECT json_agg(json_build_object('row', e.row, 'column', e."column", 'code', e.code, 'message', e.message) ORDER BY e.seq)
     FROM (SELECT * FROM import_errors WHERE workspace_id = i.workspace_id AND import_id = i.id ORDER BY seq LIMIT ${ERRORS_SHOWN}) e) AS errors`;

function toImport(r: ImportRow): Import {
  return {
    id: r.id,
    kind: r.kind,
    mode: r.mode,
    dryRun: r.dry_run,
    status: r.status,
    rows: { total: r.rows_total, valid: r.rows_valid, invalid: r.rows_invalid, applied: r.rows_applied },
    errors: r.errors ?? [],
    errorCount: r.error_count,
    failure: r.failure,
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
    createdBy: r.created_by,
  };
}

export interface NewImport {
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  dryRun: boolean;
  file: Buffer;
  caller: Caller;
  rowsTotal: number;
  now: Date;
}

export async function insertImport(tx: PoolClient, workspaceId: string, job: NewImport): Promise<Import> {
  await tx.query(
    `INSERT INTO imports (workspace_id, id, kind, mode, dry_run, status, file, caller, created_by, rows_total, created_at)
     VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, $9, $10)`,
    [workspaceId, job.id, job.kind, job.mode, job.dryRun, job.file, JSON.stringify(job.caller), JSON.stringify({ userId: job.caller.user.id, keyId: job.caller.keyId }), job.rowsTotal, job.now],
  );
  return (await findImport(tx, workspaceId, job.id))!;
}

export async function findImport(db: Db, workspaceId: string, id: string): Promise<Import | undefined> {
  const { rows } = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM imports i WHERE i.workspace_id = $1 AND i.id = $2`, [workspaceId, id]);
  return rows[0] && toImport(rows[0]);
}

/** The workspace's imports, newest first, one keyset page, and the total (bounded) unless the page is asked by key. */
export async function listImports(db: Db, workspaceId: string, page: PageRequest<TimeIdKey>): Promise<{ rows: Import[]; next?: TimeIdKey; total?: number }> {
  const after = page.after ? 'AND (i.created_at, i.id) < ($2::timestamptz, $3::uuid)' : '';
  const [list, count] = await Promise.all([
    db.query<ImportRow>(
      `SELECT ${COLUMNS} FROM imports i WHERE i.workspace_id = $1 ${after} ORDER BY i.created_at DESC, i.id DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [workspaceId, ...page.after] : [workspaceId],
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql('FROM imports i WHERE i.workspace_id = $1', 'i.id'), [workspaceId]),
  ]);
  const { rows: pageRows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.cursor_time!, last.id], count);
  return { rows: pageRows.map(toImport), next, total };
}

/** One page of an import's errors, by row; undefined when the import does not exist. */
export async function importErrors(db: Db, workspaceId: string, id: string, page: { limit: number; offset: number }): Promise<{ errors: ImportRowError[]; total: number } | undefined> {
  const { rows } = await db.query<{ error_count: number; errors: ImportRowError[] | null }>(
    `SELECT i.error_count,
            (SELECT json_agg(json_build_object('row', e.row, 'column', e."column", 'code', e.code, 'message', e.message) ORDER BY e.seq)
               FROM (SELECT * FROM import_errors WHERE workspace_id = i.workspace_id AND import_id = i.id ORDER BY seq LIMIT $3 OFFSET $4) e) AS errors
       FROM imports i WHERE i.workspace_id = $1 AND i.id = $2`,
    [workspaceId, id, page.limit, page.offset],
  );
  return rows[0] && { errors: rows[0].errors ?? [], total: rows[0].error_count };
}

/** A job as the worker runs it: the file, who sent it, which run this is. */
export interface ClaimedImport {
  readonly workspaceId: string;
  id: string;
  kind: ImportKind;
  mode: ImportMode;
  dryRun: boolean;
  file: Buffer;
  caller: Caller;
  attempts: number;
  /** The lease's end, also the token of the worker holding it: renewed while it runs. */
  leaseUntil: Date;
}

/**
 * Leases the oldest unfinished import whose lease is free (a queued one, or one whose worker
 * died: its lease ran out) for `leaseMs`, counting the run; SKIP LOCKED, so replicas never wait
 * for each other. undefined when there is none.
 */
export async function claimImport(db: Db, leaseMs: number): Promise<ClaimedImport | undefined> {
  const { rows } = await db.query<{ workspace_id: string; id: string; kind: ImportKind; mode: ImportMode; dry_run: boolean; file: Buffer; caller: unknown; attempts: number; lease_until: Date }>(
    `UPDATE imports i SET lease_until = date_trunc('milliseconds', now() + $1 * interval '1 millisecond'), attempts = i.attempts + 1,
            status = CASE WHEN i.status = 'queued' THEN 'validating' ELSE i.status END
      WHERE (i.workspace_id, i.id) = (
        SELECT workspace_id, id FROM imports
         WHERE status IN ('queued', 'validating', 'applying') AND (lease_until IS NULL OR lease_until < now())
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING i.workspace_id, i.id, i.kind, i.mode, i.dry_run, i.file, i.caller, i.attempts, i.lease_until`,
    [leaseMs],
  );
  const r = rows[0];
  return (
    r && { workspaceId: r.workspace_id, id: r.id, kind: r.kind, mode: r.mode, dryRun: r.dry_run, file: r.file, caller: Caller.parse(r.caller), attempts: r.attempts, leaseUntil: r.lease_until }
  );
}

/** Extends the lease while the worker holding it (its lease end as token) works; false when it lost it. */
export async function renewLease(db: Db, job: Pick<ClaimedImport, 'workspaceId' | 'id' | 'leaseUntil'>, leaseMs: number): Promise<Date | undefined> {
  const { rows } = await db.query<{ lease_until: Date }>(
    `UPDATE imports SET lease_until = date_trunc('milliseconds', now() + $4 * interval '1 millisecond')
      WHERE workspace_id = $1 AND id = $2 AND lease_until = $3 AND status IN ('validating', 'applying')
      RETURNING lease_until`,
    [job.workspaceId, job.id, job.leaseUntil, leaseMs],
  );
  return rows[0]?.lease_until;
}

/** Thrown when a worker writes a job whose lease it no longer holds (it ran out: another worker may run the job now); rolls its transaction back. */
export class LeaseLost extends Error {
  constructor(id: string) {
    super(`the lease of import ${id} ran out; another worker may be running it`);
  }
}

/**
 * Records what validation found: the counts and every error (replacing an earlier run's), and
 * the status it moves to. Only while `job` holds its lease (its lease end is the token).
 * @throws LeaseLost.
 */
export async function recordValidation(
  tx: PoolClient,
  job: Pick<ClaimedImport, 'workspaceId' | 'id' | 'leaseUntil'>,
  result: { total: number; invalid: number; errors: ImportRowError[]; status: 'validating' | 'applying' },
): Promise<void> {
  const held = await tx.query('SELECT 1 FROM imports WHERE workspace_id = $1 AND id = $2 AND lease_until = $3 FOR UPDATE', [job.workspaceId, job.id, job.leaseUntil]);
  if (held.rowCount !== 1) throw new LeaseLost(job.id);
  await tx.query('DELETE FROM import_errors WHERE workspace_id = $1 AND import_id = $2', [job.workspaceId, job.id]);
  if (result.errors.length > 0) {
    const e = result.errors;
    await tx.query(
      `INSERT INTO import_errors (workspace_id, import_id, seq, row, "column", code, message)
       SELECT $1, $2, n, row, col, code, message FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS x(row, col, code, message, n)`,
      [job.workspaceId, job.id, e.map((x) => x.row), e.map((x) => x.column), e.map((x) => x.code), e.map((x) => x.message)],
    );
  }
  await tx.query(
    `UPDATE imports SET rows_total = $3::int, rows_invalid = $4::int, rows_valid = $3::int - $4::int, error_count = $5, status = $6 WHERE workspace_id = $1 AND id = $2`,
    [job.workspaceId, job.id, result.total, result.invalid, result.errors.length, result.status],
  );
}

/**
 * Ends a job: completed with the rows applied, or failed with why; the file is dropped. Only
 * while `job` holds its lease.
 * @throws LeaseLost.
 */
export async function finishImport(
  tx: PoolClient,
  job: Pick<ClaimedImport, 'workspaceId' | 'id' | 'leaseUntil'>,
  outcome: { status: 'completed'; applied: number } | { status: 'failed'; failure: string },
): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE imports SET status = $3, rows_applied = $4, failure = $5, completed_at = now(), file = NULL, lease_until = NULL
      WHERE workspace_id = $1 AND id = $2 AND lease_until = $6`,
    [job.workspaceId, job.id, outcome.status, outcome.status === 'completed' ? outcome.applied : 0, outcome.status === 'failed' ? outcome.failure : null, job.leaseUntil],
  );
  if (rowCount !== 1) throw new LeaseLost(job.id);
}

/** Ends a job no run could finish (it failed every time), whoever holds its lease; false when it had ended meanwhile. */
export async function giveUpImport(db: Db, job: Pick<ClaimedImport, 'workspaceId' | 'id'>, failure: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE imports SET status = 'failed', failure = $3, completed_at = now(), file = NULL, lease_until = NULL
      WHERE workspace_id = $1 AND id = $2 AND status IN ('queued', 'validating', 'applying')`,
    [job.workspaceId, job.id, failure],
  );
  return rowCount === 1;
}
