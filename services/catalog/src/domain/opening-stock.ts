import { MAX_OPENING_LINES, MAX_SERIALS_PER_REQUEST, type Tracking, Unprocessable } from '@inv/shared/core';

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

/** The units of an opening as the request names them, with the tracking of the item they open. */
export interface OpeningUnits {
  tracking: Tracking;
  quantity: number;
  serials?: readonly string[];
  lot?: string;
  expiresOn?: string;
}

/** The opening fields that name units, and the tracking that takes each. */
const UNIT_FIELDS = { serials: 'serial', lot: 'lot', expiresOn: 'lot' } as const satisfies Record<string, Tracking>;
export type UnitField = keyof typeof UNIT_FIELDS;

/**
 * What the item alone shows wrong with the units an opening names, one refusal per field: serials
 * for an item whose tracking is not serial, a lot or its expiry for one whose tracking is not lot,
 * and any of them without an opening quantity (they would be dropped unseen). Whether the units
 * are right (as many serials as the quantity, a serial new to the stock, a lot's expiry) is the
 * stock ledger's decision, where a unit's identity is decided: not checked here.
 */
export function unitRefusals(units: OpeningUnits): Array<{ field: UnitField; message: string }> {
  return (Object.keys(UNIT_FIELDS) as UnitField[]).flatMap((field) => {
    if (units[field] === undefined) return [];
    const takes = UNIT_FIELDS[field];
    if (units.tracking !== takes) return [{ field, message: `may only be given for an item whose tracking is ${takes}; this item's tracking is ${units.tracking}` }];
    if (units.quantity === 0) return [{ field, message: 'may only be given with an opening quantity above 0: it names units of that stock' }];
    return [];
  });
}

/**
 * Opening lines in commands of the stock service, in order: at most MAX_OPENING_LINES lines and
 * MAX_SERIALS_PER_REQUEST serials each (the bound of one request, which a line alone never passes).
 */
export function openingCommands<T extends { serials?: readonly string[] }>(lines: readonly T[]): T[][] {
  const commands: T[][] = [];
  let serials = 0;
  for (const line of lines) {
    const count = line.serials?.length ?? 0;
    const last = commands.at(-1);
    if (last && last.length < MAX_OPENING_LINES && serials + count <= MAX_SERIALS_PER_REQUEST) {
      last.push(line);
      serials += count;
    } else {
      commands.push([line]);
      serials = count;
    }
  }
  return commands;
}
