import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { docUrl, ERROR_STATUS, type ErrorCode } from '../errors';
import { IDEMPOTENCY_DESCRIPTION } from '../idempotency/respond';
import { API_TAGS } from './api-tags';
import { LINK_DESCRIPTION, TOTAL_COUNT_DESCRIPTION } from './query';
import { z } from '../zod';
import { asInputSchema, exampleOf, type JsonSchema, referencedComponents, type SchemaComponents } from './openapi-examples';
import type { AnyRoute } from './route-definition';

/** The one error envelope every failure answers with; documented as the `Error` component. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      param: z.string().optional().openapi({ description: 'The offending input, when one is to blame: a body field path, a query or path parameter, or a header name.', example: 'lines[0].quantity' }),
      shortages: z
        .array(
          z.object({
            itemId: z.string(),
            locationId: z.string(),
            available: z.number().openapi({ description: 'Free stock there: on hand minus what pending transfers and open jobs reserve (what the change itself frees there included)' }),
            requested: z.number(),
            param: z.string().optional().openapi({ description: 'The request field that asked for it, when one did' }),
          }),
        )
        .optional()
        .openapi({ description: 'Insufficient stock (422) only: every short line of the change, in the order asked, the same way for transfers, movements, jobs and replenishment runs.' }),
      doc_url: z.string().openapi({ description: "The code's section of the API reference, relative to the API's base URL.", example: '/docs#section/Errors/bad_request' }),
    }),
  })
  .openapi('Error');

/** Query parameters every workspace-scoped route accepts; the gateway consumes them. */
export const WorkspaceSelector = z.object({
  workspaceId: z.string().optional().openapi({ description: 'Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace.' }),
  projectSlug: z.string().optional().openapi({ description: 'Deprecated alternative to workspaceId: the workspace slug.', deprecated: true }),
});

const IDEMPOTENCY_KEY_HEADER = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({ description: IDEMPOTENCY_DESCRIPTION, example: 'order-4711-receipt' }),
});

type ResponseHeader = 'X-Request-Id' | 'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset' | 'Retry-After' | 'X-Total-Count' | 'Link' | 'Idempotent-Replayed' | 'Location';
type HeaderObject = {
  /** Sent with every answer the header is listed on (the others only when they apply). */
  required?: boolean;
  description: string;
  schema: { type: 'string' | 'integer'; example?: string | number; enum?: string[] };
};

