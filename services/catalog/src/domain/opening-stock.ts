import { Unprocessable } from '@inv/shared/core';

export interface OpeningInput {
  trackStock: boolean;
  quantity: number;
  locationId?: string;
}

/**
 * Where an item's opening quantity is recorded, or undefined when it has none.
 * Throws Unprocessable for a non-zero quantity on a catalog-only item, or when no location is
 * given and the workspace has no default location.
 */
export function openingLocation(input: OpeningInput, defaultLocationId: string | null): string | undefined {
  if (input.quantity === 0) return undefined;
  if (!input.trackStock) throw new Unprocessable('quantity must be 0 for a catalog-only item (trackStock false): it holds no stock.');
  const locationId = input.locationId ?? defaultLocationId;
  if (locationId === null) throw new Unprocessable('The workspace has no default location; give locationId for the opening quantity.');
  return locationId;
}
