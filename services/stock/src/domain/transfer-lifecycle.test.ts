import { TRANSFER_STATUSES } from '@inv/shared/core';
import { pendingTransfersRefusal, statusAfter, TRANSFER_ACTIONS, transitionOf } from './transfer-lifecycle';

describe('transfer lifecycle', () => {
  it('when a pending transfer is completed, rejected or cancelled, or a completed one reverted, then that is the only status it starts from', () => {
    expect(Object.fromEntries(TRANSFER_ACTIONS.map((action) => [action, transitionOf(action).from]))).toEqual({ complete: 'pending', reject: 'pending', cancel: 'pending', revert: 'completed' });
    expect(TRANSFER_ACTIONS.map(statusAfter)).toEqual(['completed', 'rejected', 'cancelled', 'reverted']);
    expect(new Set([...TRANSFER_ACTIONS.map((a) => transitionOf(a).from), ...TRANSFER_ACTIONS.map(statusAfter)])).toEqual(new Set(TRANSFER_STATUSES));
  });

  it('when the destination acts, then it needs write access there; the source cancels; a revert needs both', () => {
    expect(Object.fromEntries(TRANSFER_ACTIONS.map((action) => [action, transitionOf(action).writes]))).toEqual({
      complete: ['destination'],
      reject: ['destination'],
      cancel: ['source'],
      revert: ['source', 'destination'],
    });
  });

  it('when a location has pending transfers, then the refusal names them, the first ten and how many more', () => {
    expect(pendingTransfersRefusal([])).toBeUndefined();
    expect(pendingTransfersRefusal(['a', 'b'])).toContain('pending transfers in or out: a, b;');
    const many = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(pendingTransfersRefusal(many)).toContain('t9 and 2 more;');
  });
});
