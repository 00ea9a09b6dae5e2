import { API_TAGS, type OpenApiDocument, serviceDocument } from '@inv/shared/http';
import { type Logger } from '@inv/shared/observability';
import { discoveryRoutes } from './discovery-routes';
import { referenceSections } from './docs-page';
import { workspaceRoutes } from './workspace-routes';

const DESCRIPTION = `Inventory management API (beta). Every call but \`GET /\`, \`GET /openapi.json\` and the reference at \`/docs\` needs \`Authorization: Bearer <key>\`.
Full-access keys (sk_…) select the workspace with the workspaceId query parameter (or the deprecated projectSlug);
restricted keys (rk_…) are bound to one workspace and carry scopes. Errors use the envelope described under Errors below.
Every response carries X-Request-Id and X-RateLimit-Limit / X-RateLimit-Remaining / X-RateLimit-Reset (Unix seconds);
429 answers carry Retry-After. Bodies over 1 MB and malformed JSON answer 400 bad_request.

Query parameters that take several values accept them repeated (?type=van&type=truck), comma-separated (?type=van,truck)
or as a single value. Booleans are true or false; numbers are plain decimals.`;

/**
 * The public OpenAPI 3.1 document: the gateway's own routes plus each service's fragment.
 * Pure, so scripts/openapi.ts builds the document the gateway serves without a running stack.
 */
export function publicDocument(fragments: OpenApiDocument[]): OpenApiDocument {
  const document = serviceDocument('gateway', [...discoveryRoutes, ...workspaceRoutes]);
  document.info = {
    title: 'Inventory Management API',
    version: '0.0.1',
    description: `${DESCRIPTION}\n\n${referenceSections()}`,
    contact: { name: 'Inventory API maintainers' },
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  };
  // Relative: the document is served by the gateway it describes, wherever that is deployed.
  document.servers = [{ url: '/', description: 'The gateway serving this document' }];
  const tags = new Set(document.tags?.map((t) => t.name));
  for (const fragment of fragments) {
    Object.assign(document.paths, fragment.paths);
    if (fragment.webhooks) Object.assign((document.webhooks ??= {}), fragment.webhooks);
    for (const [kind, entries] of Object.entries(fragment.components) as Array<[keyof OpenApiDocument['components'], Record<string, unknown>]>) {
      Object.assign((document.components[kind] ??= {}), entries);
    }
    for (const tag of fragment.tags ?? []) tags.add(tag.name);
  }
  document.tags = Object.entries(API_TAGS)
    .filter(([name]) => tags.has(name))
    .map(([name, description]) => ({ name, description }));
  return document;
}

/** Serves publicDocument from the services' fragments, fetched once every service has answered. */
export function openApiDocument(services: Record<string, string>, logger: Logger): () => Promise<unknown> {
  let cached: unknown;
  return async () => {
    if (cached) return cached;
    const fragments: OpenApiDocument[] = [];
    let complete = true;
    for (const [name, url] of Object.entries(services)) {
      try {
        const res = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
        fragments.push((await res.json()) as OpenApiDocument);
      } catch (err) {
        complete = false;
        logger.warn({ service: name, err: (err as Error).message }, 'service OpenAPI fragment unavailable; serving a partial document');
      }
    }
    const document = publicDocument(fragments);
    if (complete) cached = document;
    return document;
  };
}
