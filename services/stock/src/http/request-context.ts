import { readableLocationIds } from '@inv/shared/core';
import { ctx } from '@inv/shared/http';
import type { Request } from 'express';
import type { ReadableLocations } from '../data/ledger-repository';

/** The locations a restricted member may read (its grants, read or write); null when unrestricted. */
export function readableLocations(req: Request): ReadableLocations {
  return readableLocationIds(ctx(req).locationAccess) ?? null;
}
