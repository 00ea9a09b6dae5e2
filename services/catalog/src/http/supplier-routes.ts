import { z } from '@inv/shared/core';
import { answeredWithOwnerPosition, answerLatestOwnerPosition, ctx, offsetOf, Pagination, routesFor, setTotalCount } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { listSuppliers } from '../data/supplier-repository';
import { Supplier } from '../domain/supplier';
import { createSupplier } from '../use-cases/create-supplier';

export const CreateSupplierBody = z
  .strictObject({
    name: z.string().trim().min(1).max(128).openapi({ description: 'Required; 1 to 128 characters, unique per workspace case-insensitively (409 conflict)', example: 'Acme Supplies' }),
    email: z.email().max(254).optional().openapi({ description: 'Optional e-mail address; default ""' }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ().-]{3,32}$/, 'expected digits, spaces and + ( ) . - (3 to 32 characters)')
      .optional()
      .openapi({ description: 'Optional phone number; default ""', example: '+1 555 0100' }),
  })
  .openapi('CreateSupplier');

const SupplierListQuery = z.strictObject(Pagination.shape);

const route = routesFor<ServiceRuntime>();

export const supplierRoutes = [
  route({
    method: 'get',
    operationId: 'listSuppliers',
    path: '/suppliers',
    summary: 'List suppliers',
    description: 'Ordered by name (case-insensitive). The total across pages is in X-Total-Count.',
    scope: 'items.read',
    tags: ['Suppliers'],
    request: { query: SupplierListQuery },
    responses: { 200: { description: 'One page of suppliers', schema: z.array(Supplier), totalCount: true } },
    handler: async ({ query: page }, { deps, req, res }) => {
      const { suppliers, total } = await listSuppliers(deps.pool, ctx(req).workspace.id, { limit: page.pageSize, offset: offsetOf(page) });
      setTotalCount(res, total);
      return suppliers;
    },
  }),
  route({
    method: 'post',
    operationId: 'createSupplier',
    path: '/suppliers',
    summary: 'Create a supplier',
    description: 'Counts toward the plan supplier limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.',
    scope: 'items.write',
    tags: ['Suppliers'],
    idempotent: true,
    beforeReplay: answerLatestOwnerPosition('catalog'),
    request: { body: { schema: CreateSupplierBody, required: true } },
    responses: { 201: { description: 'The created supplier', schema: Supplier } },
    handler: async ({ body }, { deps, req, res, guard }) => answeredWithOwnerPosition(res, 'catalog', createSupplier(deps, ctx(req), body, guard)),
  }),
];
