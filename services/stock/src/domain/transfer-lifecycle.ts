import { StockEvents, type TransferStatus } from '@inv/shared/core';

/**
 * The lifecycle of a transfer, as data: the statuses it may be created in, and each action after
 * creation with the status it starts from, the status it ends in, whose write access it needs and
 * the event it records. A transfer created pending records transfer.pending, completed
 * transfer.completed (CREATED_EVENT).
 * pending → completed | rejected | cancelled; completed → reverted; every other status is final.
 * Everything that names a status or an action takes it from here.
 */
export const CREATED_AS = ['pending', 'completed'] as const satisfies readonly TransferStatus[];
export type CreatedAs = (typeof CREATED_AS)[number];
export const CREATED_EVENT = { completed: StockEvents.transferCompleted, pending: StockEvents.transferPending } as const satisfies Record<CreatedAs, string>;

const TRANSITIONS = {
  complete: { from: 'pending', to: 'completed', verb: 'completed', writes: ['destination'], event: StockEvents.transferCompleted },
  reject: { from: 'pending', to: 'rejected', verb: 'rejected', writes: ['destination'], event: StockEvents.transferRejected },
  cancel: { from: 'pending', to: 'cancelled', verb: 'cancelled', writes: ['source'], event: StockEvents.transferCancelled },
  revert: { from: 'completed', to: 'reverted', verb: 'reverted', writes: ['source', 'destination'], event: StockEvents.transferReverted },
} as const satisfies Record<string, { from: TransferStatus; to: TransferStatus; verb: string; writes: readonly ('source' | 'destination')[]; event: string }>;

export type TransferAction = keyof typeof TRANSITIONS;
export const TRANSFER_ACTIONS = Object.keys(TRANSITIONS) as TransferAction[];

/** What an action does to a transfer: the status it starts from and ends in, whose write access it needs, its event. */
export function transitionOf<A extends TransferAction>(action: A): (typeof TRANSITIONS)[A] {
  return TRANSITIONS[action];
}

export function statusAfter(action: TransferAction): TransferStatus {
  return TRANSITIONS[action].to;
}

/** How a refusal to delete a location names the pending transfers that keep it in use. */
export function pendingTransfersRefusal(transferIds: string[], shown = 10): string | undefined {
  if (transferIds.length === 0) return undefined;
  const more = transferIds.length > shown ? ` and ${transferIds.length - shown} more` : '';
  return `The location has pending transfers in or out: ${transferIds.slice(0, shown).join(', ')}${more}; complete, reject or cancel them first.`;
}
