import type { Units } from '../domain/quantity';
import type { MovementDraft, ReservationDraft } from './stock-changes';

interface Line {
  itemId: string;
  quantity: Units;
  note: string;
}

/** transfer_out at `from` and transfer_in at `to` for every line, each carrying the transfer's id. */
export function transferMovements(transferId: string, from: string, to: string, lines: Line[], note: (line: Line) => string = (l) => l.note): MovementDraft[] {
  const common = { transferId, operationId: null, reason: null, reference: '' };
  return lines.flatMap((l) => [
    { ...common, itemId: l.itemId, locationId: from, type: 'transfer_out' as const, quantity: -l.quantity, note: note(l) },
    { ...common, itemId: l.itemId, locationId: to, type: 'transfer_in' as const, quantity: l.quantity, note: note(l) },
  ]);
}

/** What a pending transfer holds at its source: reserved when it is created (sign 1), released when it ends (sign -1). */
export function sourceReservations(from: string, lines: Line[], sign: 1n | -1n): ReservationDraft[] {
  return lines.map((l) => ({ itemId: l.itemId, locationId: from, quantity: sign * l.quantity }));
}
