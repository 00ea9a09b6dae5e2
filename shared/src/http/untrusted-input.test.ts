import { AppError } from '../errors';
import { checkPath, checkQuery, findUnsafeValue, formatPath, MAX_JSON_DEPTH, parseJsonBody, textProblem } from './untrusted-input';

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('bad_request');
    return (err as AppError).message;
  }
  throw new Error('expected a BadRequest');
}

describe('textProblem', () => {
  it('when text holds NUL or an unpaired surrogate, then it says which; paired surrogates (emoji) are fine', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('a\ud800')).toMatch(/unpaired/);
    expect(textProblem('\udc00a')).toMatch(/unpaired/);
    expect(textProblem('caf\u00e9 \ud83d\ude00')).toBeUndefined();
  });
});

describe('findUnsafeValue', () => {
  it('when a nested value or a property name is unsafe, then its path is given', () => {
    expect(findUnsafeValue({ lines: [{ note: 'ok' }, { note: 'x\u0000' }] })).toMatchObject({ kind: 'text', path: ['lines', 1, 'note'], inName: false });
    expect(findUnsafeValue({ a: { 'b\ud800': 1 } })).toMatchObject({ kind: 'text', path: ['a', 'b\ud800'], inName: true });
    expect(findUnsafeValue('\u0000')).toMatchObject({ kind: 'text', path: [] });
    expect(findUnsafeValue({ a: [1, true, null, 'fine'] })).toBeUndefined();
  });

  it('when two values are unsafe, then the first in document order is reported', () => {
    expect(findUnsafeValue({ a: '\u0000', b: '\u0000' })).toMatchObject({ path: ['a'] });
    expect(findUnsafeValue(['ok', ['\u0000'], '\u0000'])).toMatchObject({ path: [1, 0] });
  });

  it(`when nesting exceeds ${MAX_JSON_DEPTH} levels, then it is refused, without recursion even at 100,000 levels`, () => {
    expect(findUnsafeValue(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(findUnsafeValue(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toEqual({ kind: 'depth' });
    expect(findUnsafeValue(JSON.parse(nested(100_000)), 200_000)).toBeUndefined();
  });
});

describe('formatPath', () => {
  it('when names are plain, then dots and indexes; otherwise JSON-quoted, so control characters show', () => {
    expect(formatPath(['lines', 0, 'note'])).toBe('lines[0].note');
    expect(formatPath([3, 'sku'])).toBe('[3].sku');
    expect(formatPath(['a b', 'c\u0000'])).toBe('["a b"]["c\\u0000"]');
  });
});

describe('parseJsonBody', () => {
  it('when the body is valid, then it is parsed', () => {
    expect(parseJsonBody(Buffer.from('{"name":"Van \u00e9 \ud83d\ude00"}'))).toEqual({ name: 'Van \u00e9 \ud83d\ude00' });
  });

  it('when a string holds an escaped NUL or a lone surrogate, then 400 names the field', () => {
    expect(messageOf(() => parseJsonBody(Buffer.from('{"lines":[{"note":"a\\u0000"}]}')))).toBe(
      'Invalid request body: body field "lines[0].note" contains a NUL character (\\u0000), which text may not hold.',
    );
    expect(messageOf(() => parseJsonBody(Buffer.from('{"sku":"a\\ud800"}')))).toMatch(/body field "sku" contains an unpaired UTF-16 surrogate/);
    expect(messageOf(() => parseJsonBody(Buffer.from('{"a\\u0000":1}')))).toMatch(/body field name "\["a\\u0000"\]"/);
  });

  it('when the bytes are not UTF-8, the JSON is invalid or nested too deep, then 400 says so', () => {
    expect(messageOf(() => parseJsonBody(Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x7d])))).toMatch(/UTF-8/);
    expect(messageOf(() => parseJsonBody(Buffer.from('{"name": ')))).toMatch(/not valid JSON/);
    expect(messageOf(() => parseJsonBody(Buffer.from(nested(5000))))).toMatch(/nested more than 64 levels/);
  });
});

describe('checkQuery', () => {
  it('when a parameter value or name holds NUL or a lone surrogate, then 400 names the parameter', () => {
    expect(messageOf(() => checkQuery({ search: 'a\u0000' }))).toMatch(/^Invalid query parameter "search": it contains a NUL/);
    expect(messageOf(() => checkQuery({ tagNames: ['ok', 'b\ud800'] }))).toMatch(/query parameter "tagNames"/);
    expect(messageOf(() => checkQuery({ 'x\u0000': '1' }))).toMatch(/query parameter name "x\\u0000"/);
    expect(() => checkQuery({ search: 'caf\u00e9', tagIds: ['a', 'b'] })).not.toThrow();
  });
});

describe('checkPath', () => {
  it('when a segment has malformed percent-encoding or decodes to NUL, then 400 names the segment', () => {
    expect(messageOf(() => checkPath('/workspaces/%ZZ'))).toBe('Invalid request path: segment "%ZZ" is not valid percent-encoded UTF-8.');
    expect(messageOf(() => checkPath('/locations/%C0%AF'))).toMatch(/"%C0%AF" is not valid percent-encoded UTF-8/);
    expect(messageOf(() => checkPath('/locations/%ED%A0%80'))).toMatch(/not valid percent-encoded UTF-8/);
    expect(messageOf(() => checkPath('/items/a%00b'))).toMatch(/segment "a%00b" contains a NUL/);
    expect(() => checkPath('/items/ext_a%20b%2Fc/%C3%A9')).not.toThrow();
  });
});
