import type { Express, Request, RequestHandler, Response } from 'express';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { Scope } from '../access';
import { type EffectGuard, UNGUARDED } from '../idempotency/effect-guard';
import { respondIdempotently } from '../idempotency/respond';
import type { ApiTag } from './api-tags';
import { ctx, requireScope } from './service-app';
import { seesCosts, withoutCosts } from '../costs';
import { parseInput } from './validate';

/** A request body: `required` ones are validated as sent (no body is a 400); optional ones default to {}. */
export interface BodySpec<B extends z.ZodType> {
  schema: B;
  required: boolean;
  /** Replaces the plain schema parse when a route words its errors itself (e.g. naming each bulk element). */
  parse?: (raw: unknown) => z.output<B>;
  /**
   * text/csv: the body is a file (CSV_UPLOAD), handed over as its bytes (a Buffer, empty when none
   * was sent) and checked by the use case; `schema` only documents it. Default application/json.
   */
  mediaType?: 'application/json' | 'text/csv';
}

/** The schema of an input a route does not take: its handler sees undefined. */
type Absent = z.ZodUndefined;

/** What a handler receives: path, query and body already validated by the route's schemas. */
export interface RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

export interface RouteCall<Deps> {
  deps: Deps;
  req: Request;
  res: Response;
  /**
   * For `idempotent` routes, the request's Idempotency-Key as its use case takes it: the use case
   * runs it in the effect's own transaction (begin first, finish with its result before COMMIT),
   * so the stored answer commits or vanishes with the effect. UNGUARDED for other routes.
   */
  guard: EffectGuard<unknown>;
}

