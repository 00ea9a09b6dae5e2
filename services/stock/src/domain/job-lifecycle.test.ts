import { createdStamps, type JobAction, JOB_POST_ACTIONS, jobActionOf, jobTransitionRefusal, stampsAfter } from './job-lifecycle';

const by = { userId: 'u1', keyId: 'k1' };
const later = { userId: 'u2', keyId: 'k2' };

describe('job lifecycle', () => {
  it('when an open job is acted on, then it may be changed, reserved, released, completed or cancelled, but not reverted', () => {
    for (const action of ['update', 'reserve', 'release', 'complete', 'cancel'] as const) expect(jobTransitionRefusal('open', action)).toBeUndefined();
    expect(jobTransitionRefusal('open', 'revert')).toEqual({ from: 'completed', verb: 'reverted' });
  });

  it('when a job is completed, cancelled or reverted, then only a completed one may be reverted, and nothing else happens to any', () => {
    expect(jobTransitionRefusal('completed', 'revert')).toBeUndefined();
    for (const status of ['completed', 'cancelled', 'reverted'] as const) {
      for (const action of ['update', ...JOB_POST_ACTIONS] as const) {
        if (status === 'completed' && action === 'revert') continue;
        expect(jobTransitionRefusal(status, action)).toBeDefined();
      }
    }
  });

  it('when an action runs, then it changes the job; one that enters a status stamps it there, and the earlier stamps stay', () => {
    const created = createdStamps(new Date('2026-01-01T00:00:00Z'), by);
    const reserved = stampsAfter(created, 'reserve', new Date('2026-01-02T00:00:00Z'), later);
    expect(reserved).toEqual({ ...created, updatedAt: '2026-01-02T00:00:00.000Z', updatedBy: later });
    const completed = stampsAfter(reserved, 'complete', new Date('2026-01-03T00:00:00Z'), by);
    expect(completed).toMatchObject({ createdBy: by, completedAt: '2026-01-03T00:00:00.000Z', completedBy: by, updatedAt: '2026-01-03T00:00:00.000Z', cancelledAt: null });
    const reverted = stampsAfter(completed, 'revert', new Date('2026-01-04T00:00:00Z'), later);
    expect(reverted).toMatchObject({ completedAt: '2026-01-03T00:00:00.000Z', completedBy: by, revertedAt: '2026-01-04T00:00:00.000Z', revertedBy: later });
  });

  it('when an action ends a job, then it records its event; changes of an open job record none', () => {
    expect((['update', ...JOB_POST_ACTIONS] as JobAction[]).map((a) => [a, jobActionOf(a).event])).toEqual([
      ['update', undefined],
      ['reserve', undefined],
      ['release', undefined],
      ['complete', 'job.completed'],
      ['cancel', 'job.cancelled'],
      ['revert', 'job.reverted'],
    ]);
  });
});
