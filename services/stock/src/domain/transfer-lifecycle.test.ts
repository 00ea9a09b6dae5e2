import { TRANSFER_STATUSES } from '@inv/shared/core';
import { pendingTransfersRefusal, stampsAfter, statusAfter, TRANSFER_ACTIONS, transitionOf, UNSTAMPED } from './transfer-lifecycle';

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

  it('when a transfer enters a status after pending, then that status records the time and the actor, and the earlier ones stay', () => {
    const creator = { userId: 'u1', keyId: 'k1' };
    const driver = { userId: 'u2', keyId: 'k2' };
    const created = new Date('2026-01-15T09:30:00.000Z');
    const later = new Date('2026-01-16T10:00:00.000Z');
    expect(stampsAfter(UNSTAMPED, 'pending', created, creator)).toEqual(UNSTAMPED);
    const completed = stampsAfter(UNSTAMPED, 'completed', created, creator);
    expect(completed).toEqual({ ...UNSTAMPED, completedAt: '2026-01-15T09:30:00.000Z', completedBy: creator });
    expect(stampsAfter(completed, 'reverted', later, driver)).toEqual({ ...completed, revertedAt: '2026-01-16T10:00:00.000Z', revertedBy: driver });
    for (const status of ['rejected', 'cancelled'] as const) {
      expect(stampsAfter(UNSTAMPED, status, later, driver)).toEqual({ ...UNSTAMPED, [`${status}At`]: '2026-01-16T10:00:00.000Z', [`${status}By`]: driver });
    }
  });

  it('when a location has pending transfers, then the refusal names them, the first ten and how many more', () => {
    expect(pendingTransfersRefusal([])).toBeUndefined();
    expect(pendingTransfersRefusal(['a', 'b'])).toContain('pending transfers in or out: a, b;');
    const many = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(pendingTransfersRefusal(many)).toContain('t9 and 2 more;');
  });
});
