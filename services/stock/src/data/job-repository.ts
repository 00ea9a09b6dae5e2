import type { Actor, EntityId, JobStatus } from '@inv/shared/core';
import { boundedCountSql, cursorTimeSql, keysetPage, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { type JobRecord, placeOf } from '../domain/job-plan';
import type { BalanceKey } from '../domain/ledger-plan';
import { moneyToDecimal, percentToDecimal, toMoney, toPercent } from '../domain/money';
import { toUnits, type Units, unitsToDecimal } from '../domain/quantity';
import { hasLot, hasSerials, identityOf, type MovedUnits, type UnitIdentity } from '../domain/units';
import type { ReadableLocations } from './ledger-repository';
import { ITEM_COLUMNS, type ItemRow } from './projection-repository';

type Db = Pool | PoolClient;

/** The constraint behind "externalRef is taken". */
export const JOB_EXTERNAL_REF_UNIQUE = 'jobs_workspace_id_external_ref_key';

interface JobRow {
  id: EntityId;
  external_ref: string | null;
  name: string;
  status: JobStatus;
  source_location_id: EntityId | null;
  scheduled_at: Date | null;
  note: string;
  currency: string;
  markup_percent: string | null;
  tax_percent: string;
  tax_included: boolean;
  total_cost: string | null;
  total_price: string | null;
  total_tax: string | null;
  total: string | null;
  version: number;
  created_at: Date;
  created_by_user_id: string;
  created_by_key_id: string;
  updated_at: Date;
  updated_by_user_id: string;
  updated_by_key_id: string;
  completed_at: Date | null;
  completed_by_user_id: string | null;
  completed_by_key_id: string | null;
  cancelled_at: Date | null;
  cancelled_by_user_id: string | null;
  cancelled_by_key_id: string | null;
  reverted_at: Date | null;
  reverted_by_user_id: string | null;
  reverted_by_key_id: string | null;
  lines: Array<{
    id: EntityId;
    item_id: EntityId;
    location_id: EntityId | null;
    planned: string;
    reserved: string;
    used: string;
    billable: boolean;
    unit_cost: string | null;
    unit_price: string | null;
    note: string;
    serials: string[] | null;
    lot: string | null;
    units: MovedUnits | null;
  }>;
  /** The copies of the job's items, read in the same statement. */
  items: ItemRow[];
}

/** A job with its lines in one statement: one snapshot, so a job and its lines are always read as one write left them. */
const JOBS_BY_ID = `SELECT j.id, j.external_ref, j.name, j.status, j.source_location_id, j.scheduled_at, j.note, j.currency, j.markup_percent::text, j.tax_percent::text,
          j.tax_included, j.total_cost::text, j.total_price::text, j.total_tax::text, j.total::text, j.version::float8 AS version,
          j.created_at, j.created_by_user_id, j.created_by_key_id, j.updated_at, j.updated_by_user_id, j.updated_by_key_id,
          j.completed_at, j.completed_by_user_id, j.completed_by_key_id, j.cancelled_at, j.cancelled_by_user_id, j.cancelled_by_key_id,
          j.reverted_at, j.reverted_by_user_id, j.reverted_by_key_id,
          coalesce((SELECT json_agg(json_build_object('id', l.id, 'item_id', l.item_id, 'location_id', l.location_id, 'planned', l.planned::text,
                                                      'reserved', l.reserved::text, 'used', l.used::text, 'billable', l.billable,
                                                      'unit_cost', l.unit_cost::text, 'unit_price', l.unit_price::text, 'note', l.note,
                                                      'serials', l.serials, 'lot', l.lot, 'units', l.units) ORDER BY l.position)
                      FROM job_lines l WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id), '[]') AS lines,
          coalesce((SELECT json_agg(i) FROM (SELECT ${ITEM_COLUMNS} FROM items
                                              WHERE workspace_id = j.workspace_id
                                                AND id IN (SELECT l.item_id FROM job_lines l WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id)) i), '[]') AS items
     FROM jobs j`;

const actor = (userId: string | null, keyId: string | null): Actor | null => (userId !== null && keyId !== null ? { userId, keyId } : null);
const iso = (d: Date | null) => d?.toISOString() ?? null;

function toRecord(r: JobRow): JobRecord {
  const total = r.total_cost === null ? null : { cost: toMoney(r.total_cost), price: toMoney(r.total_price!), tax: toMoney(r.total_tax!), total: toMoney(r.total!) };
  return {
    id: r.id,
    externalRef: r.external_ref,
    name: r.name,
    status: r.status,
    sourceLocationId: r.source_location_id,
    scheduledAt: iso(r.scheduled_at),
    note: r.note,
    currency: r.currency,
    markupPercent: r.markup_percent === null ? null : toPercent(r.markup_percent),
    taxPercent: toPercent(r.tax_percent),
    taxIncluded: r.tax_included,
    totals: total,
    version: Number(r.version),
    stamps: {
      createdAt: r.created_at.toISOString(),
      createdBy: actor(r.created_by_user_id, r.created_by_key_id)!,
      updatedAt: r.updated_at.toISOString(),
      updatedBy: actor(r.updated_by_user_id, r.updated_by_key_id)!,
      completedAt: iso(r.completed_at),
      completedBy: actor(r.completed_by_user_id, r.completed_by_key_id),
      cancelledAt: iso(r.cancelled_at),
      cancelledBy: actor(r.cancelled_by_user_id, r.cancelled_by_key_id),
      revertedAt: iso(r.reverted_at),
      revertedBy: actor(r.reverted_by_user_id, r.reverted_by_key_id),
    },
    lines: r.lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      locationId: l.location_id,
      planned: toUnits(l.planned),
      reserved: toUnits(l.reserved),
      used: toUnits(l.used),
      billable: l.billable,
      unitCost: l.unit_cost === null ? null : toMoney(l.unit_cost),
      unitPrice: l.unit_price === null ? null : toMoney(l.unit_price),
      note: l.note,
      ...optionalUnits(identityOf({ serials: l.serials, lot: l.lot })),
      moved: l.units,
    })),
  };
}

