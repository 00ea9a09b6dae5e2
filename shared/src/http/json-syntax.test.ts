import fc from 'fast-check';
import { AppError } from '../errors';
import { findJsonSyntaxError } from './json-syntax';
import { parseJsonBody } from './untrusted-input';

function refusal(text: string): AppError {
  try {
    parseJsonBody(Buffer.from(text));
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('malformed JSON: where it stops being JSON, and why', () => {
  it.each<[string, string, string | undefined]>([
    ['{"name": ', 'the text ends where a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, at line 1, column 10, in name.', 'name'],
    ['{"a": 1,}', "expected a property name in double quotes (a trailing comma is not allowed), at line 1, column 9.", undefined],
    ['{\n  "a": 1\n  "b": 2\n}', "expected ',' or '}' after a property value, at line 3, column 3, in a.", 'a'],
    ['{"lines": [{"itemId": "x", "quantity": 01}]}', "expected ',' or '}' after a property value, at line 1, column 41, in lines[0].quantity.", 'lines[0].quantity'],
    ['{"active": tru}', 'expected a value (an object, a list, a string in double quotes, a number, true, false or null), at line 1, column 12, in active.', 'active'],
    ['[1, 2', "the text ends before the closing ']', at line 1, column 6, in [1].", '[1]'],
    ['[1, 2,]', 'expected a value (an object, a list, a string in double quotes, a number, true, false or null) (a trailing comma is not allowed), at line 1, column 7, in [2].', '[2]'],
    ['{"note": "two\nlines"}', 'a string holds a control character: write a line break as \\n and a tab as \\t, at line 1, column 14, in note.', 'note'],
    ['{"a" 1}', `expected ':' after the property name "a", at line 1, column 6, in a.`, 'a'],
    ["{'a': 1}", 'expected a property name in double quotes, at line 1, column 2.', undefined],
    ['{"sku": "FLT-10"} {"sku": "FLT-11"}', 'unexpected text after the JSON value; send one value, at line 1, column 19.', undefined],
    ['{"note": "open', 'the string that starts at line 1, column 10 has no closing double quote, at line 1, column 15, in note.', 'note'],
    ['{"note": "a\\x"}', '\\x is not an escape JSON knows (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), at line 1, column 12, in note.', 'note'],
    ['{"cost": -}', 'a number is malformed: write digits with an optional sign, decimal point and exponent (-12.5e3), at line 1, column 10, in cost.', 'cost'],
    ['', 'the text ends where a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, at line 1, column 1.', undefined],
  ])('when the body is %j, then 400 says where and why', (text, where, param) => {
    const err = refusal(text);
    expect(err.toEnvelope().error).toEqual({ code: 'bad_request', message: `The request body is not valid JSON: ${where}`, ...(param === undefined ? {} : { param }), doc_url: '/docs#section/Errors/bad_request' });
  });

  it('when a line holds characters outside the basic plane, then the column counts characters, not UTF-16 units', () => {
    expect(findJsonSyntaxError('{"name": "🔧🔧", x}')).toMatchObject({ line: 1, column: 16 });
  });

  it('when the text is nested far deeper than any call stack, then the scanner still finds the error (it keeps its own stack)', () => {
    expect(findJsonSyntaxError(`${'['.repeat(200_000)}x`)).toMatchObject({ offset: 200_000, line: 1, column: 200_001 });
  });

  it('when the text is valid JSON, then the scanner finds no error: it agrees with JSON.parse', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e-3, true, false, null, "x\\u00e9\\n"], "b": {"c": {}}} ', '"s"', '0', '[[[]]]']) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonSyntaxError(text)).toBeUndefined();
    }
  });

  it('when texts are generated (JSON values, and JSON with one character changed), then the scanner and JSON.parse agree on every one', () => {
    const verdict = (text: string) => {
      try {
        JSON.parse(text);
        return 'valid';
      } catch {
        return 'invalid';
      }
    };
    const mutated = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('"', ',', '}', ']', ':', '\\', '\n', 'x', '0', ' ', '-', '.', 'e'))
      .map(([text, at, c]) => `${text.slice(0, at % (text.length + 1))}${c}${text.slice(at % (text.length + 1) + 1)}`);
    fc.assert(
      fc.property(fc.oneof(fc.json(), mutated), (text) => {
        expect([text, findJsonSyntaxError(text) === undefined ? 'valid' : 'invalid']).toEqual([text, verdict(text)]);
      }),
      { seed: 37, numRuns: 3000 },
    );
  });
});
