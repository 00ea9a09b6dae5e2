import { ApiId, ApiTimestamp, JobSnapshot, JobStatus, z } from '@inv/shared/core';
import type { JobRecord } from './job-plan';
import { fromMoney, fromPercent } from './money';
import { fromUnits } from './quantity';
import { ActorRecord, LineUnits } from './stock-records';
import { lineUnitsShown } from './units';

const actorOrNull = (description: string) => z.union([ActorRecord, z.null()]).openapi({ description, example: null });
const Amount = z.number().openapi({ example: 12.5 });
const JobLineSchema = JobSnapshot.shape.lines.element;

/** A job as the API answers it (and its events carry: JobSnapshot), with its fields documented. */
export const Job = JobSnapshot.extend({
  id: ApiId,
  externalRef: z.string().nullable().openapi({ description: 'Your own reference (a work order number), unique per workspace; GET /jobs/ext_{externalRef} addresses the job by it', example: 'WO-2026-0117' }),
  name: z.string().openapi({ example: 'Boiler service, 12 Elm St' }),
  status: JobStatus.openapi({ description: 'open → completed (→ reverted) or cancelled' }),
  sourceLocationId: ApiId.nullable().openapi({ description: "Where its lines take stock from unless a line names another location (default: the workspace's defaultInvoiceSourceLocationId)" }),
  scheduledAt: ApiTimestamp.nullable(),
  note: z.string(),
  currency: z.string().openapi({ description: "ISO 4217 code; default the workspace's defaultCurrency", example: 'USD' }),
  markupPercent: z.number().nullable().openapi({ description: "Markup from unit cost to unit price for items without a sell price; null: none. Default the workspace's defaultMarkupPercent", example: 25 }),
  taxPercent: z.number().openapi({ description: "Default the workspace's defaultTaxPercent", example: 8.875 }),
  taxIncluded: z.boolean().openapi({ description: "true: prices include the tax; false: it is added on top. Default the workspace's defaultTaxIncluded" }),
  lines: z.array(
    JobLineSchema.extend({
      id: ApiId,
      itemId: ApiId,
      item: JobLineSchema.shape.item.extend({ id: ApiId }).openapi({ description: "The item as the stock service's copy names it now; trackStock false: catalog-only, recorded and priced but never moves stock" }),
      locationId: ApiId.nullable().openapi({ description: "Where the line takes stock from: its own location, else the job's source (null when neither is set: catalog-only lines)" }),
      planned: Amount.openapi({ description: 'The quantity planned' }),
      reserved: Amount.openapi({ description: 'What the line holds at its location while the job is open (counted in the balance\'s reserved); 0 once the job is completed or cancelled' }),
      used: Amount.openapi({ description: 'What the job used, recorded when it completes; 0 before' }),
      billable: z.boolean().openapi({ description: 'Counted in the totals; default true' }),
      unitCost: Amount.nullable().openapi({
        description: "The item's average cost when the job completed (its catalog cost until a receipt brought a cost: docs/purchasing.md); null before, and for a caller without valuation.read (costs are kept from it)",
      }),
      unitPrice: Amount.nullable().openapi({
        description: "The item's sell price when the job completed, when it has one (> 0); else the cost with the job's markup, rounded to cents; null before it completed",
      }),
      note: z.string(),
      ...LineUnits.shape,
    }),
  ),
  totals: z
    .object({
      cost: Amount.nullable().openapi({ description: 'Σ used × unitCost of the billable lines, each line rounded to cents; null for a caller without valuation.read' }),
      price: Amount.openapi({ description: 'Σ used × unitPrice of the billable lines, each line rounded to cents' }),
      tax: Amount.openapi({ description: 'taxPercent of the price, added on top, or the part of the price that is tax when taxIncluded; rounded to cents' }),
      total: Amount.openapi({ description: 'price + tax, or price when taxIncluded' }),
    })
    .nullable()
    .openapi({ description: 'Frozen when the job completes (a reverted job keeps them); null before, and for a cancelled job' }),
  createdAt: ApiTimestamp,
  createdBy: ActorRecord,
  updatedAt: ApiTimestamp.openapi({ description: 'The last change of any kind: a PATCH, a reservation, a release, a transition' }),
  updatedBy: ActorRecord,
  completedAt: ApiTimestamp.nullable().openapi({ example: null }),
  completedBy: actorOrNull('Who completed it; null until then'),
  cancelledAt: ApiTimestamp.nullable().openapi({ example: null }),
  cancelledBy: actorOrNull('Who cancelled it; null unless cancelled'),
  revertedAt: ApiTimestamp.nullable().openapi({ example: null }),
  revertedBy: actorOrNull('Who reverted it; null unless reverted'),
}).openapi('Job', {
  description:
    'Materials for a job: planned per item and location, reserved there while the job is open, used when it completes (the rest is released), priced from the catalog at that moment, and reversible.',
});
export type Job = z.infer<typeof Job>;

