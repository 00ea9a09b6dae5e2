import { z } from '@inv/shared/core';
import { routesFor } from '@inv/shared/http';
import type { Pool } from '@inv/shared/db';
import type { Express } from 'express';
import { DOCS_PATH } from './docs-page';

/**
 * What a browser or a curl at the API's root finds: not a 401, but where to read on. Public, like
 * the document and the reference it points to; rate-limited per client address like every call
 * without a key.
 */
export const OPENAPI_PATH = '/openapi.json';
const FAVICON_PATH = '/favicon.ico';
const ROOT_PATH = '/';

/** The paths the gateway answers without a key: the root, the reference and the document, and a browser's favicon. */
export function isPublicPath(path: string): boolean {
  return path === ROOT_PATH || path === FAVICON_PATH || path === OPENAPI_PATH;
}

const AUTHENTICATION =
  'Every other call sends "Authorization: Bearer <key>". An operator creates a workspace with its owner\'s key: npm run -s admin -- workspace:create --name N --owner-email E --plan pro (or npm run demo, for one with sample data).';

export const ApiIndex = z
  .object({
    name: z.string().openapi({ example: 'Inventory Management API' }),
    version: z.string().openapi({ description: 'The API version (the specification\'s)', example: '0.0.1' }),
    docs: z.string().openapi({ description: 'The API reference, a page for people; relative to the API\'s base URL', example: DOCS_PATH }),
    openapi: z.string().openapi({ description: 'This OpenAPI 3.1 document; relative to the API\'s base URL', example: OPENAPI_PATH }),
    authentication: z.string().openapi({ description: 'How every other call authenticates, and where a key comes from', example: AUTHENTICATION }),
  })
  .openapi('ApiIndex', { description: 'Where to start' });
export type ApiIndex = z.infer<typeof ApiIndex>;

const INDEX: ApiIndex = {
  name: 'Inventory Management API',
  version: '0.0.1',
  docs: DOCS_PATH,
  openapi: OPENAPI_PATH,
  authentication: AUTHENTICATION,
};

const route = routesFor<{ pool: Pool }>();

export const discoveryRoutes = [
  route({
    method: 'get',
    operationId: 'getApiIndex',
    path: ROOT_PATH,
    summary: 'Where to start: the reference, this document and how to authenticate',
    description: 'Answers without a key, so that a browser or a first curl at the API finds its way instead of a 401.',
    tags: ['Discovery'],
    workspaceScoped: false,
    public: true,
    responses: { 200: { description: 'Where to read on', schema: ApiIndex } },
    handler: async () => INDEX,
  }),
];

/** Browsers ask for it on their own: an empty answer (no icon), cached for a day, rather than a 401 in the console. */
export function faviconRoute(app: Express): void {
  app.get(FAVICON_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.status(204).end();
  });
}
