/** The three ways a request names an item's tags. */
export interface TagSelectionInput {
  tagId?: string;
  tagIds?: string[];
  tagNames?: string[];
}

export interface TagSelection {
  /** Ids (normalised where the request entered), in assignment order: the deprecated tagId first, then tagIds, without repeats. */
  ids: string[];
  /** Names lowercased for case-insensitive matching, without repeats, in the order given. */
  names: string[];
}

/**
 * The union of tagId, tagIds and tagNames, or undefined when the request names no tags at all
 * (which leaves an item's tags as they are). An empty tagIds alone selects no tags: it clears them.
 */
export function tagSelection(input: TagSelectionInput): TagSelection | undefined {
  if (input.tagId === undefined && input.tagIds === undefined && input.tagNames === undefined) return undefined;
  const ids = [...new Set([...(input.tagId !== undefined ? [input.tagId] : []), ...(input.tagIds ?? [])])];
  const names = [...new Set((input.tagNames ?? []).map((n) => n.trim().toLowerCase()))];
  return { ids, names };
}

/**
 * Resolves a selection against the tags found: ids first, then the tags the names matched, in
 * order and without repeats. Returns what could not be resolved so the caller can refuse it.
 */
export function resolveTagSelection(
  selection: TagSelection,
  knownIds: ReadonlySet<string>,
  idsByName: ReadonlyMap<string, string>,
): { tagIds: string[]; unknownIds: string[]; unknownNames: string[] } {
  const unknownIds = selection.ids.filter((id) => !knownIds.has(id));
  const unknownNames = selection.names.filter((n) => !idsByName.has(n));
  const named = selection.names.flatMap((n) => idsByName.get(n) ?? []);
  const tagIds = [...new Set([...selection.ids.filter((id) => knownIds.has(id)), ...named])];
  return { tagIds, unknownIds, unknownNames };
}
