import { z } from '@inv/shared/core';
import { answerOwnerPosition, ctx, CursorPagination, cursorBinding, encodeCursor, offsetOf, Pagination, pageRequest, queryBoolean, routesFor, setNextLink, setTotalCount, single, TimeIdKey } from '@inv/shared/http';
import { latestOwnerPosition } from '@inv/shared/messaging';
import { Import, IMPORT_MODES, ImportError, ImportKind } from '../domain/import-job';
import { getImport, type ImportDeps, importErrorsOf, listImportsOf, submitImport } from '../use-cases/imports';

const route = routesFor<ImportDeps>();

const SubmitQuery = z.strictObject({
  kind: single(ImportKind).openapi({ description: 'items, stock-counts or par-levels (required): which columns the file has (docs/csv.md)' }),
  mode: single(z.enum(IMPORT_MODES)).default('create').openapi({ description: 'items files only: create (default; an existing SKU is a row error) or upsert (update by SKU)' }),
  dryRun: single(queryBoolean).default(false).openapi({ description: 'true: validate every row and list every error, write nothing' }),
});

const ImportPath = z.object({ id: z.string().uuid().openapi({ description: 'The import ID' }) });

export const importRoutes = [
  route({
    method: 'post',
    operationId: 'createImport',
    path: '/imports',
    summary: 'Import a CSV file',
    description: [
      'The file is the body (`Content-Type: text/csv`, UTF-8 with or without a byte-order mark, comma or semicolon separated, RFC 4180 quoting; at most 32 MB and the plan\'s rows per import). Answers 202 with the job and its Location; it runs in the background: GET /imports/{id} follows it.',
      'Needs imports.write and the data\'s scope: items.write for items, inventory.write for stock-counts and par-levels. Every row is validated by the same rules as the API; a dry run lists every error and writes nothing; otherwise a file with any invalid row fails and applies nothing, and a valid one is applied all or nothing. Idempotency-Key: the same file sent twice with one key is imported once.',
      'Refused before anything is kept: a file that is not UTF-8 or not CSV (400), more rows than the plan allows (403 exceeded_limit).',
    ].join('\n\n'),
    scope: 'imports.write',
    tags: ['Imports'],
    idempotent: true,
    request: { query: SubmitQuery, body: { schema: z.string().openapi({ description: 'The CSV file', example: 'sku,description,quantity\nFLT-10,Oil filter,12\n' }), required: true, mediaType: 'text/csv' } },
    responses: { 202: { description: 'The queued job', schema: Import, location: true } },
    locationOf: (job: Import) => `/imports/${job.id}`,
    handler: async ({ query, body }, { deps, req, guard }) => submitImport(deps, ctx(req), { kind: query.kind, mode: query.mode, dryRun: query.dryRun, file: body as unknown as Buffer }, guard as never),
  }),
  route({
    method: 'get',
    operationId: 'listImports',
    path: '/imports',
    summary: 'List imports',
    description: 'The workspace\'s import jobs, newest first, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"); the total in X-Total-Count.',
    scope: 'imports.read',
    tags: ['Imports'],
    request: { query: z.strictObject(CursorPagination.shape) },
    responses: { 200: { description: 'Import jobs', schema: z.array(Import), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /imports', query);
      const { rows, next, total } = await listImportsOf(deps, ctx(req), pageRequest(query, binding, TimeIdKey));
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return rows;
    },
  }),
  route({
    method: 'get',
    operationId: 'getImport',
    path: '/imports/{id}',
    summary: 'Get an import',
    description: 'The job: status, row counts, the first errors and why it failed. 404 for an unknown id (or another workspace\'s).',
    scope: 'imports.read',
    tags: ['Imports'],
    request: { params: ImportPath },
    responses: { 200: { description: 'The import job', schema: Import } },
    handler: async ({ params }, { deps, req, res }) => {
      const job = await getImport(deps, ctx(req), params.id);
      // The caller learns here that an items file was applied: from now on the stock service must
      // decide from copies that hold its changes (docs/consistency.md), so the answer carries the
      // workspace's latest owner position, at least the one its changes took.
      if (job.kind === 'items' && job.status === 'completed') answerOwnerPosition(res, 'catalog', await latestOwnerPosition(deps.pool, ctx(req).workspace.id));
      return job;
    },
  }),
  route({
    method: 'get',
    operationId: 'listImportErrors',
    path: '/imports/{id}/errors',
    summary: "List an import's errors",
    description: 'Every refused row of the job, by row (the header is row 1), paged (page ≥ 1, pageSize 1–200, default 50); the total in X-Total-Count.',
    scope: 'imports.read',
    tags: ['Imports'],
    request: { params: ImportPath, query: z.strictObject(Pagination.shape) },
    responses: { 200: { description: 'Errors', schema: z.array(ImportError), totalCount: true } },
    handler: async ({ params, query }, { deps, req, res }) => {
      const { errors, total } = await importErrorsOf(deps, ctx(req), params.id, { limit: query.pageSize, offset: offsetOf(query) });
      setTotalCount(res, total);
      return errors;
    },
  }),
];
