import { z } from '@inv/shared/core';
import { ctx, offsetOf, Pagination, routesFor, setTotalCount } from '@inv/shared/http';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { listTags } from '../data/tag-repository';
import { Tag, TagColor } from '../domain/tag';
import { createTag } from '../use-cases/create-tag';

export const CreateTagBody = z
  .strictObject({
    name: z.string().trim().min(1).max(64).openapi({ description: 'Required; 1 to 64 characters, unique per workspace case-insensitively (409 conflict)', example: 'Fragile' }),
    color: TagColor.optional().openapi({ description: 'A CSS color name (any letter case, e.g. blue), #rgb or #rrggbb, returned exactly as given; default #9e9e9e' }),
  })
  .openapi('CreateTag');

const TagListQuery = z.strictObject(Pagination.shape);

const route = routesFor<ServiceRuntime>();

export const tagRoutes = [
  route({
    method: 'get',
    operationId: 'listTags',
    path: '/tags',
    summary: 'List tags',
    description: 'Ordered by name (case-insensitive). The total across pages is in X-Total-Count.',
    scope: 'tags.read',
    tags: ['Tags'],
    request: { query: TagListQuery },
    responses: { 200: { description: 'One page of tags', schema: z.array(Tag), totalCount: true } },
    handler: async ({ query: page }, { deps, req, res }) => {
      const { tags, total } = await listTags(deps.pool, ctx(req).workspace.id, { limit: page.pageSize, offset: offsetOf(page) });
      setTotalCount(res, total);
      return tags;
    },
  }),
  route({
    method: 'post',
    operationId: 'createTag',
    path: '/tags',
    summary: 'Create a tag',
    description: 'Counts toward the plan tag limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.',
    scope: 'tags.write',
    tags: ['Tags'],
    idempotent: true,
    request: { body: { schema: CreateTagBody, required: true } },
    responses: { 201: { description: 'The created tag', schema: Tag } },
    handler: async ({ body }, { deps, req, guard }) => createTag(deps, ctx(req), body, guard),
  }),
];
