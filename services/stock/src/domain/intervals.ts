import { z } from '@inv/shared/core';

export const INTERVALS = [
  '24h',
  '7d',
  '30d',
  '90d',
  'mtd',
  'qtd',
  'ytd',
  '1y',
  'all',
  'all_unfiltered',
  'today',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'fiscal_ytd',
  'last_fiscal_year',
] as const;
export const Interval = z.enum(INTERVALS);
export type Interval = z.infer<typeof Interval>;

/**
 * A closed range of instants at millisecond precision (the precision of every timestamp the
 * API stores and returns); null means unbounded on that side.
 */
export interface DateRange {
  from: Date | null;
  to: Date | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight UTC; Date.UTC carries month and day overflow (month -1, day 32) into the year and month. */
function utc(year: number, month: number, day = 1): Date {
  return new Date(Date.UTC(year, month, day));
}

function lastMillisecondBefore(instant: Date): Date {
  return new Date(instant.getTime() - 1);
}

/** The same instant one calendar year earlier; 29 February falls back to the 28th. */
function oneYearBefore(now: Date): Date {
  const year = now.getUTCFullYear() - 1;
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
}

/**
 * The instants an interval covers at `now`, all in UTC. Rolling windows (24h … 1y) and the
 * "to date" ones (mtd, qtd, ytd, fiscal_ytd) end at `now`; named periods (today … last_fiscal_year)
 * cover their whole period, including the part still ahead. Weeks start on Monday (ISO 8601);
 * quarters are calendar quarters; the fiscal year starts on the 1st of fiscalYearStartMonth (1–12).
 * `all` is everything up to `now`; `all_unfiltered` applies no date condition at all.
 */
export function intervalRange(interval: Interval, now: Date, fiscalYearStartMonth: number): DateRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const quarter = Math.floor(m / 3) * 3;
  const weekStart = utc(y, m, d - ((now.getUTCDay() + 6) % 7));
  const fiscalMonth = fiscalYearStartMonth - 1;
  const fiscalYear = m >= fiscalMonth ? y : y - 1;
  const fiscalStart = utc(fiscalYear, fiscalMonth);
  const upToNow = (from: Date): DateRange => ({ from, to: now });
  const rolling = (ms: number): DateRange => upToNow(new Date(now.getTime() - ms));
  const period = (from: Date, next: Date): DateRange => ({ from, to: lastMillisecondBefore(next) });
  switch (interval) {
    case '24h':
      return rolling(DAY);
    case '7d':
      return rolling(7 * DAY);
    case '30d':
      return rolling(30 * DAY);
    case '90d':
      return rolling(90 * DAY);
    case 'mtd':
      return upToNow(utc(y, m));
    case 'qtd':
      return upToNow(utc(y, quarter));
    case 'ytd':
      return upToNow(utc(y, 0));
    case '1y':
      return upToNow(oneYearBefore(now));
    case 'all':
      return { from: null, to: now };
    case 'all_unfiltered':
      return { from: null, to: null };
    case 'today':
      return period(utc(y, m, d), utc(y, m, d + 1));
    case 'this_week':
      return period(weekStart, new Date(weekStart.getTime() + 7 * DAY));
    case 'last_week':
      return period(new Date(weekStart.getTime() - 7 * DAY), weekStart);
    case 'this_month':
      return period(utc(y, m), utc(y, m + 1));
    case 'last_month':
      return period(utc(y, m - 1), utc(y, m));
    case 'this_quarter':
      return period(utc(y, quarter), utc(y, quarter + 3));
    case 'last_quarter':
      return period(utc(y, quarter - 3), utc(y, quarter));
    case 'this_year':
      return period(utc(y, 0), utc(y + 1, 0));
    case 'last_year':
      return period(utc(y - 1, 0), utc(y, 0));
    case 'fiscal_ytd':
      return upToNow(fiscalStart);
    case 'last_fiscal_year':
      return period(utc(fiscalYear - 1, fiscalMonth), fiscalStart);
  }
}
