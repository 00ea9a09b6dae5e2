import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * Hostile values and the requests built from them, generated from the gateway's OpenAPI document.
 * Everything here is deterministic for a given fast-check seed.
 */

/** A JSON fragment written verbatim: what JSON.stringify cannot express (NaN, 1e309, duplicate keys, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes RawJson fragments verbatim. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const nested = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));

/** Strings that have broken parsers, SQL, regexes, normalisation and id handling before. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uFEFF',
  '\u202Eevil',
  '\r\n',
  '\t',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '[]',
  '{}',
  'true',
  "' OR 1=1 --",
  "'; DROP TABLE items; --",
  '" OR ""="',
  '\\',
  '%',
  '_',
  '%_%',
  '.*',
  '(a+)+$',
  '[',
  '(?',
  '$1',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..',
  '/',
  'ext_',
  'ext_\u0000',
  'ＡＢＣ',
  'İı',
  'ß',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  'a,b,,c',
  ',',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'x'.repeat(101),
  'x'.repeat(5000),
];

/** Percent-encodings that decode to nothing valid, sent as is in paths and queries. */
export const MALFORMED_ENCODINGS = ['%', '%Z', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%FF', '%C0%AF', '%00', '%uD800', '%0D%0A', '%252F', '%2F', '%2e%2e', '+', '%E2%80%AE'];

/** Numbers at and beyond every edge, some only expressible as raw JSON. */
const HOSTILE_NUMBERS: unknown[] = [
  -1,
  -0.00001,
  0,
  0.00001,
  1.23456789,
  2 ** 31,
  2 ** 53 + 2,
  1e15,
  1e308,
  -1e308,
  5e-324,
  new RawJson('NaN'),
  new RawJson('Infinity'),
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('-0'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('0x10'),
  new RawJson('00012'),
  new RawJson('1.'),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/**
 * Hostile strings. `maxLength` caps them where size has its own limit: a URL longer than Node's
 * 16 KB header limit is refused before the gateway sees it (one off-spec case covers that).
 */
export function hostileString(realIds: string[], maxLength = 300_000): fc.Arbitrary<string> {
  return fc
    .oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 })), maxLength: 10 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 300_000 }).map((n) => 'y'.repeat(n)) },
    { weight: 2, arbitrary: fc.constantFrom(...realIds).chain((id) => fc.constantFrom(id, id.toUpperCase(), ` ${id}`, `${id}\u0000`, `${id},${id}`, id.slice(0, -1))) },
    )
    .map((s) => s.slice(0, maxLength));
}

/** How long a hostile path or query value gets, before percent-encoding. */
export const URL_VALUE_MAX = 1500;
/** Generated URLs stay under this, well within Node's 16 KB header limit. */
export const URL_MAX = 12_000;

export function hostileValue(realIds: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: hostileString(realIds) as fc.Arbitrary<unknown> },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false) },
    { weight: 1, arbitrary: fc.double() as fc.Arbitrary<unknown> },
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.dictionary(hostileString(realIds), scalar, { maxKeys: 3 }) as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 3000 }).map(nested) as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown> },
  );
}

/** Whole bodies that are not what any operation takes. */
export const HOSTILE_BODIES: Array<{ label: string; body: Buffer }> = [
  ...[
    '',
    '{',
    '{"a":',
    'NaN',
    'null',
    'true',
    '"just a string"',
    '42',
    '[]',
    '[{}]',
    '{"sku":"a","sku":"b"}',
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    '{"quantity":1e309}',
    '{"\\u0000":"\\u0000"}',
    '{"a":"\\ud800"}',
    '\uFEFF{}',
    '{}garbage',
    '{"a":1}\n{"b":2}',
  ].map((text) => ({ label: `body ${JSON.stringify(text.slice(0, 40))}`, body: Buffer.from(text, 'utf8') })),
  { label: 'invalid UTF-8 in a string', body: Buffer.concat([Buffer.from('{"sku":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('"}')]) },
  { label: 'NUL bytes', body: Buffer.from([0x7b, 0x00, 0x00, 0x7d]) },
  { label: 'nested 100000 deep', body: Buffer.from(nested(100_000).text) },
  { label: 'object nested 20000 deep', body: Buffer.from('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)) },
  { label: 'a body just over 1 MB', body: Buffer.from(JSON.stringify({ sku: 'z'.repeat(1_100_000) })) },
  { label: '10000 keys', body: Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])))) },
];

export const CONTENT_TYPES = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | string[]>('application/json') },
  { weight: 2, arbitrary: fc.mixedCase(fc.constant('application/json; charset=utf-8')) as fc.Arbitrary<string | string[]> },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string | string[]>(
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json;charset=bogus',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      'application/json, text/plain',
      '',
      'application/json; boundary="',
      ['application/json', 'text/plain'],
      ['text/plain', 'application/json'],
    ),
  },
);

/** How the body is encoded: none mostly; a bogus or lying Content-Encoding sometimes; real gzip once in a while. */
export const CONTENT_ENCODINGS = fc.oneof(
  { weight: 12, arbitrary: fc.constant<string | undefined>(undefined) },
  { weight: 3, arbitrary: fc.constantFrom<string | undefined>('gzip', 'deflate', 'br', 'bogus', 'identity', 'gzip, gzip', 'GZIP', 'compress', 'gzip-real') },
);

/** Applies an encoding choice to a body: 'gzip-real' compresses it truthfully. */
export function encodeBody(body: Buffer, encoding: string | undefined): { body: Buffer; header?: string } {
  if (encoding === 'gzip-real') return { body: gzipSync(body), header: 'gzip' };
  return { body, header: encoding };
}

/** Header values must be latin-1 without CR/LF for Node to send them; anything else is replaced. */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

/** Percent-encodes every byte of the UTF-8 form except unreserved characters (lone surrogates become U+FFFD). */
export function encodeComponent(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
