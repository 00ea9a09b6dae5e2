import { INTERVALS, intervalRange, type DateRange } from './intervals';

const at = (iso: string) => new Date(iso);
const range = (from: string | null, to: string | null): DateRange => ({ from: from ? at(from) : null, to: to ? at(to) : null });

describe('intervalRange', () => {
  // A Wednesday in the middle of Q2, in a leap year.
  const now = at('2028-05-17T10:20:30.456Z');

  it.each([
    ['24h', range('2028-05-16T10:20:30.456Z', '2028-05-17T10:20:30.456Z')],
    ['7d', range('2028-05-10T10:20:30.456Z', '2028-05-17T10:20:30.456Z')],
    ['30d', range('2028-04-17T10:20:30.456Z', '2028-05-17T10:20:30.456Z')],
    ['90d', range('2028-02-17T10:20:30.456Z', '2028-05-17T10:20:30.456Z')],
    ['mtd', range('2028-05-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z')],
    ['qtd', range('2028-04-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z')],
    ['ytd', range('2028-01-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z')],
    ['1y', range('2027-05-17T10:20:30.456Z', '2028-05-17T10:20:30.456Z')],
    ['all', range(null, '2028-05-17T10:20:30.456Z')],
    ['all_unfiltered', range(null, null)],
    ['today', range('2028-05-17T00:00:00.000Z', '2028-05-17T23:59:59.999Z')],
    ['this_week', range('2028-05-15T00:00:00.000Z', '2028-05-21T23:59:59.999Z')],
    ['last_week', range('2028-05-08T00:00:00.000Z', '2028-05-14T23:59:59.999Z')],
    ['this_month', range('2028-05-01T00:00:00.000Z', '2028-05-31T23:59:59.999Z')],
    ['last_month', range('2028-04-01T00:00:00.000Z', '2028-04-30T23:59:59.999Z')],
    ['this_quarter', range('2028-04-01T00:00:00.000Z', '2028-06-30T23:59:59.999Z')],
    ['last_quarter', range('2028-01-01T00:00:00.000Z', '2028-03-31T23:59:59.999Z')],
    ['this_year', range('2028-01-01T00:00:00.000Z', '2028-12-31T23:59:59.999Z')],
    ['last_year', range('2027-01-01T00:00:00.000Z', '2027-12-31T23:59:59.999Z')],
    ['fiscal_ytd', range('2028-01-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z')],
    ['last_fiscal_year', range('2027-01-01T00:00:00.000Z', '2027-12-31T23:59:59.999Z')],
  ] as const)('when the interval is %s on Wednesday 2028-05-17 with a calendar fiscal year, then it covers the expected instants', (interval, expected) => {
    expect(intervalRange(interval, now, 1)).toEqual(expected);
  });

  it('when every interval is computed, then each is handled', () => {
    for (const interval of INTERVALS) expect(intervalRange(interval, now, 1)).toBeDefined();
  });

  it('when the fiscal year starts in April and now is in May, then fiscal_ytd starts this April and last_fiscal_year is the year before', () => {
    expect(intervalRange('fiscal_ytd', now, 4)).toEqual(range('2028-04-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z'));
    expect(intervalRange('last_fiscal_year', now, 4)).toEqual(range('2027-04-01T00:00:00.000Z', '2028-03-31T23:59:59.999Z'));
  });

  it('when the fiscal year starts in October and now is in May, then the fiscal year began last October', () => {
    expect(intervalRange('fiscal_ytd', now, 10)).toEqual(range('2027-10-01T00:00:00.000Z', '2028-05-17T10:20:30.456Z'));
    expect(intervalRange('last_fiscal_year', now, 10)).toEqual(range('2026-10-01T00:00:00.000Z', '2027-09-30T23:59:59.999Z'));
  });

  it('when now is the first instant of a fiscal year, then fiscal_ytd starts at now', () => {
    const start = at('2028-07-01T00:00:00.000Z');
    expect(intervalRange('fiscal_ytd', start, 7)).toEqual({ from: start, to: start });
  });

  it('when now is a Sunday night, then this_week is the week that began on Monday', () => {
    expect(intervalRange('this_week', at('2028-05-21T23:59:59.999Z'), 1)).toEqual(range('2028-05-15T00:00:00.000Z', '2028-05-21T23:59:59.999Z'));
  });

  it('when now is in January, then last_month and last_quarter reach into the previous year', () => {
    const january = at('2029-01-03T08:00:00.000Z');
    expect(intervalRange('last_month', january, 1)).toEqual(range('2028-12-01T00:00:00.000Z', '2028-12-31T23:59:59.999Z'));
    expect(intervalRange('last_quarter', january, 1)).toEqual(range('2028-10-01T00:00:00.000Z', '2028-12-31T23:59:59.999Z'));
    expect(intervalRange('last_week', january, 1)).toEqual(range('2028-12-25T00:00:00.000Z', '2028-12-31T23:59:59.999Z'));
  });

  it('when now is 29 February, then 1y starts on 28 February of the year before', () => {
    expect(intervalRange('1y', at('2028-02-29T12:00:00.000Z'), 1)).toEqual(range('2027-02-28T12:00:00.000Z', '2028-02-29T12:00:00.000Z'));
  });

  it('when this_month is February of a leap year, then it ends on the 29th', () => {
    expect(intervalRange('this_month', at('2028-02-03T00:00:00.000Z'), 1)).toEqual(range('2028-02-01T00:00:00.000Z', '2028-02-29T23:59:59.999Z'));
  });
});
