/** What the stock service knows of a location when it decides whether stock may move there. */
export interface LocationState {
  id: string;
  name: string | null;
  active: boolean;
  deleted: boolean;
  closed: boolean;
}

/**
 * Why stock may not move at a location, or undefined when it may. Deleted locations take no
 * movement at all; stock may only be added where the location is active and not closed (closed:
 * its deletion is under way); a transfer needs both of its locations active, even to take
 * stock out.
 */
export function locationRefusal(location: LocationState | undefined, locationId: string, use: { addsStock: boolean; requireActive: boolean }): string | undefined {
  if (!location) return `Location ${locationId} does not exist.`;
  const label = location.name === null ? `Location ${location.id}` : `Location "${location.name}" (${location.id})`;
  if (location.deleted) return `${label} was deleted.`;
  if (use.addsStock && location.closed) return `${label} is closed to new stock while it is being deleted.`;
  if ((use.addsStock || use.requireActive) && !location.active) return `${label} is inactive.`;
  return undefined;
}
