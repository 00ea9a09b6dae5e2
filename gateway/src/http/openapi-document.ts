import { ApiDocs, type Logger } from '@inv/shared';
import { workspaceRoutes } from './workspace-routes';

interface Fragment {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

const DESCRIPTION = `Inventory management API (beta). Every call needs "Authorization: Bearer <key>".
Full-access keys (sk_…) select the workspace with the workspaceId query parameter (or the deprecated projectSlug);
restricted keys (rk_…) are bound to one workspace and carry scopes. Errors use the envelope {"error": {"code", "message"}}.
Every response carries X-Request-Id and X-RateLimit-Limit / X-RateLimit-Remaining / X-RateLimit-Reset (Unix seconds);
429 answers carry Retry-After. Bodies over 1 MB and malformed JSON answer 400 bad_request.`;

/**
 * The public OpenAPI 3.1 document: the gateway's own routes plus each service's fragment,
 * fetched from the services (each generates its fragment from its zod schemas). Cached once
 * every service has answered.
 */
export function openApiDocument(services: Record<string, string>, logger: Logger): () => Promise<unknown> {
  let cached: unknown;
  return async () => {
    if (cached) return cached;
    const docs = new ApiDocs().add(workspaceRoutes);
    const document = docs.document({ title: 'Inventory Management API', version: '0.0.1', description: DESCRIPTION }) as unknown as Fragment;
    let complete = true;
    for (const [name, url] of Object.entries(services)) {
      try {
        const res = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(3000) });
        const fragment = (await res.json()) as Fragment;
        Object.assign((document.paths ??= {}), fragment.paths);
        const components = (document.components ??= {});
        Object.assign((components.schemas ??= {}), fragment.components?.schemas);
      } catch (err) {
        complete = false;
        logger.warn({ service: name, err: (err as Error).message }, 'service OpenAPI fragment unavailable; serving a partial document');
      }
    }
    if (complete) cached = document;
    return document;
  };
}
