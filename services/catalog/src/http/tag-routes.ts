import { type ApiDocs, ctx, offsetOf, Pagination, parseInput, requireScope, respondIdempotently, type ServiceRuntime, setTotalCount, z } from '@inv/shared';
import type { Express } from 'express';
import { listTags } from '../data/tag-repository';
import { Tag, TagColor } from '../domain/tag';
import { createTag } from '../use-cases/create-tag';

export const CreateTagBody = z
  .strictObject({
    name: z.string().trim().min(1).max(64).openapi({ description: 'Required; 1 to 64 characters, unique per workspace case-insensitively (409 conflict)' }),
    color: TagColor.optional().openapi({ description: 'Hex color #rrggbb; default #9e9e9e' }),
  })
  .openapi('CreateTag');

const TagListQuery = z.strictObject(Pagination.shape);

export function documentTagRoutes(docs: ApiDocs): void {
  docs.route({
    method: 'get',
    path: '/tags',
    summary: 'List tags',
    description: 'Ordered by name (case-insensitive). The total across pages is in X-Total-Count.',
    scope: 'tags.read',
    tags: ['Tags'],
    request: { query: TagListQuery },
    responses: { 200: { description: 'One page of tags', schema: z.array(Tag), headers: { 'X-Total-Count': 'Tags in the workspace' } } },
  });
  docs.route({
    method: 'post',
    path: '/tags',
    summary: 'Create a tag',
    description: 'Counts toward the plan tag limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.',
    scope: 'tags.write',
    tags: ['Tags'],
    request: { body: { content: { 'application/json': { schema: CreateTagBody } } } },
    responses: { 201: { description: 'The created tag', schema: Tag } },
  });
}

export function tagRoutes(app: Express, runtime: ServiceRuntime): void {
  app.get('/tags', requireScope('tags.read'), async (req, res) => {
    const page = parseInput(TagListQuery, req.query, 'query');
    const { tags, total } = await listTags(runtime.pool, ctx(req).workspace.id, { limit: page.pageSize, offset: offsetOf(page) });
    setTotalCount(res, total);
    res.json(tags);
  });
  app.post('/tags', requireScope('tags.write'), async (req, res) => {
    const body = parseInput(CreateTagBody, req.body, 'body');
    await respondIdempotently(req, res, runtime.pool, { endpoint: 'POST /tags', status: 201 }, (guard) => createTag(runtime, ctx(req), body, guard));
  });
}
