import { type Caller, CatalogEvents, Conflict, newId, planQuota } from '@inv/shared/core';
import { claimPlanQuota, type EffectGuard, isUniqueViolation } from '@inv/shared/db';
import { recordEvent } from '@inv/shared/messaging';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { IN_USE } from '../data/counters';
import { insertTag } from '../data/tag-repository';
import { DEFAULT_TAG_COLOR, type Tag } from '../domain/tag';

/** Throws LimitExceeded past the plan's tag limit and Conflict for a name taken case-insensitively. */
export async function createTag(runtime: ServiceRuntime, context: Caller, input: { name: string; color?: string }, guard: EffectGuard<Tag>): Promise<Tag> {
  const { workspace } = context;
  const tag: Tag = { id: newId(), name: input.name, color: input.color ?? DEFAULT_TAG_COLOR };
  try {
    return await transact(runtime, async (tx) => {
      await guard.begin(tx);
      await insertTag(tx, workspace.id, tag);
      await recordEvent(tx, CatalogEvents.tagCreated, workspace.id, tag, context.requestId);
      await claimPlanQuota(tx, workspace.id, planQuota(workspace, 'tags'), IN_USE.tags);
      await guard.finish(tx, tag);
      return tag;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'tags_workspace_name')) throw new Conflict(`A tag named "${input.name}" already exists (tag names are unique case-insensitively).`);
    throw err;
  }
}