/** What a reservation could not get: the line's item at its location, what it asked and what was available there. */
export const JobShortageRecord = z
  .object({
    lineId: ApiId,
    itemId: ApiId,
    sku: z.string(),
    locationId: ApiId,
    requested: Amount.openapi({ description: 'What the line still needed (planned − reserved before the call)' }),
    available: Amount.openapi({ description: 'What was available there (on hand − reserved)' }),
  })
  .openapi('JobShortage');
export type JobShortageRecord = z.infer<typeof JobShortageRecord>;

export const JobReservation = z
  .object({
    job: Job,
    shortages: z.array(JobShortageRecord).openapi({ description: 'The lines not reserved in full (only with partial=true; without it a shortage is a 422 and nothing is reserved)' }),
  })
  .openapi('JobReservation');
export type JobReservation = z.infer<typeof JobReservation>;

/** What a job shows of an item: its copy's SKU and description, and whether it tracks stock. */
export interface JobItem {
  sku: string;
  description: string;
  trackStock: boolean;
}

/** A job as the API answers it, from the record and the items as the copies name them. */
export function presentJob(job: JobRecord, itemOf: (itemId: string) => JobItem | undefined): Job {
  return {
    id: job.id,
    externalRef: job.externalRef,
    name: job.name,
    status: job.status,
    sourceLocationId: job.sourceLocationId,
    scheduledAt: job.scheduledAt,
    note: job.note,
    currency: job.currency,
    markupPercent: job.markupPercent === null ? null : fromPercent(job.markupPercent),
    taxPercent: fromPercent(job.taxPercent),
    taxIncluded: job.taxIncluded,
    lines: job.lines.map((l) => {
      const item = itemOf(l.itemId);
      return {
        id: l.id,
        itemId: l.itemId,
        item: { id: l.itemId, sku: item?.sku ?? '', description: item?.description ?? '', trackStock: item?.trackStock ?? true },
        locationId: l.locationId ?? job.sourceLocationId,
        planned: fromUnits(l.planned),
        reserved: fromUnits(l.reserved),
        used: fromUnits(l.used),
        billable: l.billable,
        unitCost: l.unitCost === null ? null : fromMoney(l.unitCost),
        unitPrice: l.unitPrice === null ? null : fromMoney(l.unitPrice),
        note: l.note,
        ...lineUnitsShown(l.planned, l.units, l.moved),
      };
    }),
    totals: job.totals && { cost: fromMoney(job.totals.cost), price: fromMoney(job.totals.price), tax: fromMoney(job.totals.tax), total: fromMoney(job.totals.total) },
    ...job.stamps,
  };
}

/** The fields of a job's answer that hold costs: null for a caller without valuation.read (shared/src/costs.ts). */
export const JOB_COST_FIELDS = ['unitCost', 'cost'] as const;
