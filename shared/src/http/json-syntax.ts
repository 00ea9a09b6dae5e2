import { formatPath } from '../validation-messages';

/**
 * Where a text that JSON.parse refused stops being JSON, and why, for the 400 that answers it.
 * JSON.parse says neither reliably (Node 20's message has no position for an unexpected token,
 * and its wording changes between V8 versions), so this scanner walks the text by RFC 8259's
 * grammar and stops at the first thing that cannot continue a JSON text. It keeps its own stack
 * (one frame per open object or array), so no nesting can exhaust the call stack, and runs only
 * after JSON.parse has failed.
 */

type PathSegment = string | number;

export interface JsonSyntaxError {
  /** UTF-16 offset of the first character that cannot continue the text (its length when it ends too early). */
  offset: number;
  line: number;
  column: number;
  /** What was expected there, as the end of a sentence. */
  problem: string;
  /** The field the scanner was in (`lines[0].quantity`), when it was inside an object or array. */
  path: PathSegment[];
}

interface Frame {
  kind: 'object' | 'array';
  /** The member being read (objects): undefined until its name has been read. */
  key: string | undefined;
  /** The element being read (arrays). */
  index: number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const VALUE = 'a value (an object, a list, a string in double quotes, a number, true, false or null)';

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** Line and column (both from 1; columns count characters, not UTF-16 units) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Array.from(text.slice(lineStart, offset)).length + 1 };
}

/** The first syntax error of `text`, or undefined when it is one JSON value. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const n = text.length;
  const stack: Frame[] = [];
  let i = 0;
  const path = (): PathSegment[] => stack.flatMap((f): PathSegment[] => (f.kind === 'array' ? [f.index] : f.key === undefined ? [] : [f.key]));
  const fail = (offset: number, problem: string): JsonSyntaxError => ({ offset, ...lineAndColumn(text, offset), problem, path: path() });
  const skipSpace = () => {
    while (isSpace(text[i])) i++;
  };
  /** Reads the string starting at i (a quote); answers an error or leaves i after it, with its value. */
  const readString = (): JsonSyntaxError | string => {
    const start = i;
    let j = i + 1;
    let value = '';
    for (;;) {
      if (j >= n) return fail(n, `the string that starts at line ${lineAndColumn(text, start).line}, column ${lineAndColumn(text, start).column} has no closing double quote`);
      const c = text[j]!;
      if (c === '"') break;
      if (c === '\\') {
        const next = text[j + 1];
        if (next === 'u') {
          if (!HEX4.test(text.slice(j + 2, j + 6))) return fail(j, 'expected four hexadecimal digits after \\u');
          value += String.fromCharCode(parseInt(text.slice(j + 2, j + 6), 16));
          j += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) return fail(j, `\\${next ?? ''} is not an escape JSON knows (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`);
        value += next;
        j += 2;
        continue;
      }
      if (c.charCodeAt(0) < 0x20) return fail(j, 'a string holds a control character: write a line break as \\n and a tab as \\t');
      value += c;
      j++;
    }
    i = j + 1;
    return value;
  };

  for (;;) {
    // A value is expected at i.
    skipSpace();
    if (i >= n) return fail(n, `the text ends where ${VALUE} is expected`);
    const c = text[i]!;
    let complete = true;
    if (c === '{' || c === '[') {
      i++;
      skipSpace();
      if (text[i] === (c === '{' ? '}' : ']')) i++;
      else {
        stack.push({ kind: c === '{' ? 'object' : 'array', key: undefined, index: 0 });
        complete = false;
      }
    } else if (c === '"') {
      const read = readString();
      if (typeof read !== 'string') return read;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return fail(i, 'a number is malformed: write digits with an optional sign, decimal point and exponent (-12.5e3)');
      i = NUMBER.lastIndex;
    } else if (text.startsWith('true', i) || text.startsWith('null', i)) {
      i += 4;
    } else if (text.startsWith('false', i)) {
      i += 5;
    } else {
      const trailing = c === '}' || c === ']' ? ' (a trailing comma is not allowed)' : '';
      return fail(i, `expected ${VALUE}${trailing}`);
    }

    // After an object's opening brace (or its comma), a member's name and colon come before its value.
    let expectName = !complete && stack[stack.length - 1]!.kind === 'object';
    while (complete || expectName) {
      if (expectName) {
        skipSpace();
        if (i >= n) return fail(n, 'the text ends where a property name is expected');
        if (text[i] !== '"') return fail(i, `expected a property name in double quotes${text[i] === '}' ? ' (a trailing comma is not allowed)' : ''}`);
        const name = readString();
        if (typeof name !== 'string') return name;
        stack[stack.length - 1]!.key = name;
        skipSpace();
        if (text[i] !== ':') return fail(i >= n ? n : i, `expected ':' after the property name "${name}"`);
        i++;
        break;
      }
      // A value is complete: what may follow it depends on where it stands.
      skipSpace();
      const top = stack[stack.length - 1];
      if (!top) {
        if (i < n) return fail(i, 'unexpected text after the JSON value; send one value');
        return undefined;
      }
      const close = top.kind === 'object' ? '}' : ']';
      if (text[i] === ',') {
        i++;
        if (top.kind === 'array') {
          top.index++;
          complete = false;
        } else {
          top.key = undefined;
          expectName = true;
          complete = false;
        }
        continue;
      }
      if (text[i] === close) {
        i++;
        stack.pop();
        continue;
      }
      const what = top.kind === 'object' ? 'a property value' : 'a list element';
      return fail(i >= n ? n : i, i >= n ? `the text ends before the closing '${close}'` : `expected ',' or '${close}' after ${what}`);
    }
  }
}

/**
 * The 400's wording for a body JSON.parse refused: where it stopped (line and column) and why, and
 * the field it was in as `param`. Falls back to a plain sentence if the scanner found the text
 * valid (it keeps JSON's grammar, so it should not).
 */
export function describeJsonSyntaxError(text: string): { message: string; param: string | undefined } {
  const error = findJsonSyntaxError(text);
  if (!error) return { message: 'check it with a JSON validator.', param: undefined };
  const field = error.path.length > 0 ? `, in ${formatPath(error.path)}` : '';
  return { message: `${error.problem}, at line ${error.line}, column ${error.column}${field}.`, param: error.path.length > 0 ? formatPath(error.path) : undefined };
}
