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
