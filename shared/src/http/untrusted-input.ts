import { BadRequest } from '../errors';
import { formatPath } from '../validation-messages';
import { describeJsonSyntaxError } from './json-syntax';

export { formatPath };

/**
 * JSON bodies may nest this deep. The API's deepest body is three levels (a transfer's lines);
 * the limit keeps every recursive consumer downstream (zod, JSON.stringify) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * NUL, which PostgreSQL text cannot hold, and UTF-16 surrogates left without their pair, which
 * are not Unicode text at all. With the `u` flag a correctly paired surrogate is one code point
 * and does not match, so one scan finds both.
 */
const UNSAFE_CHARACTER = /[\u0000\uD800-\uDFFF]/u;

/** What is wrong with `text`, as the end of a sentence, or undefined when it is safe to store. */
export function textProblem(text: string): string | undefined {
  if (!UNSAFE_CHARACTER.test(text)) return undefined;
  return text.includes('\u0000')
    ? 'contains a NUL character (\\u0000), which text may not hold'
    : 'contains an unpaired UTF-16 surrogate (\\ud800 to \\udfff without its other half); send well-formed Unicode';
}

type PathSegment = string | number;

export type UnsafeValue = { kind: 'text'; path: PathSegment[]; problem: string; inName: boolean } | { kind: 'depth' };

interface Frame {
  container: object;
  /** Property names of an object; undefined for an array. */
  names: string[] | undefined;
  /** Index of the next child to visit. */
  next: number;
  /** Where this container sits in its parent; undefined for the root. */
  key: PathSegment | undefined;
}

/**
 * The first string (value or property name) that is unsafe to store, in document order, or the
 * first container nested deeper than `maxDepth`, in a parsed JSON value. A depth-first walk
 * with its own stack (one frame per open container), so no input can exhaust the call stack.
 */
export function findUnsafeValue(root: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeValue | undefined {
  if (typeof root === 'string') {
    const problem = textProblem(root);
    return problem ? { kind: 'text', path: [], problem, inName: false } : undefined;
  }
  if (root === null || typeof root !== 'object') return undefined;
  const open = (container: object, key: PathSegment | undefined): Frame => ({ container, names: Array.isArray(container) ? undefined : Object.keys(container), next: 0, key });
  const stack: Frame[] = [open(root, undefined)];
  const pathTo = (key: PathSegment): PathSegment[] => [...stack.slice(1).map((f) => f.key!), key];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const size = frame.names ? frame.names.length : (frame.container as unknown[]).length;
    if (frame.next === size) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    const key: PathSegment = frame.names ? frame.names[index]! : index;
    const child = (frame.container as Record<PathSegment, unknown>)[key];
    if (typeof key === 'string') {
      const problem = textProblem(key);
      if (problem) return { kind: 'text', path: pathTo(key), problem, inName: true };
    }
    if (typeof child === 'string') {
      const problem = textProblem(child);
      if (problem) return { kind: 'text', path: pathTo(key), problem, inName: false };
    } else if (child !== null && typeof child === 'object') {
      if (stack.length === maxDepth) return { kind: 'depth' };
      stack.push(open(child, key));
    }
  }
  return undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses a request body as JSON and refuses what would fail later, further from its cause:
 * bytes that are not UTF-8, invalid JSON (saying where: line, column and the field it was in), nesting deeper than MAX_JSON_DEPTH, and strings
 * (or property names) holding NUL or unpaired surrogates. Throws BadRequest naming the field.
 */
export function parseJsonBody(raw: Uint8Array): unknown {
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw new BadRequest('Request body is not valid UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const syntax = describeJsonSyntaxError(text);
    throw new BadRequest(`The request body is not valid JSON: ${syntax.message}`, syntax.param);
  }
  const unsafe = findUnsafeValue(value);
  if (unsafe?.kind === 'depth') throw new BadRequest(`Invalid request body: JSON nested more than ${MAX_JSON_DEPTH} levels deep.`);
  if (unsafe) {
    const where = unsafe.path.length === 0 ? 'the body' : `body field ${unsafe.inName ? 'name ' : ''}"${formatPath(unsafe.path)}"`;
    throw new BadRequest(`Invalid request body: ${where} ${unsafe.problem}.`, unsafe.path.length === 0 ? undefined : formatPath(unsafe.path));
  }
  return value;
}

/**
 * Refuses query parameters (names or values) holding NUL or unpaired surrogates, naming the
 * parameter. `query` is what Express's query parser made of the URL.
 */
export function checkQuery(query: Record<string, unknown>): void {
  const unsafe = findUnsafeValue(query);
  if (unsafe?.kind !== 'text') return;
  const name = String(unsafe.path[0]);
  throw new BadRequest(`Invalid query parameter ${unsafe.inName && unsafe.path.length === 1 ? 'name ' : ''}${JSON.stringify(name)}: it ${unsafe.problem}.`, name);
}

/**
 * Decodes each segment of a request path the way routing will, and refuses malformed
 * percent-encoding (`%ZZ`, overlong `%C0%AF`) or a decoded NUL, naming the segment as sent.
 */
export function checkPath(path: string): void {
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new BadRequest(`Invalid request path: segment ${JSON.stringify(segment)} is not valid percent-encoded UTF-8.`);
    }
    const problem = textProblem(decoded);
    if (problem) throw new BadRequest(`Invalid request path: segment ${JSON.stringify(segment)} ${problem}.`);
  }
}
