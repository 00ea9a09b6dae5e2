import { readableLocationIds } from '@inv/shared/core';
import { ctx } from '@inv/shared/http';
import type { Request } from 'express';
import type { ReadableLocations } from '../data/ledger-repository';
import type { Actor } from '../use-cases/actor';

export function actorOf(req: Request): Actor {
  const context = ctx(req);
  return { workspaceId: context.workspace.id, userId: context.user.id, requestId: context.requestId, locationAccess: context.locationAccess };
}

/** The locations a restricted member may read (its grants, read or write); null when unrestricted. */
export function readableLocations(req: Request): ReadableLocations {
  return readableLocationIds(ctx(req).locationAccess) ?? null;
}

/** Ids compare and lock as PostgreSQL prints uuids: lowercase. */
export function lower(ids: string[] | undefined): string[] | undefined {
  return ids?.map((id) => id.toLowerCase());
}
