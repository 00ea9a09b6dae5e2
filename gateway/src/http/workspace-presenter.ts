import { currentBillingCycleStart, PLAN_LIMITS } from '@inv/shared/core';
import type { MembershipRow, WorkspaceRow } from '../data/identity-repository';
import type { Workspace, WorkspaceUsage } from '../domain/workspace';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const num = (v: string | null): number | null => (v === null ? null : Number(v));

export function presentWorkspace(
  w: WorkspaceRow,
  member: MembershipRow,
  user: { id: string; email: string },
  usage: WorkspaceUsage,
  now = new Date(),
): Workspace {
  const limits = PLAN_LIMITS[w.plan];
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    logo: w.logo,
    usage: usage.transfers,
    usageLimit: limits.transfers,
    itemsUsage: usage.items,
    itemsLimit: limits.items,
    suppliersUsage: usage.suppliers,
    suppliersLimit: limits.suppliers,
    locationsUsage: usage.locations,
    locationsLimit: limits.locations,
    tagsLimit: limits.tags,
    usersLimit: limits.users,
    defaultLocationId: w.default_location_id,
    defaultCurrency: w.default_currency,
    invoiceNumberPrefix: w.invoice_number_prefix,
    defaultTaxPercent: Number(w.default_tax_percent),
    defaultTaxIncluded: w.default_tax_included,
    defaultInvoiceDueDays: w.default_invoice_due_days,
    invoicingBusinessName: w.invoicing_business_name,
    invoicingBrandColor: w.invoicing_brand_color,
    invoicingEmail: w.invoicing_email,
    invoicingAddress: w.invoicing_address,
    defaultInvoiceSourceLocationId: w.default_invoice_source_location_id,
    defaultTransferFromLocationId: w.default_transfer_from_location_id,
    defaultLocationType: w.default_location_type,
    defaultMarkupPercent: num(w.default_markup_percent),
    plan: w.plan,
    billingProviderId: w.billing_provider_id,
    billingCycleStart: currentBillingCycleStart(w.billing_anchor, now).getTime(),
    createdAt: w.created_at.toISOString(),
    trialEndsAt: iso(w.trial_ends_at),
    users: [{ id: user.id, email: user.email, role: member.role }],
    inviteCode: w.invite_code,
    ssoEmailDomain: w.sso_email_domain,
    ssoEnforcedAt: iso(w.sso_enforced_at),
    locationAccess: { restricted: member.location_access_restricted, locations: member.location_access },
  };
}
