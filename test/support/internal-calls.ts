import { type Caller, type Scope } from '@inv/shared/core';
import { bodyDigest, signContext } from '@inv/shared/http';
import type { TestWorkspace } from './fixtures';

export type ServiceName = 'catalog' | 'locations' | 'stock' | 'notifications';

export function serviceUrl(service: ServiceName): string {
  return (JSON.parse(process.env.TEST_SERVICE_URLS!) as Record<ServiceName, string>)[service];
}

/** A context as the gateway would sign it for the workspace's owner, with the given scopes. */
export function ownerContext(ws: TestWorkspace, scopes: Scope[]): Caller {
  return {
    requestId: `test-${Date.now()}`,
    keyId: 'test-key',
    user: { id: ws.workspace.users[0].id, email: ws.ownerEmail },
    role: 'owner',
    scopes,
    locationAccess: { restricted: false, locations: [] },
    workspace: {
      id: ws.id,
      slug: ws.slug,
      plan: 'free',
      defaultLocationId: ws.defaultLocationId,
      defaultLocationType: 'warehouse',
      fiscalYearStartMonth: 1,
      defaultTransferFromLocationId: null,
      defaultInvoiceSourceLocationId: null,
      defaultCurrency: 'USD',
      defaultMarkupPercent: null,
      defaultTaxPercent: 0,
      defaultTaxIncluded: false,
      billingCycleStart: new Date().toISOString() },
    writes: {} };
}

/** The internal headers for exactly this call, signed with `secret` (this run's secret unless given). */
export function signedHeaders(context: Caller, method: string, target: string, body?: string, secret = process.env.TEST_INTERNAL_SECRET!): Record<string, string> {
  return signContext(context, { method, target, bodyDigest: bodyDigest(body === undefined ? undefined : Buffer.from(body)) }, secret);
}

/** Calls a service directly, past the gateway, with the given internal headers. */
export async function callService(service: ServiceName, method: string, target: string, options: { headers: Record<string, string>; body?: string }) {
  const res = await fetch(`${serviceUrl(service)}${target}`, {
    method,
    headers: { ...options.headers, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
