import type { TransferStatus } from '@inv/shared/core';

/**
 * The transitions of a transfer after it was created. pending → completed | rejected |
 * cancelled; completed → reverted. Every other status is final.
 */
export const TRANSFER_ACTIONS = ['complete', 'reject', 'cancel', 'revert'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

const TRANSITIONS: Record<TransferAction, { from: TransferStatus; to: TransferStatus; verb: string }> = {
  complete: { from: 'pending', to: 'completed', verb: 'completed' },
  reject: { from: 'pending', to: 'rejected', verb: 'rejected' },
  cancel: { from: 'pending', to: 'cancelled', verb: 'cancelled' },
  revert: { from: 'completed', to: 'reverted', verb: 'reverted' },
};

export function statusAfter(action: TransferAction): TransferStatus {
  return TRANSITIONS[action].to;
}

/** Why the action may not run on a transfer in `status`, or undefined when it may. */
export function transitionRefusal(transferId: string, status: TransferStatus, action: TransferAction): string | undefined {
  const { from, verb } = TRANSITIONS[action];
  return status === from ? undefined : `Transfer ${transferId} is ${status}; only a ${from} transfer can be ${verb}.`;
}

/**
 * The locations a member needs write access to for the action: the destination accepts
 * (complete) or refuses (reject) what is sent to it, the source withdraws what it sent
 * (cancel), and a revert moves stock at both ends.
 */
export function locationsToWrite(action: TransferAction, transfer: { fromLocationId: string; toLocationId: string }): { id: string; role: 'source' | 'destination' }[] {
  const source = { id: transfer.fromLocationId, role: 'source' as const };
  const destination = { id: transfer.toLocationId, role: 'destination' as const };
  switch (action) {
    case 'complete':
    case 'reject':
      return [destination];
    case 'cancel':
      return [source];
    case 'revert':
      return [source, destination];
  }
}

/** How a refusal to delete a location names the pending transfers that keep it in use. */
export function pendingTransfersRefusal(transferIds: string[], shown = 10): string | undefined {
  if (transferIds.length === 0) return undefined;
  const more = transferIds.length > shown ? ` and ${transferIds.length - shown} more` : '';
  return `The location has pending transfers in or out: ${transferIds.slice(0, shown).join(', ')}${more}; complete, reject or cancel them first.`;
}
