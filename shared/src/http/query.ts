import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from '../zod';
import { BadRequest } from '../errors';
import { isId } from '../ids';

const PageNumber = z.coerce.number().int().min(1);
const PageSize = z.coerce.number().int().min(1).max(200).default(50).openapi({ description: 'Items per page, 1 to 200 (default 50)', example: 50 });

/** page ≥ 1 (default 1) and pageSize 1–200 (default 50), as every list endpoint takes them. */
export const Pagination = z.object({
  page: PageNumber.default(1).openapi({ description: 'Page number, from 1', example: 1 }),
  pageSize: PageSize,
});
export type Pagination = z.infer<typeof Pagination>;

export function offsetOf(p: { page?: number; pageSize: number }): number {
  return ((p.page ?? 1) - 1) * p.pageSize;
}

/**
 * X-Total-Count is exact up to this many matching rows. Counting further would cost time in
 * proportion to the table (392 ms for a million movements) on every page for a number no client
 * pages through; beyond it the header is left out (see setTotalCount).
 */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * Counts the rows `fromWhere` (a `FROM … WHERE …` clause) selects, stopping after
 * EXACT_TOTAL_LIMIT + 1. With `orderBy` (the list's own order) the planner can walk the list's
 * index, so the cost follows the rows counted, not where they lie in the table: a sequential
 * scan with LIMIT reads every page before the matching rows (other workspaces', dead space).
 */
export function boundedCountSql(fromWhere: string, orderBy?: string): string {
  return `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere}${orderBy ? ` ORDER BY ${orderBy}` : ''} LIMIT ${EXACT_TOTAL_LIMIT + 1}) AS counted`;
}

export const TOTAL_COUNT_DESCRIPTION = `Number of rows matching the filters, across all pages: exact, and present only when at most ${EXACT_TOTAL_LIMIT.toLocaleString('en-US')} rows match and the request has no cursor`;

/**
 * Lists answer a JSON array; the total across all pages travels in X-Total-Count when it is
 * known exactly: `total` undefined (a cursor page does not count) or above EXACT_TOTAL_LIMIT
 * leaves the header out, so a present header is always exact.
 */
export function setTotalCount(res: Response, total: number | undefined): void {
  if (total !== undefined && total <= EXACT_TOTAL_LIMIT) res.setHeader('X-Total-Count', String(total));
}

/** page/pageSize plus the keyset cursor, for lists whose order has a unique key. */
export const CursorPagination = z.object({
  page: PageNumber.optional().openapi({ description: 'Page number, from 1 (default 1); not together with cursor', example: 1 }),
  pageSize: PageSize,
  cursor: z
    .string()
    .max(1000)
    .optional()
    .openapi({
      description:
        'Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page\'s last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page.',
    }),
});
export type CursorPagination = z.infer<typeof CursorPagination>;

export const LINK_DESCRIPTION = 'Link: <…>; rel="next" whenever a next page exists, on page and cursor requests alike: the same path and query with workspaceId, page removed and cursor set';

/** A page of a keyset-ordered list: the first `limit` rows after `after` (when given), else after `offset` rows. */
export interface PageRequest<K> {
  limit: number;
  offset: number;
  after?: K;
}

/** A cursor's sort key: a timestamp at microsecond precision (UTC) and an id, as the lists sort by (createdAt, id). */
export const TimeIdKey = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.string().refine(isId)]);
export type TimeIdKey = z.infer<typeof TimeIdKey>;
/** A cursor's sort key: two ids, as lists ordered by a pair of ids (balances: item, then location). */
export const IdPairKey = z.tuple([z.string().refine(isId), z.string().refine(isId)]);
export type IdPairKey = z.infer<typeof IdPairKey>;
/** A cursor's sort key: a bigint sequence number, as text. */
export const SequenceKey = z.tuple([z.string().regex(/^[0-9]{1,19}$/)]);
export type SequenceKey = z.infer<typeof SequenceKey>;

/**
 * One page out of the `limit + 1` rows a keyset query fetched (the extra row only tells that a
 * next page exists): the rows to answer, the key of the last one when a next page exists, and
 * the bounded total when it was counted (see boundedCountSql).
 */
export function keysetPage<R, K>(fetched: R[], limit: number, keyOf: (last: R) => K, counted?: { rows: { n: number }[] }): { rows: R[]; next?: K; total?: number } {
  const rows = fetched.slice(0, limit);
  const last = rows[rows.length - 1];
  return { rows, next: fetched.length > limit && last ? keyOf(last) : undefined, total: counted ? (counted.rows[0]?.n ?? 0) : undefined };
}

/** SQL for a timestamptz column as TimeIdKey's first element: exact to the microsecond, unlike a JS Date. */
export const cursorTimeSql = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CursorPayload = z.strictObject({ k: z.array(z.string()), b: z.string() });