/** Response headers, each described once as a component and referenced from every response that carries it. */
const RESPONSE_HEADERS: Record<ResponseHeader, HeaderObject> = {
  'X-Request-Id': {
    required: true,
    description: 'The request ID: the X-Request-Id the request carried (1 to 128 of A-Z a-z 0-9 . _ : -) or a generated UUID. Quote it when reporting a problem.',
    schema: { type: 'string', example: '0f4c1e9b-3d7a-4f0e-b2a8-6c5d9e1f2a3b' },
  },
  'X-RateLimit-Limit': { required: true, description: 'Calls allowed per minute for this key (per address for calls without a valid key).', schema: { type: 'integer', example: 600 } },
  'X-RateLimit-Remaining': { required: true, description: 'Calls left in the current one-minute window.', schema: { type: 'integer', example: 599 } },
  'X-RateLimit-Reset': { required: true, description: 'When a call is next freed in the window, as Unix time in seconds.', schema: { type: 'integer', example: 1768469460 } },
  'Retry-After': { required: true, description: 'Seconds to wait before the next call is admitted.', schema: { type: 'integer', example: 12 } },
  'X-Total-Count': { description: `${TOTAL_COUNT_DESCRIPTION}.`, schema: { type: 'integer', example: 1 } },
  Link: {
    description: `${LINK_DESCRIPTION}.`,
    schema: { type: 'string', example: '</inventory/transfers?workspaceId=7c9e6679-7425-40de-944b-e07fc1f90ae7&pageSize=50&cursor=eyJrIjpb…>; rel="next"' },
  },
  'Idempotent-Replayed': {
    description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key; absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
  Location: { required: true, description: 'The path of what the request created, to follow with GET.', schema: { type: 'string', example: '/imports/0191c1a0-5f2e-7cc2-9b1e-3f4a5b6c7d8e' } },
};

/** The gateway sets these on every answer, errors included. */
const EVERY_RESPONSE: ResponseHeader[] = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

function headerRefs(names: ResponseHeader[]) {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Shared error responses: every operation refers to these rather than repeating them. */
const ERROR_RESPONSES: Record<number, { name: string; description: string; code: ErrorCode; message: string; param?: string }> = {
  400: { name: 'BadRequest', description: 'bad_request: malformed or invalid request; the message names each offending field', code: 'bad_request', message: 'name must not be empty.', param: 'name' },
  401: { name: 'Unauthorized', description: 'unauthorized: invalid or missing API key', code: 'unauthorized', message: 'A valid API key is required: send "Authorization: Bearer <key>".' },
  403: { name: 'Forbidden', description: 'forbidden (scope, role or location access) or exceeded_limit (plan limit)', code: 'forbidden', message: 'This call requires the items.write scope; the key or the member\'s viewer role does not grant it.' },
  404: { name: 'NotFound', description: 'not_found: no such resource in the workspace, or not visible to the member', code: 'not_found', message: 'Item not found.' },
  409: { name: 'Conflict', description: 'conflict: taken name or SKU, wrong state, or an Idempotency-Key reused with another body', code: 'conflict', message: 'An item with SKU "WID-001" already exists.' },
  422: { name: 'UnprocessableEntity', description: 'unprocessable_entity: well-formed but refers to something unusable (unknown tag, inactive location, too little stock)', code: 'unprocessable_entity', message: 'Unknown tag IDs: 7c9e6679-7425-40de-944b-e07fc1f90ae7.' },
  429: {
    name: 'TooManyRequests',
    description:
      "rate_limit_exceeded, retryable: the key's rate limit (X-RateLimit-Remaining 0), or the API past its capacity, in contention, briefly without a dependency, or out of the call's 10 s deadline (see Overload). Its message ends with what is known of the outcome: nothing was changed, or it may have been done (the call had reached a process that could commit it). Either way wait Retry-After seconds and send the same request again, a POST with the same Idempotency-Key, which is safe",
    code: 'rate_limit_exceeded',
    message: 'The API is past its capacity right now; nothing was changed. Retry in 1 s.',
  },
  500: { name: 'InternalServerError', description: 'internal_server_error: quote X-Request-Id when reporting it', code: 'internal_server_error', message: 'Something went wrong on our side; quote the request ID when reporting it.' },
};

/** The errors a public route (no key, no input) can answer. */
const PUBLIC_ERRORS = [429, 500];

/** Collects a process's routes as OpenAPI 3.1, from the same zod schemas that validate them. */
export class ApiDocs {
  readonly registry = new OpenAPIRegistry();
  private readonly routes: AnyRoute<never>[] = [];

  constructor() {
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'API key: sk_… (full access, select the workspace with workspaceId) or rk_… (restricted, scoped, bound to one workspace).',
    });
    this.registry.register('Error', ErrorEnvelopeSchema);
    for (const [name, header] of Object.entries(RESPONSE_HEADERS)) this.registry.registerComponent('headers', name, header);
    for (const [status, error] of Object.entries(ERROR_RESPONSES)) {
      this.registry.registerComponent('responses', error.name, {
        description: error.description,
        headers: headerRefs(Number(status) === 429 ? [...EVERY_RESPONSE, 'Retry-After'] : EVERY_RESPONSE),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: { code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}), doc_url: docUrl(error.code) } } } },
      });
    }
  }

  /** Adds each route's operation, from the definition that also registers its handler. */
  add(routes: readonly AnyRoute<never>[]): this {
    for (const route of routes) {
      this.routes.push(route);
      this.register(route);
    }
    return this;
  }

  private register(r: AnyRoute<never>): void {
    const query = r.workspaceScoped === false ? r.request?.query : mergeQuery(r.request?.query);
    const body = r.request?.body;
    const request: RouteConfig['request'] = {
      ...(r.request?.params ? { params: r.request.params } : {}),
      ...(query ? { query } : {}),
      ...(r.idempotent ? { headers: IDEMPOTENCY_KEY_HEADER } : {}),
      ...(body ? { body: { content: { [body.mediaType ?? 'application/json']: { schema: body.schema } }, required: body.required } } : {}),
    };
    const responses: RouteConfig['responses'] = {};
    for (const [status, res] of Object.entries(r.responses)) {
      const headers: ResponseHeader[] = [
        ...EVERY_RESPONSE,
        ...(res.totalCount ? (['X-Total-Count'] as const) : []),
        ...(res.nextLink ? (['Link'] as const) : []),
        ...(r.idempotent ? (['Idempotent-Replayed'] as const) : []),
        ...(res.location ? (['Location'] as const) : []),
      ];
      responses[status] = {
        description: res.description,
        headers: headerRefs(headers),
        ...(res.schema ? { content: { [res.mediaType ?? 'application/json']: { schema: res.schema } } } : {}),
      };
    }
    for (const [status, error] of Object.entries(ERROR_RESPONSES)) {
      // A call without a key meets no key, scope, resource or input problem: only the rate limit and a bug.
      if (r.public && !PUBLIC_ERRORS.includes(Number(status))) continue;
      responses[status] ??= { $ref: `#/components/responses/${error.name}` };
    }
    this.registry.registerPath({
      method: r.method,
      path: r.path,
      operationId: r.operationId,
      summary: r.summary,
      description: [r.description, r.scope ? `Requires scope \`${r.scope}\`.` : undefined, r.public ? 'Needs no API key.' : undefined].filter(Boolean).join('\n\n') || undefined,
      tags: r.tags,
      security: r.public ? [] : [{ bearer: [] }],
      request,
      responses,
    });
  }

  /**
   * The document: request schemas made the input side, each operation given a request example
   * (when it takes a body) and a success example, both checked against the route's zod schemas;
   * throws naming the operation when an example does not satisfy them.
   */
  document(info: { title: string; version: string; description?: string }): OpenApiDocument {
    const document = new OpenApiGeneratorV31(this.registry.definitions).generateDocument({ openapi: '3.1.0', info, security: [{ bearer: [] }] }) as unknown as OpenApiDocument;
    const components = (document.components.schemas ?? {}) as SchemaComponents;
    const requestSchemas: JsonSchema[] = [];
    const responseSchemas: JsonSchema[] = [];
    for (const route of this.routes) {
      const operation = document.paths[route.path]![route.method]!;
      const name = `${route.method.toUpperCase()} ${route.path}`;
      const body = operation.requestBody?.content['application/json'];
      if (body && route.request?.body) {
        requestSchemas.push(body.schema);
        body.example = checkedExample(name, 'request', body.schema, components, route.request.body.schema);
      }
      // A file (text/csv): its example is the one its schema gives.
      const file = operation.requestBody?.content['text/csv'];
      if (file) file.example = (file.schema as { example?: unknown }).example;
      for (const [status, res] of Object.entries(route.responses)) {
        const csv = (operation.responses[status] as OperationResponse).content?.['text/csv'];
        if (csv) csv.example = (csv.schema as { example?: unknown }).example;
        const content = (operation.responses[status] as OperationResponse).content?.['application/json'];
        if (!content || !res.schema) continue;
        responseSchemas.push(content.schema);
        const shapes = content.schema.anyOf ?? content.schema.oneOf;
        if (shapes?.every((shape) => shape.$ref)) {
          // One example per shape a union answers, named after its component.
          content.examples = Object.fromEntries(
            shapes.map((shape) => {
              const component = shape.$ref!.split('/').pop()!;
              return [component, { summary: components[component]?.description ?? component, value: checkedExample(name, status, shape, components, res.schema!) }];
            }),
          );
        } else {
          content.example = checkedExample(name, status, content.schema, components, res.schema);
        }
      }
    }
    const usedByResponses = new Set(responseSchemas.flatMap((s) => [...referencedComponents(s, components)]));
    const inputOnly = [...new Set(requestSchemas.flatMap((s) => [...referencedComponents(s, components)]))];
    const shared = inputOnly.filter((name) => usedByResponses.has(name));
    if (shared.length > 0) throw new Error(`Schemas used by both requests and responses need an input and an output form: ${shared.join(', ')}`);
    for (const schema of [...requestSchemas, ...inputOnly.map((name) => components[name]!)]) asInputSchema(schema);
    const used = new Set(this.routes.flatMap((r) => r.tags));
    document.tags = Object.entries(API_TAGS)
      .filter(([name]) => used.has(name as keyof typeof API_TAGS))
      .map(([name, description]) => ({ name, description }));
    return document;
  }
}

