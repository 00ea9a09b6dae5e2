// z from core, which extends zod with .openapi() before the schemas are built.
import { AppError, BadRequest, z } from '../../core';
import { cursorBinding, decodeCursor, encodeCursor, EXACT_TOTAL_LIMIT, keysetPage, pageRequest, parseInput, queryArray, SequenceKey, setTotalCount, TimeIdKey } from '../../http';

const KEY: TimeIdKey = ['2026-11-22T04:45:00.123456Z', '0f8fad5b-d9cb-469f-a165-70867728950e'];

describe('keyset cursors', () => {
  const binding = cursorBinding('ws_1', 'GET /inventory/transfers', { status: ['completed'], sortOrder: 'desc', page: 3, pageSize: 50, cursor: 'x' });

  it('when a cursor is decoded with the binding it was made with, then it gives its key back', () => {
    expect(decodeCursor(encodeCursor(KEY, binding), binding, TimeIdKey)).toEqual(KEY);
  });

  it('when the filters are given in another order or with other paging, then the binding is the same; another workspace, list or filter value changes it', () => {
    expect(cursorBinding('ws_1', 'GET /inventory/transfers', { sortOrder: 'desc', status: ['completed'], interval: undefined })).toBe(binding);
    for (const other of [
      cursorBinding('ws_2', 'GET /inventory/transfers', { status: ['completed'], sortOrder: 'desc' }),
      cursorBinding('ws_1', 'GET /inventory/movements', { status: ['completed'], sortOrder: 'desc' }),
      cursorBinding('ws_1', 'GET /inventory/transfers', { status: ['pending'], sortOrder: 'desc' }),
      cursorBinding('ws_1', 'GET /inventory/transfers', { status: ['completed'], sortOrder: 'asc' }),
    ]) {
      expect(other).not.toBe(binding);
    }
  });

  it('when a cursor is malformed, of another kind of key, or bound elsewhere, then BadRequest names cursor', () => {
    const cases = [
      'not base64 json',
      Buffer.from('{"k":["1"]}').toString('base64url'),
      encodeCursor(['1'], binding),
      encodeCursor(['2026-11-22T04:45:00.123Z', KEY[1]], binding),
      encodeCursor([KEY[0], 'not-a-uuid'], binding),
      encodeCursor(KEY, cursorBinding('ws_2', 'GET /inventory/transfers', {})),
    ];
    for (const cursor of cases) {
      expect(() => decodeCursor(cursor, binding, TimeIdKey)).toThrow(BadRequest);
      expect(() => decodeCursor(cursor, binding, TimeIdKey)).toThrow(/cursor/);
    }
    expect(() => decodeCursor(encodeCursor(['1; DROP TABLE movements'], binding), binding, SequenceKey)).toThrow(BadRequest);
  });

  it('when page and cursor are both given, then BadRequest; without cursor, the page is an offset', () => {
    expect(() => pageRequest({ page: 2, pageSize: 10, cursor: encodeCursor(KEY, binding) }, binding, TimeIdKey)).toThrow(/page or cursor/);
    expect(pageRequest({ page: 3, pageSize: 10 }, binding, TimeIdKey)).toEqual({ limit: 10, offset: 20 });
    expect(pageRequest({ pageSize: 10, cursor: encodeCursor(KEY, binding) }, binding, TimeIdKey)).toEqual({ limit: 10, offset: 0, after: KEY });
  });
});

describe('setTotalCount', () => {
  const headers = (total: number | undefined) => {
    const set: Record<string, string> = {};
    setTotalCount({ setHeader: (name: string, value: string) => (set[name] = value) } as never, total);
    return set;
  };

  it('when the total is known and at most the limit, then X-Total-Count carries it; beyond the limit or unknown, the header is left out', () => {
    expect(headers(0)).toEqual({ 'X-Total-Count': '0' });
    expect(headers(EXACT_TOTAL_LIMIT)).toEqual({ 'X-Total-Count': String(EXACT_TOTAL_LIMIT) });
    expect(headers(EXACT_TOTAL_LIMIT + 1)).toEqual({});
    expect(headers(undefined)).toEqual({});
  });
});

describe('keysetPage', () => {
  const fetched = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('when one row more than the page was fetched, then it answers the page and the last row\'s key', () => {
    expect(keysetPage(fetched, 2, (last) => [last.id], { rows: [{ n: 3 }] })).toEqual({ rows: fetched.slice(0, 2), next: ['b'], total: 3 });
  });
  it('when no more than the page was fetched, then there is no next key; without a count there is no total', () => {
    expect(keysetPage(fetched, 3, (last) => [last.id])).toEqual({ rows: fetched, next: undefined, total: undefined });
    expect(keysetPage([], 3, (last: { id: string }) => [last.id], { rows: [{ n: 0 }] })).toEqual({ rows: [], next: undefined, total: 0 });
  });
});

describe('queryArray', () => {
  const Query = z.strictObject({ stockHealth: queryArray(z.enum(['out', 'low', 'ok'])), tagIds: queryArray(z.string().min(1).max(64), { max: 3 }) });
  const parse = (query: Record<string, unknown>) => parseInput(Query, query, 'query');
  const refusal = (query: Record<string, unknown>): AppError => {
    try {
      parse(query);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error(`expected ${JSON.stringify(query)} to be refused`);
  };

  it('when values come repeated, comma-separated or both, then they make one list, blanks between commas skipped', () => {
    expect(parse({ stockHealth: 'out,low' })).toEqual({ stockHealth: ['out', 'low'] });
    expect(parse({ stockHealth: ['out', ' low ,', 'ok'] })).toEqual({ stockHealth: ['out', 'low', 'ok'] });
    expect(parse({ tagIds: 'a,,b' })).toEqual({ tagIds: ['a', 'b'] });
    expect(parse({})).toEqual({});
  });

  it('when the parameter is given with no value at all (empty, blank or only commas), then 400 names it and says to give a value or leave it out', () => {
    for (const value of ['', ' ', ',', ',,', ' , ', ['', ' '], [',', '']]) {
      for (const name of ['stockHealth', 'tagIds']) {
        const err = refusal({ [name]: value });
        expect({ value, name, code: err.code, param: err.param, message: err.message }).toEqual({
          value,
          name,
          code: 'bad_request',
          param: name,
          message: `Query parameter ${name} must have at least one value (repeated or comma-separated); leave the parameter out to not filter.`,
        });
      }
    }
  });

  it('when a value is not one the parameter takes, or there are too many, then 400 still names the parameter', () => {
    expect(refusal({ stockHealth: 'ok,fine' }).param).toBe('stockHealth');
    expect(refusal({ tagIds: 'a,b,c,d' }).param).toBe('tagIds');
  });
});
