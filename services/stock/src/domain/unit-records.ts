import { ApiId, ApiTimestamp, z } from '@inv/shared/core';
import { fromUnits, toUnits } from './quantity';
import { SERIAL_STATUSES } from './units';

/** What the API shows of serials and lots (docs/serials.md). */

export const SerialStatus = z.enum(SERIAL_STATUSES).openapi({
  description: 'in_stock (at locationId), used (on jobId), written_off (an adjustment or a count took it out) or returned (its receipt was reverted); a serial that comes back is in_stock again, with its history',
});

export const SerialRecord = z
  .object({
    itemId: ApiId,
    sku: z.string().openapi({ description: "The item's SKU as the stock service's copy holds it" }),
    serial: z.string().openapi({ description: 'The serial as it was first received', example: 'WH-40-221873' }),
    status: SerialStatus,
    locationId: ApiId.openapi({ description: 'Where it is (in_stock), else where it last was' }),
    locationName: z.string().nullable(),
    jobId: ApiId.nullable().openapi({ description: 'The job that used it (status used); null otherwise', example: null }),
    heldBy: ApiId.nullable().openapi({ description: 'The pending transfer or open job that holds it (it named the serial); null when free', example: null }),
    receivedAt: ApiTimestamp.openapi({ description: 'When it was first received' }),
    lastMovedAt: ApiTimestamp,
  })
  .openapi('Serial', { description: 'One unit of a serial-tracked item: where it is, or where it went.' });
export type SerialRecord = z.infer<typeof SerialRecord>;

export function presentSerial(r: { item_id: string; sku: string | null; serial: string; status: z.infer<typeof SerialStatus>; location_id: string; location_name: string | null; job_id: string | null; held_by: string | null; received_at: Date; last_moved_at: Date }): SerialRecord {
  return {
    itemId: r.item_id,
    sku: r.sku ?? '',
    serial: r.serial,
    status: r.status,
    locationId: r.location_id,
    locationName: r.location_name,
    jobId: r.job_id,
    heldBy: r.held_by,
    receivedAt: r.received_at.toISOString(),
    lastMovedAt: r.last_moved_at.toISOString(),
  };
}

export const LotRecord = z
  .object({
    itemId: ApiId,
    sku: z.string(),
    lot: z.string().openapi({ description: 'The lot as it was first received', example: 'L2026-118' }),
    locationId: ApiId,
    locationName: z.string().nullable(),
    onHand: z.number().openapi({ description: 'Of this lot at the location', example: 12 }),
    reserved: z.number().openapi({ description: 'Of it held for pending transfers and open jobs that named the lot', example: 0 }),
    expiresOn: z.string().nullable().openapi({ description: 'The lot’s expiry (YYYY-MM-DD), as its first receipt with one set it; null when none was given', example: '2027-06-30' }),
  })
  .openapi('Lot', { description: 'What of one lot of an item is at one location.' });
export type LotRecord = z.infer<typeof LotRecord>;

export function presentLot(r: { item_id: string; sku: string | null; lot: string; location_id: string; location_name: string | null; on_hand: string; reserved: string; expires_on: string | null }): LotRecord {
  return {
    itemId: r.item_id,
    sku: r.sku ?? '',
    lot: r.lot,
    locationId: r.location_id,
    locationName: r.location_name,
    onHand: fromUnits(toUnits(r.on_hand)),
    reserved: fromUnits(toUnits(r.reserved)),
    expiresOn: r.expires_on,
  };
}
