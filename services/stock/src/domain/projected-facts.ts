import type { ItemCopyPart } from '@inv/shared/core';

/**
 * What the stock service keeps of another service's entity (an item, a location), as far as
 * trusting it goes (docs/consistency.md): `version` is the owner's version the copy holds, `fence`
 * the highest version an owner announced for a change before committing it (null: none). A copy
 * that lacks a fenced version may no longer decide a rule or be shown: the owner is asked.
 */
export interface Fenced {
  version: number;
  fence: number | null;
}

/** Whether the copy holds every version an owner has fenced. */
export function holdsFencedVersion(copy: Fenced): boolean {
  return copy.fence === null || copy.version >= copy.fence;
}

/** Whether the copy is fenced past what it holds (it exists, but is not to be trusted). */
export function isFencedPast(copy: Fenced): boolean {
  return !holdsFencedVersion(copy);
}

/** What a use of an item's copy needs of it: some parts (shared/src/contracts/stock.ts ITEM_COPY_PARTS), or every part. */
export type ItemNeeds = readonly ItemCopyPart[] | 'every part';

/**
 * Whether an item's copy serves a use that needs `needs`: it holds every fenced version, or the
 * changes fenced past it touch only parts the use does not need (`fencedParts`; null: a fence
 * that named none, so every part).
 */
export function servesItemUse(copy: Fenced & { fencedParts: readonly string[] | null }, needs: ItemNeeds): boolean {
  if (holdsFencedVersion(copy)) return true;
  if (needs === 'every part' || copy.fencedParts === null) return false;
  return !copy.fencedParts.some((part) => (needs as readonly string[]).includes(part));
}

/** What transfers need of their items' copies: the identity their answer shows, and whether the item tracks stock (neither its threshold nor its prices). */
export const TRANSFER_NEEDS: ItemNeeds = ['identity', 'tracking'];
/** What showing an item's SKU and description needs of its copy. */
export const DISPLAY_NEEDS: ItemNeeds = ['identity'];
