import type { LocationAccess } from '@inv/shared/core';

/** Who a use case acts for: the workspace, the member and the request that caused it. */
export interface Actor {
  workspaceId: string;
  userId: string;
  requestId: string | null;
  locationAccess: LocationAccess;
}

