import type { z } from 'zod';

/**
 * What a validation failure says, in our words: one sentence per problem, the input named by its
 * path as a client writes it (`lines[0].quantity`) followed by what is wrong with it ("must be
 * greater than 0"). The one place zod's issues become text, for every issue code zod 4 produces:
 * zod.ts installs issueMessage as zod's error map, so every schema of the project says its
 * problems this way, and a message a schema gives itself (`.refine(…, 'must …')`) takes its place,
 * worded the same way: as what follows the field's name.
 */

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;
type PathSegment = PropertyKey;

/** Where the input a message is about came from; the subject of its sentence says it. */
export type InputPart = 'body' | 'query' | 'path' | 'header';

const PLAIN_NAME = /^[A-Za-z_$][\w$-]*$/;

/** `lines[0].note`; names that are not plain identifiers appear JSON-quoted, so control characters stay visible. */
export function formatPath(path: readonly PathSegment[]): string {
  return path
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = String(segment);
      if (PLAIN_NAME.test(name)) return i === 0 ? name : `.${name}`;
      return `[${JSON.stringify(name)}]`;
    })
    .join('');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list (a JSON array)',
  tuple: 'a list (a JSON array)',
  record: 'an object',
  map: 'an object',
  set: 'a list (a JSON array)',
  date: 'a date',
  null: 'null',
  undefined: 'absent',
  symbol: 'a symbol',
  function: 'a function',
  file: 'a file',
};

/** What a received value is, as a client would call it: "a string", "an array", "null". */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input);
  if (typeof input === 'boolean') return String(input);
  return TYPE_NAMES[typeof input] ?? typeof input;
}

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'a UUID',
  uuidv4: 'a version 4 UUID',
  uuidv6: 'a version 6 UUID',
  uuidv7: 'a version 7 UUID',
  guid: 'a UUID',
  email: 'an email address',
  url: 'a URL',
  datetime: 'a date and time in ISO 8601 (e.g. 2026-01-15T09:30:00Z)',
  date: 'a date in ISO 8601 (YYYY-MM-DD)',
  time: 'a time in ISO 8601 (HH:MM:SS)',
  duration: 'an ISO 8601 duration',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  cidrv4: 'an IPv4 range (CIDR)',
  cidrv6: 'an IPv6 range (CIDR)',
  base64: 'base64-encoded',
  base64url: 'base64url-encoded',
  json_string: 'a JSON string',
  e164: 'a phone number in E.164 form (+15550100)',
  jwt: 'a JWT',
  emoji: 'an emoji',
  nanoid: 'a nanoid',
  cuid: 'a cuid',
  cuid2: 'a cuid2',
  ulid: 'a ULID',
  xid: 'an XID',
  ksuid: 'a KSUID',
};

const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

function count(n: number | bigint, origin: string): string {
  const [one, many] = UNITS[origin] ?? ['', ''];
  return `${n} ${n === 1 || n === 1n ? one : many}`.trimEnd();
}

function listOf(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v)));
  return shown.length <= 2 ? shown.join(' or ') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

function sizeRule(issue: { origin: string; inclusive?: boolean; exact?: boolean }, bound: number | bigint, side: 'min' | 'max'): string {
  const { origin } = issue;
  const strict = issue.inclusive === false;
  if (origin in UNITS) {
    if (issue.exact) return `must have exactly ${count(bound, origin)}`;
    if (side === 'min' && !strict && Number(bound) === 1) return origin === 'string' ? 'must not be empty' : `must have at least one ${UNITS[origin]![0]}`;
    if (side === 'min') return `must have ${strict ? 'more than' : 'at least'} ${count(bound, origin)}`;
    return `must have ${strict ? 'fewer than' : 'at most'} ${count(bound, origin)}`;
  }
  const shown = origin === 'date' ? new Date(Number(bound)).toISOString() : String(bound);
  if (issue.exact) return `must be exactly ${shown}`;
  if (origin === 'date') return `must be ${side === 'min' ? (strict ? 'after' : 'on or after') : strict ? 'before' : 'on or before'} ${shown}`;
  if (side === 'min') return strict ? `must be greater than ${shown}` : `must be at least ${shown}`;
  return strict ? `must be less than ${shown}` : `must be at most ${shown}`;
}

/**
 * What is wrong with an input, as the end of a sentence whose subject is the input's name:
 * "must be greater than 0", "is required", "must be one of receipt, adjustment or count".
 * zod's error map (see zod.ts): it sees the raw issue, the received value included.
 */
