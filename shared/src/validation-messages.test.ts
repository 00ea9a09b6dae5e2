import { z } from './zod';
import { describeIssues, formatPath, type InputPart } from './validation-messages';

/** The message a failed parse answers, as the API words it. */
function said(schema: z.ZodType, input: unknown, part?: InputPart): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return describeIssues(result.error, part);
}

const ZOD_WORDING = /Too small|Too big|Invalid input|Invalid option|Invalid discriminator|Unrecognized key|Invalid string|Invalid number|expected .* received|>=|<=/;

describe('validation messages: one sentence per problem, in our words, for every issue code zod 4 raises', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    // invalid_type
    ['a required field is missing', z.strictObject({ name: z.string() }), {}, 'name is required.'],
    ['a value of the wrong type', z.strictObject({ quantity: z.number() }), { quantity: '4' }, 'quantity must be a number, not a string.'],
    ['a list where an object belongs', z.strictObject({ lines: z.array(z.strictObject({ itemId: z.string() })) }), { lines: [[]] }, 'lines[0] must be an object, not a list.'],
    ['a boolean as text', z.strictObject({ active: z.boolean() }), { active: 'yes' }, 'active must be true or false, not a string.'],
    ['null where a string belongs', z.strictObject({ note: z.string() }), { note: null }, 'note must be a string, not null.'],
    ['a fraction where a whole number belongs', z.strictObject({ pageSize: z.number().int() }), { pageSize: 1.5 }, 'pageSize must be a whole number.'],
    ['a body that is not an object', z.strictObject({ a: z.string().optional() }), [], 'The request body must be an object, not a list.'],
    // too_small / too_big
    ['a number not above its exclusive minimum', z.strictObject({ lines: z.array(z.strictObject({ quantity: z.number().gt(0) })) }), { lines: [{ quantity: 0 }] }, 'lines[0].quantity must be greater than 0.'],
    ['a number below its minimum', z.strictObject({ cost: z.number().min(0) }), { cost: -1 }, 'cost must be at least 0.'],
    ['a number above its maximum', z.strictObject({ pageSize: z.number().max(200) }), { pageSize: 201 }, 'pageSize must be at most 200.'],
    ['a number not below its exclusive maximum', z.strictObject({ ratio: z.number().lt(1) }), { ratio: 1 }, 'ratio must be less than 1.'],
    ['an empty string', z.strictObject({ name: z.string().min(1) }), { name: '' }, 'name must not be empty.'],
    ['a string too short', z.strictObject({ code: z.string().min(3) }), { code: 'ab' }, 'code must have at least 3 characters.'],
    ['a string too long', z.strictObject({ note: z.string().max(500) }), { note: 'x'.repeat(501) }, 'note must have at most 500 characters.'],
    ['a string of the wrong exact length', z.strictObject({ pin: z.string().length(4) }), { pin: '123' }, 'pin must have exactly 4 characters.'],
    ['an empty list', z.strictObject({ lines: z.array(z.string()).min(1) }), { lines: [] }, 'lines must have at least one item.'],
    ['a list too long', z.strictObject({ lines: z.array(z.string()).max(2) }), { lines: ['a', 'b', 'c'] }, 'lines must have at most 2 items.'],
    ['a date too early', z.strictObject({ from: z.date().min(new Date('2026-01-01T00:00:00Z')) }), { from: new Date('2025-01-01T00:00:00Z') }, 'from must be on or after 2026-01-01T00:00:00.000Z.'],
    // invalid_format
    ['not a UUID', z.strictObject({ itemId: z.uuid() }), { itemId: 'x' }, 'itemId must be a UUID.'],
    ['not an email address', z.strictObject({ email: z.email() }), { email: 'x' }, 'email must be an email address.'],
    ['not a URL', z.strictObject({ url: z.url() }), { url: 'x' }, 'url must be a URL.'],
    ['not a date and time', z.strictObject({ at: z.iso.datetime() }), { at: 'x' }, 'at must be a date and time in ISO 8601 (e.g. 2026-01-15T09:30:00Z).'],
    ['not a date', z.strictObject({ on: z.iso.date() }), { on: 'x' }, 'on must be a date in ISO 8601 (YYYY-MM-DD).'],
    ['not matching a pattern', z.strictObject({ sku: z.string().regex(/^[A-Z]+$/) }), { sku: 'a' }, 'sku must match the pattern /^[A-Z]+$/.'],
    ['not starting with a prefix', z.strictObject({ key: z.string().startsWith('sk_') }), { key: 'x' }, 'key must start with "sk_".'],
    ['not ending with a suffix', z.strictObject({ queue: z.string().endsWith('.dlq') }), { queue: 'x' }, 'queue must end with ".dlq".'],
    ['not containing a text', z.strictObject({ host: z.string().includes('.') }), { host: 'x' }, 'host must contain ".".'],
    // not_multiple_of
    ['not a multiple', z.strictObject({ step: z.number().multipleOf(5) }), { step: 7 }, 'step must be a multiple of 5.'],
    // unrecognized_keys
    ['an unknown field', z.strictObject({ name: z.string() }), { name: 'a', colour: 'red' }, 'colour is not a known field.'],
    ['two unknown fields, nested', z.strictObject({ lines: z.array(z.strictObject({ itemId: z.string() })) }), { lines: [{ itemId: 'a', size: 1, colour: 2 }] }, 'lines[0].size or lines[0].colour are not known fields.'],
    // invalid_union (a discriminated union's unknown discriminator; a plain union)
    [
      'a discriminator that names no option',
      z.discriminatedUnion('type', [z.strictObject({ type: z.literal('receipt') }), z.strictObject({ type: z.literal('adjustment') }), z.strictObject({ type: z.literal('count') })]),
      { type: 'gift' },
      'type must be one of receipt, adjustment or count.',
    ],
    ['a value matching no branch of a union', z.strictObject({ tagIds: z.union([z.string(), z.array(z.string())]) }), { tagIds: 5 }, 'tagIds must be a string or a list (a JSON array).'],
    ['a value close to one branch of a union', z.strictObject({ range: z.union([z.string(), z.strictObject({ from: z.number() })]) }), { range: { from: 'a' } }, 'range.from must be a number, not a string.'],
    // invalid_key (a record's key), invalid_element (a set's element)
    ['a record key that is not valid', z.strictObject({ limits: z.record(z.string().regex(/^[a-z]+$/), z.number()) }), { limits: { A: 1 } }, 'limits.A has a key that is not valid (must match the pattern /^[a-z]+$/).'],
    ['a map value under a key that is no name', z.strictObject({ counts: z.map(z.object({}), z.number()) }), { counts: new Map([[{}, 'x']]) }, 'counts has an element that is not valid (must be a number, not a string).'],
    // invalid_value (an enum, a literal)
    ['a value outside an enum', z.strictObject({ status: z.enum(['pending', 'completed']) }), { status: 'reverted' }, 'status must be one of pending or completed.'],
    ['a value other than a literal', z.strictObject({ type: z.literal('receipt') }), { type: 'count' }, 'type must be receipt.'],
    // custom: a refinement without a message of its own, and one with
    ['a refinement without a message', z.strictObject({ code: z.string().refine(() => false) }), { code: 'x' }, 'code is not valid.'],
    ['a refinement with its own message', z.strictObject({ quantity: z.number().refine(() => false, 'must have at most 4 decimal places') }), { quantity: 1.00001 }, 'quantity must have at most 4 decimal places.'],
  ])('when %s, then it says so plainly', (_case, schema, input, message) => {
    const text = said(schema, input);
    expect(text).toBe(message);
    expect(text).not.toMatch(ZOD_WORDING);
  });

  it('when a value is not a finite number, then it says so rather than "received NaN"', () => {
    expect(said(z.strictObject({ cost: z.number() }), { cost: Number.NaN })).toBe('cost must be a finite number.');
  });

  it('when several fields are wrong, then each is one sentence, joined, with one full stop', () => {
    const schema = z.strictObject({ name: z.string().min(1), lines: z.array(z.strictObject({ quantity: z.number().positive() })) });
    expect(said(schema, { name: '', lines: [{ quantity: -1 }] })).toBe('name must not be empty; lines[0].quantity must be greater than 0.');
  });

  it('when the input is a query, a path or a header, then the sentence names the parameter with its kind', () => {
    const schema = z.strictObject({ pageSize: z.coerce.number().max(200) });
    expect(said(schema, { pageSize: '500' }, 'query')).toBe('Query parameter pageSize must be at most 200.');
    expect(said(z.strictObject({ itemId: z.uuid() }), { itemId: 'x' }, 'path')).toBe('Path parameter itemId must be a UUID.');
    expect(said(z.strictObject({ 'Idempotency-Key': z.string().max(3) }), { 'Idempotency-Key': 'abcd' }, 'header')).toBe('Header Idempotency-Key must have at most 3 characters.');
    expect(said(z.strictObject({}), { colour: 'red' }, 'query')).toBe('Query parameter colour is not a known field.');
    // Named as sent, like its param: AppError makes both printable the same way.
    expect(said(z.strictObject({}), { 'x\r\ny': '1' }, 'query')).toBe('Query parameter x\r\ny is not a known field.');
  });

  it('when more than ten problems are found, then ten are said and the rest counted', () => {
    const schema = z.array(z.number());
    expect(said(schema, Array.from({ length: 12 }, () => 'x'))).toMatch(/\[9\] must be a number, not a string; and 2 more\.$/);
  });

  it('when a path segment is not a plain name, then it is written JSON-quoted, so control characters stay visible', () => {
    expect(formatPath(['lines', 0, 'note'])).toBe('lines[0].note');
    expect(formatPath([3, 'sku'])).toBe('[3].sku');
    expect(formatPath(['a b', 'c\u0000'])).toBe('["a b"]["c\\u0000"]');
  });
});
