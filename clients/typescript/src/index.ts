import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { IDEMPOTENT_POSTS } from './operations';
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
  /**
   * How the client sends a call again after the API's retryable refusal (429 with Retry-After:
   * the key's rate limit, or the API past its capacity, in contention or briefly without a
   * dependency; docs/overload.md): at most `attempts` tries in all (default 4), waiting the
   * answer's Retry-After plus up to `jitterMs` (default 250), and never past `maxWaitMs` in all
   * (default 30 000). `{ attempts: 1 }` turns retries off: the 429 is then the answer.
   */
  retry?: { attempts?: number; jitterMs?: number; maxWaitMs?: number };
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

/** Requests the client may send again after a retryable refusal (see retrying). */
const repeatable = new WeakSet<Request>();

/**
 * Marks the calls that are safe to send again: reads; PUT and PATCH (they set values, so twice is
 * once); DELETE (a repeat after it took effect answers 404); and the POSTs that take an
 * Idempotency-Key, which the client gives one (a random UUID) when the caller did not, so that
 * the retry of a POST whose first answer never came takes effect at most once. Other POSTs
 * (webhook endpoints, whose answer carries a secret) are never sent twice.
 */
const markRepeatable: Middleware = {
  onRequest({ request, schemaPath }) {
    if (request.method !== 'POST') {
      repeatable.add(request);
      return undefined;
    }
    if (!IDEMPOTENT_POSTS.has(schemaPath)) return undefined;
    if (request.headers.has('Idempotency-Key')) {
      repeatable.add(request);
      return undefined;
    }
    const keyed = new Request(request, { headers: new Headers(request.headers) });
    keyed.headers.set('Idempotency-Key', crypto.randomUUID());
    repeatable.add(keyed);
    return keyed;
  },
};

/** Seconds of a Retry-After header (delta-seconds; the API sends no dates), at least 1. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

/**
 * A fetch that sends a repeatable request again while the API answers the retryable 429, after
 * the answer's Retry-After plus jitter (so many clients refused together do not return together),
 * within the attempts and the total wait allowed. The body is kept for each try.
 */
function retrying(fetchOnce: (request: Request) => Promise<Response>, settings: InventoryClientOptions['retry'] = {}) {
  const attempts = Math.max(1, settings.attempts ?? 4);
  const jitterMs = settings.jitterMs ?? 250;
  const maxWaitMs = settings.maxWaitMs ?? 30_000;
  return async (request: Request): Promise<Response> => {
    if (attempts === 1 || !repeatable.has(request)) return fetchOnce(request);
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const response = await fetchOnce(request.clone());
      if (response.status !== 429 || attempt >= attempts) return response;
      const pause = retryAfterMs(response) + Math.random() * jitterMs;
      if (waited + pause > maxWaitMs) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, pause));
      waited += pause;
    }
  };
}

/**
 * A typed client of the Inventory API: `client.GET('/items', { params: { query: {...} } })`,
 * `client.POST('/inventory/transfers', { body, params: { header: { 'Idempotency-Key': key } } })`.
 * Paths, parameters, bodies and answers are typed from the OpenAPI document; errors come back
 * as `error` in the envelope's shape. A retryable refusal (429) is sent again by the client
 * (see `retry`), with the same Idempotency-Key.
 */
export function createInventoryClient(options: InventoryClientOptions): InventoryClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: retrying(options.fetch ?? ((request) => fetch(request)), options.retry),
  });
  if (options.workspaceId !== undefined) client.use(selectWorkspace(options.workspaceId));
  client.use(markRepeatable);
  return client;
}
