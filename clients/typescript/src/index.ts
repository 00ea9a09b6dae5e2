import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export interface InventoryClientOptions {
  /** The API's base URL, e.g. `https://localhost:8443`. */
  baseUrl: string;
  /** `sk_…` (full access) or `rk_…` (restricted) key, sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /**
   * The workspace a full-access key acts on: added as `workspaceId` to every workspace-scoped
   * call that names none. Restricted keys are bound to theirs and need none.
   */
  workspaceId?: string;
  /** Another fetch, e.g. one that trusts a private certificate authority; the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export type InventoryClient = Client<paths>;

/** Only /workspaces routes are not scoped to one workspace. */
function selectWorkspace(workspaceId: string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (schemaPath.startsWith('/workspaces')) return undefined;
      const url = new URL(request.url);
      if (url.searchParams.has('workspaceId') || url.searchParams.has('projectSlug')) return undefined;
      url.searchParams.set('workspaceId', workspaceId);
      return new Request(url, request);
    },
  };
}

/**
 * A typed client of the Inventory API: `client.GET('/items', { params: { query: {...} } })`,
 * `client.POST('/inventory/transfers', { body, params: { header: { 'Idempotency-Key': key } } })`.
 * Paths, parameters, bodies and answers are typed from the OpenAPI document; errors come back
 * as `error` in the envelope's shape.
 */
export function createInventoryClient(options: InventoryClientOptions): InventoryClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.workspaceId !== undefined) client.use(selectWorkspace(options.workspaceId));
  return client;
}
