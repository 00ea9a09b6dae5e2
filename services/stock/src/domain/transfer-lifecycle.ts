import { type Actor, StockEvents, type TransferSnapshot, type TransferStatus } from '@inv/shared/core';

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

/** When and by whom a transfer entered each status after pending. */
export type TransferStamps = Pick<TransferSnapshot, 'completedAt' | 'completedBy' | 'rejectedAt' | 'rejectedBy' | 'cancelledAt' | 'cancelledBy' | 'revertedAt' | 'revertedBy'>;

/** The stamps of a transfer that has entered no status after pending. */
export const UNSTAMPED: TransferStamps = Object.freeze({
  completedAt: null,
  completedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  revertedAt: null,
  revertedBy: null,
});

/**
 * The stamps of a transfer once it enters `status` at `at`, by `by`: the status entered, if one
 * after pending, records the change's time and actor (a transfer created completed: its
 * creation's); the stamps of earlier statuses stay. No status is entered twice, so none is ever
 * overwritten. data/ledger.ts writes the same rule in SQL.
 */
export function stampsAfter(before: TransferStamps, status: TransferStatus, at: Date, by: Actor): TransferStamps {
  const time = at.toISOString();
  return {
    completedAt: status === 'completed' ? time : before.completedAt,
    completedBy: status === 'completed' ? by : before.completedBy,
    rejectedAt: status === 'rejected' ? time : before.rejectedAt,
    rejectedBy: status === 'rejected' ? by : before.rejectedBy,
    cancelledAt: status === 'cancelled' ? time : before.cancelledAt,
    cancelledBy: status === 'cancelled' ? by : before.cancelledBy,
    revertedAt: status === 'reverted' ? time : before.revertedAt,
    revertedBy: status === 'reverted' ? by : before.revertedBy,
  };
}

/** How a refusal to delete a location names the pending transfers that keep it in use. */
export function pendingTransfersRefusal(transferIds: string[], shown = 10): string | undefined {
  if (transferIds.length === 0) return undefined;
  const more = transferIds.length > shown ? ` and ${transferIds.length - shown} more` : '';
  return `The location has pending transfers in or out: ${transferIds.slice(0, shown).join(', ')}${more}; complete, reject or cancel them first.`;
}