export function issueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.expected === 'nonoptional') return 'is required';
      if (issue.expected === 'never') return 'is not allowed here';
      if ((issue.expected === 'number' || issue.expected === 'int') && typeof issue.input === 'number') {
        return Number.isFinite(issue.input) ? 'must be a whole number' : 'must be a finite number';
      }
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}, not ${receivedType(issue.input)}`;
    }
    case 'too_small':
      return sizeRule(issue, issue.minimum, 'min');
    case 'too_big':
      return sizeRule(issue, issue.maximum, 'max');
    case 'invalid_format': {
      const format = issue as z.core.$ZodStringFormatIssues;
      switch (format.format) {
        case 'starts_with':
          return `must start with ${JSON.stringify(format.prefix)}`;
        case 'ends_with':
          return `must end with ${JSON.stringify(format.suffix)}`;
        case 'includes':
          return `must contain ${JSON.stringify(format.includes)}`;
        case 'regex':
          return `must match the pattern ${format.pattern}`;
        default:
          return `must be ${FORMAT_NAMES[format.format] ?? `in the ${format.format} format`}`;
      }
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? 'is not a known field' : 'are not known fields';
    case 'invalid_union':
    {
      const options = (issue as { options?: readonly unknown[] }).options;
      if (issue.discriminator !== undefined && options?.length) return `must be one of ${listOf(options)}`;
      if (issue.inclusive === false) return 'matches more than one of the accepted forms; make it match one';
      return 'does not match any of the accepted forms';
    }
    case 'invalid_key':
      return `has a key that is not valid (${describeFirst(issue.issues) ?? 'see the documentation'})`;
    case 'invalid_element':
      return `has an element that is not valid (${describeFirst(issue.issues) ?? 'see the documentation'})`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${listOf(issue.values)}` : `must be one of ${listOf(issue.values)}`;
    case 'custom':
      return 'is not valid';
    default:
      return 'is not valid';
  }
}

function describeFirst(issues: readonly Issue[] | undefined): string | undefined {
  const first = issues?.[0];
  return first && first.message;
}

/**
 * How the sentence names the input. A body's fields by their path (`lines[0].quantity`), the
 * body itself as "The request body"; a query, path or header parameter with its kind.
 */
function subject(path: readonly PathSegment[], part: InputPart | undefined, prefix: readonly PathSegment[] = []): string {
  const full = [...prefix, ...path];
  // A parameter is named as sent, as its `param` is: AppError escapes what is not printable in both alike.
  const name = part === undefined || part === 'body' ? formatPath(full) : `${String(full[0])}${full.slice(1).map((s) => (typeof s === 'number' ? `[${s}]` : `.${String(s)}`)).join('')}`;
  switch (part) {
    case 'query':
      return full.length === 0 ? 'The query' : `Query parameter ${name}`;
    case 'path':
      return full.length === 0 ? 'The path' : `Path parameter ${name}`;
    case 'header':
      return full.length === 0 ? 'The headers' : `Header ${name}`;
    default:
      return full.length === 0 ? 'The request body' : name;
  }
}

/** For a union no branch of which matched: the issue of the branch that came closest, if one did. */
function closestBranch(issue: z.core.$ZodIssueInvalidUnion): Issue | undefined {
  const branches = issue.errors.filter((branch) => branch.length > 0);
  // A branch that failed only on the value's type at the union's own place did not come close.
  const near = branches.filter((branch) => !(branch.length === 1 && branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0));
  const best = [...near].sort((a, b) => a.length - b.length)[0];
  return best?.[0];
}

/** One problem as a sentence without its final stop: "lines[0].quantity must be greater than 0". */
export function describeIssue(issue: Issue, part?: InputPart, prefix: readonly PathSegment[] = []): string {
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => subject([...issue.path, key], part, prefix));
    return `${listOf(names)} ${issue.message}`;
  }
  if (issue.code === 'invalid_union' && issue.discriminator === undefined) {
    const closest = closestBranch(issue);
    if (closest) return describeIssue({ ...closest, path: [...issue.path, ...closest.path] } as Issue, part, prefix);
    const expected = issue.errors.flatMap((branch) => branch.filter((i) => i.code === 'invalid_type').map((i) => TYPE_NAMES[(i as z.core.$ZodIssueInvalidType).expected] ?? (i as z.core.$ZodIssueInvalidType).expected));
    if (expected.length === issue.errors.length && expected.length > 0) return `${subject(issue.path, part, prefix)} must be ${listOf([...new Set(expected)])}`;
  }
  return `${subject(issue.path, part, prefix)} ${issue.message}`;
}

/**
 * Every problem of a failed parse (ten at most), as sentences: "lines[0].quantity must be greater
 * than 0; note must have at most 500 characters." `prefix` is prepended to every path (an element
 * of a bulk body validated on its own: `[3]`).
 */
export function describeIssues(error: z.ZodError, part?: InputPart, prefix: readonly PathSegment[] = []): string {
  const sentences = error.issues.slice(0, 10).map((issue) => describeIssue(issue, part, prefix));
  const more = error.issues.length > 10 ? `; and ${error.issues.length - 10} more` : '';
  return `${sentences.join('; ')}${more}.`;
}
