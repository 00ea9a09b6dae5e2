import { AppError, BadRequest } from './errors';
import { printable } from './printable-text';

describe('printable', () => {
  it('when text holds controls, format characters, separators or unpaired surrogates, then each is written as its JSON escape', () => {
    expect(printable('a\u0000b')).toBe('a\\u0000b');
    expect(printable('tab\there\r\n')).toBe('tab\\u0009here\\u000d\\u000a');
    expect(printable('\u007f\u0085\u00ad')).toBe('\\u007f\\u0085\\u00ad');
    expect(printable('\u202eevil\u200b\ufeff')).toBe('\\u202eevil\\u200b\\ufeff');
    expect(printable('line\u2028para\u2029')).toBe('line\\u2028para\\u2029');
    expect(printable('x\ud800y\udfff')).toBe('x\\ud800y\\udfff');
    expect(printable('\ue000\uffff')).toBe('\\ue000\\uffff');
    expect(printable('\u{e0001}')).toBe('\\udb40\\udc01');
  });

  it('when text is printable, spaces, accents, other scripts and emoji included, then it is unchanged', () => {
    for (const text of ['tagIds', 'lines[0].note', 'body field name "["note\\u0000"]"', 'caf\u00e9 \u00a0ＡＢＣ İı ß', '\ud83d\ude00', 'e\u0301', '']) {
      expect(printable(text)).toBe(text);
    }
  });

  it('when text was escaped already, then escaping it again changes nothing', () => {
    const once = printable('a\u0000\u202e');
    expect(printable(once)).toBe(once);
  });
});

describe('AppError keeps what it echoes printable', () => {
  it('when a param or a message holds a NUL or another control character, then the error and its envelope carry the escape instead', () => {
    const err = new BadRequest('Invalid request query: Unrecognized key: "a\u0001b\u0000"', 'a\u0001b\u0000');
    expect(err.param).toBe('a\\u0001b\\u0000');
    expect(err.toEnvelope().error).toMatchObject({ param: 'a\\u0001b\\u0000', message: 'Invalid request query: Unrecognized key: "a\\u0001b\\u0000"' });
    expect(new AppError('not_found', 'Route GET /\u202e not found.').message).toBe('Route GET /\\u202e not found.');
  });
});
