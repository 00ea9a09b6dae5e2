import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_STATUS } from '../errors';
import type { AnyRoute } from './route-definition';

extendZodWithOpenApi(z);

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string(),
      doc_url: z.string().optional(),
    }),
  })
  .openapi('Error');

/** Query parameters every workspace-scoped route accepts; the gateway consumes them. */
export const WorkspaceSelector = z.object({
  workspaceId: z.string().optional().openapi({ description: 'Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace.' }),
  projectSlug: z.string().optional().openapi({ description: 'Deprecated alternative to workspaceId: the workspace slug.', deprecated: true }),
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'bad_request: malformed or invalid request',
  401: 'unauthorized: invalid or missing API key',
  403: 'forbidden (scope, role or plan) or exceeded_limit (plan limit)',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable_entity',
  429: 'rate_limit_exceeded',
  500: 'internal_server_error',
};

const IDEMPOTENCY_KEY_HEADER = z.object({
  'Idempotency-Key': z.string().optional().openapi({ description: 'Makes a retry of this request safe: see the operation description.' }),
});

/** Collects a process's routes as OpenAPI 3.1, from the same zod schemas that validate them. */
export class ApiDocs {
  readonly registry = new OpenAPIRegistry();

  constructor() {
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'API key: sk_… (full access, select the workspace with workspaceId) or rk_… (restricted, scoped, bound to one workspace).',
    });
  }

  /** Adds each route's operation, from the definition that also registers its handler. */
  add(routes: readonly AnyRoute<never>[]): this {
    for (const route of routes) this.route(route);
    return this;
  }

  private route(r: AnyRoute<never>): void {
    const query = r.workspaceScoped === false ? r.request?.query : mergeQuery(r.request?.query);
    const body = r.request?.body;
    const request: RouteConfig['request'] = {
      ...(r.request?.params ? { params: r.request.params } : {}),
      ...(query ? { query } : {}),
      ...(r.idempotent ? { headers: IDEMPOTENCY_KEY_HEADER } : {}),
      ...(body ? { body: { content: { 'application/json': { schema: body.schema } }, required: body.required } } : {}),
    };
    const responses: RouteConfig['responses'] = {};
    for (const [status, res] of Object.entries(r.responses)) {
      responses[status] = {
        description: res.description,
        ...(res.headers ? { headers: Object.fromEntries(Object.entries(res.headers).map(([k, d]) => [k, { description: d, schema: { type: 'string' } }])) } : {}),
        ...(res.schema ? { content: { 'application/json': { schema: res.schema } } } : {}),
      };
    }
    for (const [status, description] of Object.entries(ERROR_DESCRIPTIONS)) {
      responses[status] ??= { description, content: { 'application/json': { schema: ErrorEnvelopeSchema } } };
    }
    this.registry.registerPath({
      method: r.method,
      path: r.path,
      summary: r.summary,
      description: [r.description, r.scope ? `Requires scope \`${r.scope}\`.` : undefined].filter(Boolean).join('\n\n') || undefined,
      tags: r.tags,
      security: [{ bearer: [] }],
      request,
      responses,
    });
  }

  document(info: { title: string; version: string; description?: string }): ReturnType<OpenApiGeneratorV31['generateDocument']> {
    return new OpenApiGeneratorV31(this.registry.definitions).generateDocument({ openapi: '3.1.0', info, security: [{ bearer: [] }] });
  }
}

function mergeQuery(query: z.ZodType | undefined): z.ZodObject {
  if (!query) return WorkspaceSelector;
  return (query as z.ZodObject).extend(WorkspaceSelector.shape);
}
