import { type ApiDocs, ctx, offsetOf, Pagination, parseInput, requireScope, respondIdempotently, type ServiceRuntime, setTotalCount, z } from '@inv/shared';
import type { Express } from 'express';
import { listSuppliers } from '../data/supplier-repository';
import { Supplier } from '../domain/supplier';
import { createSupplier } from '../use-cases/create-supplier';

export const CreateSupplierBody = z
  .strictObject({
    name: z.string().trim().min(1).max(128).openapi({ description: 'Required; 1 to 128 characters, unique per workspace case-insensitively (409 conflict)' }),
    email: z.email().max(254).optional().openapi({ description: 'Optional e-mail address; default ""' }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ().-]{3,32}$/, 'expected digits, spaces and + ( ) . - (3 to 32 characters)')
      .optional()
      .openapi({ description: 'Optional phone number; default ""' }),
  })
  .openapi('CreateSupplier');

const SupplierListQuery = z.strictObject(Pagination.shape);

export function documentSupplierRoutes(docs: ApiDocs): void {
  docs.route({
    method: 'get',
    path: '/suppliers',
    summary: 'List suppliers',
    description: 'Ordered by name (case-insensitive). The total across pages is in X-Total-Count.',
    scope: 'items.read',
    tags: ['Suppliers'],
    request: { query: SupplierListQuery },
    responses: { 200: { description: 'One page of suppliers', schema: z.array(Supplier), headers: { 'X-Total-Count': 'Suppliers in the workspace' } } },
  });
  docs.route({
    method: 'post',
    path: '/suppliers',
    summary: 'Create a supplier',
    description: 'Counts toward the plan supplier limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.',
    scope: 'items.write',
    tags: ['Suppliers'],
    request: { body: { content: { 'application/json': { schema: CreateSupplierBody } } } },
    responses: { 201: { description: 'The created supplier', schema: Supplier } },
  });
}

export function supplierRoutes(app: Express, runtime: ServiceRuntime): void {
  app.get('/suppliers', requireScope('items.read'), async (req, res) => {
    const page = parseInput(SupplierListQuery, req.query, 'query');
    const { suppliers, total } = await listSuppliers(runtime.pool, ctx(req).workspace.id, { limit: page.pageSize, offset: offsetOf(page) });
    setTotalCount(res, total);
    res.json(suppliers);
  });
  app.post('/suppliers', requireScope('items.write'), async (req, res) => {
    const body = parseInput(CreateSupplierBody, req.body, 'body');
    await respondIdempotently(req, res, runtime.pool, { endpoint: 'POST /suppliers', status: 201 }, (guard) => createSupplier(runtime, ctx(req), body, guard));
  });
}
