import {
  DEFAULT_DISABLE_AFTER_MS,
  DEFAULT_RETRY_DELAYS_MS,
  DisableAfterSetting,
  disableReason,
  InvalidRetrySchedule,
  nextAttemptAt,
  parseDuration,
  parseRetrySchedule,
  RetryScheduleSetting,
} from './retry-schedule';

const t0 = new Date('2026-11-25T08:00:00.000Z');
const after = (ms: number) => new Date(t0.getTime() + ms);

describe('retry schedule', () => {
  it('when nothing is configured, then it is at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(DEFAULT_RETRY_DELAYS_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(RetryScheduleSetting.parse(undefined)).toEqual(DEFAULT_RETRY_DELAYS_MS);
    expect(parseRetrySchedule('0,5s,5m,30m,2h,5h,10h,10h')).toEqual(DEFAULT_RETRY_DELAYS_MS);
    expect(DEFAULT_DISABLE_AFTER_MS).toBe(5 * 86_400_000);
    expect(DisableAfterSetting.parse(undefined)).toBe(DEFAULT_DISABLE_AFTER_MS);
  });

  it('when a compressed schedule is given for tests, then milliseconds are taken and spaces ignored', () => {
    expect(parseRetrySchedule(' 0, 100ms ,200ms,1s ')).toEqual([0, 100, 200, 1000]);
    expect(parseDuration('2d')).toBe(172_800_000);
  });

  it.each([
    ['', 'The retry schedule is empty'],
    ['0,,5s', 'Retry schedule entry 2 is empty.'],
    ['0,5', 'Retry schedule entry 2: "5" has no unit: write 5ms, 5s, 5m, 5h or 5d.'],
    ['0,5x', 'Retry schedule entry 2: "5x" is not a duration'],
    ['0,-5s', 'Retry schedule entry 2: "-5s" is not a duration'],
    ['0,1.5s', 'is not a duration'],
    ['0,8d', 'Retry schedule entry 2: "8d" is longer than 7 days.'],
    [Array(51).fill('1s').join(','), 'has 51 delays; at most 50'],
  ])('when the schedule is %j, then it is a configuration error naming the entry', (text, message) => {
    expect(() => parseRetrySchedule(text)).toThrow(InvalidRetrySchedule);
    expect(() => parseRetrySchedule(text)).toThrow(message);
  });

  it('when a setting is wrong, then the configuration parse fails with the same message', () => {
    expect(RetryScheduleSetting.safeParse('0,5').error?.issues[0]?.message).toContain('has no unit');
    expect(DisableAfterSetting.safeParse('5 days').error?.issues[0]?.message).toContain('is not a duration');
  });

  it('when attempts are made, then each next one is due its delay after the last ended, and none after the last delay', () => {
    const delays = DEFAULT_RETRY_DELAYS_MS;
    expect(nextAttemptAt(delays, 0, t0)).toEqual(t0);
    expect(nextAttemptAt(delays, 1, t0)).toEqual(after(5_000));
    expect(nextAttemptAt(delays, 2, t0)).toEqual(after(300_000));
    expect(nextAttemptAt(delays, 7, t0)).toEqual(after(36_000_000));
    expect(nextAttemptAt(delays, 8, t0)).toBeUndefined();
    expect(nextAttemptAt([0], 1, t0)).toBeUndefined();
  });
});

describe('endpoint disabling', () => {
  it('when the receiver answers 410 Gone, then the endpoint is disabled at once, even after successes', () => {
    expect(disableReason({ status: 410, failingSince: undefined, now: t0 })).toBe('The endpoint answered 410 Gone.');
    expect(disableReason({ status: 410, failingSince: t0, now: t0 })).toBe('The endpoint answered 410 Gone.');
  });

  it('when every attempt failed for less than 5 days, or the last one succeeded, then the endpoint stays enabled', () => {
    expect(disableReason({ status: 500, failingSince: t0, now: after(DEFAULT_DISABLE_AFTER_MS - 1) })).toBeUndefined();
    expect(disableReason({ status: 200, failingSince: undefined, now: after(10 * DEFAULT_DISABLE_AFTER_MS) })).toBeUndefined();
    expect(disableReason({ failingSince: undefined, now: t0 })).toBeUndefined();
  });

  it('when every attempt failed for 5 days or more, then it is disabled with a reason naming since when', () => {
    expect(disableReason({ status: 503, failingSince: t0, now: after(DEFAULT_DISABLE_AFTER_MS) })).toBe('Every attempt failed since 2026-11-25T08:00:00.000Z (5 days or more).');
    expect(disableReason({ failingSince: t0, now: after(DEFAULT_DISABLE_AFTER_MS + 1) })).toContain('5 days or more');
  });

  it('when the period is configured shorter (tests), then it is used and named', () => {
    expect(disableReason({ failingSince: t0, now: after(1_999) }, 2_000)).toBeUndefined();
    expect(disableReason({ failingSince: t0, now: after(2_000) }, 2_000)).toContain('(2 seconds or more)');
    expect(disableReason({ failingSince: t0, now: after(3_600_000) }, 3_600_000)).toContain('(1 hour or more)');
    expect(disableReason({ failingSince: t0, now: after(250) }, 250)).toContain('(250 ms or more)');
  });
});