const optionalUnits = (units: UnitIdentity | undefined) => (units ? { units } : {});

/** Jobs by id (or one by its externalRef) with the copies of their items, in the order of `ids`; unknown ones left out. One statement. */
export async function findJobs(db: Db, workspaceId: string, which: { ids: readonly string[] } | { externalRef: string }): Promise<{ jobs: JobRecord[]; items: Map<string, ItemRow> }> {
  const byRef = 'externalRef' in which;
  if (!byRef && which.ids.length === 0) return { jobs: [], items: new Map() };
  const { rows } = await db.query<JobRow>({
    name: byRef ? 'stock_jobs_by_ref' : 'stock_jobs_by_id',
    text: `${JOBS_BY_ID} WHERE j.workspace_id = $1 AND ${byRef ? 'j.external_ref = $2' : 'j.id = ANY($2::uuid[])'}`,
    values: [workspaceId, byRef ? which.externalRef : which.ids],
  });
  const found = new Map<string, JobRecord>(rows.map((r) => [r.id, toRecord(r)]));
  const jobs = byRef ? [...found.values()] : which.ids.flatMap((id) => found.get(id) ?? []);
  return { jobs, items: new Map(rows.flatMap((r) => r.items).map((i) => [i.id, i])) };
}

/** What a change of a job locks first, before anything else of the ledger: the job's row. Its version says whether the job read before is still the job. */
export function lockJob(tx: PoolClient, workspaceId: string, jobId: EntityId): Promise<{ status: JobStatus; version: number } | undefined> {
  return tx
    .query<{ status: JobStatus; version: number }>({
      name: 'stock_lock_job',
      text: 'SELECT status, version::float8 AS version FROM jobs WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
      values: [workspaceId, jobId],
    })
    .then(({ rows }) => (rows[0] ? { status: rows[0].status, version: Number(rows[0].version) } : undefined));
}

