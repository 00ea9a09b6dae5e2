import { ApiId, ApiTimestamp, EntityIdSchema, LocationAccess, LocationType, Plan, Role, z } from '@inv/shared/core';

export const Workspace = z
  .object({
    id: ApiId,
    name: z.string().openapi({ example: 'Acme Inc.' }),
    slug: z.string().openapi({ example: 'acme' }),
    logo: z.string().nullable(),
    usage: z.number().openapi({ description: 'Transfers created in the current billing cycle' }),
    usageLimit: z.number().openapi({ description: "The plan's transfers per billing cycle" }),
    itemsUsage: z.number(),
    itemsLimit: z.number(),
    suppliersUsage: z.number(),
    suppliersLimit: z.number(),
    locationsUsage: z.number(),
    locationsLimit: z.number(),
    tagsLimit: z.number(),
    usersLimit: z.number(),
    defaultLocationId: ApiId.nullable(),
    defaultCurrency: z.string().length(3).openapi({ example: 'USD' }),
    invoiceNumberPrefix: z.string().min(1).max(12).openapi({ example: 'INV-' }),
    defaultTaxPercent: z.number().min(0).max(100),
    defaultTaxIncluded: z.boolean(),
    defaultInvoiceDueDays: z.number().int().min(0).max(365),
    invoicingBusinessName: z.string().nullable(),
    invoicingBrandColor: z.string().nullable(),
    invoicingEmail: z.string().nullable(),
    invoicingAddress: z.string().nullable(),
    defaultInvoiceSourceLocationId: ApiId.nullable(),
    defaultTransferFromLocationId: ApiId.nullable(),
    defaultLocationType: LocationType,
    defaultMarkupPercent: z.number().min(0).max(1000).nullable(),
    plan: Plan,
    billingProviderId: z.string().nullable(),
    billingCycleStart: z.number().openapi({ description: 'Start of the current billing cycle, Unix epoch milliseconds. Cycles are monthly from the workspace creation.' }),
    createdAt: ApiTimestamp,
    trialEndsAt: ApiTimestamp.nullable(),
    users: z.array(z.object({ id: ApiId, email: z.string().openapi({ format: 'email' }), role: Role })).openapi({ description: 'The authenticated user, with its role in this workspace' }),
    inviteCode: z.string().nullable(),
    ssoEmailDomain: z.string().nullable(),
    ssoEnforcedAt: ApiTimestamp.nullable(),
    locationAccess: LocationAccess.optional(),
  })
  .openapi('Workspace', { description: 'memberPermissions is not returned: this API has no permission templates; roles and scopes decide.' });
export type Workspace = z.infer<typeof Workspace>;

const withPercentPrecision = (schema: z.ZodNumber) => schema.refine((v) => Number(v.toFixed(4)) === v, { message: 'at most 4 decimal places' });

/**
 * What the owner may set with PATCH /workspaces/{idOrSlug}: the job and transfer defaults, within
 * the spec's bounds. The locations must exist and be active (checked with their owner).
 */
export const UpdateWorkspaceBody = z
  .strictObject({
    defaultInvoiceSourceLocationId: EntityIdSchema.nullable().optional().openapi({ description: 'Where a job takes stock from when it names no source; an active location of the workspace, or null' }),
    defaultTransferFromLocationId: EntityIdSchema.nullable().optional().openapi({ description: 'Where POST /inventory/transfers takes stock from when it names no fromLocationId; an active location of the workspace, or null' }),
    defaultMarkupPercent: withPercentPrecision(z.number().min(0).max(1000)).nullable().optional().openapi({ description: "0 to 1000 (at most 4 decimals): a new job's markup from unit cost to unit price; null: none" }),
    defaultTaxPercent: withPercentPrecision(z.number().min(0).max(100)).optional().openapi({ description: "0 to 100 (at most 4 decimals): a new job's tax" }),
    defaultTaxIncluded: z.boolean().optional().openapi({ description: "A new job's: true, prices include the tax; false, it is added on top" }),
    defaultCurrency: z.string().regex(/^[A-Z]{3}$/, 'three capital letters (ISO 4217)').optional().openapi({ description: "A new job's currency: an ISO 4217 code", example: 'EUR' }),
  })
  .openapi('UpdateWorkspace');
export type UpdateWorkspaceInput = z.output<typeof UpdateWorkspaceBody>;

/** The location fields of the defaults, each checked with the locations service. */
export const DEFAULT_LOCATION_FIELDS = ['defaultInvoiceSourceLocationId', 'defaultTransferFromLocationId'] as const;

export interface WorkspaceUsage {
  transfers: number;
  items: number;
  suppliers: number;
  locations: number;
}

/** Slugs are lowercase ASCII words joined by hyphens, at most 63 characters. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug || 'workspace';
}