/**
 * What a cursor is bound to: the workspace, the list and its filters (the parsed query without
 * page, pageSize and cursor). A cursor presented with anything else is refused, so it can only
 * continue the listing it came from; the rows are always selected by the request's own
 * workspace and filters in any case.
 */
export function cursorBinding(workspaceId: string, list: string, filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .filter((k) => !['page', 'pageSize', 'cursor'].includes(k) && filters[k] !== undefined)
      .sort()
      .map((k) => [k, filters[k]]),
  );
  return createHash('sha256').update(`${workspaceId}\n${list}\n${canonical}`).digest('base64url').slice(0, 22);
}

export function encodeCursor(key: readonly string[], binding: string): string {
  return Buffer.from(JSON.stringify({ k: key, b: binding })).toString('base64url');
}

/** Throws BadRequest naming `cursor` when it is malformed or bound to another workspace, list or filters. */
export function decodeCursor<K>(cursor: string, binding: string, key: z.ZodType<K>): K {
  const invalid = (why: string) => new BadRequest(`Invalid request query: cursor: ${why}; use the Link rel="next" URL of the previous page as it is.`);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor this API issued');
  }
  const parsed = CursorPayload.safeParse(payload);
  const parsedKey = parsed.success ? key.safeParse(parsed.data.k) : undefined;
  if (!parsed.success || !parsedKey?.success) throw invalid('not a cursor this API issued');
  if (parsed.data.b !== binding) throw invalid('it belongs to another workspace, list or set of filters');
  return parsedKey.data;
}

/** The page a CursorPagination query asks for. Throws BadRequest for a bad cursor, or a cursor together with page. */
export function pageRequest<K>(query: CursorPagination, binding: string, key: z.ZodType<K>): PageRequest<K> {
  if (query.cursor === undefined) return { limit: query.pageSize, offset: offsetOf(query) };
  if (query.page !== undefined) throw new BadRequest('Invalid request query: cursor: give either page or cursor, not both.');
  return { limit: query.pageSize, offset: 0, after: decodeCursor(query.cursor, binding, key) };
}

/**
 * Sets Link rel="next": the request's own path and query, page removed, cursor set to the next
 * page's. The gateway consumes the workspace selector before forwarding, so the link names the
 * workspace by id again (`workspaceId` first), which full-access and restricted keys alike may send.
 */
export function setNextLink(req: Request, res: Response, workspaceId: string, nextCursor: string | undefined): void {
  if (nextCursor === undefined) return;
  const url = new URL(req.originalUrl, 'http://list.invalid');
  const query = new URLSearchParams({ workspaceId });
  for (const [name, value] of url.searchParams) if (!['workspaceId', 'projectSlug', 'page', 'cursor'].includes(name)) query.append(name, value);
  query.set('cursor', nextCursor);
  res.setHeader('Link', `<${url.pathname}?${query}>; rel="next"`);
}

/**
 * Accepts repeated parameters (?a=1&a=2), comma-separated values (?a=1,2) and a single value
 * alike; documented as exactly that: an array sent repeated (style form, explode) or a string
 * of comma-separated values. Blank values between commas are skipped (?a=1,,2 is 1 and 2).
 *
 * A parameter given with no value at all (?a=, ?a=%20, ?a=,,) is a 400 naming it: the client
 * asked for a filter and gave it nothing to filter by, which could mean "no filter" as well as
 * "match nothing", so it is reported rather than guessed; routes never see an empty list.
 * Leave the parameter out to not filter.
 */
export function queryArray<T extends z.ZodTypeAny>(item: T, options: { max?: number } = {}) {
  const max = options.max ?? 100;
  // Query values are strings: the JSON schema of one is a plain type/format/enum/length object.
  const { $schema: _dialect, ...itemSchema } = z.toJSONSchema(item, { io: 'input', unrepresentable: 'any' }) as { $schema?: string; type: 'string' };
  return z
    .preprocess(
      (v) => {
        if (v === undefined) return undefined;
        const values = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(','));
        return values.map((s) => s.trim()).filter((s) => s.length > 0);
      },
      z
        .array(item)
        .min(1, 'must have at least one value (repeated or comma-separated); leave the parameter out to not filter')
        .max(max)
        .optional(),
    )
    .openapi({ type: ['array', 'string'], items: itemSchema, minItems: 1, maxItems: max, param: { style: 'form', explode: true } });
}

/** "true"/"false" only; anything else is a 400 rather than a silent truthy string. Documented as a boolean. */
export const queryBoolean = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .openapi({ type: 'boolean' });

/** A single-valued parameter: given twice is a 400, not a silent pick of one. */
export function single<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((v) => v, schema).refine((v) => !Array.isArray(v), { message: 'must be given once' });
}
