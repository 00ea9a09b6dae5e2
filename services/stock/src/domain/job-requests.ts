import { EntityIdSchema, LotCode, refineSerialTotal, SerialNumbers, z } from '@inv/shared/core';
import { MAX_QUANTITY, NonNegativeQuantity, QUANTITY_DECIMALS } from './quantity';
import { PERCENT_DECIMALS } from './money';

/**
 * What a caller may ask of jobs, as validated where the request enters (the routes validate and
 * document these schemas, the use cases take their output). Ids are parsed here: a malformed one
 * is a 400 naming the field.
 */

export const MAX_JOB_LINES = 500;

const withPercentPrecision = (schema: z.ZodNumber) =>
  schema.refine((v) => Number(v.toFixed(PERCENT_DECIMALS)) === v, { message: `at most ${PERCENT_DECIMALS} decimal places` });

export const JobName = z.string().trim().min(1).max(200).openapi({ description: '1 to 200 characters', example: 'Boiler service, 12 Elm St' });
export const ExternalRef = z
  .string()
  .min(1)
  .max(100)
  .regex(/^\S(?:.*\S)?$/, 'no leading or trailing whitespace')
  .openapi({ description: 'Your own reference, unique per workspace (409 when taken), 1 to 100 characters; GET /jobs/ext_{externalRef} finds the job by it', example: 'WO-2026-0117' });
const JobNote = z.string().max(2000).openapi({ description: 'Up to 2,000 characters; default ""' });
const ScheduledAt = z.iso.datetime({ offset: true }).nullable().openapi({ description: 'When the job is planned (ISO 8601); null: not scheduled', example: '2026-12-01T08:00:00Z' });
export const Currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'three capital letters (ISO 4217)')
  .openapi({ description: 'ISO 4217 code, three capital letters', example: 'EUR' });
export const MarkupPercent = withPercentPrecision(z.number().min(0).max(1000)).nullable().openapi({ description: '0 to 1000; null: no markup', example: 25 });
export const TaxPercent = withPercentPrecision(z.number().min(0).max(100)).openapi({ description: '0 to 100', example: 8.875 });

const Line = z.strictObject({
  itemId: EntityIdSchema.openapi({ description: 'An item of the workspace (catalog-only items are recorded and priced, but never move stock)', example: '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37' }),
  quantity: NonNegativeQuantity.openapi({ description: `Planned quantity, ≥ 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals`, example: 2 }),
  locationId: EntityIdSchema.optional().openapi({ description: "Where the line takes stock from; default the job's source (and such a line follows the source when it changes)" }),
  billable: z.boolean().optional().openapi({ description: 'Counted in the totals; default true' }),
  note: z.string().max(500).optional().openapi({ description: 'Up to 500 characters; default ""' }),
  serials: SerialNumbers.optional().openapi({ description: "A serial-tracked item's serials to hold for the job (as many as its quantity): reserved with the line, used on completion unless `used` names others. Without: a quantity is held, and completion names the serials" }),
  lot: LotCode.optional().openapi({ description: "A lot-tracked item's lot to hold for the job; without: a quantity is held, and completion names the lot" }),
});

const Lines = z
  .array(Line)
  .max(MAX_JOB_LINES)
  .superRefine((lines, check) => refineSerialTotal(lines, check))
  .openapi({ description: `0 to ${MAX_JOB_LINES} lines; each item at most once per location` });

const pricing = {
  currency: Currency.optional().openapi({ description: "ISO 4217 code; default the workspace's defaultCurrency" }),
  markupPercent: MarkupPercent.optional().openapi({ description: "0 to 1000, null for none; default the workspace's defaultMarkupPercent" }),
  taxPercent: TaxPercent.optional().openapi({ description: "0 to 100; default the workspace's defaultTaxPercent" }),
  taxIncluded: z.boolean().optional().openapi({ description: "true: prices include the tax; default the workspace's defaultTaxIncluded" }),
};

export const CreateJobBody = z
  .strictObject({
    name: JobName,
    externalRef: ExternalRef.optional(),
    sourceLocationId: EntityIdSchema.optional().openapi({
      description: "Where the lines take stock from unless they name another location; default the workspace's defaultInvoiceSourceLocationId",
      example: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b',
    }),
    scheduledAt: ScheduledAt.optional(),
    note: JobNote.optional(),
    ...pricing,
    lines: Lines.default([]),
    reserve: z.boolean().optional().openapi({ description: 'true: reserve every stocked line at its location now, all or nothing (as POST /jobs/{id}/reserve); default false' }),
  })
  .openapi('CreateJob');
export type CreateJobInput = z.output<typeof CreateJobBody>;

export const UpdateJobBody = z
  .strictObject({
    name: JobName.optional(),
    externalRef: ExternalRef.nullable().optional(),
    sourceLocationId: EntityIdSchema.nullable().optional().openapi({ description: "A new source: the lines that follow it move there, their reservations with them (all or nothing); null: none" }),
    scheduledAt: ScheduledAt.optional(),
    note: JobNote.optional(),
    ...pricing,
    lines: Lines.optional().openapi({
      description:
        'The whole new set of lines: a line naming the item and location of one before is that line (a reserved one keeps its reservation in step: reduced with it, or increased all or nothing); the others are new, and lines left out are removed (their reservations released)',
    }),
  })
  .openapi('UpdateJob');
export type UpdateJobInput = z.output<typeof UpdateJobBody>;

export const CompleteJobBody = z
  .strictObject({
    used: z
      .array(
        z.strictObject({
          itemId: EntityIdSchema,
          quantity: NonNegativeQuantity.openapi({ description: `Used quantity, ≥ 0, at most ${QUANTITY_DECIMALS} decimals`, example: 1 }),
          locationId: EntityIdSchema.optional().openapi({ description: "Where it was taken from; default the item's line (its only one, else the one at the job's source), or the job's source for an item not planned" }),
          serials: SerialNumbers.optional().openapi({ description: "A serial-tracked item's serials used (as many as the quantity); required unless its line names them and used them all (422 naming used[i].serials)" }),
          lot: LotCode.optional().openapi({ description: "A lot-tracked item's lot used; several entries of one line with different lots split it; required unless its line names it (422 naming used[i].lot)" }),
        }),
      )
      .max(MAX_JOB_LINES)
      .superRefine((used, check) => refineSerialTotal(used, check))
      .optional()
      .openapi({ description: 'What the job used; a planned line not named used nothing; an item not planned is added as a billable line. Without it, every line used what it planned' }),
  })
  .openapi('CompleteJob');
export type CompleteJobInput = z.output<typeof CompleteJobBody>;

/** release, cancel and revert take no fields. */
export const NoJobFields = z.strictObject({});