export interface DocumentedResponse {
  description: string;
  schema?: z.ZodTypeAny;
  /** A list's answer: carries X-Total-Count, the rows matching the filters across all pages. */
  totalCount?: boolean;
  /** The answer carries Link rel="next" when a next (keyset) page exists. */
  nextLink?: boolean;
  /** text/csv: the handler streams the answer itself (schema documents it). Default application/json. */
  mediaType?: 'application/json' | 'text/csv';
  /** The answer carries a Location header (the URL of what it created). */
  location?: boolean;
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * One route, written once: it registers the Express handler (scope check, input validation,
 * the answer) and the OpenAPI operation from the same fields.
 */
export interface RouteDefinition<Deps, P extends z.ZodType = Absent, Q extends z.ZodType = Absent, B extends z.ZodType = Absent> {
  method: Method;
  /** Names the operation in the document and in generated clients, e.g. `listItems`. */
  operationId: string;
  /** In OpenAPI form, `/items/{itemId}`; Express gets `/items/:itemId`. */
  path: string;
  summary: string;
  description?: string;
  /** Required scope: checked before the input is read, and shown in the description. */
  scope?: Scope;
  tags: ApiTag[];
  /** Whether the workspaceId/projectSlug selector applies (false for /workspaces routes). */
  workspaceScoped?: boolean;
  /**
   * Answered without an API key (GET /): documented with no security requirement and only the
   * errors such a call can meet. The gateway lets the path through without one.
   */
  public?: boolean;
  /**
   * The route honours an Idempotency-Key header: mountRoutes claims the key and answers a replay,
   * the handler passes `call.guard` to its use case, and the header and Idempotent-Replayed are
   * documented on the operation.
   */
  idempotent?: boolean;
  /** For idempotent routes: runs before a stored answer is replayed (e.g. to set a header a fresh answer carries). */
  beforeReplay?: (call: Omit<RouteCall<Deps>, 'guard'>) => Promise<void>;
  /** The answer's body for the handler's result, when it is not the result itself (stored as such under an Idempotency-Key). */
  present?: (result: never) => unknown;
  /**
   * The answer's fields that hold costs, by name at any depth (`averageCost`, a job's `cost` total):
   * null for a caller whose scopes lack valuation.read (shared/src/costs.ts), in one place for
   * every route that shows them.
   */
  costFields?: readonly string[];
  /** The Location header of the answer (see DocumentedResponse.location), from its body: set on a replay too. */
  locationOf?: (body: never) => string;
  request?: { params?: P; query?: Q; body?: BodySpec<B> };
  /** Exactly one 2xx: the status a handler's return value is sent with. */
  responses: Record<number, DocumentedResponse>;
  /** Returns the result the success answer carries (its JSON body, through `present` when given). */
  handler: (input: RouteInput<P, Q, B>, call: RouteCall<Deps>) => Promise<unknown>;
}

// The handler's input type differs per route; a list of routes only needs them to be mountable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute<Deps> = RouteDefinition<Deps, any, any, any>;

/** Fixes the dependencies' type once per module, so each route's schemas type its handler's input. */
export function routesFor<Deps>() {
  return <P extends z.ZodType = Absent, Q extends z.ZodType = Absent, B extends z.ZodType = Absent>(
    route: RouteDefinition<Deps, P, Q, B>,
  ): RouteDefinition<Deps, P, Q, B> => {
    successStatus(route);
    return route;
  };
}

function successStatus(route: AnyRoute<never>): number {
  const statuses = Object.keys(route.responses).map(Number).filter((s) => s >= 200 && s < 300);
  if (statuses.length !== 1) throw new Error(`${route.method.toUpperCase()} ${route.path} must declare exactly one 2xx response; it declares ${statuses.length}.`);
  return statuses[0]!;
}

export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export interface MountOptions {
  /**
   * How the route's scope is enforced before its input is read; by default from the verified
   * internal context. null when the handler checks it itself (the gateway's /workspaces routes,
   * whose scopes depend on the workspace each answer is about).
   */
  scopeGuard?: ((scope: Scope) => RequestHandler) | null;
}

/** Registers each route's Express handler, in the order given (literal paths before parameters). */
export function mountRoutes<Deps extends { pool: Pool }>(app: Express, routes: readonly AnyRoute<Deps>[], deps: Deps, options: MountOptions = {}): void {
  const scopeGuard = options.scopeGuard === undefined ? requireScope : options.scopeGuard;
  for (const route of routes) {
    const status = successStatus(route);
    const guards = route.scope && scopeGuard ? [scopeGuard(route.scope)] : [];
    app[route.method](expressPath(route.path), ...guards, async (req: Request, res: Response) => {
      const input = readInput(route, req);
      const shown = (route.present as ((result: unknown) => unknown) | undefined) ?? ((result: unknown) => result);
      const costs = route.costFields && !seesCosts(ctx(req)) ? new Set(route.costFields) : undefined;
      const present = costs ? (result: unknown) => withoutCosts(shown(result), costs) : shown;
      const locationOf = route.locationOf as ((body: unknown) => string) | undefined;
      const headers = locationOf && ((body: unknown) => ({ Location: locationOf(body) }));
      if (route.idempotent) {
        const beforeReplay = route.beforeReplay && (() => route.beforeReplay!({ deps, req, res }));
        await respondIdempotently(req, res, deps.pool, { endpoint: idempotencyEndpoint(req), status, body: present, beforeReplay, headers }, (guard) =>
          route.handler(input, { deps, req, res, guard }),
        );
        return;
      }
      const answer = await route.handler(input, { deps, req, res, guard: UNGUARDED });
      if (res.headersSent) return;
      const body = present(answer);
      for (const [name, value] of Object.entries(headers?.(body) ?? {})) res.setHeader(name, value);
      res.status(status).json(body);
    });
  }
}

/**
 * What an Idempotency-Key is scoped to besides the workspace and member: the method and the
 * concrete path, so an action's key belongs to its one resource (`POST /inventory/transfers/<id>/complete`).
 */
function idempotencyEndpoint(req: Request): string {
  return `${req.method} ${req.path.replace(/\/+$/, '').toLowerCase()}`;
}

function readInput(route: AnyRoute<never>, req: Request): RouteInput<z.ZodType, z.ZodType, z.ZodType> {
  const { params, query, body } = route.request ?? {};
  const parsedParams: unknown = params ? parseInput(params, req.params, 'path') : undefined;
  const parsedQuery: unknown = query ? parseInput(query, req.query, 'query') : undefined;
  let parsedBody: unknown;
  if (body?.mediaType === 'text/csv') parsedBody = req.rawBody ?? Buffer.alloc(0);
  else if (body) {
    const raw: unknown = body.required ? req.body : (req.body ?? {});
    parsedBody = body.parse ? body.parse(raw) : parseInput(body.schema, raw, 'body');
  }
  return { params: parsedParams, query: parsedQuery, body: parsedBody };
}
