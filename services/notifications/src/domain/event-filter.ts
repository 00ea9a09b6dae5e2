import { z } from '@inv/shared/core';
import { PUBLIC_EVENT_TYPES, type PublicEventType } from './public-event-types';

/**
 * Which events a webhook receives: its `events` list holds exact types (`transfer.completed`) and
 * wildcards over a whole first segment (`transfer.*`); an empty list means every event. Only
 * what can match a published type is accepted, so a typo is a 400 at create time rather than an
 * endpoint that silently never receives anything.
 */

export const MAX_EVENT_FILTERS = 50;

const KNOWN = new Set<string>(PUBLIC_EVENT_TYPES);
const PREFIXES = new Set(PUBLIC_EVENT_TYPES.map((type) => type.slice(0, type.lastIndexOf('.'))));

/** Why one entry of an `events` list cannot be used, or undefined when it can. */
function entryProblem(entry: string): string | undefined {
  if (entry.endsWith('.*')) {
    const prefix = entry.slice(0, -2);
    if (PREFIXES.has(prefix)) return undefined;
    if (prefix.includes('*')) return `is "${entry}", but a wildcard may only be the whole last segment, as in transfer.*`;
    return `is "${entry}", which matches no event type; the wildcards are ${[...PREFIXES].map((p) => `${p}.*`).join(', ')}`;
  }
  if (entry.includes('*')) return `is "${entry}", but a wildcard may only be the whole last segment, as in transfer.*; an empty list receives every event`;
  if (!KNOWN.has(entry)) return `is "${entry}", which is not an event type`;
  return undefined;
}

/** A subscription's `events`: at most MAX_EVENT_FILTERS entries, each a known type or wildcard, none twice. */
export const EventFilter = z
  .array(z.string().max(100))
  .max(MAX_EVENT_FILTERS, { message: `must have at most ${MAX_EVENT_FILTERS} entries` })
  .superRefine((entries, check) => {
    const seen = new Map<string, number>();
    for (const [index, entry] of entries.entries()) {
      const problem = entryProblem(entry);
      if (problem !== undefined) check.addIssue({ code: 'custom', path: [index], message: problem });
      const first = seen.get(entry);
      if (first !== undefined) check.addIssue({ code: 'custom', path: [index], message: `repeats events[${first}] ("${entry}"); give each once` });
      else seen.set(entry, index);
    }
  });
export type EventFilter = z.infer<typeof EventFilter>;

/** Whether an event of `type` goes to a webhook whose `events` list is `filter` (validated by EventFilter). */
export function matchesEvent(filter: readonly string[], type: PublicEventType): boolean {
  if (filter.length === 0) return true;
  return filter.some((entry) => entry === type || (entry.endsWith('.*') && type.startsWith(entry.slice(0, -1))));
}
