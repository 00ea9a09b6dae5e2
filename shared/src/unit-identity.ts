import { z } from './zod';

/**
 * How the units of an item are told apart (docs/serials.md): not at all (none), one by one
 * (serial: each unit has its own serial number) or by production lot (lot: units of one lot are
 * interchangeable, and the lot may expire). The catalog owns an item's tracking; the stock ledger
 * decides, on every line that moves stock, which serials or which lot the line carries.
 */
export const TRACKING_MODES = ['none', 'serial', 'lot'] as const;
export const Tracking = z.enum(TRACKING_MODES).openapi({
  description: 'How units are told apart: none (default), serial (every unit has a serial number, named on every line that moves it) or lot (units carry a lot code, named on every line that moves them)',
  example: 'none',
});
export type Tracking = z.infer<typeof Tracking>;

/** The most serial numbers one request may name, over all its lines (a 400 past it). */
export const MAX_SERIALS_PER_REQUEST = 5000;
export const MAX_UNIT_CODE_LENGTH = 100;

/** Characters that print nothing or change how text reads (as printable-text.ts): refused in a serial or lot code. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

/**
 * Marks a request field that only a serial- or lot-tracked item takes: the API document says so
 * (x-tracked-only), and the generated request examples, made for an untracked item, leave it out
 * (openapi-examples.ts).
 */
export const TRACKED_ONLY = { 'x-tracked-only': true } as const;

/** A serial number or a lot code as given: trimmed, 1 to 100 printable characters. */
const unitCode = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(MAX_UNIT_CODE_LENGTH)
    .refine((text) => !NOT_PRINTABLE.test(text), { message: `a ${what} holds printable characters only` });

export const SerialNumber = unitCode('serial number').openapi({
  description: `A serial number: 1 to ${MAX_UNIT_CODE_LENGTH} printable characters, trimmed; compared ignoring case`,
  example: 'WH-40-221873',
});

export const LotCode = unitCode('lot code').openapi({
  description: `A lot code: 1 to ${MAX_UNIT_CODE_LENGTH} printable characters, trimmed; compared ignoring case. Required on every line of a lot-tracked item that moves stock; refused (400) on other items`,
  example: 'L2026-118',
  ...TRACKED_ONLY,
});

/** A day (YYYY-MM-DD) a lot expires on. */
export const ExpiresOn = z.iso.date().openapi({ description: "The lot's expiry date (YYYY-MM-DD): set by the lot's first receipt; another date later is a 422", example: '2027-06-30', ...TRACKED_ONLY });

/**
 * The serial numbers of one line: 1 to MAX_SERIALS_PER_REQUEST, each once (ignoring case: a
 * repeat is a 400 naming its index and the first).
 */
export const SerialNumbers = z
  .array(SerialNumber)
  .min(1)
  .max(MAX_SERIALS_PER_REQUEST)
  .superRefine((serials, check) => {
    const seen = new Map<string, number>();
    serials.forEach((serial, index) => {
      const first = seen.get(unitKey(serial));
      if (first !== undefined) check.addIssue({ code: 'custom', path: [index], message: `serial "${serial}" is given twice (also at index ${first}); give each serial once` });
      else seen.set(unitKey(serial), index);
    });
  })
  .openapi({
    description: `The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most ${MAX_SERIALS_PER_REQUEST} in one request`,
    example: ['WH-40-221873'],
    ...TRACKED_ONLY,
  });

/** A line's expiry belongs to its lot: expiresOn without lot is refused (400 naming it), never dropped. */
export function refineExpiryWithLot(line: { lot?: string | undefined; expiresOn?: string | undefined }, check: z.RefinementCtx): void {
  if (line.expiresOn !== undefined && line.lot === undefined) {
    check.addIssue({ code: 'custom', path: ['expiresOn'], message: 'expiresOn is the expiry of a lot: give it with lot (a lot-tracked item), or leave it out' });
  }
}

/** How serial numbers and lot codes are compared and stored for comparison: trimmed, case ignored. */
export function unitKey(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * Adds an issue at `path` when the lines of one request name more than MAX_SERIALS_PER_REQUEST
 * serial numbers in all: the request's bound, whatever its lines.
 */
export function refineSerialTotal(lines: ReadonlyArray<{ serials?: readonly string[] | undefined }>, check: z.RefinementCtx, path: (string | number)[] = []): void {
  const total = lines.reduce((sum, line) => sum + (line.serials?.length ?? 0), 0);
  if (total > MAX_SERIALS_PER_REQUEST) check.addIssue({ code: 'custom', path, message: `names ${total} serial numbers; at most ${MAX_SERIALS_PER_REQUEST} in one request` });
}

/**
 * Refines lines that may name an item more than once only where their lots differ: two lines of
 * the same item are a 400 naming the later one unless both give a lot and the lots differ
 * (ignoring case). `what` words it: "item", "item at the same location".
 */
export function refineLinesPerItem<T extends { itemId: string; lot?: string | undefined }>(
  lines: readonly T[],
  check: z.RefinementCtx,
  keyOf: (line: T) => string = (line) => line.itemId.toLowerCase(),
  what = 'item',
): void {
  const byItem = new Map<string, Array<{ index: number; lot: string | undefined }>>();
  lines.forEach((line, index) => {
    const earlier = byItem.get(keyOf(line)) ?? [];
    const lot = line.lot === undefined ? undefined : unitKey(line.lot);
    const clash = earlier.find((e) => e.lot === undefined || lot === undefined || e.lot === lot);
    if (clash) {
      const sameLot = clash.lot !== undefined && clash.lot === lot;
      const why = sameLot
        ? `is the same ${what} and lot as lines[${clash.index}]; give each lot of an item once`
        : `is the same ${what} as lines[${clash.index}]; give each ${what} once (lines of one item may differ only by their lot)`;
      check.addIssue({ code: 'custom', path: [index, sameLot ? 'lot' : 'itemId'], message: why });
    }
    earlier.push({ index, lot });
    byItem.set(keyOf(line), earlier);
  });
}