/** An internal service's fragment of the public document (GET /openapi.json on the service). */
export function serviceDocument(service: string, routes: readonly AnyRoute<never>[]): OpenApiDocument {
  return new ApiDocs().add(routes).document({ title: service, version: '0.0.1' });
}

function checkedExample(operation: string, what: string, schema: JsonSchema, components: SchemaComponents, zodSchema: z.ZodType): unknown {
  const example = exampleOf(schema, components);
  const checked = zodSchema.safeParse(example);
  if (!checked.success) {
    throw new Error(`${operation}: the ${what} example ${JSON.stringify(example)} does not satisfy its schema (${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); give the failing fields an example in the zod schema`);
  }
  return example;
}

function mergeQuery(query: z.ZodType | undefined): z.ZodObject {
  if (!query) return WorkspaceSelector;
  return (query as z.ZodObject).extend(WorkspaceSelector.shape);
}

interface MediaType {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface OperationResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  tags: string[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, OperationResponse | { $ref: string }>;
  [field: string]: unknown;
}

/** The parts of an OpenAPI 3.1 document this project reads and merges. */
export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description: string }>;
  security?: unknown[];
  paths: Record<string, Partial<Record<string, Operation>>>;
  /** What the API calls: the webhook events a receiver gets, each as the POST the receiver answers. */
  webhooks?: Record<string, unknown>;
  components: Partial<Record<'schemas' | 'responses' | 'headers' | 'parameters' | 'securitySchemes', Record<string, unknown>>>;
}
