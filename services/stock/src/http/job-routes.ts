import { type Caller, EntityIdSchema, JobStatus, NotFound, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, pageRequest, queryArray, queryBoolean, routesFor, setNextLink, setTotalCount, single, TimeIdKey } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { findJobs, listJobIds } from '../data/job-repository';
import { Job, JOB_COST_FIELDS, JobReservation, presentJob } from '../domain/job-records';
import { CompleteJobBody, CreateJobBody, NoJobFields, UpdateJobBody } from '../domain/job-requests';
import { canSeeJob, jobItemOf, jobRef } from '../use-cases/job-facts';
import { completeJob, releaseJob, reserveJob, revertJob, updateJob } from '../use-cases/change-job';
import { createJob } from '../use-cases/create-job';
import { readableLocations } from './request-context';
import { answeredWithPosition, answerLatestPosition } from './stock-position';

const Timestamp = single(z.iso.datetime({ offset: true })).openapi({ description: 'ISO 8601 date-time' });

export const JobsQuery = z.strictObject({
  status: queryArray(JobStatus).openapi({ description: 'Statuses (repeated or comma-separated); default: every status' }),
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Jobs taking stock from any of these locations (their source, or a line\'s own location)' }),
  itemId: queryArray(EntityIdSchema).openapi({ description: 'Jobs with a line of any of these items' }),
  externalRef: single(z.string().min(1).max(100)).optional().openapi({ description: 'The job with this externalRef' }),
  scheduledFrom: Timestamp.optional().openapi({ description: 'Scheduled at or after this time (jobs without a schedule never match)' }),
  scheduledTo: Timestamp.optional().openapi({ description: 'Scheduled at or before this time (jobs without a schedule never match)' }),
  sortBy: z.enum(['createdAt']).default('createdAt').openapi({ description: 'Sort field; default createdAt (ties broken by id)' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc').openapi({ description: 'Default desc (newest first)' }),
  ...CursorPagination.shape,
});

const JobPath = z.object({ id: z.string().openapi({ description: 'Job ID, or ext_ followed by its externalRef' }) });
const ReserveQuery = z.strictObject({
  partial: single(queryBoolean).default(false).openapi({ description: 'true: reserve what is available and list the shortages; default false: all or nothing (422 naming every shortage)' }),
});

const ACCESS = 'A member with restricted location access needs write access to every location the job\'s stocked lines take stock from (403); a job it cannot read every location of is a 404.';

const route = routesFor<ServiceRuntime>();

/** The jobs by id as the API shows them, their items named by the copies. */
async function readJobs(runtime: ServiceRuntime, workspaceId: string, which: { ids: string[] } | { externalRef: string }) {
  const { jobs, items } = await findJobs(runtime.pool, workspaceId, which);
  return jobs.map((j) => ({ record: j, job: presentJob(j, jobItemOf(items)) }));
}

/** One job by id or ext_<externalRef>, if the caller may see it. */
async function readJob(runtime: ServiceRuntime, caller: Caller, ref: string): Promise<Job> {
  const which = jobRef(ref);
  const [found] = which ? await readJobs(runtime, caller.workspace.id, which) : [];
  if (!found || !canSeeJob(caller, found.record)) throw new NotFound('Job');
  return found.job;
}

export const jobRoutes = [
  route({
    method: 'post',
    operationId: 'createJob',
    path: '/jobs',
    summary: 'Create a job',
    description: `Creates an open job with its lines (materials planned per item, each taken from the job's source unless it names a location). The source defaults to the workspace's defaultInvoiceSourceLocationId; currency, markupPercent, taxPercent and taxIncluded default to the workspace's. A stock-tracked line with no location is a 422 naming sourceLocationId; an unknown item, or a location that does not exist or was deleted, is a 422. With reserve: true every stocked line is reserved at its location now, all or nothing (422 naming each short item, its location and what is available there). ${ACCESS} Answers 201 with the job.`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    request: { body: { schema: CreateJobBody, required: true } },
    responses: { 201: { description: 'The open job', schema: Job } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithPosition(res, createJob(deps, ctx(req), body, guard)),
  }),
  route({
    method: 'get',
    operationId: 'listJobs',
    path: '/jobs',
    summary: 'List jobs',
    description:
      'Jobs of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"), newest first by default; filters combine with AND. A member with restricted location access sees the jobs whose every location it may read.',
    scope: 'jobs.read',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    request: { query: JobsQuery },
    responses: { 200: { description: 'Jobs', schema: z.array(Job), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const { workspace } = ctx(req);
      const binding = cursorBinding(workspace.id, 'GET /jobs', query);
      const { ids, next, total } = await listJobIds(
        deps.pool,
        workspace.id,
        {
          statuses: query.status,
          locationIds: query.locationId,
          itemIds: query.itemId,
          externalRef: query.externalRef,
          scheduledFrom: query.scheduledFrom,
          scheduledTo: query.scheduledTo,
          readable: readableLocations(req),
        },
        query.sortOrder,
        pageRequest(query, binding, TimeIdKey),
      );
      setTotalCount(res, total);
      setNextLink(req, res, workspace.id, next && encodeCursor(next, binding));
      return (await readJobs(deps, workspace.id, { ids })).map((j) => j.job);
    },
  }),
  route({
    method: 'get',
    operationId: 'getJob',
    path: '/jobs/{id}',
    summary: 'Retrieve a job',
    description: 'By its id, or by its externalRef as ext_<externalRef>. 404 for a job the member cannot see (it may not read every location the job names).',
    scope: 'jobs.read',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    request: { params: JobPath },
    responses: { 200: { description: 'The job', schema: Job } },
    handler: async ({ params: { id } }, { deps, req }) => readJob(deps, ctx(req), id),
  }),
  route({
    method: 'patch',
    operationId: 'updateJob',
    path: '/jobs/{id}',
    summary: 'Change an open job',
    description: `Changes name, externalRef, note, scheduledAt, pricing, the source and the set of lines of an open job (409 naming its status otherwise). Lines that follow the source move with it, their reservations too (all or nothing); a reserved line keeps its reservation in step with its planned quantity: reduced, or increased all or nothing (422 naming each shortage); lines left out give theirs back. An empty body changes nothing. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    request: { params: JobPath, body: { schema: UpdateJobBody, required: true } },
    responses: { 200: { description: 'The job', schema: Job } },
    handler: async ({ params: { id }, body }, { deps, req }) => updateJob(deps, ctx(req), id, body),
  }),
  route({
    method: 'post',
    operationId: 'reserveJob',
    path: '/jobs/{id}/reserve',
    summary: "Reserve a job's materials",
    description: `Reserves each stock-tracked line's planned − reserved at its location (which must be active), all or nothing: a shortage is a 422 naming each short item (id and SKU), its location and the quantity available there, and nothing is reserved. With partial=true it reserves what is available and lists the shortages. Reserved stock stays on hand, counted in the balance's reserved: no transfer, adjustment, count or other job can take it. 409 when the job is not open. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    request: { params: JobPath, query: ReserveQuery, body: { schema: NoJobFields, required: false } },
    responses: { 200: { description: 'The job and what could not be reserved', schema: JobReservation } },
    handler: async ({ params: { id }, query }, { deps, req, res, guard }) => answeredWithPosition(res, reserveJob(deps, ctx(req), id, query.partial, guard)),
  }),
  route({
    method: 'post',
    operationId: 'releaseJob',
    path: '/jobs/{id}/release',
    summary: "Release a job's reservations",
    description: `Gives back every reservation of an open job (409 otherwise); it stays open. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    request: { params: JobPath, body: { schema: NoJobFields, required: false } },
    responses: { 200: { description: 'The job', schema: Job } },
    handler: async ({ params: { id } }, { deps, req, res, guard }) => answeredWithPosition(res, releaseJob(deps, ctx(req), id, 'release', guard)),
  }),
  route({
    method: 'post',
    operationId: 'completeJob',
    path: '/jobs/{id}/complete',
    summary: 'Complete a job',
    description: `Records what an open job used (409 otherwise) and, in one transaction, takes it out of stock: one movement per stock-tracked item and location used (type adjustment, reason job, reference and jobId the job's id), from the job's own reservation first, then from what is free there; what was reserved and not used is released. Without used, every line used what it planned; with it, the lines it names used that (others nothing) and items not planned are added. Not enough at a location is a 422 naming each shortage, and nothing changes: stock never goes negative. Catalog-only lines are recorded and priced but move nothing. Freezes the prices (unitCost: the item's average cost, its catalog cost until a receipt brought one; unitPrice: its sell price when > 0, else the cost with the job's markup, rounded to cents) and the totals of the billable lines, tax added or included. Records job.completed. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { params: JobPath, body: { schema: CompleteJobBody, required: false } },
    responses: { 200: { description: 'The job, now completed', schema: Job } },
    handler: async ({ params: { id }, body }, { deps, req, res, guard }) => answeredWithPosition(res, completeJob(deps, ctx(req), id, body, guard)),
  }),
  route({
    method: 'post',
    operationId: 'cancelJob',
    path: '/jobs/{id}/cancel',
    summary: 'Cancel a job',
    description: `Cancels an open job (409 otherwise) and releases every reservation it holds. Records job.cancelled. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    request: { params: JobPath, body: { schema: NoJobFields, required: false } },
    responses: { 200: { description: 'The job, now cancelled', schema: Job } },
    handler: async ({ params: { id } }, { deps, req, res, guard }) => answeredWithPosition(res, releaseJob(deps, ctx(req), id, 'cancel', guard)),
  }),
  route({
    method: 'post',
    operationId: 'revertJob',
    path: '/jobs/{id}/revert',
    summary: 'Revert a completed job',
    description: `Puts back what a completed job used (409 otherwise), where it was taken, with compensating movements (reason job_reverted, reference and jobId the job's id); the job becomes reverted and keeps its prices and totals. 422 naming the location when one can no longer take stock (inactive, being deleted, deleted), or naming an item that no longer tracks stock. Records job.reverted. ${ACCESS}`,
    scope: 'jobs.write',
    costFields: JOB_COST_FIELDS,
    tags: ['Jobs'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { params: JobPath, body: { schema: NoJobFields, required: false } },
    responses: { 200: { description: 'The job, now reverted', schema: Job } },
    handler: async ({ params: { id } }, { deps, req, res, guard }) => answeredWithPosition(res, revertJob(deps, ctx(req), id, guard)),
  }),
];