const WRITE_JOB = {
  name: 'stock_write_job',
  text: `WITH job AS (
       INSERT INTO jobs AS j (workspace_id, id, external_ref, name, status, source_location_id, scheduled_at, note, currency, markup_percent, tax_percent, tax_included,
                              total_cost, total_price, total_tax, total, version, created_at, created_by_user_id, created_by_key_id,
                              updated_at, updated_by_user_id, updated_by_key_id, completed_at, completed_by_user_id, completed_by_key_id,
                              cancelled_at, cancelled_by_user_id, cancelled_by_key_id, reverted_at, reverted_by_user_id, reverted_by_key_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32)
       ON CONFLICT (workspace_id, id) DO UPDATE SET external_ref = EXCLUDED.external_ref, name = EXCLUDED.name, status = EXCLUDED.status,
              source_location_id = EXCLUDED.source_location_id, scheduled_at = EXCLUDED.scheduled_at, note = EXCLUDED.note, currency = EXCLUDED.currency,
              markup_percent = EXCLUDED.markup_percent, tax_percent = EXCLUDED.tax_percent, tax_included = EXCLUDED.tax_included,
              total_cost = EXCLUDED.total_cost, total_price = EXCLUDED.total_price, total_tax = EXCLUDED.total_tax, total = EXCLUDED.total, version = EXCLUDED.version,
              updated_at = EXCLUDED.updated_at, updated_by_user_id = EXCLUDED.updated_by_user_id, updated_by_key_id = EXCLUDED.updated_by_key_id,
              completed_at = EXCLUDED.completed_at, completed_by_user_id = EXCLUDED.completed_by_user_id, completed_by_key_id = EXCLUDED.completed_by_key_id,
              cancelled_at = EXCLUDED.cancelled_at, cancelled_by_user_id = EXCLUDED.cancelled_by_user_id, cancelled_by_key_id = EXCLUDED.cancelled_by_key_id,
              reverted_at = EXCLUDED.reverted_at, reverted_by_user_id = EXCLUDED.reverted_by_user_id, reverted_by_key_id = EXCLUDED.reverted_by_key_id
       RETURNING j.id
     ), gone AS (
       DELETE FROM job_lines WHERE workspace_id = $1 AND job_id = $2 AND $43 AND id <> ALL($33::uuid[])
     )
     INSERT INTO job_lines AS l (workspace_id, id, job_id, position, item_id, location_id, planned, reserved, reserved_at, used, billable, unit_cost, unit_price, note, serials, lot, units)
     SELECT $1, n.id, (SELECT id FROM job), n.position, n.item_id, n.location_id, n.planned, n.reserved, n.reserved_at, n.used, n.billable, n.unit_cost, n.unit_price, n.note,
            CASE WHEN n.serials IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(n.serials::jsonb)) END, n.lot, n.units
       FROM unnest($33::uuid[], $34::uuid[], $35::uuid[], $36::numeric[], $37::numeric[], $44::uuid[], $38::numeric[], $39::boolean[], $40::numeric[], $41::numeric[], $42::text[],
                   $45::text[], $46::text[], $47::jsonb[])
            WITH ORDINALITY AS n(id, item_id, location_id, planned, reserved, reserved_at, used, billable, unit_cost, unit_price, note, serials, lot, units, position)
     ON CONFLICT (workspace_id, id) DO UPDATE SET position = EXCLUDED.position, location_id = EXCLUDED.location_id, planned = EXCLUDED.planned,
            reserved = EXCLUDED.reserved, reserved_at = EXCLUDED.reserved_at, used = EXCLUDED.used, billable = EXCLUDED.billable, unit_cost = EXCLUDED.unit_cost, unit_price = EXCLUDED.unit_price,
            note = EXCLUDED.note, serials = EXCLUDED.serials, lot = EXCLUDED.lot, units = EXCLUDED.units`,
};

/**
 * Writes a job as a change leaves it, in one statement: the job's row (created, or replaced but
 * its creation), and its lines: the set given, in order (with `replacesLines`, lines not given are
 * removed). The caller holds the job's row lock (lockJob) unless it creates the job.
 */
export function writeJob(tx: PoolClient, workspaceId: string, job: JobRecord, replacesLines: boolean): Promise<unknown> {
  const s = job.stamps;
  const at = (iso: string | null) => (iso === null ? null : new Date(iso));
  const units = (u: Units) => unitsToDecimal(u);
  return tx.query({
    ...WRITE_JOB,
    values: [
      workspaceId,
      job.id,
      job.externalRef,
      job.name,
      job.status,
      job.sourceLocationId,
      job.scheduledAt === null ? null : new Date(job.scheduledAt),
      job.note,
      job.currency,
      job.markupPercent === null ? null : percentToDecimal(job.markupPercent),
      percentToDecimal(job.taxPercent),
      job.taxIncluded,
      job.totals && moneyToDecimal(job.totals.cost),
      job.totals && moneyToDecimal(job.totals.price),
      job.totals && moneyToDecimal(job.totals.tax),
      job.totals && moneyToDecimal(job.totals.total),
      job.version,
      at(s.createdAt),
      s.createdBy.userId,
      s.createdBy.keyId,
      at(s.updatedAt),
      s.updatedBy.userId,
      s.updatedBy.keyId,
      at(s.completedAt),
      s.completedBy?.userId ?? null,
      s.completedBy?.keyId ?? null,
      at(s.cancelledAt),
      s.cancelledBy?.userId ?? null,
      s.cancelledBy?.keyId ?? null,
      at(s.revertedAt),
      s.revertedBy?.userId ?? null,
      s.revertedBy?.keyId ?? null,
      job.lines.map((l) => l.id),
      job.lines.map((l) => l.itemId),
      job.lines.map((l) => l.locationId),
      job.lines.map((l) => units(l.planned)),
      job.lines.map((l) => units(l.reserved)),
      job.lines.map((l) => units(l.used)),
      job.lines.map((l) => l.billable),
      job.lines.map((l) => (l.unitCost === null ? null : moneyToDecimal(l.unitCost))),
      job.lines.map((l) => (l.unitPrice === null ? null : moneyToDecimal(l.unitPrice))),
      job.lines.map((l) => l.note),
      replacesLines,
      // Where each line's reservation is held (the schema ties balances' reserved to it: 1765400000002).
      job.lines.map((l) => (l.reserved > 0n ? placeOf(job, l) : null)),
      job.lines.map((l) => (hasSerials(l.units) ? JSON.stringify(l.units.serials.map((u) => u.serial)) : null)),
      job.lines.map((l) => (hasLot(l.units) ? l.units.lot.lot : null)),
      job.lines.map((l) => (l.moved ? JSON.stringify(l.moved) : null)),
    ],
  });
}

