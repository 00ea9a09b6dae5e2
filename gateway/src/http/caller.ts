import { BadRequest, currentBillingCycleStart, effectiveScopes, Forbidden, NotFound, Unauthorized, type Scope, type Caller, type CallerWrites } from '@inv/shared/core';

import type { Request } from 'express';
import type { ApiKeyRow, MembershipRow, WorkspaceRow } from '../data/identity-repository';
import { authorizationLines, bearerToken, hashApiKey, looksLikeApiKey } from '../domain/api-key';
import type { IdentityCache } from './identity-cache';

/** The authenticated key and its user, before any workspace is chosen. */
export interface KeyHolder {
  keyId: string;
  userId: string;
  email: string;
  restricted: boolean;
  /** null for full-access keys: everything the role allows. */
  keyScopes: Scope[] | null;
  /** The one workspace a restricted key is bound to. */
  boundWorkspaceId: string | null;
  rateLimit: number | null;
}

/** Said of any bearer token that is not an active key, whatever its shape: a typo, another system's token, a revoked key. */
export const KEY_NOT_RECOGNISED = 'API key not recognised: it is not a key of this API, or it was revoked. Check that you sent the whole key (sk_… or rk_…), or create one with `npm run -s admin -- key:create`.';

/**
 * The hash of the bearer key in the request's raw headers. Throws Unauthorized for a missing
 * key, a header that is not "Bearer <token>", more than one Authorization header, or a token
 * that cannot be a key (without a database lookup; it reads like an unknown key).
 */
export function presentedKeyHash(rawHeaders: readonly string[]): string {
  const lines = authorizationLines(rawHeaders);
  if (lines.length > 1) throw new Unauthorized(`Ambiguous credentials: send one Authorization header, not ${lines.length}.`);
  const authorization = lines[0];
  if (!authorization) throw new Unauthorized('Missing API key: send "Authorization: Bearer <key>".');
  const token = bearerToken(authorization);
  if (!token) throw new Unauthorized('Malformed Authorization header: send "Authorization: Bearer <key>", the scheme Bearer, one space, then the key.');
  if (!looksLikeApiKey(token)) throw new Unauthorized(KEY_NOT_RECOGNISED);
  return hashApiKey(token);
}

/** The caller an active key row stands for. Throws Unauthorized for an unknown or revoked key (no row). */
export function keyHolderOf(key: ApiKeyRow | undefined): KeyHolder {
  if (!key) throw new Unauthorized(KEY_NOT_RECOGNISED);
  return {
    keyId: key.id,
    userId: key.user_id,
    email: key.email,
    restricted: key.restricted,
    keyScopes: key.scopes,
    boundWorkspaceId: key.workspace_id,
    rateLimit: key.rate_limit };
}

export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  membership: MembershipRow;
  scopes: Scope[];
}

/**
 * Loads a workspace the caller may act on. Another tenant's workspace answers exactly like a
 * missing one (404), so a key cannot probe which workspaces exist.
 */
export async function workspaceFor(identities: IdentityCache, caller: KeyHolder, idOrSlug: string): Promise<WorkspaceAccess> {
  const found = await identities.memberWorkspace(idOrSlug, caller.userId);
  if (!found || (caller.boundWorkspaceId !== null && found.workspace.id !== caller.boundWorkspaceId)) throw new NotFound('Workspace');
  return { ...found, scopes: effectiveScopes(caller.keyScopes, found.membership.role) };
}

/** The workspace a workspace-scoped call acts on, from the query (full-access keys) or the key itself (restricted keys). */
export async function selectedWorkspace(identities: IdentityCache, caller: KeyHolder, req: Request): Promise<WorkspaceAccess> {
  const workspaceId = typeof req.query.workspaceId === 'string' ? req.query.workspaceId : undefined;
  const projectSlug = typeof req.query.projectSlug === 'string' ? req.query.projectSlug : undefined;
  if (Array.isArray(req.query.workspaceId) || Array.isArray(req.query.projectSlug)) throw new BadRequest('Give workspaceId (or projectSlug) once.', Array.isArray(req.query.workspaceId) ? 'workspaceId' : 'projectSlug');
  if (workspaceId !== undefined && projectSlug !== undefined) throw new BadRequest('Give either workspaceId or the deprecated projectSlug, not both.', 'projectSlug');
  const selector = workspaceId ?? projectSlug;
  if (caller.boundWorkspaceId !== null) {
    if (selector === undefined) return workspaceFor(identities, caller, caller.boundWorkspaceId);
    try {
      return await workspaceFor(identities, caller, selector);
    } catch (err) {
      throw err instanceof NotFound ? new Forbidden('This restricted key is bound to a different workspace.') : err;
    }
  }
  if (selector === undefined || selector === '') {
    throw new BadRequest('Missing required query parameter workspaceId (or the deprecated projectSlug): full-access keys must name the workspace.', 'workspaceId');
  }
  return workspaceFor(identities, caller, selector);
}

/** The caller the services act for: the key holder in the chosen workspace, as the gateway signs it. */
export function callerFor(holder: KeyHolder, access: WorkspaceAccess, requestId: string, writes: CallerWrites, now = new Date()): Caller {
  const { workspace, membership } = access;
  return {
    requestId,
    writes,
    keyId: holder.keyId,
    user: { id: holder.userId, email: holder.email },
    role: membership.role,
    scopes: access.scopes,
    locationAccess: { restricted: membership.location_access_restricted, locations: membership.location_access },
    workspace: {
      id: workspace.id,
      slug: workspace.slug,
      plan: workspace.plan,
      defaultLocationId: workspace.default_location_id,
      defaultLocationType: workspace.default_location_type,
      fiscalYearStartMonth: workspace.fiscal_year_start_month,
      billingCycleStart: currentBillingCycleStart(workspace.billing_anchor, now).toISOString(),
      defaultTransferFromLocationId: workspace.default_transfer_from_location_id,
      defaultInvoiceSourceLocationId: workspace.default_invoice_source_location_id,
      defaultCurrency: workspace.default_currency,
      defaultMarkupPercent: workspace.default_markup_percent === null ? null : Number(workspace.default_markup_percent),
      defaultTaxPercent: Number(workspace.default_tax_percent),
      defaultTaxIncluded: workspace.default_tax_included } };
}
