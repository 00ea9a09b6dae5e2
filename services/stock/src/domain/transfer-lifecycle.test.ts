import { TRANSFER_STATUSES } from '@inv/shared/core';
import { locationsToWrite, pendingTransfersRefusal, statusAfter, TRANSFER_ACTIONS, transitionRefusal } from './transfer-lifecycle';

describe('transfer lifecycle', () => {
  it('when a pending transfer is completed, rejected or cancelled, or a completed one reverted, then that is the only status it may start from', () => {
    const allowed = Object.fromEntries(TRANSFER_ACTIONS.map((action) => [action, TRANSFER_STATUSES.filter((s) => transitionRefusal('t', s, action) === undefined)]));
    expect(allowed).toEqual({ complete: ['pending'], reject: ['pending'], cancel: ['pending'], revert: ['completed'] });
    expect(TRANSFER_ACTIONS.map(statusAfter)).toEqual(['completed', 'rejected', 'cancelled', 'reverted']);
  });

  it('when a transition is refused, then the message names the transfer, its status and what it would need', () => {
    expect(transitionRefusal('t-1', 'cancelled', 'complete')).toBe('Transfer t-1 is cancelled; only a pending transfer can be completed.');
  });

  it('when the destination acts, then it needs write access there; the source cancels; a revert needs both', () => {
    const transfer = { fromLocationId: 'from', toLocationId: 'to' };
    expect(locationsToWrite('complete', transfer)).toEqual([{ id: 'to', role: 'destination' }]);
    expect(locationsToWrite('reject', transfer)).toEqual([{ id: 'to', role: 'destination' }]);
    expect(locationsToWrite('cancel', transfer)).toEqual([{ id: 'from', role: 'source' }]);
    expect(locationsToWrite('revert', transfer).map((l) => l.id)).toEqual(['from', 'to']);
  });

  it('when a location has pending transfers, then the refusal names them, the first ten and how many more', () => {
    expect(pendingTransfersRefusal([])).toBeUndefined();
    expect(pendingTransfersRefusal(['a', 'b'])).toContain('pending transfers in or out: a, b;');
    const many = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(pendingTransfersRefusal(many)).toContain('t9 and 2 more;');
  });
});