/** What a job's completion took out of stock, movement by movement (as positive quantities), with the serials or lot each carried: what its revert puts back. Never changes once the job completed. */
export async function jobTakings(db: Db, workspaceId: string, jobId: EntityId): Promise<Array<BalanceKey & { quantity: Units; units?: UnitIdentity }>> {
  const { rows } = await db.query<{ item_id: EntityId; location_id: EntityId; quantity: string; serials: string[] | null; lot: string | null }>(
    `SELECT item_id, location_id, (-quantity)::text AS quantity, serials, lot FROM movements WHERE workspace_id = $1 AND job_id = $2 AND reason = 'job' ORDER BY seq`,
    [workspaceId, jobId],
  );
  return rows.map((r) => ({ itemId: r.item_id, locationId: r.location_id, quantity: toUnits(r.quantity), ...optionalUnits(identityOf({ serials: r.serials, lot: r.lot })) }));
}

/** Open jobs holding a reservation at a location (their lines there, or following a source there), oldest first. */
export async function reservingJobIdsAt(db: Db, workspaceId: string, locationId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT j.id FROM jobs j
      WHERE j.workspace_id = $1 AND j.status = 'open'
        AND EXISTS (SELECT 1 FROM job_lines l WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id AND l.reserved > 0 AND coalesce(l.location_id, j.source_location_id) = $2)
      ORDER BY j.created_at, j.id`,
    [workspaceId, locationId],
  );
  return rows.map((r) => r.id);
}

export interface JobFilter {
  statuses?: JobStatus[];
  /** Jobs that take stock from any of these (their source, or a line's own location). */
  locationIds?: string[];
  itemIds?: string[];
  externalRef?: string;
  scheduledFrom?: string;
  scheduledTo?: string;
  /** A restricted member sees the jobs whose every location it may read. */
  readable: ReadableLocations;
}

/**
 * One page of job ids by createdAt (ties broken by id), the key after which the next page starts
 * when there is one, and the total (bounded, see boundedCountSql) unless the page is asked by key.
 */
export async function listJobIds(db: Db, workspaceId: string, f: JobFilter, order: 'asc' | 'desc', page: PageRequest<TimeIdKey>): Promise<{ ids: string[]; next?: TimeIdKey; total?: number }> {
  const lineWith = (condition: string) => `EXISTS (SELECT 1 FROM job_lines l WHERE l.workspace_id = j.workspace_id AND l.job_id = j.id AND ${condition})`;
  const w = new SqlConditions().add((p) => `j.workspace_id = ${p}`, workspaceId);
  if (f.statuses) w.add((p) => `j.status = ANY(${p}::text[])`, f.statuses);
  if (f.locationIds) w.add((p) => `(j.source_location_id = ANY(${p}::uuid[]) OR ${lineWith(`l.location_id = ANY(${p}::uuid[])`)})`, f.locationIds);
  if (f.itemIds) w.add((p) => lineWith(`l.item_id = ANY(${p}::uuid[])`), f.itemIds);
  if (f.externalRef !== undefined) w.add((p) => `j.external_ref = ${p}`, f.externalRef);
  if (f.scheduledFrom) w.add((p) => `j.scheduled_at >= ${p}::timestamptz`, f.scheduledFrom);
  if (f.scheduledTo) w.add((p) => `j.scheduled_at <= ${p}::timestamptz`, f.scheduledTo);
  if (f.readable) {
    w.add((p) => `(j.source_location_id IS NULL OR j.source_location_id = ANY(${p}::uuid[])) AND NOT ${lineWith(`l.location_id IS NOT NULL AND NOT (l.location_id = ANY(${p}::uuid[]))`)}`, f.readable);
  }
  const { sql: where, params } = w;
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const after = page.after ? ` AND (j.created_at, j.id) ${order === 'asc' ? '>' : '<'} ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<{ id: string; at: string }>(
      `SELECT j.id, ${cursorTimeSql('j.created_at')} AS at FROM jobs j WHERE ${where}${after}
       ORDER BY j.created_at ${direction}, j.id ${direction} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM jobs j WHERE ${where}`, `j.created_at ${direction}, j.id ${direction}`), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.at, last.id], count);
  return { ids: rows.map((r) => r.id), next, total };
}
