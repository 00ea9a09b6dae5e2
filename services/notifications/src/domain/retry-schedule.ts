import { z } from '@inv/shared/core';

/**
 * When a message is sent again, and when an endpoint is given up on. The schedule is data: a
 * delay per attempt, each counted from the end of the attempt before it (the first from the
 * moment the message was queued), as in the Standard Webhooks reference implementation (Svix).
 * The worker stores the next attempt's time in PostgreSQL, so a restart loses no schedule; these
 * functions only decide it.
 */

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A single delay above this is surely a typo (a week without trying is no retry). */
const MAX_DELAY_MS = 7 * UNIT_MS.d;
const MAX_ATTEMPTS = 50;

/** At once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts over about 28 hours. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [0, 5 * UNIT_MS.s, 5 * UNIT_MS.m, 30 * UNIT_MS.m, 2 * UNIT_MS.h, 5 * UNIT_MS.h, 10 * UNIT_MS.h, 10 * UNIT_MS.h];
/** An endpoint whose every attempt has failed for this long is disabled. */
export const DEFAULT_DISABLE_AFTER_MS = 5 * UNIT_MS.d;

/** A schedule or a duration the operator wrote wrong; the message names the entry and the fix. */
export class InvalidRetrySchedule extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRetrySchedule';
  }
}

/**
 * A duration: a whole number with a unit (`250ms`, `5s`, `5m`, `2h`, `5d`), or `0`. A bare
 * number other than 0 is refused: whether `5` means seconds or milliseconds is a guess.
 * @throws InvalidRetrySchedule.
 */
export function parseDuration(text: string): number {
  const match = /^(\d{1,9})(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new InvalidRetrySchedule(`"${text}" is not a duration: write a whole number and a unit (ms, s, m, h or d), as in 5s or 30m.`);
  const amount = Number(match[1]);
  const unit = match[2] as keyof typeof UNIT_MS | undefined;
  if (unit === undefined && amount !== 0) throw new InvalidRetrySchedule(`"${text}" has no unit: write ${amount}ms, ${amount}s, ${amount}m, ${amount}h or ${amount}d.`);
  return amount * UNIT_MS[unit ?? 'ms'];
}

/**
 * The delays from the environment: durations separated by commas (`"0,5s,5m,30m,2h,5h,10h,10h"`;
 * tests use `"0,100ms,200ms"`), 1 to 50 of them, each at most 7 days.
 * @throws InvalidRetrySchedule naming the entry at fault.
 */
export function parseRetrySchedule(text: string): readonly number[] {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === '') throw new InvalidRetrySchedule('The retry schedule is empty: give at least one delay, as in "0,5s,5m".');
  if (entries.length > MAX_ATTEMPTS) throw new InvalidRetrySchedule(`The retry schedule has ${entries.length} delays; at most ${MAX_ATTEMPTS} are allowed.`);
  return entries.map((entry, index) => {
    const where = `Retry schedule entry ${index + 1}`;
    if (entry === '') throw new InvalidRetrySchedule(`${where} is empty.`);
    let delay: number;
    try {
      delay = parseDuration(entry);
    } catch (err) {
      throw new InvalidRetrySchedule(`${where}: ${(err as Error).message}`);
    }
    if (delay > MAX_DELAY_MS) throw new InvalidRetrySchedule(`${where}: "${entry}" is longer than 7 days.`);
    return delay;
  });
}

/** A configuration field holding a setting parsed by `parse` (the schedule, or a duration). */
function setting<T>(parse: (text: string) => T, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((text, ctx): T => {
      try {
        return parse(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `is not valid: ${(err as Error).message}` });
        return z.NEVER;
      }
    });
}
export const RetryScheduleSetting = setting(parseRetrySchedule, '0,5s,5m,30m,2h,5h,10h,10h');
export const DisableAfterSetting = setting(parseDuration, '5d');

/**
 * When the next attempt of a message is due, after `attemptsMade` attempts (0: not tried yet),
 * counted from `since` (the end of the last attempt, or the time it was queued); undefined when
 * the schedule is exhausted and the message has failed for good.
 */
export function nextAttemptAt(delays: readonly number[], attemptsMade: number, since: Date): Date | undefined {
  const delay = delays[attemptsMade];
  return delay === undefined ? undefined : new Date(since.getTime() + delay);
}

/**
 * Why an endpoint is to be disabled after an attempt, or undefined when it stays enabled:
 * `410 Gone` is the receiver saying the endpoint is gone for good, so at once; otherwise when it
 * has failed every attempt since `failingSince` (the first failure of the current streak;
 * undefined when the last attempt succeeded) for `disableAfterMs` or longer.
 */
export function disableReason(facts: { status?: number | undefined; failingSince: Date | undefined; now: Date }, disableAfterMs = DEFAULT_DISABLE_AFTER_MS): string | undefined {
  if (facts.status === 410) return 'The endpoint answered 410 Gone.';
  if (facts.failingSince === undefined) return undefined;
  if (facts.now.getTime() - facts.failingSince.getTime() < disableAfterMs) return undefined;
  return `Every attempt failed since ${facts.failingSince.toISOString()} (${describeDuration(disableAfterMs)} or more).`;
}

function describeDuration(ms: number): string {
  for (const [unit, size] of [['days', UNIT_MS.d], ['hours', UNIT_MS.h], ['minutes', UNIT_MS.m], ['seconds', UNIT_MS.s]] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${ms === size ? unit.slice(0, -1) : unit}`;
  }
  return `${ms} ms`;
}
