import { type Actor, type JobSnapshot, type JobStatus, StockEvents } from '@inv/shared/core';

/**
 * The lifecycle of a job, as data: each action with the status it starts from, the status it
 * ends in, what it does to the job's stock and the event it records.
 * open → completed | cancelled; completed → reverted; cancelled and reverted are final. An open
 * job may be changed (PATCH), reserved and released any number of times.
 * Everything that names a status or an action takes it from here.
 */
const ACTIONS = {
  update: { from: 'open', to: 'open', verb: 'changed', event: undefined },
  reserve: { from: 'open', to: 'open', verb: 'reserved', event: undefined },
  release: { from: 'open', to: 'open', verb: 'released', event: undefined },
  complete: { from: 'open', to: 'completed', verb: 'completed', event: StockEvents.jobCompleted },
  cancel: { from: 'open', to: 'cancelled', verb: 'cancelled', event: StockEvents.jobCancelled },
  revert: { from: 'completed', to: 'reverted', verb: 'reverted', event: StockEvents.jobReverted },
} as const satisfies Record<string, { from: JobStatus; to: JobStatus; verb: string; event: string | undefined }>;

export type JobAction = keyof typeof ACTIONS;
/** The actions a POST /jobs/{id}/<action> takes (PATCH is update). */
export const JOB_POST_ACTIONS = ['reserve', 'release', 'complete', 'cancel', 'revert'] as const satisfies readonly JobAction[];
export type JobPostAction = (typeof JOB_POST_ACTIONS)[number];

export function jobActionOf<A extends JobAction>(action: A): (typeof ACTIONS)[A] {
  return ACTIONS[action];
}

/** Why an action may not run on a job in `status`, or undefined when it may. */
export function jobTransitionRefusal(status: JobStatus, action: JobAction): { from: JobStatus; verb: string } | undefined {
  const { from, verb } = ACTIONS[action];
  return status === from ? undefined : { from, verb };
}

/** When and by whom a job was created, last changed, and entered each status after open. */
export type JobStamps = Pick<JobSnapshot, 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy' | 'completedAt' | 'completedBy' | 'cancelledAt' | 'cancelledBy' | 'revertedAt' | 'revertedBy'>;

/** The stamps of a job created at `at` by `by`. */
export function createdStamps(at: Date, by: Actor): JobStamps {
  const time = at.toISOString();
  return { createdAt: time, createdBy: by, updatedAt: time, updatedBy: by, completedAt: null, completedBy: null, cancelledAt: null, cancelledBy: null, revertedAt: null, revertedBy: null };
}

/**
 * The stamps after `action` at `at` by `by`: every action changes the job (updatedAt/By); one
 * that enters a status records its time and actor there. No status is entered twice, so none is
 * overwritten. data/job-repository.ts writes what this answers.
 */
export function stampsAfter(before: JobStamps, action: JobAction, at: Date, by: Actor): JobStamps {
  const time = at.toISOString();
  const to = ACTIONS[action].to;
  const entered = ACTIONS[action].from !== to;
  return {
    ...before,
    updatedAt: time,
    updatedBy: by,
    ...(entered && to === 'completed' ? { completedAt: time, completedBy: by } : {}),
    ...(entered && to === 'cancelled' ? { cancelledAt: time, cancelledBy: by } : {}),
    ...(entered && to === 'reverted' ? { revertedAt: time, revertedBy: by } : {}),
  };
}
